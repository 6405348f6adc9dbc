import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RPC, type NatsRpcClient } from '@cmp/common';
import { DEFAULT_LANG, EnrollmentSubject, type FactPage, type FactPageQuery, type SignupFact } from '@cmp/contracts';
import { SignupModel } from './signup-model';

const PAGE = 2000;
const log = new Logger('rebuild');

/**
 * Builds the read model from scratch: empties it, then applies every fact each owning service answers page by page.
 * The stream's consumer keeps applying events meanwhile; a fact's version decides, so whichever comes first, the
 * newer state stays. Replicas and the rebuild command take turns (an advisory lock).
 */
@Injectable()
export class RebuildService {
  constructor(
    private readonly ds: DataSource,
    private readonly model: SignupModel,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  /** Returns how many sign-up facts were read (none when `unlessBuilt` and the model was built already). */
  async rebuild(o: { unlessBuilt?: boolean } = {}): Promise<{ signups: number }> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      // Session-level: held while the pages are read and applied, across many transactions.
      await runner.query(`SELECT pg_advisory_lock(7000, 1)`);
      const [state]: { rebuilt_at: Date | null }[] = await runner.query(`SELECT rebuilt_at FROM model_state WHERE id = 1`);
      if (o.unlessBuilt && state?.rebuilt_at) return { signups: 0 };
      const started = Date.now();
      // The epoch first, then the model emptied: what the consumer applied before is read again below.
      const { epoch } = await this.page(0, 0);
      await runner.query(`BEGIN`);
      await runner.query(`TRUNCATE signups, signup_counts, competitions`);
      await runner.query(`UPDATE model_state SET signup_epoch = $1, rebuilt_at = NULL WHERE id = 1`, [epoch]);
      await runner.query(`COMMIT`);
      let afterId = 0;
      let read = 0;
      for (;;) {
        const { facts } = await this.page(afterId, PAGE);
        if (!facts.length) break;
        await this.model.apply(facts);
        read += facts.length;
        afterId = facts[facts.length - 1].id;
      }
      await runner.query(`UPDATE model_state SET rebuilt_at = now() WHERE id = 1`);
      log.log(`rebuilt from ${read} sign-up facts in ${Date.now() - started} ms`);
      return { signups: read };
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(7000, 1)`).catch(() => undefined);
      await runner.release();
    }
  }

  private page(afterId: number, limit: number): Promise<FactPage<SignupFact>> {
    return this.rpc.request<FactPage<SignupFact>>(EnrollmentSubject.signupFacts, {
      meta: { requestId: randomUUID(), ip: '127.0.0.1', lang: DEFAULT_LANG },
      payload: { afterId, limit } satisfies FactPageQuery,
    });
  }
}

/**
 * The service builds a model never built when it starts, in the background (it serves meanwhile), trying again while
 * the services that own the facts do not answer yet (they start beside it).
 */
@Injectable()
export class FirstBuild implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopped = false;

  constructor(private readonly rebuilder: RebuildService) {}

  onApplicationBootstrap(): void {
    void this.build();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  private async build(): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt++) {
      try {
        await this.rebuilder.rebuild({ unlessBuilt: true });
        return;
      } catch (e) {
        if (attempt === 1) log.warn(`the first build waits for the services that own the facts: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * attempt)));
      }
    }
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RPC, type NatsRpcClient } from '@cmp/common';
import { DEFAULT_LANG, EnrollmentSubject, PaymentSubject, ReviewSubject, type FactPage, type FactPageQuery } from '@cmp/contracts';
import { AssignmentModel } from './assignment-model';
import { FigureChanges } from './figure-changes';
import { RoundWorkModel } from './round-work-model';
import { RoundScoreModel } from './round-score-model';
import type { Fact, FactModel } from './fact-model';
import { OrderModel } from './order-model';
import { SignupModel } from './signup-model';

const PAGE = 2000;
const log = new Logger('rebuild');

/** An owning service's facts: where they are asked for, which model applies them, and which epoch they carry. */
interface FactSource {
  name: string;
  subject: string;
  epochColumn: 'signup_epoch' | 'order_epoch' | 'assignment_epoch' | 'round_work_epoch' | 'round_score_epoch';
  model: FactModel<Fact>;
}

/**
 * Builds the read model from scratch: empties it, then applies every fact each owning service answers page by page.
 * The streams' consumers keep applying events meanwhile; a fact's version decides, so whichever comes first, the
 * newer state stays. Replicas and the rebuild command take turns (an advisory lock).
 */
@Injectable()
export class RebuildService {
  private readonly sources: FactSource[];

  constructor(
    private readonly ds: DataSource,
    signups: SignupModel,
    orders: OrderModel,
    assignments: AssignmentModel,
    roundWorks: RoundWorkModel,
    roundScores: RoundScoreModel,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly changes: FigureChanges,
  ) {
    this.sources = [
      { name: 'sign-up', subject: EnrollmentSubject.signupFacts, epochColumn: 'signup_epoch', model: signups },
      { name: 'order', subject: PaymentSubject.orderFacts, epochColumn: 'order_epoch', model: orders },
      { name: 'assignment', subject: ReviewSubject.assignmentFacts, epochColumn: 'assignment_epoch', model: assignments },
      { name: 'round-work', subject: ReviewSubject.roundWorkFacts, epochColumn: 'round_work_epoch', model: roundWorks },
      { name: 'round-score', subject: ReviewSubject.roundScoreFacts, epochColumn: 'round_score_epoch', model: roundScores },
    ];
  }

  /** Returns how many facts of each source were read (none when `unlessBuilt` and the model was built already). */
  async rebuild(o: { unlessBuilt?: boolean } = {}): Promise<Record<string, number>> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      // Session-level: held while the pages are read and applied, across many transactions.
      await runner.query(`SELECT pg_advisory_lock(7000, 1)`);
      const [state]: { rebuilt_at: Date | null }[] = await runner.query(`SELECT rebuilt_at FROM model_state WHERE id = 1`);
      if (o.unlessBuilt && state?.rebuilt_at) return {};
      const started = Date.now();
      // The epochs first, then the model emptied: what the consumers applied before is read again below.
      const epochs = await Promise.all(this.sources.map(async (source) => (await this.page(source, 0, 0)).epoch));
      await runner.query(`BEGIN`);
      await runner.query(`TRUNCATE signups, signup_counts, competitions, orders, fee_counts, assignments, round_works, round_scores`);
      // Every competition's figures change: none kept before is answered again (versions are never reused).
      await runner.query(`UPDATE figure_versions SET version = nextval('figure_version')`);
      await runner.query(`UPDATE model_state SET ${this.sources.map((x, i) => `${x.epochColumn} = $${i + 1}`).join(', ')}, rebuilt_at = NULL WHERE id = 1`, epochs);
      await runner.query(`COMMIT`);
      this.changes.published({ competitionIds: null, appliedAt: null });
      const read: Record<string, number> = {};
      for (const source of this.sources) {
        read[source.name] = 0;
        for (let afterId = 0; ; ) {
          const { facts } = await this.page(source, afterId, PAGE);
          if (!facts.length) break;
          await source.model.apply(facts);
          read[source.name] += facts.length;
          afterId = facts[facts.length - 1].id;
        }
      }
      await runner.query(`UPDATE model_state SET rebuilt_at = now() WHERE id = 1`);
      log.log(`rebuilt from ${Object.entries(read).map(([name, n]) => `${n} ${name} facts`).join(' and ')} in ${Date.now() - started} ms`);
      return read;
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(7000, 1)`).catch(() => undefined);
      await runner.release();
    }
  }

  private page(source: FactSource, afterId: number, limit: number): Promise<FactPage<Fact>> {
    return this.rpc.request<FactPage<Fact>>(source.subject, {
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

import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { NatsRpcClient } from '@cmp/common';
import { PUBLIC_CACHE_INVALIDATED } from '@cmp/contracts';
import { metrics } from '../health/metrics';
import type { Ctx } from './request-context';
import { NATS_RPC, RpcService } from './rpc.service';

/** How long an answer lives if no invalidation reaches this gateway (a missed broadcast heals by then). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Answers of public reads (what every visitor of a public site asks for), kept in this gateway's memory.
 * Organisers' changes broadcast PUBLIC_CACHE_INVALIDATED on NATS and every gateway drops everything:
 * changes are rare next to reads, so dropping all is simpler than tracking keys and just as fast.
 * Concurrent misses of one key share one request; failures are not kept.
 */
@Injectable()
export class PublicCache implements OnModuleInit {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly rpc: RpcService,
    @Inject(NATS_RPC) private readonly nats: NatsRpcClient,
  ) {}

  onModuleInit(): void {
    this.nats.connection.subscribe(PUBLIC_CACHE_INVALIDATED, { callback: () => this.entries.clear() });
  }

  /** A public read, answered from memory when it can be. Identity is left out: the answer is the same for all. */
  call<T>(ctx: Ctx, subject: string, payload: object): Promise<T> {
    const key = `${subject} ${JSON.stringify(payload)}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      metrics.publicCache.inc({ result: 'hit' });
      return hit.value as Promise<T>;
    }
    metrics.publicCache.inc({ result: 'miss' });
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const value = this.rpc.call<T>({ meta: ctx.meta }, subject, payload);
    this.entries.set(key, { expires: now + TTL_MS, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
}

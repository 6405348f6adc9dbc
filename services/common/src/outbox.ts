import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit, type Provider } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { FACT_SUBJECTS, type EventStreamDefinition } from '@cmp/contracts';
import { ensureStream, publishEvent } from './events';
import { watchOutbox } from './metrics';
import { RPC, type NatsRpcClient } from './nats-rpc';
import { carriedRequestId, REQUEST_ID_FIELD, requestScope, withRequestId } from './request-context';

/**
 * The transactional outbox: a service records an event in the same transaction as the change it describes, and
 * the relay publishes it to JetStream after the commit. Each service keeps its own `outbox` table (id, subject, payload,
 * created_at, published_at), created by one of its own migrations.
 */
export async function writeEvent(m: EntityManager, subject: string, payload: object): Promise<void> {
  // The request id rides in the row's payload (no column to migrate in five services); the relay moves it to a header.
  await m.query(`INSERT INTO outbox (subject, payload) VALUES ($1, $2)`, [subject, JSON.stringify(withRequestId(payload))]);
}

/** A row's payload as published, and the request id it carried. */
function unwrap(payload: unknown): { payload: unknown; requestId?: string } {
  const requestId = carriedRequestId(payload);
  if (!requestId) return { payload };
  const { [REQUEST_ID_FIELD]: _, ...rest } = payload as Record<string, unknown>;
  return { payload: rest, requestId };
}

export interface OutboxOptions {
  /** Names the message ids (`<service>-outbox-<id>-<created µs>`), so two services' rows never collide. */
  service: string;
  /** The streams its events go to (created when missing). */
  streams: EventStreamDefinition[];
}

const OUTBOX_OPTIONS = Symbol('OUTBOX_OPTIONS');
/** Rows a relay takes per transaction: a run of facts among them is published at once. */
const BATCH = 500;
const POLL_MS = 1000;
const log = new Logger('outbox');

/**
 * A run of facts as published: each entity's newest fact (a fact is its entity's whole state, so an older one in the
 * same run tells a consumer nothing; a sign-up and its captain's profile, written by one statement, make two), with
 * the rows it stands for, marked published with it.
 */
export function newestFacts<R extends { id: string; subject: string; payload: unknown }>(run: R[]): { row: R; ids: string[] }[] {
  const byEntity = new Map<string, { row: R; ids: string[]; version: number }>();
  for (const row of run) {
    const { id, version } = (row.payload ?? {}) as { id?: unknown; version?: unknown };
    // Not a well-formed fact: it goes out as it is, and its consumer decides.
    const key = Number.isInteger(id) && Number.isInteger(version) ? `${row.subject}\u0000${id}` : `row\u0000${row.id}`;
    const kept = byEntity.get(key);
    if (!kept) byEntity.set(key, { row, ids: [row.id], version: Number(version) });
    else {
      kept.ids.push(row.id);
      if (Number(version) >= kept.version) Object.assign(kept, { row, version: Number(version) });
    }
  }
  return [...byEntity.values()];
}

/**
 * Publishes outbox rows to JetStream in id order and marks them published. Replicas share the work through
 * SKIP LOCKED; the message id makes a row published twice (a crash between publish and mark) count once within the
 * stream's duplicate window, and consumers are idempotent beyond it.
 */
@Injectable()
export class OutboxRelay implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly nats: NatsRpcClient,
    @Inject(OUTBOX_OPTIONS) private readonly options: OutboxOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const s of this.options.streams) await ensureStream(this.nats.connection, s);
    watchOutbox(this.ds, this.options.service);
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  /** Publishes what is pending now; called after each write and on a timer for what a crash left behind. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    // Outside the request that kicked it: a batch holds many requests' rows, each published with its own id.
    void requestScope
      .exit(() => this.drain())
      .catch((e: Error) => log.warn(`relay failed, will retry: ${e.message}`))
      .finally(() => {
        this.running = false;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const sent = await this.ds.transaction(async (m) => {
        // The creation time in the message id keeps a row's id apart from the same id after a database reset.
        const rows: { id: string; subject: string; payload: unknown; at: string }[] = await m.query(
          `SELECT id, subject, payload, (extract(epoch FROM created_at) * 1000000)::bigint::text AS at
           FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        );
        // In id order; the first failure stops the batch, so later events never overtake an earlier one. A run of facts
        // goes out at once (one round trip, not one each): their order does not matter, and one that failed is sent
        // again later, but no other event after the run is sent before the run is through.
        const published: string[] = [];
        const publish = (r: (typeof rows)[number]) => {
          const { payload, requestId } = unwrap(r.payload);
          return publishEvent(this.nats.connection, r.subject, payload, { msgId: `${this.options.service}-outbox-${r.id}-${r.at}`, logger: log, requestId });
        };
        for (let i = 0; i < rows.length; ) {
          let end = i;
          while (end < rows.length && FACT_SUBJECTS.includes(rows[end].subject)) end++;
          const run = end > i ? newestFacts(rows.slice(i, end)) : [{ row: rows[i], ids: [rows[i].id] }];
          const acked = await Promise.all(run.map((f) => publish(f.row)));
          run.forEach((f, k) => acked[k] && published.push(...f.ids));
          if (acked.includes(false)) break;
          i += end > i ? end - i : 1;
        }
        if (published.length) await m.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [published]);
        // A stalled batch (JetStream did not acknowledge) waits for the timer's next try.
        return published.length < rows.length ? 0 : published.length;
      });
      if (sent < BATCH || this.stopped) return;
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }
}

/** The relay and its options, for a service module's providers. */
export const outboxProviders = (options: OutboxOptions): Provider[] => [{ provide: OUTBOX_OPTIONS, useValue: options }, OutboxRelay];

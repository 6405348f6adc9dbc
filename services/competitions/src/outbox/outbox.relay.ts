import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ensureStream, NatsRpcClient, publishEvent, RPC } from '@cmp/common';
import { EventStream } from '@cmp/contracts';

const BATCH = 100;
const POLL_MS = 1000;
const log = new Logger('outbox');

/**
 * Publishes outbox rows to JetStream in id order and marks them published. Replicas share the work
 * through SKIP LOCKED; the message id makes a row published twice (a crash between publish and mark)
 * count once within the stream's duplicate window, and consumers are idempotent beyond it.
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
  ) {}

  async onModuleInit(): Promise<void> {
    await ensureStream(this.nats.connection, EventStream.competitions);
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
    void this.drain()
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
        const rows: { id: string; subject: string; payload: unknown }[] = await m.query(
          `SELECT id, subject, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        );
        // In id order; the first failure stops the batch, so later events never overtake an earlier one.
        const published: string[] = [];
        for (const r of rows) {
          if (!(await publishEvent(this.nats.connection, r.subject, r.payload, { msgId: `competitions-outbox-${r.id}`, logger: log }))) break;
          published.push(r.id);
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

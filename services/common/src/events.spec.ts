import { Logger } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { publishEvent, runDurableConsumer, type RunningConsumer } from './events';
import { startPrivateNats, type PrivateNats } from './testing/private-nats';

// Real JetStream: a NATS server of this test's own.
const run = `t${Date.now().toString(36)}`;
const stream = { name: `SPEC_${run.toUpperCase()}`, subjects: [`spec.${run}.happened`] };

describe('runDurableConsumer with a batch handler', () => {
  let server: PrivateNats;
  let nc: NatsConnection;
  let consumer: RunningConsumer | undefined;

  beforeAll(async () => {
    server = await startPrivateNats();
    nc = await connect({ servers: server.url });
  });
  afterAll(async () => {
    await consumer?.stop();
    await nc.close();
    await server.stop();
  });

  it('stores every good event of a batch that holds one the database refuses, and drops only that one', async () => {
    const stored: number[] = [];
    let refusals = 0;
    consumer = await runDurableConsumer<{ n: number }>(nc, {
      stream,
      durable: 'spec',
      subject: stream.subjects[0],
      retryDelayMs: 100,
      // A dropped event that was not really dropped would come back after this.
      ackWaitMs: 1000,
      logger: new Logger('spec', { timestamp: false }),
      // Like an INSERT of many rows: one row PostgreSQL refuses (SQLSTATE 22P05, NUL in text) fails the statement.
      handleBatch: async (events) => {
        if (events.some((e) => e.n === 3)) {
          refusals++;
          throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
        }
        stored.push(...events.map((e) => e.n));
      },
    });
    for (let n = 1; n <= 6; n++) await publishEvent(nc, stream.subjects[0], { n }, { msgId: `${run}-${n}` });
    const deadline = Date.now() + 20_000;
    while (stored.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 3000));
    expect(stored.sort()).toEqual([1, 2, 4, 5, 6]);
    // Refused as part of the batch and once on its own, then dropped rather than retried for ever.
    expect(refusals).toBeLessThanOrEqual(2);
    const info = await (await nc.jetstreamManager()).consumers.info(stream.name, 'spec');
    expect(info.num_ack_pending + info.num_pending).toBe(0);
  });

  /** Runs a consumer of 40 slow batches' events and says how many batches ran at once at most, and in what order the events came. */
  async function concurrency(durable: string, batchesInFlight?: number): Promise<{ most: number; order: number[] }> {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const subject = stream.subjects[0];
    const c = await runDurableConsumer<{ n: number; durable: string }>(nc, {
      stream,
      durable,
      subject,
      batchMax: 10,
      batchesInFlight,
      logger: new Logger('spec', { timestamp: false }),
      handleBatch: async (events) => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 150));
        order.push(...events.filter((e) => e.durable === durable).map((e) => e.n));
        running--;
      },
    });
    for (let n = 1; n <= 40; n++) await publishEvent(nc, subject, { n, durable }, { msgId: `${run}-${durable}-${n}` });
    const deadline = Date.now() + 20_000;
    while (order.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await c.stop();
    return { most, order };
  }

  it('handles one batch at a time, in order, unless told that more may run at once', async () => {
    const one = await concurrency('one-at-a-time');
    expect(one.most).toBe(1);
    expect(one.order).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const two = await concurrency('two-at-once', 2);
    expect(two.most).toBe(2);
    expect([...two.order].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});

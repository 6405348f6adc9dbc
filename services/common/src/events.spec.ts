import { Logger } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { publishEvent, runDurableConsumer, type RunningConsumer } from './events';

// Real JetStream (the development NATS): a stream and consumer of this test's own, removed afterwards.
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const run = `t${Date.now().toString(36)}`;
const stream = { name: `SPEC_${run.toUpperCase()}`, subjects: [`spec.${run}.happened`] };

describe('runDurableConsumer with a batch handler', () => {
  let nc: NatsConnection;
  let consumer: RunningConsumer | undefined;

  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
  });
  afterAll(async () => {
    await consumer?.stop();
    await (await nc.jetstreamManager()).streams.delete(stream.name).catch(() => undefined);
    await nc.close();
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
});

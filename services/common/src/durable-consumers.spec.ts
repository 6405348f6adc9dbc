import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConsumeEvent, durableConsumers } from './durable-consumers';
import { publishEvent } from './events';
import { NatsRpcClient, RPC } from './nats-rpc';
import { startPrivateNats, type PrivateNats } from './testing/private-nats';

// Real JetStream: a NATS server of this test's own, started before the module connects.
let server: PrivateNats;
const run = `c${Date.now().toString(36)}`;
const stream = { name: `SPEC_${run.toUpperCase()}`, subjects: [`spec.${run}.one`, `spec.${run}.many`] };

const heard: number[] = [];
const batches: number[][] = [];

@Injectable()
class Listener {
  @ConsumeEvent({ stream, durable: `${run}-one`, subject: stream.subjects[0] })
  async one(e: { n: number }): Promise<void> {
    heard.push(e.n);
  }

  @ConsumeEvent({ stream, durable: `${run}-many`, subject: stream.subjects[1], batch: true })
  async many(events: { n: number }[]): Promise<void> {
    batches.push(events.map((e) => e.n));
  }
}

@Module({
  providers: [{ provide: RPC, useFactory: () => NatsRpcClient.connect(server.url, 'spec', 2000) }, Listener, ...durableConsumers],
})
class SpecModule {}

const until = async (what: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!what() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
};

describe('@ConsumeEvent', () => {
  let app: INestApplicationContext;
  let rpc: NatsRpcClient;

  beforeAll(async () => {
    server = await startPrivateNats();
    app = await NestFactory.createApplicationContext(SpecModule, { logger: false });
    rpc = app.get<NatsRpcClient>(RPC);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('hands each event to its method, one at a time or in batches, and stops at shutdown', async () => {
    for (let n = 1; n <= 3; n++) await publishEvent(rpc.connection, stream.subjects[0], { n }, { msgId: `${run}-one-${n}` });
    for (let n = 1; n <= 3; n++) await publishEvent(rpc.connection, stream.subjects[1], { n }, { msgId: `${run}-many-${n}` });
    await until(() => heard.length === 3 && batches.flat().length === 3);
    expect(heard).toEqual([1, 2, 3]);
    expect(batches.flat()).toEqual([1, 2, 3]);

    await app.close();
    await rpc.close();
    const other = await NatsRpcClient.connect(server.url, 'spec-after', 2000);
    await publishEvent(other.connection, stream.subjects[0], { n: 4 }, { msgId: `${run}-one-4` });
    await new Promise((r) => setTimeout(r, 500));
    // Nobody took it: it waits in the stream for the consumer's next start.
    expect(heard).toEqual([1, 2, 3]);
    const info = await (await other.connection.jetstreamManager()).consumers.info(stream.name, `${run}-one`);
    expect(info.num_pending).toBe(1);
    await other.close();
  });
});

import * as net from 'node:net';
import { createRedis, lostRedis } from './redis';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('lostRedis', () => {
  it.each([false, true])("knows ioredis' errors for a Redis that does not answer, and nothing else (auto-pipelining %s)", async (autoPipelining) => {
    const redis = createRedis({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisPrefix: 'spec' }, 'spec', { autoPipelining });
    redis.on('error', () => undefined);
    const failed = await redis.get('k').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failed).toBeDefined();
    expect(lostRedis(failed)).toBe(true);
    redis.disconnect();
    expect(lostRedis(new Error('Connection is closed.'))).toBe(true);

    expect(lostRedis(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
    expect(lostRedis(null)).toBe(false);
  });
});

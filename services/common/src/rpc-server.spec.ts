import { createServer } from 'node:net';
import { Client } from 'pg';
import { lostDatabase } from './rpc-server';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port nothing listens on: taken, then released. */
const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

describe('lostDatabase', () => {
  it('is true for a database that refuses the connection', async () => {
    const c = new Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/x` });
    const error = await c.connect().then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(lostDatabase(error)).toBe(true);
  });

  it('is false for a statement PostgreSQL refused', async () => {
    const c = new Client({ connectionString: DATABASE_URL });
    await c.connect();
    try {
      const error = await c.query('SELEC 1').then(() => null, (e: unknown) => e);
      expect(lostDatabase(error)).toBe(false);
    } finally {
      await c.end();
    }
  });
});

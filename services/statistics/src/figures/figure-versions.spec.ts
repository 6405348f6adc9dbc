import type { DataSource } from 'typeorm';
import type { NatsRpcClient } from '@cmp/common';
import { FigureVersions, VERSIONS_CHECKED_MS } from './figure-versions';
import type { FiguresChanged } from '../model/figure-changes';

/** A database of competitions (id → organisation, version) and its applied_at; counts the version queries. */
function fakeDatabase() {
  const db = {
    rows: new Map<number, { groupId: number; version: string | null }>([
      [1, { groupId: 7, version: '10' }],
      [2, { groupId: 8, version: '11' }],
    ]),
    appliedAt: new Date('2026-11-28T00:00:00Z'),
    asked: 0,
    /** Runs before a version query answers (a broadcast arriving meanwhile). */
    during: undefined as (() => void) | undefined,
  };
  const ds = {
    query: async (sql: string, params?: unknown[]) => {
      if (sql.includes('model_state')) return [{ appliedAt: db.appliedAt }];
      db.asked++;
      const ids = params![0] as number[];
      const answer = ids.filter((id) => db.rows.has(id)).map((id) => ({ id, ...db.rows.get(id)! }));
      db.during?.();
      return answer;
    },
  } as unknown as DataSource;
  return { db, ds };
}

describe('FigureVersions', () => {
  let db: ReturnType<typeof fakeDatabase>['db'];
  let versions: FigureVersions;
  let broadcast: (p: FiguresChanged | undefined) => void;

  beforeEach(async () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T01:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const fake = fakeDatabase();
    db = fake.db;
    const rpc = {
      connection: {
        subscribe: (_s: string, o: { callback: (err: unknown, msg: { data: Uint8Array }) => void }) => {
          broadcast = (p) => o.callback(null, { data: new TextEncoder().encode(JSON.stringify(p)) });
          return { unsubscribe: () => undefined };
        },
      },
    } as unknown as NatsRpcClient;
    versions = new FigureVersions(fake.ds, rpc);
    versions.onApplicationBootstrap();
    await versions.check();
  });
  afterEach(async () => {
    await versions.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('reads a competition once, then answers it kept until a broadcast names it', async () => {
    const first = await versions.of([1, 2, 3]);
    expect([...first.known]).toEqual([
      [1, { groupId: 7, version: '10' }],
      [2, { groupId: 8, version: '11' }],
    ]);
    expect(first.updatedAt).toBe('2026-11-28T00:00:00.000Z');
    const asked = db.asked;
    expect((await versions.of([1, 2])).known.get(1)).toEqual({ groupId: 7, version: '10' });
    expect(db.asked).toBe(asked);
    db.rows.set(1, { groupId: 9, version: '12' });
    broadcast({ competitionIds: [1], appliedAt: '2026-11-28T00:30:00.000Z' });
    const after = await versions.of([1, 2]);
    expect(after.known.get(1)).toEqual({ groupId: 9, version: '12' });
    expect(after.updatedAt).toBe('2026-11-28T00:30:00.000Z');
    expect(db.asked).toBe(asked + 1);
    // A rebuild names none: all go.
    broadcast({ competitionIds: null, appliedAt: null });
    await versions.of([2]);
    expect(db.asked).toBe(asked + 2);
  });

  it('keeps nothing read while a broadcast came', async () => {
    db.during = () => broadcast({ competitionIds: [2], appliedAt: null });
    await versions.of([1]);
    db.during = undefined;
    const asked = db.asked;
    await versions.of([1]);
    expect(db.asked).toBe(asked + 1);
  });

  it('finds a change whose broadcast was missed within a check', async () => {
    await versions.of([1]);
    db.rows.set(1, { groupId: 7, version: '13' });
    expect((await versions.of([1])).known.get(1)?.version).toBe('10');
    await jest.advanceTimersByTimeAsync(VERSIONS_CHECKED_MS);
    expect((await versions.of([1])).known.get(1)?.version).toBe('13');
  });

  it('trusts nothing kept once checks stop succeeding', async () => {
    await versions.of([1]);
    const asked = db.asked;
    jest.setSystemTime(Date.now() + 2 * VERSIONS_CHECKED_MS);
    await versions.of([1]);
    expect(db.asked).toBe(asked + 1);
  });

  it('keeps nothing without a NATS client (the worker)', async () => {
    const fake = fakeDatabase();
    const unkept = new FigureVersions(fake.ds, null);
    await unkept.of([1]);
    await unkept.of([1]);
    expect(fake.db.asked).toBe(2);
  });
});

import type { Identity, RpcRequest } from '@cmp/contracts';
import { AppError } from './app-error';
import { inScope, KeptScopes, SCOPE_KEPT_MS, Scopes, type ScopeSource } from './caller';
import type { NatsRpcClient } from './nats-rpc';

const request = (groupId = 7): RpcRequest<{ id: number }> => ({
  identity: { userId: 1, username: 'a', groupId, roleKeys: ['admin'], permissions: [], sessionId: 's' } as Identity,
  meta: { requestId: 'r', ip: '127.0.0.1', lang: 'zh-CN' },
  payload: { id: 1 },
});

describe('Scopes', () => {
  let asked: number;
  let scopes: Scopes;
  beforeEach(() => {
    asked = 0;
    const source: ScopeSource = async (caller) => (asked++, [caller.groupId, 8]);
    scopes = new Scopes(source);
  });

  it('asks once per request, however many checks the request makes (copies of it included)', async () => {
    const req = request();
    await Promise.all([scopes.of(req), scopes.of(req)]);
    expect(await scopes.of({ ...req, payload: { id: 2 } })).toEqual([7, 8]);
    await scopes.assertGroup(req, 8);
    expect(asked).toBe(1);
    await scopes.of(request());
    expect(asked).toBe(2);
  });

  it('does not remember a failed answer', async () => {
    let fail = true;
    scopes = new Scopes(async () => {
      asked++;
      if (fail) throw new Error('auth is down');
      return null;
    });
    const req = request();
    await expect(scopes.of(req)).rejects.toThrow('auth is down');
    fail = false;
    expect(await scopes.of(req)).toBeNull();
    expect(asked).toBe(2);
  });

  it('refuses a caller without identity, and an organisation outside the scope', async () => {
    await expect(scopes.of({ ...request(), identity: undefined })).rejects.toMatchObject({ key: 'auth.expired' });
    await expect(scopes.assertGroup(request(), 99)).rejects.toBeInstanceOf(AppError);
    expect(inScope(null, null)).toBe(true);
    expect(inScope([7], null)).toBe(false);
  });
});

describe('KeptScopes', () => {
  let asked: { groupId: number; answer: (scope: number[] | null) => void; fail: (e: Error) => void }[];
  let broadcast: () => void;
  let kept: KeptScopes;
  beforeEach(() => {
    asked = [];
    const rpc = {
      connection: {
        subscribe: (_subject: string, o: { callback: (err: unknown, msg: { data: Uint8Array }) => void }) => {
          broadcast = () => o.callback(null, { data: new Uint8Array() });
          return { unsubscribe: () => undefined };
        },
        status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) }),
      },
      request: (_subject: string, body: { identity: Identity }) =>
        new Promise((answer, fail) => asked.push({ groupId: body.identity.groupId, answer, fail })),
    } as unknown as NatsRpcClient;
    kept = new KeptScopes(rpc);
    kept.onApplicationBootstrap();
  });
  afterEach(() => jest.useRealTimers());

  const scopeOf = (groupId: number, roleKeys = ['admin']) => {
    const req = request(groupId);
    return kept.of({ ...req.identity!, roleKeys, userId: Math.random() }, req);
  };

  it('asks once per organisation, whoever of it asks, until the tree changes', async () => {
    const a = scopeOf(7);
    const b = scopeOf(7);
    expect(asked).toHaveLength(1);
    asked[0].answer([7, 8]);
    expect(await a).toEqual([7, 8]);
    expect(await b).toEqual([7, 8]);
    expect(await scopeOf(7)).toEqual([7, 8]);
    void scopeOf(9);
    expect(asked.map((q) => q.groupId)).toEqual([7, 9]);
    broadcast();
    void scopeOf(7);
    expect(asked.map((q) => q.groupId)).toEqual([7, 9, 7]);
  });

  it('does not keep an answer asked before the tree changed, nor a failed one', async () => {
    const before = scopeOf(7);
    broadcast();
    const after = scopeOf(7);
    expect(asked).toHaveLength(2);
    asked[0].answer([7]);
    asked[1].answer([7, 10]);
    expect(await before).toEqual([7]);
    expect(await after).toEqual([7, 10]);
    expect(await scopeOf(7)).toEqual([7, 10]);
    expect(asked).toHaveLength(2);
    const failed = scopeOf(11);
    asked[2].fail(new Error('auth is down'));
    await expect(failed).rejects.toThrow('auth is down');
    void scopeOf(11);
    expect(asked).toHaveLength(4);
  });

  it('keeps ROOT apart from organisations, and asks again after SCOPE_KEPT_MS', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    void scopeOf(7, ['ROOT']);
    void scopeOf(7);
    expect(asked).toHaveLength(2);
    jest.setSystemTime(1_000_000 + SCOPE_KEPT_MS - 1);
    void scopeOf(7);
    expect(asked).toHaveLength(2);
    jest.setSystemTime(1_000_000 + SCOPE_KEPT_MS);
    void scopeOf(7);
    expect(asked).toHaveLength(3);
  });
});

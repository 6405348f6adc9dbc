import type { Identity, RpcRequest } from '@cmp/contracts';
import { AppError } from './app-error';
import { inScope, Scopes, type ScopeSource } from './caller';

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

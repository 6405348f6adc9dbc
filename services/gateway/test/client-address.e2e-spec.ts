import type { OperationLogView, Page } from '@cmp/contracts';
import { api, apiFrom, freshIp, freshLoopback, login } from './support/api';
import { waitFor } from './support/platform';

/**
 * The test gateway trusts X-Forwarded-For from 127.0.0.1 only (TRUST_PROXY=127.0.0.1). A caller connecting from
 * another address cannot choose the address it is counted and logged as by sending the header.
 */
describe('client address behind the trusted proxy only', () => {
  let root: string;
  beforeAll(async () => {
    root = await login('root');
  });

  /** The operation log entry of a request, as ROOT sees it (attempts on unknown accounts have no organisation). */
  async function loggedIp(requestId: string): Promise<string> {
    let found: OperationLogView | undefined;
    await waitFor(`operation log entry ${requestId}`, async () => {
      const r = await api<Page<OperationLogView>>(`/system/log/page?${new URLSearchParams({ pageSize: '100', keyword: '/auth/login/pwd' })}`, { token: root });
      found = r.data?.list.find((e) => e.requestId === requestId);
      return !!found;
    });
    return found!.ip;
  }

  const attempt = (ghost: string) => ({ body: { username: ghost, password: 'whatever1' }, lang: 'en' as const });

  it('logs a caller that is not the proxy under its own address, not the forwarded one', async () => {
    const from = freshLoopback();
    const r = await apiFrom(from, '/auth/login/pwd', { ...attempt('ghost-fwd'), headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(r.code).toBe(10401);
    expect(await loggedIp(r.headers.get('x-request-id')!)).toBe(from);
  });

  it('believes the forwarded address from the named proxy (127.0.0.1)', async () => {
    const client = freshIp();
    const r = await api('/auth/login/pwd', { ...attempt('ghost-proxied'), ip: client });
    expect(r.code).toBe(10401);
    expect(await loggedIp(r.headers.get('x-request-id')!)).toBe(client);
  });

  it('counts a caller that is not the proxy against its own per-address limit, whatever it forwards', async () => {
    const from = freshLoopback();
    const codes: number[] = [];
    // Recovery code requests count against the same limit as logins, without a password hash's cost.
    for (let i = 0; i < 21; i++) {
      const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const r = await apiFrom(from, '/auth/retrieve/code/send', { body: { phone }, lang: 'en', headers: { 'x-forwarded-for': freshIp() } });
      codes.push(r.code);
    }
    // 20 a minute in tests: each forwarded address would have been allowed on its own.
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(10429);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { OperationLogView, Page } from '@cmp/contracts';
import { api, apiFrom, freshIp, freshLoopback, login } from './support/api';
import { LOG_DIR, REPO, serviceEnv, waitFor } from './support/platform';

/**
 * The test gateway trusts X-Forwarded-For from 127.0.0.1 only (TRUST_PROXY=127.0.0.1). A caller connecting from
 * another address cannot choose the address it is counted and logged as by sending the header.
 */
/** The operation log entry's address of a login attempt, as ROOT sees it (attempts on unknown accounts have no organisation). */
async function loggedIp(root: string, requestId: string): Promise<string> {
  let found: OperationLogView | undefined;
  await waitFor(`operation log entry ${requestId}`, async () => {
    const r = await api<Page<OperationLogView>>(`/system/log/page?${new URLSearchParams({ pageSize: '100', keyword: '/auth/login/pwd' })}`, { token: root });
    found = r.data?.list.find((e) => e.requestId === requestId);
    return !!found;
  });
  return found!.ip;
}

const attempt = (ghost: string) => ({ body: { username: ghost, password: 'whatever1' }, lang: 'en' as const });

/** Password recovery code requests from one caller until refused: they count against the login limit per address. */
async function recoveryCodes(n: number, send: (phone: string) => Promise<{ code: number }>): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await send(`139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`)).code);
  return codes;
}

describe('client address behind the trusted proxy only', () => {
  let root: string;
  beforeAll(async () => {
    root = await login('root');
  });

  it('logs a caller that is not the proxy under its own address, not the forwarded one', async () => {
    const from = freshLoopback();
    const r = await apiFrom(from, '/auth/login/pwd', { ...attempt('ghost-fwd'), headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(r.code).toBe(10401);
    expect(await loggedIp(root, r.headers.get('x-request-id')!)).toBe(from);
  });

  it('believes the forwarded address from the named proxy (127.0.0.1)', async () => {
    const client = freshIp();
    const r = await api('/auth/login/pwd', { ...attempt('ghost-proxied'), ip: client });
    expect(r.code).toBe(10401);
    expect(await loggedIp(root, r.headers.get('x-request-id')!)).toBe(client);
  });

  it('counts a caller that is not the proxy against its own per-address limit, whatever it forwards', async () => {
    const from = freshLoopback();
    // Recovery code requests count against the same limit as logins, without a password hash's cost.
    const codes = await recoveryCodes(21, (phone) => apiFrom(from, '/auth/retrieve/code/send', { body: { phone }, lang: 'en', headers: { 'x-forwarded-for': freshIp() } }));
    // 20 a minute in tests: each forwarded address would have been allowed on its own.
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(10429);
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * Issue 27: `npm start` trusted X-Forwarded-For from 127.0.0.1, so any local program could claim any address (35 logins
 * through it, no limit). Here a gateway and the web app's proxy run with the start script's own settings
 * (infra/platform-proxy.js) next to the tests' platform: only the web proxy may say who the client is.
 */
describe('client address as npm start runs the platform', () => {
  let root: string;
  let dir: string;
  let gatewayBase: string;
  let webBase: string;
  const children: ChildProcess[] = [];

  const run = (name: string, args: string[], env: NodeJS.ProcessEnv, cwd = REPO) => {
    fs.mkdirSync(LOG_DIR, { recursive: true });
    const log = fs.openSync(path.join(LOG_DIR, `${name}.log`), 'a');
    children.push(spawn(process.execPath, args, { cwd, env, stdio: ['ignore', log, log] }));
  };

  beforeAll(async () => {
    root = await login('root');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-start-proxy-'));
    const [gatewayPort, webPort] = [await freePort(), await freePort()];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { platformProxy } = require(`${REPO}/infra/platform-proxy.js`);
    const proxy = platformProxy(gatewayPort, dir);
    // The tests' own trust setting is left out: only what the start script sets.
    const { TRUST_PROXY: _testsTrust, ...env } = serviceEnv();
    run('start-gateway', [path.join(REPO, 'services', 'gateway', 'dist', 'main.js')], { ...proxy.gateway, ...env, PORT: String(gatewayPort) });
    // The web app's nginx exactly as `npm start` configures it: /prod-api to the gateway's proxy socket.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startWebServer } = require(`${REPO}/infra/web-server.js`);
    const log = fs.openSync(path.join(LOG_DIR, 'start-web.log'), 'a');
    children.push(startWebServer({ webPort, host: '127.0.0.1', gatewayUpstreams: [proxy.web.GATEWAY_SOCKET], prefix: path.join(dir, 'nginx') }, { stdio: ['ignore', log, log] }));
    gatewayBase = `http://127.0.0.1:${gatewayPort}/prod-api`;
    webBase = `http://127.0.0.1:${webPort}/prod-api`;
    const healthy = (base: string) => async () => ((await (await fetch(`${base}/health`)).json()) as { code: number }).code === 0;
    await waitFor('the gateway started as npm start does', healthy(gatewayBase), 60000);
    await waitFor('its web proxy', healthy(webBase), 30000);
  }, 120000);

  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('believes no X-Forwarded-For from a local program connecting to the gateway, 127.0.0.1 included', async () => {
    const r = await apiFrom('127.0.0.1', '/auth/login/pwd', { ...attempt('ghost-local'), base: gatewayBase, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(r.code).toBe(10401);
    expect(await loggedIp(root, r.headers.get('x-request-id')!)).toBe('127.0.0.1');
    // Nor can it spread its tries over made-up addresses: 20 a minute in tests.
    const from = freshLoopback();
    const codes = await recoveryCodes(21, (phone) =>
      apiFrom(from, '/auth/retrieve/code/send', { body: { phone }, lang: 'en', base: gatewayBase, headers: { 'x-forwarded-for': freshIp() } }),
    );
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(10429);
  });

  it("logs the visitor's own address for a call through the web app's proxy, whatever it forwards", async () => {
    const visitor = freshLoopback();
    const r = await apiFrom(visitor, '/auth/login/pwd', { ...attempt('ghost-visitor'), base: webBase, headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(r.code).toBe(10401);
    expect(await loggedIp(root, r.headers.get('x-request-id')!)).toBe(visitor);
  });

  it('limits logins per visitor address through the web proxy, not for all its visitors at once', async () => {
    const [first, second] = [freshLoopback(), freshLoopback()];
    const send = (from: string) => (phone: string) => apiFrom(from, '/auth/retrieve/code/send', { body: { phone }, lang: 'en', base: webBase });
    const codes = await recoveryCodes(21, send(first));
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(10429);
    expect((await recoveryCodes(1, send(second)))[0]).toBe(0);
  });
});

import { spawn } from 'node:child_process';
import { connect, type NatsConnection } from 'nats';
import { natsInboxPrefix, natsPasswordVariable, type NatsUser } from '@cmp/contracts';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The platform the end-to-end tests run against: real processes on real PostgreSQL, Redis and NATS. */
export const REPO = path.resolve(__dirname, '../../../..');
export const PORT = Number(process.env.E2E_PORT ?? 18080);
export const BASE = `http://127.0.0.1:${PORT}/prod-api`;
export const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp_test';
export const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
// A NATS server of the tests' own: services of a platform started with `npm start` would otherwise
// join the same queue groups and answer the tests' requests from another database.
export const NATS_URL = process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:14222';
export const LOG_DIR = path.join(REPO, 'test-artifacts', 'logs');
/** Screenshots of the browser tests, one per step (and of every open page when a test fails). */
export const SHOT_DIR = path.join(REPO, 'test-artifacts', 'screenshots');
/** The built web app, served by `vite preview` for the browser tests; its /prod-api goes to the tests' gateway. */
export const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 15173);
export const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;
/** The built kiosk app (kiosk/dist), served the same way for the venue screen's browser tests. */
export const KIOSK_PORT = Number(process.env.E2E_KIOSK_PORT ?? WEB_PORT + 1);
export const KIOSK_URL = `http://127.0.0.1:${KIOSK_PORT}`;
const PID_FILE = path.join(REPO, '.data', 'e2e-pids.json');

/** Backend services the tests start, in start order. */
export const SERVICES = ['auth', 'competitions', 'enrollment', 'certificates', 'review', 'payment', 'gateway'] as const;
/** Background workers (BullMQ entry points), started after their services. */
export const WORKERS = {
  'certificates-worker': ['certificates', 'worker.js'],
  'review-worker': ['review', 'worker.js'],
  'payment-worker': ['payment', 'worker.js'],
} as const;
export type ServiceName = (typeof SERVICES)[number] | keyof typeof WORKERS | 'web' | 'kiosk' | 'alipay-sandbox';

/** The tests' own Alipay sandbox (infra/alipay-sandbox) and merchant keys, made fresh by the global setup. */
export const ALIPAY_PORT = Number(process.env.E2E_ALIPAY_PORT ?? 17070);
export const ALIPAY_URL = `http://127.0.0.1:${ALIPAY_PORT}`;
const ALIPAY_FILE = path.join(REPO, '.data', 'e2e-alipay.json');

export function writeAlipayEnv(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { sandboxEnv } = require(`${REPO}/infra/alipay-sandbox/config.js`);
  fs.mkdirSync(path.dirname(ALIPAY_FILE), { recursive: true });
  fs.writeFileSync(ALIPAY_FILE, JSON.stringify(sandboxEnv(ALIPAY_PORT)));
}

export const alipayEnv = (): Record<string, string> => JSON.parse(fs.readFileSync(ALIPAY_FILE, 'utf8'));

export function serviceEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    // Level 'log': each process writes its one line per request or job, which the request-id test follows.
    LOG_LEVEL: 'log',
    DATABASE_URL,
    REDIS_URL,
    NATS_URL,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    // Tests speak for many clients through X-Forwarded-For from 127.0.0.1, the only proxy believed; a caller
    // from another loopback address (127.0.0.2) is its own client (see the forwarded-address test).
    TRUST_PROXY: '127.0.0.1',
    // How long the gateway waits for a service before answering 10503. No test measures it: a service that is
    // down is known at once (NATS has no responder); a loaded machine answers late, and a burst (150 sign-ups
    // at once, a login's password hash) must not turn into 10503s there.
    RPC_TIMEOUT_MS: '15000',
    LOGIN_IP_LIMIT_PER_MINUTE: '20',
    LOGIN_CODE_RESEND_SECONDS: '0',
    // A killed certificates worker hands its job on quickly (the crash tests kill one mid-batch).
    WORKER_LOCK_MS: '4000',
    PUBLIC_WEB_URL: `http://127.0.0.1:${WEB_PORT}`,
    ...alipayEnv(),
    // Alipay's answers come back quickly here; a refund test waits for this long to see a time-out.
    ALIPAY_TIMEOUT_MS: '2000',
    // The payment worker's sweeps (stale orders, pending refunds) every 2 s instead of every minute.
    PAYMENT_JOB_INTERVAL_SECONDS: '2',
    // Alipay's retry schedule (4 min, 10 min, ...) a thousand times faster.
    ALIPAY_SANDBOX_RETRY_SCALE: '0.001',
  };
}

const readPids = (): Record<string, number> => (fs.existsSync(PID_FILE) ? JSON.parse(fs.readFileSync(PID_FILE, 'utf8')) : {});
const writePids = (pids: Record<string, number>) => {
  fs.mkdirSync(path.dirname(PID_FILE), { recursive: true });
  fs.writeFileSync(PID_FILE, JSON.stringify(pids));
};

function spawnRecorded(name: ServiceName, args: string[], env: NodeJS.ProcessEnv, cwd = REPO): number {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = fs.openSync(path.join(LOG_DIR, `${name}.log`), 'a');
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', log, log], detached: true });
  child.unref();
  writePids({ ...readPids(), [name]: child.pid! });
  return child.pid!;
}

export function startService(name: ServiceName): number {
  if (name === 'web' || name === 'kiosk') return startWeb(name);
  if (name === 'alipay-sandbox') return spawnRecorded(name, [path.join(REPO, 'infra', 'alipay-sandbox', 'main.js')], serviceEnv());
  if (name in WORKERS) {
    const [svc, entry] = WORKERS[name as keyof typeof WORKERS];
    return spawnRecorded(name, [path.join(REPO, 'services', svc, 'dist', entry)], serviceEnv());
  }
  return spawnRecorded(name, [path.join(REPO, 'services', name, 'dist', 'main.js')], serviceEnv());
}

/** `vite preview` of web/dist on WEB_PORT (or kiosk/dist on KIOSK_PORT), proxying /prod-api to the tests' gateway. */
export function startWeb(app: 'web' | 'kiosk' = 'web'): number {
  const vite = path.join(path.dirname(require.resolve('vite/package.json', { paths: [path.join(REPO, app)] })), 'bin', 'vite.js');
  return spawnRecorded(
    app,
    [vite, 'preview', '--host', '127.0.0.1', '--port', String(app === 'web' ? WEB_PORT : KIOSK_PORT), '--strictPort'],
    { ...process.env, NODE_ENV: 'production', GATEWAY_URL: `http://127.0.0.1:${PORT}` },
    path.join(REPO, app),
  );
}

export function stopService(name: ServiceName, signal: NodeJS.Signals = 'SIGTERM'): void {
  const pids = readPids();
  const pid = pids[name];
  if (!pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
  delete pids[name];
  writePids(pids);
}

export function stopAll(): void {
  for (const name of Object.keys(readPids()) as ServiceName[]) stopService(name);
}

/** Polls a condition until it holds; throws with the last reason after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''} (logs in ${LOG_DIR})`);
}

export const platformHealthy = async (): Promise<boolean> => {
  const res = await fetch(`${BASE}/health`);
  return ((await res.json()) as { code: number }).code === 0;
};

export const kioskHealthy = async (): Promise<boolean> => {
  const res = await fetch(`${KIOSK_URL}/prod-api/health`);
  return (await fetch(KIOSK_URL)).ok && ((await res.json()) as { code: number }).code === 0;
};

/** The web app answers its page, and its /prod-api proxy reaches the tests' gateway. */
export const webHealthy = async (): Promise<boolean> => {
  const page = await fetch(`${WEB_URL}/home/homepage`);
  if (!page.ok || !(await page.text()).includes('id="root"')) return false;
  const res = await fetch(`${WEB_URL}/prod-api/health`);
  return ((await res.json()) as { code: number }).code === 0;
};

/**
 * A NATS connection as one of the platform's NATS users (`gateway`, `auth`, `payment-worker`, ...), with the password
 * `npm start` and the tests' setup keep in the repo's .env: tests that stand in for a service speak with its rights.
 */
export async function natsAs(user: NatsUser): Promise<NatsConnection> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readEnvFile } = require(`${REPO}/infra/ensure-env.js`);
  const variable = natsPasswordVariable(user);
  const pass = process.env[variable] ?? readEnvFile()[variable];
  return connect({ servers: NATS_URL, user, pass, inboxPrefix: natsInboxPrefix(user) });
}

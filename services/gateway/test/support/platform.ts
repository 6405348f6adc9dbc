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
/** The e2e platform's own Redis prefix (REDIS_PREFIX): not the default of `npm start`. */
export const REDIS_PREFIX = 'cmp-e2e';
// A NATS server of the tests' own: services of a platform started with `npm start` would otherwise
// join the same queue groups and answer the tests' requests from another database.
export const NATS_URL = process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:14222';
export const LOG_DIR = path.join(REPO, 'test-artifacts', 'logs');
/** Screenshots of the browser tests, one per step (and of every open page when a test fails). */
export const SHOT_DIR = path.join(REPO, 'test-artifacts', 'screenshots');
/** The built web app, served by nginx for the browser tests (startWeb); its /prod-api goes to the tests' gateway. */
export const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 15173);
export const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;
/** The built kiosk app (kiosk/dist), served the same way for the venue screen's browser tests. */
export const KIOSK_PORT = Number(process.env.E2E_KIOSK_PORT ?? WEB_PORT + 1);
export const KIOSK_URL = `http://127.0.0.1:${KIOSK_PORT}`;
const PID_FILE = path.join(REPO, '.data', 'e2e-pids.json');
/** Where the tests' processes serve their metrics: infra/metrics-ports.js's table from this base. */
export const METRICS_BASE = Number(process.env.E2E_METRICS_PORT ?? 19400);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { metricsPort: portOf } = require(`${REPO}/infra/metrics-ports.js`) as { metricsPort: (name: string, replica: number, base: number) => number };
/** The metrics port (/metrics, /ready) of one of the tests' processes. */
export const metricsPort = (name: (typeof SERVICES)[number] | keyof typeof WORKERS): number => portOf(name, 0, METRICS_BASE);

/** Backend services the tests start, in start order. */
export const SERVICES = ['auth', 'competitions', 'enrollment', 'certificates', 'review', 'payment', 'statistics', 'gateway'] as const;
/** Background workers (BullMQ entry points), started after their services. */
export const WORKERS = {
  'certificates-worker': ['certificates', 'worker.js'],
  'review-worker': ['review', 'worker.js'],
  'payment-worker': ['payment', 'worker.js'],
  'statistics-worker': ['statistics', 'worker.js'],
} as const;
export type ServiceName = (typeof SERVICES)[number] | keyof typeof WORKERS | 'web' | 'kiosk' | 'alipay-sandbox' | 'llm-sandbox';

/** The help assistant's chat-model stand-in (infra/llm-sandbox), which the tests' gateway is pointed at. */
export const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? 17071);
export const LLM_URL = `http://127.0.0.1:${LLM_PORT}`;

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
    REDIS_PREFIX,
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
    // Every worker's sweeper (jobs Redis lost) every 2 s instead of every minute.
    WORKER_SWEEP_SECONDS: '2',
    // Alipay's retry schedule (4 min, 10 min, ...) a thousand times faster.
    ALIPAY_SANDBOX_RETRY_SCALE: '0.001',
    ASSISTANT_LLM_URL: `${LLM_URL}/v1`,
    ASSISTANT_LLM_KEY: 'e2e-key',
    ASSISTANT_LLM_MODEL: 'sandbox',
    LLM_SANDBOX_PORT: String(LLM_PORT),
  };
}

const readPids = (): Record<string, number> => (fs.existsSync(PID_FILE) ? JSON.parse(fs.readFileSync(PID_FILE, 'utf8')) : {});
const writePids = (pids: Record<string, number>) => {
  fs.mkdirSync(path.dirname(PID_FILE), { recursive: true });
  fs.writeFileSync(PID_FILE, JSON.stringify(pids));
};

/** A process's key in the pid file and its log's name: `auth`, and `auth#1` (auth-1.log) for a second replica. */
const keyOf = (name: ServiceName, replica = 0) => (replica ? `${name}#${replica}` : name);
export const logFileOf = (name: ServiceName, replica = 0): string => path.join(LOG_DIR, `${replica ? `${name}-${replica}` : name}.log`);

function spawnRecorded(name: ServiceName, args: string[], env: NodeJS.ProcessEnv, cwd = REPO, replica = 0): number {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  // A second replica's log starts empty: a test reads it to see the replica join (replicaListening).
  const log = fs.openSync(logFileOf(name, replica), replica ? 'w' : 'a');
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', log, log], detached: true });
  child.unref();
  writePids({ ...readPids(), [keyOf(name, replica)]: child.pid! });
  return child.pid!;
}

/**
 * Another replica of a backend service (not the gateway, whose port is taken): it joins the service's NATS queue
 * group beside the first, as under `npm start -- --replicas N`. It logs at info level, so that replicaListening
 * can tell when it serves. Stop it with stopService(name, signal, replica).
 */
export function startReplica(name: (typeof SERVICES)[number], replica: number, env: NodeJS.ProcessEnv = {}): number {
  if (name === 'gateway' || replica < 1) throw new Error('startReplica: a second (or later) replica of a service behind the gateway');
  return spawnRecorded(name, [path.join(REPO, 'services', name, 'dist', 'main.js')], { ...serviceEnv(), LOG_LEVEL: 'info', ...env }, REPO, replica);
}

/** The replica has joined its service's queue group (bootService logs it once it serves), or logged `says`. */
export const replicaListening = async (name: ServiceName, replica: number, says = 'in queue group'): Promise<boolean> =>
  fs.readFileSync(logFileOf(name, replica), 'utf8').includes(says);

export function startService(name: ServiceName): number {
  if (name === 'web' || name === 'kiosk') return startWeb(name);
  if (name === 'alipay-sandbox') return spawnRecorded(name, [path.join(REPO, 'infra', 'alipay-sandbox', 'main.js')], serviceEnv());
  if (name === 'llm-sandbox') return spawnRecorded(name, [path.join(REPO, 'infra', 'llm-sandbox', 'main.js')], serviceEnv());
  const env = { ...serviceEnv(), METRICS_PORT: String(metricsPort(name)) };
  if (name in WORKERS) {
    const [svc, entry] = WORKERS[name as keyof typeof WORKERS];
    return spawnRecorded(name, [path.join(REPO, 'services', svc, 'dist', entry)], env);
  }
  return spawnRecorded(name, [path.join(REPO, 'services', name, 'dist', 'main.js')], env);
}

/**
 * nginx serving web/dist on WEB_PORT (or kiosk/dist on KIOSK_PORT) as production does (infra/web-server.js), its
 * /prod-api proxied to the tests' gateway, which believes 127.0.0.1 (TRUST_PROXY above). nginx believes the browser's
 * X-Forwarded-For from 127.0.0.1 too, as it would an ingress's: each test page is its own client (browser.ts gives it
 * an address), so the browser tests' logins do not all count against one address's login limit.
 */
export function startWeb(app: 'web' | 'kiosk' = 'web'): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startWebServer } = require(`${REPO}/infra/web-server.js`);
  const ports = app === 'web' ? { webPort: WEB_PORT } : { kioskPort: KIOSK_PORT };
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = fs.openSync(path.join(LOG_DIR, `${app}.log`), 'a');
  const child = startWebServer(
    { ...ports, host: '127.0.0.1', gatewayUpstreams: [`127.0.0.1:${PORT}`], trustProxy: ['127.0.0.1'], prefix: path.join(REPO, '.data', `nginx-e2e-${app}`) },
    { stdio: ['ignore', log, log], detached: true },
  );
  child.unref();
  writePids({ ...readPids(), [app]: child.pid! });
  return child.pid!;
}

/** Signals the process; answers its pid (undefined if none was recorded), for processGone. */
export function stopService(name: ServiceName, signal: NodeJS.Signals = 'SIGTERM', replica = 0): number | undefined {
  return stopRecorded(keyOf(name, replica), signal);
}

/** The process has exited (for waitFor after stopService). */
export const processGone = async (pid: number | undefined): Promise<boolean> => {
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

function stopRecorded(key: string, signal: NodeJS.Signals): number | undefined {
  const pids = readPids();
  const pid = pids[key];
  if (!pid) return undefined;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
  delete pids[key];
  writePids(pids);
  return pid;
}

export function stopAll(): void {
  for (const key of Object.keys(readPids())) stopRecorded(key, 'SIGTERM');
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
    // Often enough that a test does not sit idle long after what it waits for happened.
    await new Promise((r) => setTimeout(r, 100));
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

/** The sum of a metric's series (those with all of `labels`) on one of the tests' processes' metrics port. */
export async function metricValue(name: (typeof SERVICES)[number] | keyof typeof WORKERS, metric: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort(name)}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || m[1] !== metric) continue;
    const have = m[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => have.includes(`${k}="${v}"`))) sum += Number(m[3]);
  }
  return sum;
}

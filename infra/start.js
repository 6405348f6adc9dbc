#!/usr/bin/env node
// README's first command: brings up PostgreSQL, Redis and NATS, builds, loads the demo data on
// first run, starts every service and the web app, and says where to open it. Every process runs under a supervisor
// that restarts it when it dies; `--replicas N` runs N of the gateway and of each service and worker. Ctrl-C
// (or SIGTERM) stops all.
'use strict';

const { execSync } = require('node:child_process');
const path = require('node:path');
const { Client } = require('pg');
const { ensureEnvFile, readEnvFile } = require('./ensure-env');
const { platformProxy, gatewayUpstreams } = require('./platform-proxy');
const { Supervisor } = require('./supervisor');
const { metricsPort } = require('./metrics-ports');
const { prepareWebServer } = require('./web-server');
const { usesSandbox } = require('./alipay-sandbox/config');
const { ensureSystemPackages } = require('./system-packages');
const { ensureInfra } = require('./up');
const { resetAll } = require('./db-reset');

const root = path.resolve(__dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp';
const GATEWAY_PORT = Number(process.env.PORT ?? 8080);
const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
// The venue screens' app (kiosk/) on the next port: the web app links there (web/src/app/kiosk-url.ts).
const KIOSK_PORT = WEB_PORT + 1;
// The help assistant's local chat-model stand-in (infra/llm-sandbox), when no real endpoint is configured.
const LLM_SANDBOX_PORT = Number(process.env.LLM_SANDBOX_PORT ?? 7071);
const SERVICES = ['auth', 'competitions', 'enrollment', 'certificates', 'review', 'payment', 'statistics'];
// Background workers (BullMQ), each a second entry point of the service that owns the data.
const WORKERS = [['certificates', 'worker.js'], ['review', 'worker.js'], ['payment', 'worker.js'], ['statistics', 'worker.js']];
const MAX_REPLICAS = 8;
// Each process's metrics port (README, "Metrics"); METRICS_PORT_BASE moves the whole table.
const METRICS_BASE = Number(process.env.METRICS_PORT_BASE ?? 9400);

/** `--replicas N` or `--replicas=N`: processes of the gateway and of each service and worker (default 1). */
function replicasOf(argv) {
  const i = argv.findIndex((a) => a === '--replicas' || a.startsWith('--replicas='));
  if (i < 0) return 1;
  const text = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS) throw new Error(`--replicas takes a whole number from 1 to ${MAX_REPLICAS} (got ${text ?? 'nothing'})`);
  return n;
}

const DEMO_ACCOUNTS = [
  ['root', 'platform ROOT administrator (平台管理员)'],
  ['admin1', 'organiser admin of 华东示范大学 (DEMO-U1)'],
  ['admin2', 'organiser admin of 西部测试大学 (DEMO-U2)'],
  ['expert1', 'expert (评审专家), DEMO-U1'],
  ['teacher1', 'teacher (指导老师), DEMO-U1'],
  ['college1', 'news editor (资讯编辑) and school contact (学校联系人) of the college DEMO-U1-CS; admin1 approves its news and asks it for summaries'],
  ['student1 … student4', 'students of DEMO-U1, DEMO-U1-CS and DEMO-U2 (phones 13800000011 … 14)'],
  ['finance1', 'finance (财务) of 华东示范大学 (DEMO-U1): orders, refunds, reconciliation'],
];

async function hasDemoData() {
  const client = new Client({ connectionString: DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT to_regclass('auth.users') IS NOT NULL AS ok`);
    return rows[0].ok;
  } catch {
    return false; // no database yet
  } finally {
    await client.end().catch(() => undefined);
  }
}

function waitForHealth(url, ms = 60000) {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = async () => {
      try {
        const body = await (await fetch(url)).json();
        if (body.code === 0) return resolve();
      } catch {
        // not up yet
      }
      if (Date.now() > end) return reject(new Error(`${url} did not become healthy; see the logs above`));
      setTimeout(tick, 300);
    };
    tick();
  });
}

(async () => {
  const replicas = replicasOf(process.argv.slice(2));
  ensureEnvFile();
  ensureSystemPackages(['servers', 'run']);
  await ensureInfra();
  execSync('npx turbo run build --output-logs=errors-only', { cwd: root, stdio: 'inherit' });
  if (process.argv.includes('--reset') || !(await hasDemoData())) await resetAll(DATABASE_URL);

  // How the web apps' proxy (nginx, below) reaches the gateway, and what the gateway believes of it.
  const proxy = platformProxy(GATEWAY_PORT);
  const env = { ...proxy.gateway, ...process.env, DATABASE_URL, PORT: String(GATEWAY_PORT) };
  const supervisor = new Supervisor({ log: (line) => console.log(`[npm start] ${line}`) });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('[npm start] stopping every process');
    await supervisor.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The local Alipay sandbox stands in for Alipay until a real merchant is configured (README, "Going live with Alipay").
  const sandbox = usesSandbox({ ...readEnvFile(), ...process.env });
  const node = (name, replica, file, own = env) => supervisor.add({ name, replica, command: process.execPath, args: [file], env: { ...own, REPLICA: String(replica), METRICS_PORT: String(metricsPort(name, replica, METRICS_BASE)) } });
  if (sandbox) node('alipay-sandbox', 0, path.join(__dirname, 'alipay-sandbox', 'main.js'));
  // The help assistant's chat model: a local stand-in (infra/llm-sandbox, quoting the passages) until a real endpoint is
  // configured (ASSISTANT_LLM_URL; README, configuration). ASSISTANT_LLM_URL=off answers with the passages only.
  const llm = { ...readEnvFile(), ...process.env }.ASSISTANT_LLM_URL;
  const llmSandbox = !llm;
  if (llmSandbox) {
    // No metrics port: a development stand-in, never deployed.
    const file = path.join(__dirname, 'llm-sandbox', 'main.js');
    supervisor.add({ name: 'llm-sandbox', replica: 0, command: process.execPath, args: [file], env: { ...env, LLM_SANDBOX_PORT: String(LLM_SANDBOX_PORT) } });
    env.ASSISTANT_LLM_URL = `http://127.0.0.1:${LLM_SANDBOX_PORT}/v1`;
  } else if (llm === 'off') env.ASSISTANT_LLM_URL = '';
  for (let i = 0; i < replicas; i++) {
    // Queue groups share the NATS requests among a service's replicas, BullMQ the jobs among a worker's.
    for (const svc of SERVICES) node(svc, i, path.join(root, 'services', svc, 'dist', 'main.js'));
    for (const [svc, entry] of WORKERS) node(`${svc}-worker`, i, path.join(root, 'services', svc, 'dist', entry));
  }
  // Each gateway replica on its own port and web-proxy socket; the caller's PORT/PROXY_SOCKET name replica 0.
  const upstreams = gatewayUpstreams(GATEWAY_PORT, replicas);
  for (const u of upstreams) {
    const own = u.replica === 0 ? env : { ...env, PORT: String(u.port), PROXY_SOCKET: u.socket };
    node('gateway', u.replica, path.join(root, 'services', 'gateway', 'dist', 'main.js'), own);
  }
  // nginx serves web/dist and kiosk/dist as in production, balancing /prod-api over every gateway replica's proxy socket.
  supervisor.add({ name: 'web', replica: 0, ...prepareWebServer({ webPort: WEB_PORT, kioskPort: KIOSK_PORT, gatewayUpstreams: upstreams.map((u) => u.socket) }), env });

  // Many processes start at once on a small machine: more time the more replicas.
  for (const u of upstreams) await waitForHealth(`${u.url}/prod-api/health`, 120000 + 60000 * (replicas - 1));
  console.log(`
  The platform is running.
    Web app:   http://localhost:${WEB_PORT}/        (public site; back office after login at /neibu/login)
    Kiosk:     http://localhost:${KIOSK_PORT}/        (venue queue screen: pair it in 叫号管理 with the code it shows)
    API:       http://localhost:${GATEWAY_PORT}/prod-api   (OpenAPI docs at /prod-api/docs)
  Demo accounts, all with the password Demo@2026:
${DEMO_ACCOUNTS.map(([u, what]) => `    ${u.padEnd(22)} ${what}`).join('\n')}
  Verification-code login: the code is printed in the auth service's log above.${sandbox ? `
  Payments go to the local Alipay sandbox (no money moves): its cashier page has a pay button.` : ''}${llmSandbox ? `
  The help assistant (/deepChat) answers through a local stand-in of a chat model (infra/llm-sandbox): set ASSISTANT_LLM_URL for a real one.` : ''}
  Reset the demo data with: npm start -- --reset      Stop with Ctrl-C.${replicas > 1 ? `
  ${replicas} replicas of the gateway (ports ${upstreams.map((u) => u.port).join(', ')}) and of each service and worker.` : ''}
  A process that dies is restarted (the console says so).
`);
})().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});

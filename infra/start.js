#!/usr/bin/env node
// README's first command: brings up PostgreSQL, Redis and NATS, builds, loads the demo data on
// first run, starts every service and the web app, and says where to open it. Ctrl-C stops all.
'use strict';

const { execSync, spawn } = require('node:child_process');
const path = require('node:path');
const { Client } = require('pg');
const { ensureEnvFile, readEnvFile } = require('./ensure-env');
const { platformProxy } = require('./platform-proxy');
const { usesSandbox } = require('./alipay-sandbox/config');
const { ensureSystemPackages } = require('./system-packages');
const { ensureInfra } = require('./up');
const { resetAll } = require('./db-reset');
const { startWebServer } = require('./web-server');

const root = path.resolve(__dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp';
const GATEWAY_PORT = Number(process.env.PORT ?? 8080);
const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
// The venue screens' app (kiosk/) on the next port: the web app links there (web/src/app/kiosk-url.ts).
const KIOSK_PORT = WEB_PORT + 1;
const SERVICES = ['auth', 'competitions', 'enrollment', 'certificates', 'review', 'payment', 'gateway'];
// Background workers (BullMQ), each a second entry point of the service that owns the data.
const WORKERS = [['certificates', 'worker.js'], ['review', 'worker.js'], ['payment', 'worker.js']];

const DEMO_ACCOUNTS = [
  ['root', 'platform ROOT administrator (平台管理员)'],
  ['admin1', 'organiser admin of 华东示范大学 (DEMO-U1)'],
  ['admin2', 'organiser admin of 西部测试大学 (DEMO-U2)'],
  ['expert1', 'expert (评审专家), DEMO-U1'],
  ['teacher1', 'teacher (指导老师), DEMO-U1'],
  ['college1', 'news editor (资讯编辑) of the college DEMO-U1-CS; admin1 approves its news'],
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
  ensureEnvFile();
  ensureSystemPackages(['servers', 'run']);
  await ensureInfra();
  execSync('npx turbo run build --output-logs=errors-only', { cwd: root, stdio: 'inherit' });
  if (process.argv.includes('--reset') || !(await hasDemoData())) await resetAll(DATABASE_URL);

  // How the web apps' proxy (nginx, below) reaches the gateway, and what the gateway believes of it.
  const proxy = platformProxy(GATEWAY_PORT);
  const env = { ...proxy.gateway, ...process.env, DATABASE_URL, PORT: String(GATEWAY_PORT) };
  // The local Alipay sandbox stands in for Alipay until a real merchant is configured (README, "Going live with Alipay").
  const sandbox = usesSandbox({ ...readEnvFile(), ...process.env });
  const children = sandbox ? [spawn(process.execPath, [path.join(__dirname, 'alipay-sandbox', 'main.js')], { env, stdio: 'inherit' })] : [];
  children.push(...SERVICES.map((svc) => spawn(process.execPath, [path.join(root, 'services', svc, 'dist', 'main.js')], { env, stdio: 'inherit' })));
  for (const [svc, entry] of WORKERS) children.push(spawn(process.execPath, [path.join(root, 'services', svc, 'dist', entry)], { env, stdio: 'inherit' }));
  // nginx serves web/dist and kiosk/dist as in production, its /prod-api to the gateway's proxy socket.
  children.push(startWebServer({ webPort: WEB_PORT, kioskPort: KIOSK_PORT, gatewayUpstreams: [proxy.web.GATEWAY_SOCKET] }));
  const stop = () => {
    children.forEach((c) => c.kill('SIGTERM'));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  children.forEach((c) => c.on('exit', (code) => code && console.error(`a platform process exited with code ${code}`)));

  await waitForHealth(`http://127.0.0.1:${GATEWAY_PORT}/prod-api/health`);
  console.log(`
  The platform is running.
    Web app:   http://localhost:${WEB_PORT}/        (public site; back office after login at /neibu/login)
    Kiosk:     http://localhost:${KIOSK_PORT}/        (venue queue screen: pair it in 叫号管理 with the code it shows)
    API:       http://localhost:${GATEWAY_PORT}/prod-api   (OpenAPI docs at /prod-api/docs)
  Demo accounts, all with the password Demo@2026:
${DEMO_ACCOUNTS.map(([u, what]) => `    ${u.padEnd(22)} ${what}`).join('\n')}
  Verification-code login: the code is printed in the auth service's log above.${sandbox ? `
  Payments go to the local Alipay sandbox (no money moves): its cashier page has a pay button.` : ''}
  Reset the demo data with: npm start -- --reset      Stop with Ctrl-C.
`);
})().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});

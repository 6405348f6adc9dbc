'use strict';
// Starts the real platform for a bench from the built services: a private NATS server, a freshly
// reset and seeded database, every service and the gateway, with benchmark settings.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { start, stop, exec, freePort, waitUntil, waitHealthy, tcpOpen, findBinary } = require('./processes');
const { ensureEnvFile, readEnvFile } = require('../../../infra/ensure-env');
const { natsAuthorization } = require('../../../infra/nats-config');

const ROOT = path.resolve(__dirname, '..', '..', '..');
// Backend services in start order; the gateway last. Workers (certificates/dist/worker.js) are started by
// the benches that measure them.
const SERVICES = ['auth', 'competitions', 'enrollment', 'certificates', 'review', 'payment', 'statistics', 'gateway'];
const mainOf = (svc) => path.join(ROOT, 'services', svc, 'dist', 'main.js');
const RESET = path.join(ROOT, 'infra/db-reset.js');

const BENCH_SETTINGS = {
  LOG_LEVEL: 'warn', // per-request info logging is not what we measure
  NODE_ENV: 'production',
  RATE_LIMIT_PER_MINUTE: '10000000', // the gateway's maximum; the load comes from one address
  LOGIN_IP_LIMIT_PER_MINUTE: '100000', // the auth service's maximum
  VOTE_LIMIT_PER_MINUTE: '10000000', // the per-address vote guard; the load comes from one address
  // Its own keys and queues: a platform started beside it on the same Redis never takes a bench's jobs.
  REDIS_PREFIX: `cmp-bench-${process.pid}`,
};

/**
 * A NATS server of our own: on a shared one, auth services started by others join the same
 * "auth" queue group and would answer part of our requests (and we part of theirs).
 */
async function startNats(ctx) {
  const bin = findBinary('nats-server');
  if (!bin) {
    const url = ctx.env.NATS_URL || 'nats://127.0.0.1:4222';
    ctx.note(`No nats-server binary found: ran on the shared NATS ${url}, where other auth services may take part of the load.`);
    return { url, child: null };
  }
  const port = await freePort();
  // JetStream on and a user per service, as in production: services publish their events through it, and the server
  // checks every message against the user's permissions. The passwords are those of .env, which the services read too.
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nats-'));
  ensureEnvFile();
  const conf = path.join(store, 'nats-auth.conf');
  fs.writeFileSync(conf, natsAuthorization());
  const launch = async () => {
    const child = start('nats', bin, ['-c', conf, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { ...readEnvFile(), ...ctx.env });
    await waitUntil('nats-server', () => tcpOpen('127.0.0.1', port), [child]);
    return child;
  };
  const nats = { url: `nats://127.0.0.1:${port}`, store, child: await launch() };
  /** Stops the server (SIGTERM) and starts it again on the same port and JetStream store. */
  nats.restart = async () => {
    await stop(nats.child);
    nats.child = await launch();
  };
  return nats;
}

/**
 * Node flags for one process, from BENCH_NODE_FLAGS_<NAME> (BENCH_NODE_FLAGS_GATEWAY="--cpu-prof --cpu-prof-dir=/tmp/prof").
 * With --cpu-prof the process exits on SIGTERM at once (exit-on-term.js), so that Node writes the profile: a process
 * killed by the signal writes none.
 */
function nodeFlags(svc, env) {
  const flags = (env[`BENCH_NODE_FLAGS_${svc.toUpperCase()}`] || '').split(/\s+/).filter(Boolean);
  if (flags.some((f) => f.startsWith('--cpu-prof') || f.startsWith('--heap-prof'))) flags.push('-r', path.join(__dirname, 'exit-on-term.js'));
  return flags;
}

/** Resets `database` (same server as DATABASE_URL), then starts NATS and the services; waits for health. */
async function startPlatform(ctx, { database }) {
  for (const f of SERVICES.map(mainOf)) {
    if (!fs.existsSync(f)) throw new Error(`${path.relative(ROOT, f)} is missing; build: npx turbo run build --filter=./services/*`);
  }
  const db = new URL(ctx.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cmp');
  db.pathname = `/${database}`;
  const dbUrl = db.toString();
  ctx.log(`resetting and seeding database ${database}`);
  await exec('reset', process.execPath, [RESET], { ...ctx.env, DATABASE_URL: dbUrl });

  const nats = await startNats(ctx);
  const env = { ...ctx.env, ...BENCH_SETTINGS, DATABASE_URL: dbUrl, NATS_URL: nats.url };
  const port = await freePort();
  ctx.log(`starting ${SERVICES.join(', ')} (gateway port ${port}, NATS ${nats.url})`);
  const children = Object.fromEntries(
    SERVICES.map((svc) => [svc, start(svc, process.execPath, [...nodeFlags(svc, ctx.env), mainOf(svc)], svc === 'gateway' ? { ...env, HOST: '127.0.0.1', PORT: String(port) } : env)]),
  );
  const url = `http://127.0.0.1:${port}`;
  // A shared machine under load starts eight Node processes slowly: three minutes before calling it a failure.
  await waitHealthy(`${url}/prod-api/health`, [...Object.values(children), nats.child].filter(Boolean), 180_000);
  return { url, env, children: { ...children, nats: nats.child } };
}

module.exports = { startPlatform, startNats, BENCH_SETTINGS, SERVICES, mainOf };

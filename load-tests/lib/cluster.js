'use strict';
// A whole platform of its own for load and fault runs: PostgreSQL initialised into a temporary directory (Debian's
// /usr/lib/postgresql/*/bin), Redis with an append-only file (as deployed: infra/k8s/redis.yaml) and NATS with JetStream, each on a free port, so that
// restarting them touches nobody else's tests; the database reset and seeded; then `replicas` processes of every
// service, worker and the gateway (each gateway replica on its own port), supervised: a process that dies is
// started again with backoff. Every process's output goes to a log file in the run's directory.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { Client } = require('pg');
const { start, stop, exec, freePort, waitUntil, waitHealthy, tcpOpen, findBinary } = require('../bench/lib/processes');
const { startNats, BENCH_SETTINGS, SERVICES, mainOf } = require('../bench/lib/platform');
const { ensureEnvFile, readEnvFile } = require('../../infra/ensure-env');
const { sandboxEnv } = require('../../infra/alipay-sandbox/config');
const { Supervisor } = require('../../infra/supervisor');

const ROOT = path.resolve(__dirname, '..', '..');
const BACKEND = SERVICES.filter((s) => s !== 'gateway');
const WORKERS = ['certificates', 'review', 'payment'];
const workerOf = (svc) => path.join(ROOT, 'services', svc, 'dist', 'worker.js');

function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)');
  return path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** PostgreSQL refuses to run as root: run it as the distribution's postgres user then. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
}

async function acceptsQueries(url) {
  const c = new Client({ connectionString: url });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function startPostgres(dir, log) {
  const bin = postgresBin();
  const data = path.join(dir, 'pg');
  fs.mkdirSync(data, { mode: 0o700 });
  const user = postgresUser();
  if (user.uid !== undefined) fs.chownSync(data, user.uid, user.gid);
  log(`initdb ${data}`);
  await exec('initdb', path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], { PATH: process.env.PATH }, user);
  const port = await freePort();
  // fsync off: the machine does not crash in this run, a restart of PostgreSQL is what is tested (a fast shutdown
  // checkpoints); enough connections for every replica's pool.
  const args = ['-D', data, '-p', String(port), '-k', data, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=400', '-c', 'fsync=off', '-c', 'shared_buffers=64MB'];
  const pg = { port, url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}` };
  const launch = async () => {
    const child = start('postgres', path.join(bin, 'postgres'), args, { PATH: process.env.PATH }, user);
    await waitUntil('postgres', () => acceptsQueries(pg.url('postgres')), [child]);
    return child;
  };
  pg.child = await launch();
  /** Fast shutdown (SIGINT: sessions cut, transactions rolled back, a checkpoint), then started again. */
  pg.restart = async () => {
    const exited = new Promise((r) => pg.child.once('exit', r));
    pg.child.kill('SIGINT');
    await exited;
    pg.child = await launch();
  };
  pg.stop = () => stop(pg.child);
  return pg;
}

async function startRedis(dir) {
  const bin = findBinary('redis-server');
  if (!bin) throw new Error('No redis-server binary (Debian: apt-get install redis-server)');
  const port = await freePort();
  const data = path.join(dir, 'redis');
  fs.mkdirSync(data, { recursive: true });
  // Persisted as deployed (infra/k8s/redis.yaml): sessions and queued jobs outlive a restart.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', data, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction', '--daemonize', 'no'];
  const redis = { port, url: `redis://127.0.0.1:${port}/0` };
  const launch = async () => {
    const child = start('redis', bin, args, { PATH: process.env.PATH });
    await waitUntil('redis-server', () => tcpOpen('127.0.0.1', port), [child]);
    return child;
  };
  redis.child = await launch();
  /** Stopped (SIGTERM: Redis writes its append-only file) and started again from that file. */
  redis.restart = async () => {
    await stop(redis.child);
    redis.child = await launch();
  };
  redis.stop = () => stop(redis.child);
  return redis;
}

/**
 * Starts everything; answers { urls (one per gateway replica), env, db (URL), supervisor, pg, redis, nats, dir, stop() }.
 * The services' settings are the benches' (LOG_LEVEL=warn, per-address limits raised) and a sandbox merchant.
 */
async function startCluster({ replicas = 1, log = console.log, env: extra = {} }) {
  for (const f of [...SERVICES.map(mainOf), ...WORKERS.map(workerOf)]) {
    if (!fs.existsSync(f)) throw new Error(`${path.relative(ROOT, f)} is missing; build: npx turbo run build --filter=./services/*`);
  }
  ensureEnvFile();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-day-'));
  fs.chmodSync(dir, 0o755);
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs);
  const cluster = { dir, logs, replicas };
  const cleanup = [];
  cluster.stop = async () => {
    if (cluster.supervisor) await cluster.supervisor.stop();
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
    fs.rmSync(path.join(dir, 'pg'), { recursive: true, force: true });
  };
  try {
    cluster.pg = await startPostgres(dir, log);
    cleanup.push(() => cluster.pg.stop());
    const admin = new Client({ connectionString: cluster.pg.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE cmp_day');
    await admin.end();
    cluster.db = cluster.pg.url('cmp_day');
    cluster.redis = await startRedis(dir);
    cleanup.push(() => cluster.redis.stop());
    const base = { ...readEnvFile(), ...process.env, ...BENCH_SETTINGS, ...sandboxEnv(), ...extra, DATABASE_URL: cluster.db, REDIS_URL: cluster.redis.url };
    cluster.nats = await startNats({ env: base, note: log });
    cleanup.push(() => stop(cluster.nats.child));
    const env = { ...base, NATS_URL: cluster.nats.url };
    cluster.env = env;
    log(`PostgreSQL :${cluster.pg.port}, Redis :${cluster.redis.port}, ${cluster.nats.url}; resetting and seeding the database`);
    await exec('reset', process.execPath, ['-e', `require(${JSON.stringify(path.join(ROOT, 'infra', 'db-reset.js'))}).resetAll(process.env.DATABASE_URL).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); })`], env);

    const supervisor = new Supervisor({ log: (text) => log(`supervisor: ${text}`) });
    cluster.supervisor = supervisor;
    log(`${replicas} replica(s) of ${BACKEND.join(', ')}, workers ${WORKERS.join(', ')} and the gateway`);
    const add = (name, replica, script, procEnv) => {
      const fd = fs.openSync(path.join(logs, `${name}-${replica}.log`), 'a');
      supervisor.add({ name, replica, command: process.execPath, args: [script], env: procEnv, cwd: ROOT, stdio: ['ignore', fd, fd] });
    };
    for (let r = 0; r < replicas; r++) {
      for (const svc of BACKEND) add(svc, r, mainOf(svc), env);
      for (const svc of WORKERS) add(`${svc}-worker`, r, workerOf(svc), env);
    }
    cluster.urls = [];
    for (let r = 0; r < replicas; r++) {
      const port = await freePort();
      add('gateway', r, mainOf('gateway'), { ...env, HOST: '127.0.0.1', PORT: String(port) });
      cluster.urls.push(`http://127.0.0.1:${port}`);
    }
    for (const url of cluster.urls) await waitHealthy(`${url}/prod-api/health`, [], 120_000);
    return cluster;
  } catch (e) {
    await cluster.stop();
    throw e;
  }
}

module.exports = { startCluster, BACKEND, WORKERS };

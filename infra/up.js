#!/usr/bin/env node
// Idempotent bring-up of PostgreSQL, Redis and NATS (JetStream) for local runs and CI.
// Each service is checked first; only a stopped one on a loopback URL is started, from the
// machine's installed server binaries, bound to loopback, with its files under <repo>/.data.
// NATS is the platform's own, with a user per service (infra/nats-config.js): a NATS that lets clients in without
// credentials (the machine's system NATS on 4222) is refused, so the platform's default is 4223.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { ensureEnvFile, readEnvFile } = require('./ensure-env');
const { loadContracts, natsAuthorization, natsPasswordVariables } = require('./nats-config');

const REPO = path.resolve(__dirname, '..');
const DATA = path.join(REPO, '.data');
const WAIT_MS = 30_000;

const DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/cmp',
  REDIS_URL: 'redis://127.0.0.1:6379/0',
  NATS_URL: 'nats://127.0.0.1:4223',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// An error that waiting will not fix (bad password, JetStream off), so we report it at once.
function fatal(message) {
  return Object.assign(new Error(message), { fatal: true });
}

function isLoopback(hostname) {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

// Hides a password in URLs we print.
function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

// Looks a binary up on PATH and in the sbin folders that a non-root PATH may lack.
function findBinary(name, extraDirs = []) {
  const dirs = [...(process.env.PATH || '').split(':'), '/usr/local/sbin', '/usr/sbin', '/sbin', ...extraDirs];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    const out = `${r.stderr || ''}${r.stdout || ''}`.trim();
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} exited with ${r.status}${out ? `: ${out}` : ''}`);
  }
  return r.stdout;
}

function tcpOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: host.replace(/^\[|\]$/g, ''), port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(check, ms = WAIT_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (err.fatal || Date.now() > deadline) throw err;
    }
    await sleep(500);
  }
}

// ---------- checks ----------

async function checkPostgres(url) {
  const { Client } = require('pg');
  const u = new URL(url);
  u.pathname = '/postgres'; // the application database may not exist yet
  const client = new Client({ connectionString: u.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    // 28xxx: authentication; waiting will not change the answer.
    if (/^28/.test(err.code || '')) {
      throw fatal(
        `PostgreSQL at ${redact(url)} rejected the login (${err.message}): fix the user or password in DATABASE_URL, ` +
          `or allow it in pg_hba.conf (trust for 127.0.0.1/32 on a dev or CI machine)`,
      );
    }
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(url) {
  const u = new URL(url);
  if (!(await tcpOpen(u.hostname, Number(u.port || 6379)))) throw new Error('connection refused');
}

/** The NATS users' passwords: the environment's, else those of .env (made there when missing). */
function natsPasswords() {
  ensureEnvFile();
  const file = readEnvFile();
  return Object.fromEntries(natsPasswordVariables().map((name) => [name, process.env[name] || file[name]]));
}

const isAuthError = (err) => /authorization/i.test(`${err.code} ${err.message}`);

async function checkNats(url) {
  const { connect } = require('nats');
  // Anyone who reaches the port would otherwise call every service as anyone (issue 27).
  const anonymous = await connect({ servers: url, timeout: 2000, reconnect: false }).catch((err) => {
    if (isAuthError(err)) return null;
    throw err;
  });
  if (anonymous) {
    await anonymous.close();
    throw fatal(
      `NATS at ${url} lets clients in without credentials (the machine's system NATS?): the platform needs its own NATS with ` +
        `a user per service; set NATS_URL to a free loopback port (default nats://127.0.0.1:4223) and this script starts it there`,
    );
  }
  // As the gateway, whose replies come to its own inboxes.
  const { NatsUser, natsInboxPrefix, natsPasswordVariable } = loadContracts();
  const gateway = { user: NatsUser.gateway, pass: natsPasswords()[natsPasswordVariable(NatsUser.gateway)], inboxPrefix: natsInboxPrefix(NatsUser.gateway) };
  const nc = await connect({ servers: url, timeout: 2000, reconnect: false, ...gateway }).catch((err) => {
    if (!isAuthError(err)) throw err;
    throw fatal(`NATS at ${url} refused the gateway's password from the environment or .env: it was started with other passwords; restart it`);
  });
  try {
    let jsm;
    try {
      jsm = await nc.jetstreamManager();
      await jsm.getAccountInfo();
    } catch (err) {
      throw fatal(`NATS at ${url} is running without JetStream (${err.message}): restart it with -js`);
    }
  } finally {
    await nc.close();
  }
}

// ---------- starters ----------

function startPostgres(url) {
  const u = new URL(url);
  const port = Number(u.port || 5432);

  // The Debian cluster listening on this port, if any (pg_lsclusters: "ver name port status ...").
  if (findBinary('pg_ctlcluster') && findBinary('pg_lsclusters')) {
    const cluster = run(findBinary('pg_lsclusters'), ['-h'])
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .find(([, name, p]) => name === 'main' && Number(p) === port);
    if (cluster && fs.existsSync(`/etc/postgresql/${cluster[0]}/main`)) {
      run(findBinary('pg_ctlcluster'), ['--skip-systemctl-redirect', cluster[0], 'main', 'start']);
      return;
    }
  }

  // Otherwise a trust-auth cluster of our own under .data/postgres.
  const binDir = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const initdb = findBinary('initdb', binDir);
  const pgCtl = initdb && path.join(path.dirname(initdb), 'pg_ctl');
  if (!initdb || !fs.existsSync(pgCtl)) return 'missing';

  const dir = path.join(DATA, 'postgres');
  // initdb refuses to run as root, so the cluster belongs to the postgres user.
  const asUser = {};
  if (process.getuid() === 0) {
    asUser.uid = Number(run('id', ['-u', 'postgres']));
    asUser.gid = Number(run('id', ['-g', 'postgres']));
  }
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (asUser.uid !== undefined) fs.chownSync(dir, asUser.uid, asUser.gid);
    const user = decodeURIComponent(u.username) || 'postgres';
    run(initdb, ['-D', dir, '-U', user, '--auth=trust', '-E', 'UTF8'], asUser);
    // Loopback only; the socket goes in the data folder, as /var/run/postgresql may not exist.
    fs.appendFileSync(
      path.join(dir, 'postgresql.conf'),
      `\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n`,
    );
  }
  run(pgCtl, ['start', '-D', dir, '-l', path.join(dir, 'postgres.log'), '-o', `-p ${port}`], asUser);
}

function startRedis(url) {
  const bin = findBinary('redis-server');
  if (!bin) return 'missing';
  const dir = path.join(DATA, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const port = String(new URL(url).port || 6379);
  run(bin, [
    '--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', port,
    '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', path.join(dir, 'redis.log'),
  ]);
}

const natsPort = (url) => String(new URL(url).port || 4222);
const natsFile = (url, ext) => path.join(DATA, 'nats', `nats-${natsPort(url)}.${ext}`);

/** The pid of the nats-server this script started on the URL's port, while it runs. */
function ourNatsPid(url) {
  try {
    const pid = Number(fs.readFileSync(natsFile(url, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Writes the users and permissions for the NATS on a loopback URL. One this script started with other users or
 * permissions (an older release, or before NATS had users) is stopped, so that it starts again with these.
 */
async function prepareNats(url) {
  if (!isLoopback(new URL(url).hostname)) return;
  fs.mkdirSync(path.join(DATA, 'nats'), { recursive: true });
  const conf = natsFile(url, 'conf');
  const text = natsAuthorization();
  if (fs.existsSync(conf) && fs.readFileSync(conf, 'utf8') === text) return;
  fs.writeFileSync(conf, text);
  const pid = ourNatsPid(url);
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  await waitFor(async () => {
    if (await tcpOpen('127.0.0.1', Number(natsPort(url)))) throw new Error('still stopping');
  });
}

function startNats(url) {
  const bin = findBinary('nats-server');
  if (!bin) return 'missing';
  const dir = path.join(DATA, 'nats');
  fs.mkdirSync(dir, { recursive: true });
  const port = natsPort(url);
  // Per-port store and pidfile: two servers must never share a JetStream store, and the
  // pidfile keeps --oknodo from taking a nats-server on another port for ours. The server reads
  // its users' passwords from its environment (the configuration names them).
  const args = ['-c', natsFile(url, 'conf'), '-a', '127.0.0.1', '-p', port, '-js', '-sd', path.join(dir, port), '-l', path.join(dir, `nats-${port}.log`)];
  const env = { ...process.env, ...natsPasswords() };
  const ssd = findBinary('start-stop-daemon');
  if (ssd) {
    run(ssd, ['--start', '--oknodo', '--background', '--make-pidfile', '--pidfile', natsFile(url, 'pid'), '--exec', bin, '--', ...args], { env });
  } else {
    const child = spawn(bin, args, { detached: true, stdio: 'ignore', env });
    fs.writeFileSync(natsFile(url, 'pid'), String(child.pid));
    child.unref();
  }
}

// ---------- driver ----------

const SERVICES = [
  { key: 'postgres', name: 'PostgreSQL', env: 'DATABASE_URL', pkg: 'postgresql', check: checkPostgres, start: startPostgres },
  { key: 'redis', name: 'Redis', env: 'REDIS_URL', pkg: 'redis-server', check: checkRedis, start: startRedis },
  { key: 'nats', name: 'NATS', env: 'NATS_URL', pkg: 'nats-server', check: checkNats, start: startNats, prepare: prepareNats },
];

async function ensureService(svc, url) {
  const u = new URL(url);
  const port = Number(u.port || { postgres: 5432, redis: 6379, nats: 4222 }[svc.key]);
  await svc.prepare?.(url);
  try {
    await svc.check(url);
    return 'up (already running)';
  } catch (err) {
    if (err.fatal) throw err;
  }
  // Something listens but does not answer yet (still starting, say): give it time rather than start another.
  if (await tcpOpen(u.hostname, port)) {
    await waitFor(() => svc.check(url));
    return 'up (was starting)';
  }
  if (!isLoopback(u.hostname)) {
    throw new Error(`${svc.name} is not reachable at ${redact(url)} (not a loopback address, so it is not started here)`);
  }
  if (svc.start(url) === 'missing') {
    throw new Error(
      `${svc.name} is not reachable at ${redact(url)} and no server binary was found: ` +
        `install it with "apt-get install -y ${svc.pkg}"`,
    );
  }
  try {
    await waitFor(() => svc.check(url));
  } catch (err) {
    throw new Error(`${svc.name} was started but does not answer at ${redact(url)} after ${WAIT_MS / 1000} s: ${err.message} (logs: ${path.join(DATA, svc.key)} or the system log folder)`);
  }
  return 'started';
}

async function ensureInfra({ log = console.log } = {}) {
  const failures = [];
  for (const svc of SERVICES) {
    const url = process.env[svc.env] || DEFAULTS[svc.env];
    try {
      log(`${svc.key}: ${await ensureService(svc, url)}`);
    } catch (err) {
      log(`${svc.key}: FAILED - ${err.message}`);
      failures.push(svc.key);
    }
  }
  if (failures.length) throw new Error(`infrastructure not ready: ${failures.join(', ')}`);
}

module.exports = { ensureInfra };

if (require.main === module) {
  ensureInfra().then(
    () => process.exit(0),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}

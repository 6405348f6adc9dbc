'use strict';
// GET /prod-api/auth/user/info through the whole platform (gateway: JWT + Redis session, NATS,
// auth service: one SQL query), against a bare Fastify process doing the same lookups
// (baseline-user-info.js). The target: full path >= 0.5 x bare req/s and p99 < 50 ms.

const os = require('node:os');
const path = require('node:path');
const { loadScenario, runSetup, measure } = require('../lib/scenario');
const { startCpuProbe } = require('./lib/cpu');
const { startPlatform } = require('./lib/platform');
const { start, stop, freePort, waitHealthy } = require('./lib/processes');

const WARMUP_SECONDS = 3;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

// Warm-up first (JIT, connection pools), then the measured run with CPU time taken per process.
async function measureTarget(ctx, label, baseUrl, scenario, vars, cpuGroups) {
  ctx.log(`${label}: warm-up ${WARMUP_SECONDS} s`);
  await measure({ baseUrl, scenario, vars, durationSeconds: WARMUP_SECONDS });
  ctx.log(`${label}: ${scenario.connections} connections for ${scenario.durationSeconds} s`);
  const probe = startCpuProbe(cpuGroups);
  const summary = await measure({ baseUrl, scenario, vars });
  summary.cpu = probe.stop();
  ctx.log(`${label}: ${Math.round(summary.reqPerSec)} req/s, p50 ${summary.p50} ms, p99 ${summary.p99} ms`);
  return summary;
}

async function fetchData(url, token) {
  const res = await fetch(`${url}/prod-api/auth/user/info`, { headers: { authorization: `Bearer ${token}` } });
  return JSON.stringify((await res.json()).data);
}

// "gateway 0.92 cores (190 µs/req)": where the CPU goes, busiest first.
function cpuNote(label, s) {
  if (!s.cpu) return null;
  const parts = Object.entries(s.cpu.cores)
    .sort((a, b) => b[1] - a[1])
    .map(([name, cores]) => `${name} ${cores.toFixed(2)} (${Math.round((cores * s.cpu.seconds * 1e6) / Math.max(1, s.total))} µs/req)`);
  // Busy time no listed process accounts for: kernel (loopback network) and other processes.
  const cpus = os.availableParallelism();
  const other = s.cpu.machineBusy * cpus - Object.values(s.cpu.cores).reduce((a, b) => a + b, 0);
  return `CPU during ${label}, in cores used (machine ${Math.round(s.cpu.machineBusy * 100)}% busy of ${cpus} CPUs): ${parts.join(', ')}; other ${Math.max(0, other).toFixed(2)}.`;
}

const row = (target, s, ratio) => ({
  Target: target,
  'req/s': Math.round(s.reqPerSec),
  'p50 ms': s.p50,
  'p99 ms': s.p99,
  Errors: s.errors,
  'Non-2xx': s.non2xx,
  'vs bare': `${ratio.toFixed(2)}×`,
});

module.exports = {
  name: 'user-info',
  description:
    'GET /prod-api/auth/user/info, the call every page load makes. "Full path": gateway (JWT verify, Redis session) → NATS → ' +
    'auth service (one PostgreSQL query) → reply. "Bare handler": one plain Fastify process doing the same JWT verify, Redis GET ' +
    'and SQL query (pg pool of 10) with the same envelope: the floor the framework and transport overhead is measured against.',

  async run(ctx) {
    const scenario = loadScenario('user-info');
    const platform = await startPlatform(ctx, { database: 'cmp_bench' });
    const { auth, gateway, nats } = platform.children;
    const vars = await runSetup(scenario, platform.url);
    const fullData = await fetchData(platform.url, vars.token);
    const full = await measureTarget(ctx, 'full path', platform.url, scenario, vars, {
      gateway: [gateway.pid],
      auth: [auth.pid],
      nats: nats ? [nats.pid] : 'nats-server',
      'postgres (all)': 'postgres',
      'redis (all)': 'redis-server',
    });

    // The baseline gets the machine to itself; the session stays in Redis, so the token still works.
    await Promise.all([stop(gateway), stop(auth)]);
    const port = await freePort();
    const bareUrl = `http://127.0.0.1:${port}`;
    const bareChild = start('baseline', process.execPath, [path.join(__dirname, 'baseline-user-info.js')], {
      ...platform.env,
      PORT: String(port),
    });
    await waitHealthy(`${bareUrl}/prod-api/health`, [bareChild]);
    if ((await fetchData(bareUrl, vars.token)) !== fullData) {
      ctx.note(`WARNING: the bare handler's data differs from the full path's, so the comparison is off: ${fullData}`);
    }
    const bare = await measureTarget(ctx, 'bare handler', bareUrl, scenario, vars, {
      'bare handler': [bareChild.pid],
      'postgres (all)': 'postgres',
      'redis (all)': 'redis-server',
    });

    const ratio = full.reqPerSec / bare.reqPerSec;
    const met = (ok) => (ok ? 'met' : 'NOT met');
    ctx.note(
      `Target: full path ≥ ${TARGET_RATIO} × bare throughput: ${ratio.toFixed(2)}× (${met(ratio >= TARGET_RATIO)}); ` +
        `full-path p99 < ${TARGET_P99_MS} ms: ${full.p99} ms (${met(full.p99 < TARGET_P99_MS)}).`,
    );
    ctx.note(
      `Load: autocannon in the runner process, ${scenario.connections} connections, ${scenario.durationSeconds} s after a ` +
        `${WARMUP_SECONDS} s warm-up, one token (admin1); database cmp_bench, a private nats-server, LOG_LEVEL=warn.`,
    );
    ctx.note(cpuNote('the full path', full));
    ctx.note(cpuNote('the bare handler', bare));
    return [row('Full path (gateway → NATS → auth)', full, ratio), row('Bare handler (one Fastify process)', bare, 1)];
  },
};

'use strict';
// GET /prod-api/auth/user/info through the whole platform (gateway: JWT + Redis session, NATS,
// auth service: one SQL query), against a bare Fastify process doing the same lookups
// (baseline-user-info.js). The target: full path >= 0.5 x bare req/s and p99 < 50 ms.

const path = require('node:path');
const { loadScenario, runSetup } = require('../lib/scenario');
const { WARMUP_SECONDS, cpuNote, measureTarget, met, row } = require('./lib/compare');
const { startPlatform } = require('./lib/platform');
const { start, stop, freePort, waitHealthy } = require('./lib/processes');

const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

async function fetchData(url, token) {
  const res = await fetch(`${url}/prod-api/auth/user/info`, { headers: { authorization: `Bearer ${token}` } });
  return JSON.stringify((await res.json()).data);
}

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

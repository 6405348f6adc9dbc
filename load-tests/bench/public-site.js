'use strict';
// The public site's reads (homepage data, news included, and a competition's detail) at 200 connections through the
// whole platform (gateway with its public cache → NATS → competitions service → PostgreSQL), against
// a bare Fastify process running the same queries on PostgreSQL for every request
// (baseline-public-site.js). The target: p99 < 50 ms through the gateway.

const path = require('node:path');
const { loadScenario, runSetup } = require('../lib/scenario');
const { WARMUP_SECONDS, cpuNote, measureTarget, met, row } = require('./lib/compare');
const { startPlatform } = require('./lib/platform');
const { start, stop, freePort, waitHealthy } = require('./lib/processes');

const TARGET_P99_MS = 50;

/** Every request's data by request name, so the two targets are known to answer the same. */
async function fetchAll(url, scenario, vars) {
  const out = {};
  for (const r of scenario.requests) {
    const p = r.path.replace(/\{\{(\w+)\}\}/g, (_, k) => vars[k]);
    out[r.name] = JSON.stringify((await (await fetch(`${url}${scenario.basePath}${p}`)).json()).data);
  }
  return out;
}

module.exports = {
  name: 'public-site',
  description:
    "A visitor's reads on an organisation's public site: website settings, the latest round, the first page of competitions, " +
    'the latest news, the competition guides and a competition detail, in turn, at 200 connections without login. "Full path": gateway (answers kept in its memory until an ' +
    'organiser changes something, then dropped on a NATS broadcast) → NATS → competitions service → PostgreSQL. "Bare handler": ' +
    "one plain Fastify process running the competitions service's own queries on PostgreSQL for every request.",

  async run(ctx) {
    const scenario = loadScenario('public-site');
    const platform = await startPlatform(ctx, { database: 'cmp_bench' });
    const { auth, competitions, gateway, nats } = platform.children;
    const vars = await runSetup(scenario, platform.url);
    const fullData = await fetchAll(platform.url, scenario, vars);
    const full = await measureTarget(ctx, 'full path', platform.url, scenario, vars, {
      gateway: [gateway.pid],
      competitions: [competitions.pid],
      nats: nats ? [nats.pid] : 'nats-server',
      'postgres (all)': 'postgres',
    });

    await Promise.all([stop(gateway), stop(competitions), stop(auth)]);
    const port = await freePort();
    const bareUrl = `http://127.0.0.1:${port}`;
    const bareChild = start('baseline', process.execPath, [path.join(__dirname, 'baseline-public-site.js')], { ...platform.env, PORT: String(port) });
    await waitHealthy(`${bareUrl}/prod-api/health`, [bareChild]);
    const bareData = await fetchAll(bareUrl, scenario, vars);
    const differing = Object.keys(fullData).filter((name) => bareData[name] !== fullData[name]);
    if (differing.length) ctx.note(`WARNING: the bare handler answers ${differing.join(', ')} differently, so the comparison is off.`);
    const bare = await measureTarget(ctx, 'bare handler', bareUrl, scenario, vars, {
      'bare handler': [bareChild.pid],
      'postgres (all)': 'postgres',
    });

    const ratio = full.reqPerSec / bare.reqPerSec;
    ctx.note(`Target: full-path p99 < ${TARGET_P99_MS} ms at ${scenario.connections} connections: ${full.p99} ms (${met(full.p99 < TARGET_P99_MS)}).`);
    ctx.note(
      `Load: autocannon in the runner process, ${scenario.connections} connections, ${scenario.durationSeconds} s after a ` +
        `${WARMUP_SECONDS} s warm-up, the six requests in turn on each connection; the platform's own site (the host ` +
        `127.0.0.1) and its latest round; database cmp_bench, a private nats-server, LOG_LEVEL=warn.`,
    );
    ctx.note(cpuNote('the full path', full));
    ctx.note(cpuNote('the bare handler', bare));
    return [row('Full path (gateway cache → NATS → competitions)', full, ratio), row('Bare handler (queries on PostgreSQL each time)', bare, 1)];
  },
};

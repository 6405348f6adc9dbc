#!/usr/bin/env node
// Runs one scenario against a platform that is already running:
//   node load-tests/run.js <scenario> [--url http://127.0.0.1:8080] [--connections N] [--duration S]
// Like k6, it exits with 1 when a scenario threshold is crossed.
// A scenario with "flows" (contest-day) starts a platform of its own instead (lib/contest-day.js):
//   node load-tests/run.js contest-day [--faults] [--duration S] [--replicas N]
'use strict';

const { loadScenario, runSetup, measure, checkThresholds } = require('./lib/scenario');

function parseArgs(argv) {
  const args = { url: process.env.BASE_URL || 'http://127.0.0.1:8080' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--url') args.url = argv[++i];
    else if (a === '--connections') args.connections = Number(argv[++i]);
    else if (a === '--duration') args.durationSeconds = Number(argv[++i]);
    else if (a === '--faults') args.faults = true;
    else if (a === '--replicas') args.replicas = Number(argv[++i]);
    else if (!a.startsWith('--') && !args.scenario) args.scenario = a;
    else throw new Error(`Unknown argument ${a}`);
  }
  if (!args.scenario) throw new Error('Usage: node load-tests/run.js <scenario> [--url URL] [--connections N] [--duration S]');
  args.url = args.url.replace(/\/+$/, '');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const scenario = loadScenario(args.scenario);
  if (scenario.flows) {
    const { run } = require('./lib/contest-day');
    const r = await run({ scenario, faults: Boolean(args.faults), durationSeconds: args.durationSeconds, replicas: args.replicas || (args.faults ? 2 : 1) });
    if (r.checks.some((c) => c.Result !== 'ok')) process.exitCode = 1;
    return;
  }
  const connections = args.connections || scenario.connections;
  const durationSeconds = args.durationSeconds || scenario.durationSeconds;
  console.log(`${scenario.name}: ${connections} connections for ${durationSeconds} s against ${args.url}${scenario.basePath}`);

  const vars = await runSetup(scenario, args.url);
  const summary = await measure({ baseUrl: args.url, scenario, vars, connections, durationSeconds });

  console.log(`  req/s    ${summary.reqPerSec.toFixed(1)}`);
  console.log(`  p50      ${summary.p50} ms`);
  console.log(`  p99      ${summary.p99} ms`);
  console.log(`  errors   ${summary.errors}`);
  const other = Object.entries(summary.statuses).filter(([code]) => !code.startsWith('2'));
  console.log(`  non-2xx  ${summary.non2xx}${other.length ? ` (${other.map(([c, n]) => `HTTP ${c}: ${n}`).join(', ')})` : ''}`);
  if (summary.statuses['429']) console.log('  429 is the gateway\'s per-address limit: start it with RATE_LIMIT_PER_MINUTE raised');
  console.log(`  total    ${summary.total} requests`);
  for (const t of checkThresholds(summary, scenario.thresholds)) {
    console.log(`  threshold ${t.name}: ${t.ok ? 'ok' : 'CROSSED'} (${t.detail})`);
    if (!t.ok) process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
});

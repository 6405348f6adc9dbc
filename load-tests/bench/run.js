#!/usr/bin/env node
// `npm run bench [-- name...]`: runs the named benches (all when none is named) and writes each
// one's figures into its own section of docs/performance.md.
//
// A bench is any .js file in this folder other than run.js and baseline-*.js, exporting
// { name, description, run(ctx) }; run() returns table rows (objects with the same keys).
// ctx: root, env (with JWT_SECRET), log(text), note(text) for a line under the table.
// Children started through lib/processes.js are stopped after each bench, on error and on Ctrl-C.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { stopAll } = require('./lib/processes');
const { machineInfo, renderTable, renderSection, updateDoc } = require('./lib/report');

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'performance.md');

function loadBenches() {
  const benches = new Map();
  for (const file of fs.readdirSync(__dirname).sort()) {
    if (!file.endsWith('.js') || file === 'run.js' || file.startsWith('baseline-')) continue;
    const bench = require(path.join(__dirname, file));
    if (!bench.name || typeof bench.run !== 'function') throw new Error(`${file} is not a bench: export { name, description, run }`);
    benches.set(bench.name, bench);
  }
  return benches;
}

/** process.env over the repo's .env (the services read it the same way); creates .env or adds missing secrets. */
function benchEnv() {
  const file = path.join(ROOT, '.env');
  spawnSync(process.execPath, [path.join(ROOT, 'infra', 'ensure-env.js')], { stdio: 'inherit' });
  const fromFile = {};
  for (const line of fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) fromFile[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  const env = { ...fromFile, ...process.env };
  if (!env.JWT_SECRET) throw new Error('JWT_SECRET is not set and not in .env; run: node infra/ensure-env.js');
  return env;
}

async function main() {
  const benches = loadBenches();
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !benches.has(n));
  if (unknown.length) throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${[...benches.keys()].join(', ')}`);
  const env = benchEnv();

  for (const name of names.length ? names : [...benches.keys()]) {
    const bench = benches.get(name);
    const notes = [];
    const ctx = {
      root: ROOT,
      env,
      log: (text) => console.log(`[${name}] ${text}`),
      note: (text) => text && notes.push(text),
    };
    console.log(`[${name}] ${bench.description}`);
    const startedAt = new Date();
    let rows;
    try {
      rows = await bench.run(ctx);
    } finally {
      await stopAll();
    }
    console.log(`\n${renderTable(rows)}\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
    updateDoc(DOC, name, renderSection(bench, rows, notes, machineInfo(ROOT, startedAt)));
    console.log(`[${name}] figures written to ${path.relative(ROOT, DOC)}`);
  }
}

// Ctrl-C or a SIGTERM (a CI job's timeout, kill): stop the children before leaving, so nothing keeps running on its own.
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping child processes`);
    stopAll().finally(() => process.exit(code));
  });
}

main().catch(async (e) => {
  console.error(e instanceof Error ? e.message : e);
  await stopAll();
  process.exit(1);
});

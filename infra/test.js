#!/usr/bin/env node
// README's test command: build, lint, then every jest test (unit, then end-to-end against real
// PostgreSQL, Redis and NATS, started here when they are down).
'use strict';

const { execSync } = require('node:child_process');
const path = require('node:path');
const { ensureEnvFile } = require('./ensure-env');
const { ensureSystemPackages } = require('./system-packages');
const { ensureInfra } = require('./up');

const root = path.resolve(__dirname, '..');
const sh = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

(async () => {
  ensureEnvFile();
  ensureSystemPackages(['servers', 'run', 'test']);
  await ensureInfra();
  sh('npx turbo run build --output-logs=errors-only');
  // The cache (under node_modules, where tools leave it alone) makes a second run lint only what changed.
  sh('npx eslint --cache --cache-location node_modules/.cache/eslint/ .');
  // One file at a time: the end-to-end files share one running platform. `npm test -- --maxWorkers=2` runs them two at
  // a time (about 18 minutes instead of 25; jest.e2e-runner.js), not yet the default: a clean-clone run two at a time
  // still failed once in a way not yet understood (docs/decisions.md, "The suite two at a time").
  const args = process.argv.slice(2);
  const chosen = args.some((a) => a === '--runInBand' || a === '-i' || a.startsWith('--maxWorkers') || a.startsWith('-w'));
  sh(`npx jest ${chosen ? '' : '--runInBand '}${args.join(' ')}`);
})().catch((e) => {
  if (e.status === undefined) console.error(e.message ?? e);
  process.exit(e.status || 1);
});

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
  // Two files at a time (jest.e2e-runner.js; about 18 minutes instead of 25 one at a time: a file mostly waits on the
  // platform and Chromium). `npm test -- --runInBand` runs them one at a time.
  const args = process.argv.slice(2);
  const chosen = args.some((a) => a === '--runInBand' || a === '-i' || a.startsWith('--maxWorkers') || a.startsWith('-w'));
  sh(`npx jest ${chosen ? '' : '--maxWorkers=2 '}${args.join(' ')}`);
})().catch((e) => {
  if (e.status === undefined) console.error(e.message ?? e);
  process.exit(e.status || 1);
});

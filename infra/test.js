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
  sh('npx eslint .');
  // In band: the end-to-end tests share one running platform and one of them restarts a service.
  sh(`npx jest --runInBand ${process.argv.slice(2).join(' ')}`);
})().catch((e) => {
  if (e.status === undefined) console.error(e.message ?? e);
  process.exit(e.status || 1);
});

#!/usr/bin/env node
// Drops every service's schema, migrates it from scratch and loads the demo data.
'use strict';

const path = require('node:path');
const { ensureEnvFile } = require('./ensure-env');
const { ensureInfra } = require('./up');

const root = path.resolve(__dirname, '..');
// Each service owns its schema; add a service here when it gets one.
// Order matters: a later service's seed refers to what an earlier one created (ids by code).
const SERVICES = ['auth', 'competitions', 'enrollment', 'certificates', 'review', 'payment', 'statistics'];

async function resetAll(databaseUrl) {
  let demo = {};
  for (const svc of SERVICES) {
    // Every service's seed/reset.ts exports resetDatabase(url, demo), answering what later seeds need.
    const { resetDatabase } = require(path.join(root, 'services', svc, 'dist', 'seed', 'reset.js'));
    demo = { ...demo, ...(await resetDatabase(databaseUrl, demo)) };
    console.log(`${svc}: schema reset and seeded`);
  }
}

module.exports = { resetAll };

if (require.main === module) {
  (async () => {
    ensureEnvFile();
    await ensureInfra();
    await resetAll(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp');
  })().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}

#!/usr/bin/env node
// Creates student accounts for the registration-rush scenario on a running platform's database:
//   node load-tests/accounts.js [--count 5000] [--prefix rush]     (DATABASE_URL as for the services)
// They log in with the demo password (Demo@2026). Demo data only: never on a production database.
'use strict';

const { createAccounts } = require('./lib/accounts');

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
  const count = Number(opt('count', 5000));
  const prefix = opt('prefix', 'rush');
  const made = await createAccounts({ databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cmp', prefix, count });
  console.log(`${made.length} accounts ${prefix}0 … ${prefix}${count - 1} created (existing names were kept)`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

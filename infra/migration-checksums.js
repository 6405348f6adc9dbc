#!/usr/bin/env node
// Migrations already applied somewhere are never edited: a change is a new migration. This keeps a
// checksum of every merged migration in infra/migrations.sha256, and a unit test compares them.
//   node infra/migration-checksums.js   records migrations not yet listed (never rewrites a listed one)
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LIST = path.join(__dirname, 'migrations.sha256');

/** Every migration file of every service, as repo-relative paths in a stable order. */
function migrationFiles() {
  const services = path.join(ROOT, 'services');
  return fs
    .readdirSync(services)
    .flatMap((svc) => {
      const dir = path.join(services, svc, 'src', 'migrations');
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => `services/${svc}/src/migrations/${f}`) : [];
    })
    .sort();
}

const checksumOf = (file) => crypto.createHash('sha256').update(fs.readFileSync(path.join(ROOT, file))).digest('hex');

/** The recorded list: repo-relative path → sha256. */
function recorded() {
  if (!fs.existsSync(LIST)) return new Map();
  return new Map(
    fs
      .readFileSync(LIST, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => {
        const [sum, file] = l.trim().split(/\s+/);
        return [file, sum];
      }),
  );
}

/** Adds unlisted migrations to the list; answers the files it added. */
function recordNew() {
  const known = recorded();
  const added = migrationFiles().filter((f) => !known.has(f));
  if (!fs.existsSync(LIST)) fs.writeFileSync(LIST, '# sha256 of every merged migration; see infra/migration-checksums.js\n');
  for (const f of added) fs.appendFileSync(LIST, `${checksumOf(f)}  ${f}\n`);
  return added;
}

module.exports = { migrationFiles, checksumOf, recorded, recordNew, ROOT };

if (require.main === module) {
  const added = recordNew();
  console.log(added.length ? `recorded:\n  ${added.join('\n  ')}` : 'every migration is already recorded');
}

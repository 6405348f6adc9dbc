#!/usr/bin/env node
// Migrations already applied somewhere are never edited: a change is a new migration. infra/migrations.sha256 lists
// the checksum of every merged migration, and the unit test compares each file with the checksum it had when it was
// first recorded on main (read from git history), so re-recording an edited migration by hand does not hide it.
//   node infra/migration-checksums.js   records migrations not yet listed (never rewrites a listed one)
'use strict';

const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LIST = path.join(__dirname, 'migrations.sha256');
const LIST_PATH = 'infra/migrations.sha256';

/**
 * Landed migrations whose text changed without changing what they run. Each entry is a reviewed exception, never a
 * way to change a migration's SQL: that is a new migration.
 */
const AMENDED = [
  {
    file: 'services/enrollment/src/migrations/1767000000000-FeeRefunds.ts',
    from: '8909b5b85b430678662543aab44de2b26e70efe7efe02bc6dee01f72ae93be09',
    to: '7d6310ecf256cb915e8dc7aa72ba59dc5cf6164d839610504de3360d74eaf0d4',
    why: "inlines the outbox table it created from @cmp/common's OUTBOX_TABLE (unchanged since it was written)",
  },
  {
    file: 'services/payment/src/migrations/1767000000000-Payment.ts',
    from: '72fd457b4104684745a2b01cb6b5ff0ba0e51588b711b475e084128c3914ce61',
    to: '056c1706a24d2b9ccf12723dc6f83cff59c76bd2fb17470d6fa11963b55249c6',
    why: "inlines the outbox table it created from @cmp/common's OUTBOX_TABLE (unchanged since it was written)",
  },
  {
    file: 'services/review/src/migrations/1766500000000-Promotions.ts',
    from: '3ed9808b0cc7fde4b0a37b50f31daadbdd97e1286b411dca87e79bef2f3d1695',
    to: 'dd17c2b0bc37490819109c5136e03503893054590beae1dbba0947b39c7f9409',
    why: "inlines the outbox table it created from @cmp/common's OUTBOX_TABLE (unchanged since it was written)",
  },
];

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

/** `<sum>  <file>` lines of a list's text as file → sum. */
function parseList(text) {
  return new Map(
    text
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => {
        const [sum, file] = l.trim().split(/\s+/);
        return [file, sum];
      }),
  );
}

/** The recorded list in the work tree: repo-relative path → sha256. */
function recorded() {
  return fs.existsSync(LIST) ? parseList(fs.readFileSync(LIST, 'utf8')) : new Map();
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });

/**
 * Each migration's checksum as first recorded on the current branch's first-parent history (main's own commits and
 * merges): path → sha256. Needs the repository's whole history, not a shallow clone.
 */
function firstRecorded() {
  if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
    throw new Error('the migration checks read git history: clone the repository without --depth');
  }
  const first = new Map();
  const log = git('log', '--first-parent', '--diff-merges=first-parent', '--reverse', '--format=', '-p', '--unified=0', '--', LIST_PATH);
  for (const line of log.split('\n')) {
    const m = /^\+([0-9a-f]{64})\s+(\S+)$/.exec(line);
    if (m && !first.has(m[2])) first.set(m[2], m[1]);
  }
  return first;
}

/** Listed migrations whose file differs from what was first recorded on main, less the reviewed amendments. */
function editedSinceLanded() {
  const first = firstRecorded();
  return [...recorded().keys()].filter((file) => {
    const landed = first.get(file);
    if (!landed || !fs.existsSync(path.join(ROOT, file))) return false;
    const now = checksumOf(file);
    return now !== landed && !AMENDED.some((a) => a.file === file && a.from === landed && a.to === now);
  });
}

/** Adds unlisted migrations to the list; answers the files it added. */
function recordNew() {
  const known = recorded();
  const added = migrationFiles().filter((f) => !known.has(f));
  if (!fs.existsSync(LIST)) fs.writeFileSync(LIST, '# sha256 of every merged migration; see infra/migration-checksums.js\n');
  for (const f of added) fs.appendFileSync(LIST, `${checksumOf(f)}  ${f}\n`);
  return added;
}

module.exports = { migrationFiles, checksumOf, recorded, firstRecorded, editedSinceLanded, recordNew, AMENDED, ROOT };

if (require.main === module) {
  const added = recordNew();
  console.log(added.length ? `recorded:\n  ${added.join('\n  ')}` : 'every migration is already recorded');
}

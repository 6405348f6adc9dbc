#!/usr/bin/env node
// An upgrade from an earlier commit of main, as an installation of that commit would live it: the database that
// commit's own `npm run db:reset` made (its migrations and its demo data, from its sources in git), then today's
// migrations; its schema compared with a database migrated fresh today.
//   node infra/upgrade.js <commit> [<commit> ...]   prints the differences per commit; exits 1 when there are any
// Needs the services built (`npm run build`) and PostgreSQL (DATABASE_URL's server).
'use strict';

const { execFileSync, execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '..');
// Under node_modules: tools leave it alone, and the old code finds today's packages from there.
const WORK = path.join(ROOT, 'node_modules', '.cache', 'cmp-upgrade');
/** Each service's schema, in db-reset's order (a later seed refers to what an earlier one made). */
const SERVICES = ['auth', 'competitions', 'enrollment', 'certificates', 'review', 'payment', 'statistics'];

/** Where `commit`'s services and infra are, compiled (swc, as jest does) so that its own db-reset.js runs them. */
function sourcesAt(commit) {
  const dir = path.join(WORK, commit);
  if (fs.existsSync(path.join(dir, '.ready'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} services infra | tar -x -C "${dir}"`], { cwd: ROOT });
  const swc = require('@swc/core');
  const options = {
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  };
  for (const svc of fs.readdirSync(path.join(dir, 'services'))) {
    const src = path.join(dir, 'services', svc, 'src');
    if (!fs.existsSync(src)) continue;
    for (const file of fs.readdirSync(src, { recursive: true })) {
      const from = path.join(src, file);
      const to = path.join(dir, 'services', svc, 'dist', file);
      if (fs.statSync(from).isDirectory() || /\.spec\.ts$/.test(file)) continue;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      if (file.endsWith('.ts')) fs.writeFileSync(to.replace(/\.ts$/, '.js'), swc.transformSync(fs.readFileSync(from, 'utf8'), { ...options, filename: from }).code);
      else fs.copyFileSync(from, to);
    }
  }
  // The commit's own shared packages, ahead of today's in module resolution; third-party packages are today's,
  // a service's own ones (services/<svc>/node_modules) included.
  fs.mkdirSync(path.join(dir, 'node_modules', '@cmp'), { recursive: true });
  for (const pkg of ['common', 'contracts']) fs.symlinkSync(path.join(dir, 'services', pkg), path.join(dir, 'node_modules', '@cmp', pkg));
  for (const svc of fs.readdirSync(path.join(dir, 'services'))) {
    const own = path.join(ROOT, 'services', svc, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(dir, 'services', svc, 'node_modules'));
  }
  fs.writeFileSync(path.join(dir, '.ready'), '');
  return dir;
}

/** A database URL on DATABASE_URL's server with another database name. */
function databaseNamed(name) {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp');
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(sql) {
  const client = new Client({ connectionString: databaseNamed('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dropDatabase = (name) => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

/** Runs db-reset.js's resetAll from `root` in a process of its own (the old code must not meet today's modules). */
async function resetWith(root, url) {
  const script = `require(${JSON.stringify(path.join(root, 'infra', 'db-reset.js'))}).resetAll(${JSON.stringify(url)}).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); })`;
  await promisify(execFile)(process.execPath, ['-e', script], { cwd: root, env: { ...process.env, DATABASE_URL: url }, maxBuffer: 16 << 20 });
}

/** Today's migrations on a database some earlier commit made. */
async function migrateToday(url) {
  const script = `
    const { migrate } = require(${JSON.stringify(path.join(ROOT, 'services', 'common'))});
    (async () => {
      for (const svc of ${JSON.stringify(SERVICES)}) {
        const exported = require(${JSON.stringify(ROOT)} + '/services/' + svc + '/dist/data-source.js');
        const factory = Object.values(exported).find((v) => typeof v === 'function');
        const ds = factory({ databaseUrl: ${JSON.stringify(url)}, dbPoolSize: 2 });
        try { await migrate(ds, ds.options.schema); } finally { if (ds.isInitialized) await ds.destroy(); }
      }
    })().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT, maxBuffer: 16 << 20 });
}

/**
 * What a schema is made of, as comparable text lines: tables, columns (type, null, default), indexes, constraints,
 * functions, triggers, per schema; and the built-in roles' permissions and menus, which migrations keep for
 * databases that existed before them.
 */
async function shapeOf(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const lines = async (sql) => (await client.query(sql)).rows.map((r) => r.line);
  const ours = `n.nspname = ANY('{${SERVICES.join(',')}}')`;
  try {
    return [
      ...(await lines(`SELECT 'table ' || n.nspname || '.' || c.relname || ' (' || c.relkind::text || ')' AS line
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${ours} AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`)),
      ...(await lines(`SELECT 'column ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') AS line
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE ${ours} AND c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped`)),
      ...(await lines(`SELECT 'index ' || n.nspname || '.' || i.indexname || ': ' || i.indexdef AS line
        FROM pg_indexes i JOIN pg_namespace n ON n.nspname = i.schemaname WHERE ${ours}`)),
      ...(await lines(`SELECT 'constraint ' || n.nspname || '.' || c.relname || '.' || k.conname || ': ' || pg_get_constraintdef(k.oid) AS line
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${ours}`)),
      ...(await lines(`SELECT 'function ' || n.nspname || '.' || p.proname || ': ' || pg_get_functiondef(p.oid) AS line
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${ours}`)),
      ...(await lines(`SELECT 'trigger ' || n.nspname || '.' || c.relname || '.' || t.tgname || ': ' || pg_get_triggerdef(t.oid) AS line
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${ours} AND NOT t.tgisinternal`)),
      ...(await lines(`SELECT 'built-in role ' || r.key || ' permission ' || p AS line FROM auth.roles r, unnest(r.permissions) p WHERE r.builtin`)),
      ...(await lines(`SELECT 'built-in role ' || r.key || ' menu ' || coalesce(m.component, m.path) AS line
        FROM auth.roles r JOIN auth.role_menus rm ON rm.role_id = r.id JOIN auth.menus m ON m.id = rm.menu_id WHERE r.builtin`)),
    ].sort();
  } finally {
    await client.end();
  }
}

/** Lines of one shape missing from the other, each prefixed with where it is found. */
function differences(upgraded, fresh) {
  const u = new Set(upgraded);
  const f = new Set(fresh);
  return [...fresh.filter((l) => !u.has(l)).map((l) => `only fresh: ${l}`), ...upgraded.filter((l) => !f.has(l)).map((l) => `only upgraded: ${l}`)];
}

/**
 * Upgrades a database made at each commit and compares it with a fresh one: commit → differences. `keep` leaves the
 * databases (cmp_upgrade_<first 12 of the commit>, cmp_upgrade_fresh) for a look; otherwise they are dropped.
 */
async function checkUpgrades(commits, { keep = false } = {}) {
  const fresh = 'cmp_upgrade_fresh';
  const nameOf = (commit) => `cmp_upgrade_${commit.slice(0, 12)}`;
  const made = [fresh, ...commits.map(nameOf)];
  await Promise.all(made.map(dropDatabase));
  // The databases are made side by side: most of the time goes to waiting on PostgreSQL and hashing demo passwords.
  const [freshShape, ...upgraded] = await Promise.all([
    resetWith(ROOT, databaseNamed(fresh)).then(() => shapeOf(databaseNamed(fresh))),
    ...commits.map(async (commit) => {
      await resetWith(sourcesAt(commit), databaseNamed(nameOf(commit)));
      await migrateToday(databaseNamed(nameOf(commit)));
      return shapeOf(databaseNamed(nameOf(commit)));
    }),
  ]);
  if (!keep) await Promise.all(made.map(dropDatabase));
  return Object.fromEntries(commits.map((commit, i) => [commit, differences(upgraded[i], freshShape)]));
}

/** The commits releases upgrade from (docs/decisions.md, "Upgrades"): infra/upgrade-from.json. */
const upgradeFrom = () => JSON.parse(fs.readFileSync(path.join(__dirname, 'upgrade-from.json'), 'utf8'));

module.exports = { checkUpgrades, shapeOf, differences, databaseNamed, dropDatabase, upgradeFrom };

if (require.main === module) {
  const commits = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  checkUpgrades(commits.length ? commits : upgradeFrom().map((c) => c.commit), { keep: process.argv.includes('--keep') })
    .then((found) => {
      for (const [commit, diffs] of Object.entries(found)) console.log(`${commit}: ${diffs.length ? `\n  ${diffs.join('\n  ')}` : 'same schema as a fresh database'}`);
      process.exit(Object.values(found).some((d) => d.length) ? 1 : 0);
    })
    .catch((e) => {
      console.error(e.message ?? e);
      process.exit(2);
    });
}

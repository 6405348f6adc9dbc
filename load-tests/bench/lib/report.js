'use strict';
// docs/performance.md: a header written once, then one section per bench between markers, so
// re-running one bench replaces its own figures and leaves the others' alone.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const HEADER = `# Performance

The figures below are written by \`npm run bench\` (\`node load-tests/bench/run.js [name...]\`, all
benches when none is named). Each bench owns the section between its
\`<!-- bench:<name>:start -->\` and \`<!-- bench:<name>:end -->\` markers; re-running a bench replaces
only that section, so every section states the machine, Node version, date and commit it was
measured with. Do not edit inside the markers by hand.

How the figures are made:

- The bench starts what it measures as child processes from the built services
  (\`services/*/dist\`; build with \`npx turbo run build --filter=./services/*\`): a private
  \`nats-server\`, the auth service and the gateway, against a dedicated database \`cmp_bench\` that is
  reset and seeded first. PostgreSQL and Redis are the machine's own (\`DATABASE_URL\`, \`REDIS_URL\`).
  Services run with \`LOG_LEVEL=warn\` and the per-address limits raised out of the way.
- Load comes from autocannon inside the runner process: a closed loop in which each connection
  sends its next request as soon as the previous reply is in, after a warm-up that is not counted.
  Scenarios are the files in \`load-tests/scenarios/\`.
- req/s is the mean of the per-second counts; p50 and p99 are latency percentiles in ms (1 ms
  resolution). Errors counts connection errors, time-outs and 2xx replies whose status or envelope
  code is not the one the scenario expects; Non-2xx counts HTTP statuses outside 200-299.
- The load generator shares the machine with what it measures, and PostgreSQL and Redis may
  serve others meanwhile: compare figures within a section, not across machines. The CPU lines
  give each process's average cores in use during the measured run (from /proc) and its CPU time
  per request.

To load a platform that is already running: \`node load-tests/run.js <scenario> --url http://127.0.0.1:8080\`,
or with k6: \`k6 run -e SCENARIO=<scenario> -e BASE_URL=http://127.0.0.1:8080 load-tests/k6/run-scenario.js\`.
All load comes from one address, so start that gateway with \`RATE_LIMIT_PER_MINUTE\` raised (the
default 6000 per minute answers 429 after the first 6000 requests) and, for scenarios that log in
repeatedly, the auth service with \`LOGIN_IP_LIMIT_PER_MINUTE\` raised.
`;

function git(root, args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** One line saying where and when the figures were measured. */
function machineInfo(root, date) {
  const commit = git(root, ['rev-parse', '--short', 'HEAD']);
  const dirty = git(root, ['status', '--porcelain']);
  const cpu = os.cpus()[0];
  return [
    `Measured ${date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `${os.availableParallelism()} CPUs${cpu ? ` (${cpu.model.trim()})` : ''}`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    commit ? `commit ${commit}${dirty ? ' with uncommitted changes' : ''}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** A Markdown table, padded so it reads in a terminal too. */
function renderTable(rows) {
  if (!rows || !rows.length) return '(no rows)';
  const cols = Object.keys(rows[0]);
  const cells = [cols, ...rows.map((r) => cols.map((c) => String(r[c] ?? '')))];
  const widths = cols.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  const line = (values) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

const markers = (name) => [`<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`];

function renderSection(bench, rows, notes, measured) {
  const [start, end] = markers(bench.name);
  const lines = [start, `## ${bench.name}`, '', bench.description, '', `${measured}.`, '', renderTable(rows), ''];
  if (notes.length) lines.push(...notes.map((n) => `- ${n}`), '');
  lines.push(`Re-run: \`npm run bench -- ${bench.name}\``, end);
  return lines.join('\n');
}

/** Replaces the bench's section in place, or appends it; creates the file with the header. */
function updateDoc(file, name, section) {
  const [start, end] = markers(name);
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : HEADER;
  const i = text.indexOf(start);
  const j = text.indexOf(end, i);
  if (i >= 0 && j > i) text = text.slice(0, i) + section + text.slice(j + end.length);
  else text = `${text.trimEnd()}\n\n${section}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

module.exports = { machineInfo, renderTable, renderSection, updateDoc };

'use strict';
// sign-up-rush: 200 students signing up at once through the whole platform (gateway: JWT + Redis
// session, NATS, enrollment service: settings, one transaction with the unique membership and a
// place claimed in event_slots), against two baselines measured in the same run on the same tables:
// raw inserts of the same rows from node-postgres, and a bare Fastify handler doing the JWT and
// session checks and those inserts. The target: full path >= 1/4 of the bare handler's rate,
// p99 < 250 ms, zero errors, no lost or duplicated rows. Then the registration-rush scenario's whole
// flow (log in, open, sign up a team, create, upload and submit a work) for its own figures.

const os = require('node:os');
const path = require('node:path');
const { Pool } = require('pg');
const autocannon = require('autocannon');
const { loadScenario, runSetup, measure } = require('../lib/scenario');
const { createAccounts, openSessions } = require('../lib/accounts');
const { WARMUP_SECONDS, cpuNote, met, row } = require('./lib/compare');
const { startCpuProbe } = require('./lib/cpu');
const { startPlatform } = require('./lib/platform');
const { start, stop, freePort, waitHealthy } = require('./lib/processes');
const { INSERT_SIGNUP_SQL } = require('./lib/signup-rows');

const CONNECTIONS = 200;
const DURATION_SECONDS = 10;
const STUDENTS = 1000;
const EVENTS = 40;
const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 250;

async function call(url, path_, token, body) {
  const res = await fetch(`${url}/prod-api${path_}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${path_}: ${json.code} ${json.msg}`);
  return json.data;
}

/** A published competition of admin1's with EVENTS events of STUDENTS places each, sign-up open. */
async function makeCompetition(url) {
  const { token } = await call(url, '/auth/login/pwd', null, { username: 'admin1', password: 'Demo@2026' });
  const c = await call(url, '/competition/info/add', token, { name: '报名高峰基准赛', nameEn: 'Sign-up rush bench', year: 2026, summary: 'bench' });
  let detail;
  for (let i = 0; i < EVENTS; i++) {
    detail = await call(url, '/competition/item/save', token, { competitionId: c.id, name: `赛项${i + 1}`, quota: STUDENTS, feeFen: 0, orderNum: i });
  }
  await call(url, '/competition/enroll/setting/save', token, {
    competitionId: c.id, startAt: new Date(Date.now() - 86_400_000).toISOString(), endAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    mode: 1, teamMin: 1, teamMax: 1, teacherMax: 0, schoolQuota: null, requiredFields: ['realName'],
  });
  // Publishing needs a work-submission window too.
  await call(url, '/competition/workSub/setting/save', token, {
    competitionId: c.id, startAt: new Date(Date.now() - 86_400_000).toISOString(), endAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
    items: detail.items.map((i) => ({ itemId: i.id, fileTypes: ['pdf'], maxFileMb: 10, maxFiles: 1 })),
  });
  await call(url, '/competition/info/publish', token, { id: c.id });
  return { id: c.id, groupId: detail.groupId, name: detail.name, items: detail.items };
}

/**
 * Autocannon with every request another (student, event) pair: students run fastest, so consecutive
 * sign-ups go to the same event (the hot case the quota design is for). One run on the same connections:
 * WARMUP_SECONDS not counted (JIT, pools, caches, connections opened), then DURATION_SECONDS measured from
 * the replies that arrive in that window; `onMeasure` is called when it starts. Collects acknowledged ids
 * (warm-up included: every one must be a row).
 */
async function rush(url, pairs, onMeasure = () => undefined) {
  const acked = [];
  const latencies = [];
  let measuring = false;
  let errors = 0;
  let non2xx = 0;
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: WARMUP_SECONDS + DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/prod-api/web/enroll/signUp',
        setupRequest: (req) => {
          const p = pairs.next();
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
            body: JSON.stringify({ competitionId: p.competitionId, itemId: p.itemId, type: 1, profile: { realName: p.username } }),
          };
        },
        onResponse: (status, body) => {
          const m = /^\{"code":0,"msg":"[^"]*","data":\{"id":(\d+)/.exec(body);
          if (m) acked.push(Number(m[1]));
          else if (measuring && status >= 200 && status < 300) errors++;
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (!measuring) return;
    latencies.push(ms);
    if (status < 200 || status >= 300) non2xx++;
  });
  instance.on('reqError', () => measuring && errors++);
  let startedAt = 0;
  const timer = setTimeout(() => {
    measuring = true;
    startedAt = Date.now();
    onMeasure();
  }, WARMUP_SECONDS * 1000);
  await instance;
  clearTimeout(timer);
  const seconds = (Date.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (f) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? 0);
  return { reqPerSec: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, non2xx, total: latencies.length, acked };
}

/** The baseline without HTTP: CONNECTIONS concurrent loops inserting the rows with node-postgres. */
async function rawInserts(ctx, databaseUrl, c, userBase) {
  const pool = new Pool({ connectionString: databaseUrl, max: 20 });
  let next = userBase;
  const run = async (seconds) => {
    const latencies = [];
    let errors = 0;
    const end = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < end) {
        const userId = next++;
        const t = process.hrtime.bigint();
        try {
          await pool.query({ name: 'bench.raw', text: INSERT_SIGNUP_SQL, values: [c.id, c.items[0].id, c.groupId, c.name, c.items[0].name, userId, `raw${userId}`, '{"realName":"raw"}'] });
          latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, loop));
    latencies.sort((a, b) => a - b);
    const q = (f) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? 0);
    return { reqPerSec: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, non2xx: 0, total: latencies.length };
  };
  try {
    ctx.log(`raw inserts: warm-up ${WARMUP_SECONDS} s`);
    await run(WARMUP_SECONDS);
    ctx.log(`raw inserts: ${CONNECTIONS} concurrent inserts for ${DURATION_SECONDS} s`);
    const probe = startCpuProbe({ 'bench runner': [process.pid], 'postgres (all)': 'postgres' });
    const s = await run(DURATION_SECONDS);
    s.cpu = probe.stop();
    ctx.log(`raw inserts: ${Math.round(s.reqPerSec)} rows/s, p50 ${s.p50} ms, p99 ${s.p99} ms`);
    return s;
  } finally {
    await pool.end();
  }
}

module.exports = {
  // For the statistics bench's event lag under this rush.
  makeCompetition,
  rush,
  name: 'sign-up-rush',
  description:
    `${CONNECTIONS} concurrent students signing up (POST /prod-api/web/enroll/signUp), each request another student or event. ` +
    '"Full path": gateway (JWT, Redis session) → NATS → enrollment service (cached competition settings, one prepared statement: the sign-up ' +
    'row, the membership under the one-per-event unique index, a place of the event claimed with SKIP LOCKED, the saved details) → reply; ' +
    'the gateway also logs every sign-up to the operation log (AUDIT stream → auth service). "Raw inserts": the same ' +
    'two rows inserted by node-postgres (pool of 20) from the runner. "Bare handler": one Fastify process doing the JWT and session checks ' +
    'and those inserts. Both HTTP targets: one autocannon run per target, the first 3 s on the same connections not counted. ' +
    'Then the registration-rush flow (load-tests/scenarios/registration-rush.json) for its own figures.',

  async run(ctx) {
    // Others' work on a shared machine shows in every figure: say how busy it was.
    ctx.note(`Load average when the bench started: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on ${os.availableParallelism()} CPUs.`);
    const platform = await startPlatform(ctx, { database: 'cmp_bench' });
    const { gateway, enrollment, auth, competitions, nats } = platform.children;
    const dbUrl = platform.env.DATABASE_URL;
    const c = await makeCompetition(platform.url);
    ctx.log(`competition ${c.id} with ${c.items.length} events; ${STUDENTS} students`);
    const students = await openSessions({
      redisUrl: platform.env.REDIS_URL,
      redisPrefix: platform.env.REDIS_PREFIX,
      jwtSecret: platform.env.JWT_SECRET,
      accounts: await createAccounts({ databaseUrl: dbUrl, prefix: 'bench', count: STUDENTS }),
    });
    let i = 0;
    const pairs = {
      next() {
        const n = i++;
        const s = students[n % STUDENTS];
        return { ...s, competitionId: c.id, itemId: c.items[Math.floor(n / STUDENTS) % EVENTS].id };
      },
    };

    ctx.log(`full path: ${CONNECTIONS} connections, warm-up ${WARMUP_SECONDS} s, then ${DURATION_SECONDS} s measured`);
    let probe;
    const full = await rush(platform.url, pairs, () => {
      probe = startCpuProbe({
        gateway: [gateway.pid],
        enrollment: [enrollment.pid],
        'auth + competitions': [auth.pid, competitions.pid],
        nats: nats ? [nats.pid] : 'nats-server',
        'postgres (all)': 'postgres',
        'redis (all)': 'redis-server',
      });
    });
    full.cpu = probe.stop();
    ctx.log(`full path: ${Math.round(full.reqPerSec)} sign-ups/s, p50 ${full.p50} ms, p99 ${full.p99} ms, errors ${full.errors}`);
    if (i >= STUDENTS * EVENTS) ctx.note('WARNING: the run used up every (student, event) pair; later requests repeated sign-ups.');

    // Every acknowledged sign-up is a row; no person has two in one event.
    const pool = new Pool({ connectionString: dbUrl, max: 2 });
    const ackedIds = full.acked;
    const [{ rows: found }, { rows: dup }, { rows: counts }] = await Promise.all([
      pool.query(`SELECT count(*)::int AS n FROM enrollment.signups WHERE id = ANY($1::bigint[])`, [ackedIds]),
      pool.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM enrollment.signup_members WHERE active GROUP BY item_id, user_id HAVING count(*) > 1) d`),
      // Places and sign-ups in one snapshot: sign-ups still in flight when the load stopped may be committing.
      pool.query(
        `SELECT (SELECT count(*) FROM enrollment.event_slots s JOIN enrollment.signups g ON g.id = s.signup_id WHERE g.competition_id = $1)::int AS places,
                (SELECT count(*) FROM enrollment.signups WHERE competition_id = $1)::int AS n`,
        [c.id],
      ),
    ]);
    const { places, n: signups } = counts[0];
    await pool.end();
    const lost = ackedIds.length - found[0].n;
    ctx.note(
      `Rows: ${ackedIds.length} sign-ups acknowledged (warm-up and measured run), ${signups} rows (requests in flight when the load ` +
        `generator stopped may commit unanswered), ${lost} acknowledged but missing, ${dup[0].n} duplicated memberships, ` +
        `${places} places taken for ${signups} sign-ups.`,
    );

    await Promise.all([stop(gateway), stop(enrollment)]);
    const raw = await rawInserts(ctx, dbUrl, c, 20_000_000);

    const port = await freePort();
    const bareUrl = `http://127.0.0.1:${port}`;
    const bareChild = start('baseline', process.execPath, [path.join(__dirname, 'baseline-sign-up.js')], {
      ...platform.env,
      PORT: String(port),
      COMPETITION: JSON.stringify({ id: c.id, groupId: c.groupId, name: c.name, itemId: c.items[1].id, itemName: c.items[1].name }),
      USER_BASE: '30000000',
    });
    await waitHealthy(`${bareUrl}/prod-api/health`, [bareChild]);
    ctx.log(`bare handler: ${CONNECTIONS} connections, warm-up ${WARMUP_SECONDS} s, then ${DURATION_SECONDS} s measured`);
    let bareProbe;
    const bare = await rush(bareUrl, pairs, () => {
      bareProbe = startCpuProbe({ 'bare handler': [bareChild.pid], 'postgres (all)': 'postgres', 'redis (all)': 'redis-server' });
    });
    bare.cpu = bareProbe.stop();
    ctx.log(`bare handler: ${Math.round(bare.reqPerSec)} sign-ups/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`);
    await stop(bareChild);

    const ratio = full.reqPerSec / bare.reqPerSec;
    ctx.note(
      `Target: full path ≥ ${TARGET_RATIO} × bare handler: ${ratio.toFixed(2)}× (${met(ratio >= TARGET_RATIO)}); p99 < ${TARGET_P99_MS} ms: ` +
        `${full.p99} ms (${met(full.p99 < TARGET_P99_MS)}); zero errors: ${full.errors + full.non2xx} (${met(full.errors + full.non2xx === 0)}); ` +
        `none lost or duplicated: ${met(lost === 0 && dup[0].n === 0)}. Full path ${(full.reqPerSec / raw.reqPerSec).toFixed(2)}× the raw inserts.`,
    );
    ctx.note(cpuNote('the full path', full));
    ctx.note(cpuNote('the raw inserts', raw));
    ctx.note(cpuNote('the bare handler', bare));

    // The whole registration flow, on a restarted platform process set (gateway and enrollment again).
    const rows_ = [row('Full path (gateway → NATS → enrollment)', full, ratio), row('Raw inserts (node-postgres, pool 20)', raw, raw.reqPerSec / bare.reqPerSec), row('Bare handler (one Fastify process)', bare, 1)];
    const flow = await registrationFlow(ctx, platform, dbUrl);
    if (flow) rows_.push({ ...row('registration-rush flow (6 calls per student, 50 conn.)', flow, flow.reqPerSec / bare.reqPerSec), 'vs bare': '–' });
    return rows_;
  },
};

/** The registration-rush scenario (log in, open, sign up a team, work, upload, submit) as its own row. */
async function registrationFlow(ctx, platform, dbUrl) {
  const env = platform.env;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const enrollment = start('enrollment', process.execPath, [path.join(ctx.root, 'services/enrollment/dist/main.js')], env);
  const gateway = start('gateway', process.execPath, [path.join(ctx.root, 'services/gateway/dist/main.js')], { ...env, HOST: '127.0.0.1', PORT: String(port) });
  await waitHealthy(`${url}/prod-api/health`, [gateway, enrollment]);
  const scenario = loadScenario('registration-rush');
  await createAccounts({ databaseUrl: dbUrl, prefix: 'rush', count: 20000 });
  const vars = await runSetup(scenario, url);
  ctx.log(`registration-rush: ${scenario.connections} connections for ${scenario.durationSeconds} s`);
  const s = await measure({ baseUrl: url, scenario, vars });
  ctx.log(`registration-rush: ${Math.round(s.reqPerSec)} req/s (${s.iterations} students), p99 ${s.p99} ms, errors ${s.errors}`);
  ctx.note(
    `registration-rush flow: ${s.iterations} students went through (${(s.iterations / scenario.durationSeconds).toFixed(0)} per second, ` +
      `each 6 calls including a password login and a PDF upload); req/s counts calls. Errors ${s.errors}, non-2xx ${s.non2xx}.`,
  );
  return s;
}

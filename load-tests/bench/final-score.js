'use strict';
// Issue 16's final-score bench: 10,000 works, 5 experts each, 6 score columns (300,000 column scores, 50,000
// submitted sheets with their weighted totals), computed through the platform (gateway → review service → BullMQ
// → review worker → stored results) by trimmed mean and by per-expert calibration, against the same calculation
// as one SQL statement on PostgreSQL in the same run; the stored results are compared with the statement's.
// Target: equal results, within 2 × the SQL statement's time, under 10 seconds.
//
// BENCH_FINAL_WORKS (default 10000) sets the number of works.

const path = require('node:path');
const { Client } = require('pg');
const { SCORE_STATEMENT } = require('@cmp/review');
const { startPlatform } = require('./lib/platform');
const { start } = require('./lib/processes');

const ROOT = path.resolve(__dirname, '..', '..');
const WORKS = Number(process.env.BENCH_FINAL_WORKS || 10000);
const EXPERTS_PER_WORK = 5;
const EXPERTS = 200;
const COLUMNS = [10, 20, 20, 20, 15, 15].map((w, i) => ({ name: `项${i + 1}`, max: 10, step: 0.5, weight: w, rubric: '' }));
const PRIOR = 3;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(base, token, route, body) {
  const res = await fetch(`${base}/prod-api${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${route}: ${json.code} ${json.msg}`);
  return json.data;
}

/**
 * The round, its works, experts, assignments and submitted sheets, written straight into the review schema (a
 * bench fixture: 50,000 sheets through the scoring screens would measure the screens). Scores are seeded
 * pseudo-random: each work a quality, each expert an offset and a spread, rounded to the column's step.
 */
async function seed(db, groupId) {
  await db.query('BEGIN');
  const [{ id: roundId }] = (
    await db.query(
      `INSERT INTO review.rounds (group_id, competition_id, name, experts_per_work, score_columns, status) VALUES ($1, 1, 'bench', $2, $3, 'open') RETURNING id`,
      [groupId, EXPERTS_PER_WORK, JSON.stringify(COLUMNS)],
    )
  ).rows;
  await db.query(`INSERT INTO review.round_works (round_id, work_id, title) SELECT $1, g, '作品' || g FROM generate_series(1, $2) g`, [roundId, WORKS]);
  const experts = (
    await db.query(`INSERT INTO review.experts (group_id, name) SELECT $1, '专家' || g FROM generate_series(1, $2) g RETURNING id`, [groupId, EXPERTS])
  ).rows.map((r) => r.id);
  await db.query(`SELECT setseed(0.16)`);
  await db.query(
    `INSERT INTO review.assignments (round_id, work_id, expert_id) SELECT $1, w, ($2::int[])[1 + ((w * 7 + k * 41) % $3)] FROM generate_series(1, $4) w, generate_series(0, $5 - 1) k`,
    [roundId, experts, EXPERTS, WORKS, EXPERTS_PER_WORK],
  );
  // Column scores: quality (per work) + offset (per expert) + noise, clamped to 0..10 and rounded to 0.5.
  await db.query(
    `WITH q AS (SELECT g AS work_id, 3 + random() * 6 AS quality FROM generate_series(1, $2) g),
          e AS (SELECT id AS expert_id, random() * 3 - 1.5 AS offset FROM review.experts WHERE id = ANY($3::int[])),
          cells AS (
            SELECT a.id AS assignment_id, c,
              greatest(0, least(10, round((q.quality + e.offset + (random() - 0.5) * 2) * 2) / 2)) AS score
            FROM review.assignments a JOIN q ON q.work_id = a.work_id JOIN e ON e.expert_id = a.expert_id, generate_series(1, 6) c
            WHERE a.round_id = $1)
     INSERT INTO review.score_sheets (assignment_id, scores, total, status, submitted_at)
     SELECT assignment_id, jsonb_agg(score ORDER BY c),
       round(sum(score / 10 * (ARRAY[10, 20, 20, 20, 15, 15])[c])::numeric, 2), 'submitted', now()
     FROM cells GROUP BY assignment_id`,
    [roundId, WORKS, experts],
  );
  await db.query('COMMIT');
  // Statistics as a live database has them (autovacuum would gather them a little later).
  await db.query('ANALYZE review.assignments, review.score_sheets, review.round_works, review.experts');
  return roundId;
}

/** The same calculations as one statement each: trimmed mean (from 5 scores) and calibration then mean. */
const SQL = {
  trimmed: `
    WITH s AS (
      SELECT a.work_id, t.total::float8 AS x,
        row_number() OVER (PARTITION BY a.work_id ORDER BY t.total) AS rn, count(*) OVER (PARTITION BY a.work_id) AS n
      FROM review.assignments a JOIN review.score_sheets t ON t.assignment_id = a.id
      WHERE a.round_id = $1 AND NOT a.declined AND t.status = 'submitted')
    SELECT work_id, avg(x) FILTER (WHERE n < 5 OR (rn > 1 AND rn < n)) AS score FROM s GROUP BY work_id`,
  calibrated: `
    WITH s AS (
      SELECT a.work_id, a.expert_id, t.total::float8 AS x
      FROM review.assignments a JOIN review.score_sheets t ON t.assignment_id = a.id
      WHERE a.round_id = $1 AND NOT a.declined AND t.status = 'submitted'),
    r AS (SELECT avg(x) AS mu, stddev_pop(x) AS sigma FROM s),
    e AS (
      SELECT s.expert_id, (count(*) * avg(x) + $2 * r.mu) / (count(*) + $2) AS m,
        sqrt((count(*) * var_pop(x) + $2 * r.sigma ^ 2) / (count(*) + $2)) AS sd
      FROM s, r GROUP BY s.expert_id, r.mu, r.sigma)
    SELECT s.work_id, avg(CASE WHEN e.sd > 0 THEN r.mu + r.sigma * (s.x - e.m) / e.sd ELSE s.x END) AS score
    FROM s JOIN e ON e.expert_id = s.expert_id, r GROUP BY s.work_id`,
};

async function platformRun(platform, token, roundId, method) {
  const started = process.hrtime.bigint();
  const { version } = await call(platform.url, token, '/review/comment/result/finalScoreCalculation', { roundId, method, trimFrom: 5, prior: PRIOR });
  let v = version;
  while (v.status !== 'done' && v.status !== 'failed') {
    await sleep(50);
    v = await call(platform.url, token, `/review/comment/result/version?id=${version.id}`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (v.status !== 'done') throw new Error(`version ${v.id} ${v.status}: ${v.error}`);
  return { seconds, versionId: v.id };
}

/**
 * The worker's own statement run bare on the same inputs (computing and storing every result, calibration and
 * flag, then rolled back): what the platform's path adds on top of it is the request, checksums, queue and polling.
 */
async function statementAlone(db, roundId, method) {
  await db.query('BEGIN');
  try {
    await db.query('SET LOCAL search_path = review');
    const [{ id }] = (await db.query(`INSERT INTO score_versions (round_id, number, params, checksum) VALUES ($1, 999999, '{}', '') RETURNING id`, [roundId])).rows;
    const t0 = process.hrtime.bigint();
    await db.query(SCORE_STATEMENT, [id, roundId, method, 5, PRIOR, 20]);
    return Number(process.hrtime.bigint() - t0) / 1e9;
  } finally {
    await db.query('ROLLBACK');
  }
}

/** Stored results against the statement's, rounded to 2 decimals as stored. */
async function compare(db, versionId, expected) {
  const stored = new Map((await db.query(`SELECT work_id, score::float8 AS score FROM review.work_results WHERE version_id = $1`, [versionId])).rows.map((r) => [r.work_id, r.score]));
  let differ = 0;
  let maxDiff = 0;
  for (const row of expected) {
    const want = Math.round((row.score + Number.EPSILON) * 100) / 100;
    const d = Math.abs((stored.get(row.work_id) ?? NaN) - want);
    if (!(d <= 0.0100001)) differ++;
    if (Number.isFinite(d)) maxDiff = Math.max(maxDiff, d);
  }
  return { differ: differ + Math.abs(stored.size - expected.length), maxDiff };
}

module.exports = {
  name: 'final-score',
  description: `final scores of ${WORKS.toLocaleString('en')} works × ${EXPERTS_PER_WORK} experts × 6 columns through the queue and worker, against one SQL statement`,
  async run(ctx) {
    const platform = await startPlatform(ctx, { database: 'cmp_bench_final' });
    start('review-worker', process.execPath, [path.join(ROOT, 'services/review/dist/worker.js')], platform.env);
    const db = new Client({ connectionString: platform.env.DATABASE_URL });
    await db.connect();
    try {
      const login = await call(platform.url, null, '/auth/login/pwd', { username: 'admin1', password: 'Demo@2026' });
      const groupId = (await db.query(`SELECT group_id FROM auth.users WHERE username = 'admin1'`)).rows[0].group_id;
      ctx.log(`seeding ${WORKS} works, ${WORKS * EXPERTS_PER_WORK} sheets`);
      const roundId = await seed(db, groupId);
      await sleep(1000); // the worker connects to the queue
      // One untimed pass of each side first, so neither is measured cold (connections, JIT, PostgreSQL's caches).
      await platformRun(platform, login.token, roundId, 'mean');
      for (const method of Object.keys(SQL)) await db.query(SQL[method], method === 'calibrated' ? [roundId, PRIOR] : [roundId]);
      const rows = [];
      for (const method of ['trimmed', 'calibrated']) {
        const t0 = process.hrtime.bigint();
        const expected = (await db.query(SQL[method], method === 'calibrated' ? [roundId, PRIOR] : [roundId])).rows;
        const sqlSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
        const run = await platformRun(platform, login.token, roundId, method);
        const { differ, maxDiff } = await compare(db, run.versionId, expected);
        const alone = await statementAlone(db, roundId, method);
        rows.push({
          method,
          'platform (s)': run.seconds.toFixed(2),
          'one SQL statement (s)': sqlSeconds.toFixed(2),
          'platform / SQL': (run.seconds / sqlSeconds).toFixed(2),
          "worker's statement alone (s)": alone.toFixed(2),
          'works compared': expected.length,
          'works that differ': differ,
          'largest difference': maxDiff.toFixed(4),
        });
      }
      ctx.note('Target: equal results (rounded to 2 decimals as stored), within 2 × the SQL statement, under 10 s.');
      ctx.note("The worker's statement alone: the review worker's single statement (score-statement.ts) run bare on the same inputs, computing and storing everything a version holds, rolled back.");
      ctx.note('The platform time runs from the calculation request to the stored version: checking for missing sheets and digesting the 50,000 inputs, the queue, then one statement in the worker computing and storing 10,000 results with each expert\'s score beside them, every expert\'s calibration and out-of-line flag, and the inputs\' checksum again in the same snapshot; the SQL statement only computes the scores.');
      return rows;
    } finally {
      await db.end();
    }
  },
};

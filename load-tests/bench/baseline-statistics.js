#!/usr/bin/env node
// Raw baseline of the statistics bench: GET /prod-api/statistics/competition and GET /prod-api/dashboard/competitions
// answered in one bare Fastify process (the JWT and session checks, then node-postgres) by GROUP BY queries on the
// owning services' tables at each request (enrollment's sign-ups, captains and works, payment's orders and refunds, the
// competitions and schools, review's rounds for the workbench), instead of the read model's counts: what the figures cost without the model. Same
// figures and shape as the statistics service answers. Env: PORT, DATABASE_URL, REDIS_URL, REDIS_PREFIX, JWT_SECRET.
'use strict';

const { bareServer } = require('./lib/bare-server');
const { sourceCounts, sourceFees, DAY } = require('./lib/statistics-data');

// Pool size 10 like the statistics service's DB_POOL_SIZE default.
const { app, pool, envelope, session, listen } = bareServer({ max: 10 });

/** Beijing's today, as the service's beijingDay(new Date()). */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The caller's organisation and its subordinates, once per session (the services keep a caller's scope too). */
const scopes = new Map();
async function scopeOf(identity) {
  let scope = scopes.get(identity.sessionId);
  if (!scope) {
    const { rows } = await pool.query(
      `WITH RECURSIVE g AS (SELECT id FROM auth.groups WHERE id = $1 UNION ALL SELECT c.id FROM auth.groups c JOIN g ON c.parent_id = g.id)
       SELECT array_agg(id) AS ids FROM g`,
      [identity.groupId],
    );
    scope = rows[0].ids;
    scopes.set(identity.sessionId, scope);
  }
  return scope;
}

const COUNTS_SQL = sourceCounts('s.competition_id = $1');
const FEES_SQL = sourceFees('o.competition_id = $1');
const byCount = (a, b) => b.count - a.count || a.label.localeCompare(b.label);

app.get('/prod-api/statistics/competition', async (req, reply) => {
  const identity = await session(req, reply);
  if (!identity) return reply;
  const id = Number(req.query.competitionId);
  const scope = await scopeOf(identity);
  const { rows: found } = await pool.query(`SELECT group_id FROM competitions.competitions WHERE id = $1`, [id]);
  if (!found.length || !scope.includes(found[0].group_id)) return reply.status(404).send(envelope(13001, '赛事不存在'));
  const [{ rows }, { rows: fees }] = await Promise.all([pool.query(COUNTS_SQL, [id]), pool.query(FEES_SQL, [id])]);
  const of = (dimension) => rows.filter((r) => r.dimension === dimension);
  const sum = (list) => list.reduce((n, r) => n + r.count, 0);
  const days = (dimension) => of(dimension).map((r) => ({ day: r.key, count: r.count })).sort((a, b) => a.day.localeCompare(b.day));
  const day = today();
  // Schools with their provinces, for the school and province figures.
  const schoolIds = of('school').map((r) => Number(r.key)).filter((n) => n > 0);
  const { rows: schoolRows } = await pool.query(
    `SELECT s.id, s.name, s.province_code AS "provinceCode", p.name AS "provinceName"
     FROM competitions.schools s LEFT JOIN competitions.provinces p ON p.code = s.province_code WHERE s.id = ANY($1::int[])`,
    [schoolIds],
  );
  const schools = new Map(schoolRows.map((s) => [s.id, s]));
  const rowsOf = (dimension, name = (r) => r.label) => of(dimension).map((r) => ({ key: r.key, label: name(r), count: r.count })).sort(byCount);
  const provinces = new Map();
  for (const r of of('school')) {
    const s = schools.get(Number(r.key));
    const key = s?.provinceCode ?? '';
    const p = provinces.get(key) ?? { key, label: s?.provinceName ?? '', count: 0 };
    p.count += r.count;
    provinces.set(key, p);
  }
  const feeDays = new Map();
  for (const f of fees) {
    const d = feeDays.get(f.day) ?? { day: f.day, paidCount: 0, paidFen: 0, refundCount: 0, refundedFen: 0 };
    if (f.dimension === 'paidDay') Object.assign(d, { paidCount: f.count, paidFen: Number(f.fen) });
    else Object.assign(d, { refundCount: f.count, refundedFen: Number(f.fen) });
    feeDays.set(f.day, d);
  }
  const byDay = [...feeDays.values()].sort((a, b) => a.day.localeCompare(b.day));
  const total = (k) => byDay.reduce((n, d) => n + d[k], 0);
  const todays = feeDays.get(day);
  return envelope(0, '操作成功', {
    competitionId: id,
    signups: {
      total: sum(of('status')),
      today: sum(of('day').filter((r) => r.key === day)),
      pending: sum(of('status').filter((r) => r.key === '0')),
      byDay: days('day'),
      by: {
        event: rowsOf('event'),
        school: rowsOf('school', (r) => schools.get(Number(r.key))?.name || r.label),
        college: rowsOf('college'),
        major: rowsOf('major'),
        grade: rowsOf('grade'),
        province: [...provinces.values()].sort(byCount),
      },
    },
    works: { submitted: sum(of('workDay')), today: sum(of('workDay').filter((r) => r.key === day)), byDay: days('workDay') },
    fees: {
      paidCount: total('paidCount'),
      paidFen: total('paidFen'),
      refundCount: total('refundCount'),
      refundedFen: total('refundedFen'),
      netFen: total('paidFen') - total('refundedFen'),
      today: { paidFen: todays?.paidFen ?? 0, refundedFen: todays?.refundedFen ?? 0 },
      byDay,
    },
    updatedAt: new Date().toISOString(),
  });
});

// The workbench's running competitions: the organisation's newest published ones (as the competitions service lists
// them) with their headline figures counted on the sign-ups, their fees on the orders, and their open review rounds'
// sheets (as the review service counts them).
const RUNNING_SHOWN = 8;
app.get('/prod-api/dashboard/competitions', async (req, reply) => {
  const identity = await session(req, reply);
  if (!identity) return reply;
  const scope = await scopeOf(identity);
  const { rows: list } = await pool.query(
    `SELECT c.id AS "competitionId", c.name, c.name_en AS "nameEn", c.enroll_end_at AS "enrollEndAt",
       CASE WHEN c.enroll_start_at IS NULL OR c.enroll_start_at > now() THEN 'upcoming' WHEN c.enroll_end_at >= now() THEN 'enrolling'
            WHEN greatest(c.enroll_end_at, c.submit_end_at) >= now() THEN 'ongoing' ELSE 'ended' END AS phase
     FROM competitions.competitions c WHERE c.group_id = ANY($1::int[]) AND c.status = 1 ORDER BY c.id DESC LIMIT ${RUNNING_SHOWN}`,
    [scope],
  );
  const ids = list.map((c) => c.competitionId);
  const [{ rows: figures }, { rows: fees }, { rows: review }] = await Promise.all([
    pool.query(
      `SELECT s.competition_id AS "competitionId", count(*)::int AS signups,
         count(*) FILTER (WHERE ${DAY('s.created_at')} = $2)::int AS "signupsToday",
         count(*) FILTER (WHERE s.status = 0)::int AS pending,
         count(*) FILTER (WHERE w.status = 1)::int AS "worksSubmitted"
       FROM enrollment.signups s LEFT JOIN enrollment.works w ON w.signup_id = s.id
       WHERE s.competition_id = ANY($1::int[]) AND s.status IN (0, 1) GROUP BY s.competition_id`,
      [ids, today()],
    ),
    pool.query(
      `SELECT o.competition_id AS "competitionId",
         (sum(o.amount_fen) - COALESCE(sum((SELECT sum(f.amount_fen) FROM payment.refunds f WHERE f.order_id = o.id AND f.status = 'succeeded')), 0))::float8 AS "feesNetFen"
       FROM payment.orders o WHERE o.competition_id = ANY($1::int[]) AND o.paid_at IS NOT NULL GROUP BY o.competition_id`,
      [ids],
    ),
    pool.query(
      `SELECT r.competition_id AS "competitionId", count(a.id) FILTER (WHERE ss.status = 'submitted')::int AS submitted, count(a.id)::int AS total,
         min(r.closes_at) FILTER (WHERE r.closes_at > now()) AS "closesAt"
       FROM review.rounds r LEFT JOIN review.assignments a ON a.round_id = r.id AND NOT a.declined LEFT JOIN review.score_sheets ss ON ss.assignment_id = a.id
       WHERE r.deleted_at IS NULL AND r.status = 'open' AND r.competition_id = ANY($1::int[]) AND r.group_id = ANY($2::int[])
       GROUP BY r.competition_id`,
      [ids, scope],
    ),
  ]);
  const now = Date.now();
  return envelope(
    0,
    '操作成功',
    list.map((c) => {
      const r = review.find((x) => x.competitionId === c.competitionId);
      const deadlines = [
        { at: c.enrollEndAt, kind: 'enroll' },
        { at: r?.closesAt ?? null, kind: 'review' },
      ].filter((d) => d.at && new Date(d.at).getTime() > now);
      return {
        ...c,
        signups: 0,
        signupsToday: 0,
        pending: 0,
        worksSubmitted: 0,
        feesNetFen: 0,
        ...figures.find((f) => f.competitionId === c.competitionId),
        ...fees.find((f) => f.competitionId === c.competitionId),
        review: r ? { submitted: r.submitted, total: r.total } : null,
        nextDeadline: deadlines.sort((a, b) => new Date(a.at) - new Date(b.at))[0] ?? null,
      };
    }),
  );
});

listen(8091);

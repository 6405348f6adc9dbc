'use strict';
// The statistics bench's data and its figures computed the direct way.
//
// generate(): competitions, schools, sign-ups with their captains, works and paid orders written straight into the
// owning services' schemas with set-based SQL, so that the owning services' triggers write the facts to their outboxes
// as production does (a sign-up and its captain in one statement give two facts, as the enrollment service's own
// sign-up statement does; a submitted work one more; a paid order one on the PAYMENT stream).
//
// The GROUP BY side: what the read model counts (statistics/src/model/signup-counts.ts, order-model.ts), computed on
// the source tables: for the absorption check (every competition at once) and for the raw HTTP baseline (one
// competition, or an organisation's newest competitions).

/**
 * The enrollment index the sign-up fact finds its captain by (migration 1768120000000-CaptainIndex): the view
 * enrollment.signup_facts, read by the triggers for every fact, looks the captain up by signup_id and captain, and
 * before this index every fact scanned the whole of signup_members. The bench measures one sign-up with and without it.
 */
const CAPTAIN_INDEX = 'signup_members_captain';

/** What the generated data looks like; the shares are of all sign-ups. */
const SHAPE = {
  competitions: 500,
  eventsPerCompetition: 4,
  schools: 200,
  /** Competitions with an entry fee (every other one), and its amount. */
  feeFen: 5000,
  /** Of the sign-ups of a competition with a fee: paid (an order with paid_at), else waiting for payment. */
  paidShare: 0.85,
  /** Of the sign-ups: a submitted work. */
  workShare: 0.4,
  /** Sign-ups made over this many days before now. */
  days: 60,
  /** Sign-ups written per statement: consecutive facts of one sign-up land in one consumer batch, as in production. */
  chunk: 32,
};

const COLLEGES = ['计算机学院', '数学学院', '物理学院', '化学学院', '经济学院', '管理学院', '外国语学院', '机械学院', '电子学院', '自动化学院',
  '材料学院', '生命科学学院', '医学院', '法学院', '文学院', '建筑学院', '土木学院', '能源学院', '环境学院', '艺术学院'];
const MAJORS = Array.from({ length: 40 }, (_, i) => `专业${i + 1}`);
const GRADES = ['2021级', '2022级', '2023级', '2024级', '2025级'];

/**
 * Writes the bench's competitions (published, of organisation `groupId`), schools and `signups` sign-ups. Returns
 * { competitionIds, signups, works, orders, seconds: { setup, signups, works, orders } }.
 */
async function generate(db, { groupId, signups, log = () => undefined }) {
  const seconds = {};
  const timed = async (what, fn) => {
    const t0 = process.hrtime.bigint();
    const out = await fn();
    seconds[what] = Number(process.hrtime.bigint() - t0) / 1e9;
    return out;
  };
  await db.query(`SELECT setseed(0.29)`);
  const competitionIds = await timed('setup', async () => {
    await db.query(
      `INSERT INTO competitions.schools (name, name_en, code, province_code, school_type)
       SELECT '基准大学' || g, 'Bench University ' || g, 'BENCH-' || g, p.code, '普通本科'
       FROM generate_series(1, $1::int) g
       JOIN (SELECT code, row_number() OVER (ORDER BY code) - 1 AS n, count(*) OVER () AS total FROM competitions.provinces) p ON p.n = g % p.total`,
      [SHAPE.schools],
    );
    const { rows } = await db.query(
      `INSERT INTO competitions.competitions (group_id, name, name_en, year, summary, status, published_at, enroll_start_at, enroll_end_at,
                                            submit_start_at, submit_end_at, required_fields)
       SELECT $1, '统计基准赛' || g, 'Statistics bench ' || g, 2026, 'bench', 1, now() - interval '61 days' + g * interval '1 minute',
              now() - interval '61 days', now() + interval '30 days', now() - interval '61 days', now() + interval '40 days', '{realName}'
       FROM generate_series(1, $2::int) g RETURNING id`,
      [groupId, SHAPE.competitions],
    );
    await db.query(
      `INSERT INTO competitions.competition_items (competition_id, name, name_en, fee_fen, order_num)
       SELECT c, '赛项' || e, 'Event ' || e, CASE WHEN c % 2 = 0 THEN $3::int ELSE 0 END, e
       FROM unnest($1::int[]) c, generate_series(1, $2::int) e`,
      [rows.map((r) => r.id), SHAPE.eventsPerCompetition, SHAPE.feeFen],
    );
    return rows.map((r) => r.id);
  });

  // The sign-ups' plan: which event, school, status, fee and day each one takes, one row per sign-up, numbered n.
  await db.query(`DROP TABLE IF EXISTS bench_items, bench_schools, bench_plan`);
  await db.query(
    `CREATE TEMP TABLE bench_items AS
     SELECT row_number() OVER (ORDER BY i.competition_id, i.order_num) - 1 AS n, i.competition_id, i.id AS item_id, i.name, i.name_en, i.fee_fen,
            c.name AS competition_name, c.name_en AS competition_name_en, c.group_id
     FROM competitions.competition_items i JOIN competitions.competitions c ON c.id = i.competition_id WHERE i.competition_id = ANY($1::int[])`,
    [competitionIds],
  );
  await db.query(`CREATE TEMP TABLE bench_schools AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, name FROM competitions.schools WHERE code LIKE 'BENCH-%'`);
  const items = competitionIds.length * SHAPE.eventsPerCompetition;
  await db.query(
    `CREATE TEMP TABLE bench_plan AS
     SELECT g AS n, i.competition_id, i.item_id, i.name AS item_name, i.name_en AS item_name_en, i.fee_fen, i.competition_name, i.competition_name_en, i.group_id,
            s.id AS school_id, s.name AS school_name,
            CASE WHEN r1 < 0.20 THEN 0 WHEN r1 < 0.92 THEN 1 WHEN r1 < 0.97 THEN 2 ELSE 3 END AS status,
            CASE WHEN i.fee_fen = 0 THEN 0 WHEN r2 < $3 THEN 2 ELSE 1 END AS pay_status,
            r3 < $4 AS with_work,
            now() - random() * $5 * interval '1 day' AS created_at
     FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3, floor(power(random(), 2) * $6)::int AS school FROM generate_series(0, $1::int - 1) g) x
     JOIN bench_items i ON i.n = (x.g % $2)
     JOIN bench_schools s ON s.n = x.school`,
    [signups, items, SHAPE.paidShare, SHAPE.workShare, SHAPE.days, SHAPE.schools],
  );
  await db.query(`CREATE UNIQUE INDEX ON bench_plan (n)`);
  await db.query(`ANALYZE bench_plan`);

  // Sign-ups with their captains, SHAPE.chunk per statement (in one procedure call: no round trip per chunk).
  const signupIdBefore = Number((await db.query(`SELECT COALESCE(max(id), 0) AS id FROM enrollment.signups`)).rows[0].id);
  // The triggers name their tables unqualified, as the owning service's connection (its schema first) runs them.
  await db.query(`SET search_path = enrollment, public`);
  // Plans as on a table whose statistics are current: in one long write the planner would still see the tables as
  // they were before (a few rows) and look each fact up by a scan of the whole table, ever longer (quadratic). No JIT
  // either: the disabled scans' costs would make it compile every trigger's query.
  await db.query(`SET enable_seqscan = off`);
  await db.query(`SET jit = off`);
  await timed('signups', async () => {
    await db.query(`
      DO $$
      DECLARE k int;
      BEGIN
        FOR k IN 0 .. (SELECT max(n) FROM bench_plan) / ${SHAPE.chunk} LOOP
          WITH s AS (
            INSERT INTO enrollment.signups (competition_id, item_id, group_id, competition_name, competition_name_en, item_name, item_name_en, type,
                                            captain_user_id, school_id, school_name, status, pay_status, fee_fen, member_count, teachers, invite_code, created_at, updated_at)
            SELECT competition_id, item_id, group_id, competition_name, competition_name_en, item_name, item_name_en, 1,
                   50000000 + n, school_id, school_name, status, pay_status, fee_fen, 1, '[]', md5('bench-' || n), created_at, created_at
            FROM bench_plan WHERE n >= k * ${SHAPE.chunk} AND n < (k + 1) * ${SHAPE.chunk}
            RETURNING id, item_id, captain_user_id)
          INSERT INTO enrollment.signup_members (signup_id, item_id, user_id, username, captain, profile)
          SELECT s.id, s.item_id, s.captain_user_id, 'bench' || s.captain_user_id, true,
                 jsonb_build_object('realName', '学生' || s.captain_user_id,
                   'college', (ARRAY['${COLLEGES.join("','")}'])[1 + s.captain_user_id % ${COLLEGES.length}],
                   'major', (ARRAY['${MAJORS.join("','")}'])[1 + (s.captain_user_id / 7) % ${MAJORS.length}],
                   'grade', (ARRAY['${GRADES.join("','")}'])[1 + (s.captain_user_id / 3) % ${GRADES.length}])
          FROM s;
        END LOOP;
      END $$`);
  });
  log(`${signups} sign-ups written in ${seconds.signups.toFixed(1)} s`);
  await db.query(`ALTER TABLE bench_plan ADD COLUMN signup_id bigint`);
  await db.query(`UPDATE bench_plan p SET signup_id = s.id FROM enrollment.signups s WHERE s.id > $1 AND s.captain_user_id = 50000000 + p.n`, [signupIdBefore]);

  const works = await timed('works', async () =>
    (
      await db.query(
        `INSERT INTO enrollment.works (signup_id, competition_id, item_id, group_id, title, status, share_id, file_count, submitted_at, created_at, updated_at)
         SELECT signup_id, competition_id, item_id, group_id, '作品' || n, 1, md5('bench-work-' || n), 1,
                least(now(), created_at + random() * interval '10 days'), created_at, created_at
         FROM bench_plan WHERE with_work ORDER BY n`,
      )
    ).rowCount,
  );
  log(`${works} works written in ${seconds.works.toFixed(1)} s`);
  await db.query(`SET search_path = payment, public`);
  const orders = await timed('orders', async () =>
    (
      await db.query(
        `INSERT INTO payment.orders (order_no, group_id, signup_id, competition_id, competition_name, item_id, item_name, payer_user_id, payer_name, amount_fen,
                                     status, channel, trade_no, paid_at, expires_at, created_at, updated_at)
         SELECT 'BENCH' || n, group_id, signup_id, competition_id, competition_name, item_id, item_name, 50000000 + n, '学生' || n, fee_fen,
                'paid', 'alipay', 'BENCHTRADE' || n, created_at + random() * interval '2 hours', created_at + interval '2 hours', created_at, created_at
         FROM bench_plan WHERE pay_status = 2 ORDER BY n`,
      )
    ).rowCount,
  );
  log(`${orders} paid orders written in ${seconds.orders.toFixed(1)} s`);
  await db.query(`DROP TABLE bench_items, bench_schools, bench_plan`);
  await db.query(`RESET search_path; RESET enable_seqscan; RESET jit`);
  await db.query(`ANALYZE enrollment.signups, enrollment.signup_members, enrollment.works, payment.orders`);
  return { competitionIds, signups, works, orders, seconds };
}

// ---- The figures the direct way: GROUP BY on the owning services' tables ----

/** A Beijing day as the model keys it (beijingDay in common: UTC+8, YYYY-MM-DD). */
const DAY = (col) => `to_char(${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * The sign-ups that count (waiting for approval or approved) with what the figures count them by: the captain's
 * profile as the fact takes it, the work's submission when submitted. `where` narrows the sign-ups (s).
 */
const counted = (where) => `
  SELECT s.competition_id, s.status, s.item_id, s.item_name, s.school_id, s.school_name, s.created_at,
         left(COALESCE(NULLIF(btrim(c.profile->>'college'), ''), ''), 100) AS college,
         left(COALESCE(NULLIF(btrim(c.profile->>'major'), ''), ''), 100) AS major,
         left(COALESCE(NULLIF(btrim(c.profile->>'grade'), ''), ''), 50) AS grade,
         CASE WHEN w.status = 1 THEN w.submitted_at END AS work_at
  FROM enrollment.signups s
  LEFT JOIN enrollment.signup_members c ON c.signup_id = s.id AND c.captain AND c.active
  LEFT JOIN enrollment.works w ON w.signup_id = s.id
  WHERE s.status IN (0, 1) AND ${where}`;

/**
 * Counts per competition, dimension and key, as signup_counts keeps them (statistics/src/model/signup-counts.ts), with
 * the label the figures show (the event's and school's names as the sign-up holds them).
 */
const sourceCounts = (where) => `
  WITH s AS MATERIALIZED (${counted(where)})
  SELECT competition_id, 'status' AS dimension, status::text AS key, '' AS label, count(*)::int AS count FROM s GROUP BY 1, 3
  UNION ALL SELECT competition_id, 'day', ${DAY('created_at')}, '', count(*)::int FROM s GROUP BY 1, 3
  UNION ALL SELECT competition_id, 'event', item_id::text, max(item_name), count(*)::int FROM s GROUP BY 1, 3
  UNION ALL SELECT competition_id, 'school', COALESCE(school_id::text, ''), COALESCE(max(school_name), ''), count(*)::int FROM s GROUP BY 1, 3
  UNION ALL SELECT competition_id, 'college', college, college, count(*)::int FROM s GROUP BY 1, 3
  UNION ALL SELECT competition_id, 'major', major, major, count(*)::int FROM s GROUP BY 1, 3
  UNION ALL SELECT competition_id, 'grade', grade, grade, count(*)::int FROM s GROUP BY 1, 3
  UNION ALL SELECT competition_id, 'workDay', ${DAY('work_at')}, '', count(*)::int FROM s WHERE work_at IS NOT NULL GROUP BY 1, 3`;

/** Payments per Beijing day of payment and refunds per day they went through, as fee_counts keeps them (order-model.ts). `where` narrows the orders (o). */
const sourceFees = (where) => `
  SELECT o.competition_id, 'paidDay' AS dimension, ${DAY('o.paid_at')} AS day, count(*)::int AS count, sum(o.amount_fen)::bigint AS fen
  FROM payment.orders o WHERE o.paid_at IS NOT NULL AND ${where} GROUP BY 1, 3
  UNION ALL
  SELECT o.competition_id, 'refundDay', ${DAY('f.finished_at')}, count(*)::int, sum(f.amount_fen)::bigint
  FROM payment.orders o JOIN payment.refunds f ON f.order_id = o.id AND f.status = 'succeeded'
  WHERE o.paid_at IS NOT NULL AND ${where} GROUP BY 1, 3`;

/**
 * The read model against the source, every competition: how many (competition, dimension, key) counts differ, either
 * side missing included. Returns { counts, countsDiffer, fees, feesDiffer, seconds }.
 */
async function compareModel(db) {
  const t0 = process.hrtime.bigint();
  const { rows: [c] } = await db.query(
    `WITH src AS (SELECT competition_id, dimension, key, count FROM (${sourceCounts('true')}) x),
          model AS (SELECT competition_id, dimension::text, key::text, count FROM statistics.signup_counts WHERE count <> 0)
     SELECT count(*)::int AS rows, count(*) FILTER (WHERE src.count IS DISTINCT FROM model.count)::int AS differ
     FROM src FULL JOIN model USING (competition_id, dimension, key)`,
  );
  const { rows: [f] } = await db.query(
    `WITH src AS (${sourceFees('true')}),
          model AS (SELECT competition_id, dimension::text, day::text, count, fen FROM statistics.fee_counts WHERE count <> 0 OR fen <> 0)
     SELECT count(*)::int AS rows, count(*) FILTER (WHERE (src.count, src.fen) IS DISTINCT FROM (model.count, model.fen))::int AS differ
     FROM src FULL JOIN model USING (competition_id, dimension, day)`,
  );
  return { counts: c.rows, countsDiffer: c.differ, fees: f.rows, feesDiffer: f.differ, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
}

module.exports = { CAPTAIN_INDEX, SHAPE, generate, sourceCounts, sourceFees, DAY, compareModel };

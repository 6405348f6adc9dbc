import { Client } from 'pg';
import { SCORE_STATEMENT } from '../src/results/score-statement';

/** The platform's test database (the e2e global setup migrated it). */
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp_test';

/**
 * The final-score statement against hand-computed figures, run in the platform's PostgreSQL inside a transaction
 * that is rolled back: each method, trimming only from N scores, the raw figures beside the score, calibration
 * shrunk by the prior, and no division by a zero spread (an expert with one score, a round of equal scores).
 */
type Sheet = [workId: number, expert: number, total: number];
interface Stored {
  works: { work_id: number; score: number; raw_mean: number; count: number; range: number; disputed: boolean; experts: { expertId: number; raw: number; used: number }[] }[];
  experts: { expert_id: number; count: number; mean: number; spread: number; shrunk_mean: number; shrunk_spread: number; outlier: boolean; offset_to_others: number | null; shared_works: number | null; round_spread: number | null }[];
}

const db = new Client({ connectionString: DATABASE_URL });
beforeAll(() => db.connect());
afterAll(() => db.end());

/** Stores the sheets as one round's, runs the statement, reads what it stored, and rolls everything back. */
async function compute(sheets: Sheet[], method: string, o: { trimFrom?: number; prior?: number; dispute?: number } = {}): Promise<Stored> {
  await db.query('BEGIN');
  try {
    await db.query('SET LOCAL search_path = review');
    const [{ id: roundId }] = (await db.query(`INSERT INTO rounds (group_id, competition_id, name) VALUES (1, 1, 'statement') RETURNING id`)).rows;
    await db.query(`INSERT INTO round_works (round_id, work_id) SELECT $1, unnest($2::int[])`, [roundId, [...new Set(sheets.map((x) => x[0]))]]);
    const experts = new Map<number, number>();
    for (const e of [...new Set(sheets.map((s) => s[1]))]) {
      experts.set(e, (await db.query(`INSERT INTO experts (group_id, name) VALUES (1, $1) RETURNING id`, [`专家${e}`])).rows[0].id);
    }
    for (const [workId, e, total] of sheets) {
      const a = (await db.query(`INSERT INTO assignments (round_id, work_id, expert_id) VALUES ($1, $2, $3) RETURNING id`, [roundId, workId, experts.get(e)])).rows[0].id;
      await db.query(`INSERT INTO score_sheets (assignment_id, total, status) VALUES ($1, $2, 'submitted')`, [a, total]);
    }
    const [{ id: versionId }] = (await db.query(`INSERT INTO score_versions (round_id, number, params, checksum) VALUES ($1, 1, '{}', '') RETURNING id`, [roundId])).rows;
    await db.query(SCORE_STATEMENT, [versionId, roundId, method, o.trimFrom ?? 5, o.prior ?? 3, o.dispute ?? 20]);
    const byExpert = new Map([...experts].map(([k, v]) => [v, k]));
    const works = (await db.query(`SELECT work_id, score::float8 AS score, raw_mean::float8 AS raw_mean, count, range::float8 AS range, disputed, experts FROM work_results WHERE version_id = $1 ORDER BY work_id`, [versionId])).rows;
    const calibrations = (await db.query(`SELECT * FROM expert_calibrations WHERE version_id = $1`, [versionId])).rows;
    return {
      works: works.map((w) => ({ ...w, experts: w.experts.map((x: { expertId: number }) => ({ ...x, expertId: byExpert.get(x.expertId) })) })),
      experts: calibrations.map((c) => ({ ...c, expert_id: byExpert.get(c.expert_id) })).sort((a, b) => a.expert_id - b.expert_id),
    };
  } finally {
    await db.query('ROLLBACK');
  }
}

const scores = (r: Stored) => r.works.map((w) => w.score);

describe('final-score statement (hand-computed)', () => {
  const five: Sheet[] = [[1, 1, 70], [1, 2, 80], [1, 3, 90], [1, 4, 60], [1, 5, 100], [2, 1, 81], [2, 2, 79], [2, 3, 80], [2, 4, 85]];

  it('means, trims the highest and lowest only from N scores on, and takes medians', async () => {
    expect(scores(await compute(five, 'mean'))).toEqual([80, 81.25]);
    // Work 1 has 5 scores: 60 and 100 dropped → (70 + 80 + 90) / 3; work 2 has 4 < 5: the plain mean.
    expect(scores(await compute(five, 'trimmed'))).toEqual([80, 81.25]);
    expect(scores(await compute(five, 'trimmed', { trimFrom: 4 }))).toEqual([80, 80.5]);
    expect(scores(await compute([[1, 1, 70], [1, 2, 99], [1, 3, 72], [1, 4, 71], [1, 5, 0]], 'trimmed'))).toEqual([71]);
    // Two scores are never trimmed, whatever N says.
    expect(scores(await compute([[1, 1, 1], [1, 2, 2]], 'trimmed', { trimFrom: 2 }))).toEqual([1.5]);
    expect(scores(await compute(five, 'median'))).toEqual([80, 80.5]);
  });

  it('stores the raw mean, count, disagreement and each expert\'s score beside the round score', async () => {
    const [w1, w2] = (await compute(five, 'median', { dispute: 20 })).works;
    expect(w1).toMatchObject({ work_id: 1, raw_mean: 80, count: 5, range: 40, disputed: true });
    expect(w2).toMatchObject({ range: 6, disputed: false });
    expect(w1.experts.map((x) => [x.expertId, x.raw, x.used])).toEqual([[1, 70, 70], [2, 80, 80], [3, 90, 90], [4, 60, 60], [5, 100, 100]]);
  });

  it('calibrates a harsh and a lenient expert towards the round, shrunk by the prior', async () => {
    // μ = 75, σ² = 125. A: m = 85, v = 25 → m' = (2·85 + 3·75)/5 = 79, v' = (2·25 + 3·125)/5 = 85. B: m' = 71, v' = 85.
    const r = await compute([[1, 1, 80], [2, 1, 90], [1, 2, 60], [2, 2, 70]], 'calibrated');
    expect(r.experts.map((e) => [e.expert_id, e.count, e.mean, e.spread, e.shrunk_mean, e.shrunk_spread])).toEqual([
      [1, 2, 85, 5, 79, 9.22],
      [2, 2, 65, 5, 71, 9.22],
    ]);
    const k = Math.sqrt(125) / Math.sqrt(85);
    const round2 = (n: number) => Math.round(n * 100) / 100;
    expect(scores(r)).toEqual([round2((75 + k * (80 - 79) + 75 + k * (60 - 71)) / 2), round2((75 + k * (90 - 79) + 75 + k * (70 - 71)) / 2)]);
    // The experts' 20-point offset shrinks: the works' gap is what both experts agree on, 10 points.
    expect(r.works[1].score - r.works[0].score).toBeCloseTo(k * 10, 1);
    expect(r.works.map((w) => w.raw_mean)).toEqual([70, 80]);
    // Both experts are 20 points apart on both works, more than the round's spread (√125 ≈ 11.2): out of line, with
    // the figures the screen shows.
    expect(r.experts.map((e) => [e.outlier, e.offset_to_others, e.shared_works, e.round_spread])).toEqual([
      [true, 20, 2, 11.18],
      [true, -20, 2, 11.18],
    ]);
  });

  it('never divides by a zero spread: an expert with one score, or a round where all scores are equal', async () => {
    const lonely = await compute([[1, 1, 80], [2, 1, 60], [3, 1, 70], [1, 2, 95]], 'calibrated');
    for (const w of lonely.works) expect(Number.isFinite(w.score)).toBe(true);
    const single = lonely.experts.find((e) => e.expert_id === 2)!;
    expect(single.spread).toBe(0);
    expect(single.shrunk_spread).toBeGreaterThan(0);
    expect(single.outlier).toBe(false); // one shared work says little
    expect(scores(await compute([[1, 1, 80], [2, 2, 80]], 'calibrated'))).toEqual([80, 80]);
  });
});

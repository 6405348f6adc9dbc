import type { AwardReply, ExpertCalibrationView, ExpertSaveReply, FinalScoreReply, Page, PromotionReply, Round, ScoreVersion, WorkResult } from '@cmp/contracts';
import { api, login, upload, type Reply } from './support/api';
import { waitFor } from './support/platform';
import { dropStudents, makeCompetition, makeStudents, PDF, sql } from './support/enroll';

/**
 * Final scores through the gateway: the calculation refuses while sheets are missing (listing them), is queued to
 * the review worker and kept as versions; a second request with the same inputs joins the pending version; the
 * methods give the hand-computed scores; a later version shows what moved; another organisation sees nothing.
 */
const run = String(Date.now()).slice(-6);
const COLUMNS = [
  { name: '创新性', max: 50, step: 1, weight: 50, rubric: '' },
  { name: '完成度', max: 50, step: 1, weight: 50, rubric: '' },
];

function ok<T>(r: Reply<T>, what: string): T {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

async function done(token: string, id: number): Promise<ScoreVersion> {
  for (;;) {
    const v = ok(await api<ScoreVersion>(`/review/comment/result/version?id=${id}`, { token }), 'version');
    if (v.status === 'done' || v.status === 'failed') return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('final scores (review worker)', () => {
  let admin1: string;
  let admin2: string;
  let round: Round;
  /** expert token → its assignments (work id → assignment id) */
  const experts: { token: string; id: number; assignments: Map<number, number> }[] = [];
  const workIds: number[] = [];

  /** Scores one work as an expert: [a, b] out of 50 each, so the total out of 100 is a + b. */
  const submit = async (e: (typeof experts)[number], workId: number, a: number, b: number) => {
    const assignmentId = e.assignments.get(workId)!;
    const detail = ok(await api<{ sheet: { version: number } | null }>(`/review/sheet/detail?assignmentId=${assignmentId}`, { token: e.token }), 'detail');
    const version = detail.sheet?.version ?? 0;
    ok(await api('/review/sheet/submit', { token: e.token, body: { assignmentId, scores: [a, b], comment: '好', version } }), 'submit');
  };

  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    const c = await makeCompetition(admin1);
    const students = await makeStudents(3, `res${run}`);
    for (const s of students) {
      const as = { token: s.token, ip: `2001:db8::${s.userId.toString(16)}` };
      const body = { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: `作者${s.userId}`, schoolName: '东海大学' }, teachers: [] };
      const signup = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up');
      const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: signup.id, title: `作品 ${s.userId}`, summary: '' } }), 'work');
      ok(await api('/enroll/signup/check', { token: admin1, body: { id: signup.id, approve: true } }), 'approve');
      ok(await upload(`/web/work/file/upload?workId=${work.id}`, s.token, PDF, '计划书.pdf'), 'upload');
      ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit');
      workIds.push(work.id);
    }
    // Three experts with new accounts they log in with (the one-time password is shown once, on creation).
    for (let i = 1; i <= 3; i++) {
      const saved = ok(
        await api<ExpertSaveReply>('/expert/save', {
          token: admin1,
          body: { name: `计分专家${i}`, phone: `135${run}${String(i).padStart(2, '0')}`, unit: '社会专家', title: '教授' },
        }),
        'expert',
      );
      if (!saved.credential) throw new Error('a new expert account should come with its one-time password');
      const { username, password } = saved.credential;
      experts.push({ token: await login(username, password), id: saved.id, assignments: new Map() });
    }
    round = ok(
      await api<Round>('/review/round/save', { token: admin1, body: { competitionId: c.id, name: '初审', type: 'online', expertsPerWork: 3, scoreColumns: COLUMNS } }),
      'round',
    );
    ok(await api('/review/round/works/sync', { token: admin1, body: { id: round.id } }), 'sync');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: round.id, name: '一组', expertIds: experts.map((e) => e.id), captainExpertId: experts[0].id } }), 'group');
    ok(await api('/review/distribution/run', { token: admin1, body: { roundId: round.id } }), 'run');
    for (;;) {
      const p = ok(await api<{ status: string } | null>(`/review/distribution/progress?roundId=${round.id}`, { token: admin1 }), 'progress');
      if (p && p.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    ok(await api('/review/round/open', { token: admin1, body: { id: round.id } }), 'open');
    const pairs = await sql<{ id: number; workId: number; expertId: number }>(
      `SELECT id, work_id AS "workId", expert_id AS "expertId" FROM review.assignments WHERE round_id = $1 AND NOT declined`,
      [round.id],
    );
    for (const p of pairs) experts.find((e) => e.id === p.expertId)!.assignments.set(p.workId, p.id);
  }, 120_000);

  afterAll(dropStudents);

  it('refuses while sheets are missing and lists them, unless asked to compute with what is there', async () => {
    const [w1, w2, w3] = workIds;
    // Expert totals: w1 = 80, 70, 60; w2 = 90, 90, 30; w3 = 50 (only the first expert so far).
    await submit(experts[0], w1, 40, 40);
    await submit(experts[1], w1, 35, 35);
    await submit(experts[2], w1, 30, 30);
    await submit(experts[0], w2, 45, 45);
    await submit(experts[1], w2, 45, 45);
    await submit(experts[2], w2, 15, 15);
    await submit(experts[0], w3, 25, 25);
    const refused = await api<{ missing: { workId: number; expertId: number }[] }>('/review/comment/result/finalScoreCalculation', {
      token: admin1, lang: 'en', body: { roundId: round.id },
    });
    expect(refused.code).toBe(10409);
    expect(refused.msg).toBe('2 score sheets are not submitted yet; remind the experts or choose to compute with the submitted ones');
    expect(refused.data.missing.map((m) => [m.workId, m.expertId])).toEqual([[w3, experts[1].id], [w3, experts[2].id]].sort((a, b) => a[1] - b[1]));

    const partial = ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id, allowMissing: true } }), 'partial');
    const v = await done(admin1, partial.version.id);
    expect(v).toMatchObject({ status: 'done', number: 1, missingCount: 2, workCount: 3, params: { method: 'mean' } });
    const scores = ok(await api<Page<WorkResult>>(`/review/comment/result/scores?versionId=${v.id}`, { token: admin1 }), 'scores');
    expect(scores.list.map((w) => [w.workId, w.score, w.count])).toEqual([[w1, 70, 3], [w2, 70, 3], [w3, 50, 1]]);
  });

  it('computes each method as hand-computed, joins a pending version with the same inputs, and shows what moved', async () => {
    const [w1, w2, w3] = workIds;
    await submit(experts[1], w3, 40, 40);
    await submit(experts[2], w3, 45, 45);
    // Two requests at once with the same inputs: one version, the other joins it.
    const [a, b] = await Promise.all(
      [0, 1].map(() => api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id, method: 'median' } })),
    );
    expect(ok(a, 'a').version.id).toBe(ok(b, 'b').version.id);
    expect([a.data.joined, b.data.joined].sort()).toEqual([false, true]);
    const median = await done(admin1, a.data.version.id);
    const byWork = async (versionId: number) =>
      new Map(ok(await api<Page<WorkResult>>(`/review/comment/result/scores?versionId=${versionId}`, { token: admin1 }), 'scores').list.map((w) => [w.workId, w]));
    let got = await byWork(median.id);
    // w1: 80, 70, 60 → 70; w2: 90, 90, 30 → 90; w3: 50, 80, 90 → 80. The previous version had w2 at 70 and w3 at 50.
    expect([w1, w2, w3].map((w) => got.get(w)!.score)).toEqual([70, 90, 80]);
    expect([w1, w2, w3].map((w) => got.get(w)!.previousScore)).toEqual([70, 70, 50]);
    expect(got.get(w2)!.disputed).toBe(true); // 90 − 30 > 20
    expect(got.get(w1)!.disputed).toBe(false);

    const mean = await done(admin1, ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id } }), 'mean').version.id);
    got = await byWork(mean.id);
    expect([w1, w2, w3].map((w) => got.get(w)!.score)).toEqual([70, 70, 73.33]);

    const trimmed = await done(
      admin1,
      ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id, method: 'trimmed', trimFrom: 3 } }), 'trim').version.id,
    );
    got = await byWork(trimmed.id);
    expect([w1, w2, w3].map((w) => got.get(w)!.score)).toEqual([70, 90, 80]);

    const calibrated = await done(
      admin1,
      ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id, method: 'calibrated' } }), 'cal').version.id,
    );
    const cal = ok(await api<ExpertCalibrationView[]>(`/review/comment/result/calibration?versionId=${calibrated.id}`, { token: admin1 }), 'calibration');
    expect(cal).toHaveLength(3);
    for (const e of cal) expect(e.shrunkSpread).toBeGreaterThan(0);
    got = await byWork(calibrated.id);
    for (const w of got.values()) {
      expect(Number.isFinite(w.score)).toBe(true);
      expect(w.experts.map((x) => x.raw).length).toBe(3);
    }
    const versions = ok(await api<ScoreVersion[]>(`/review/comment/result/versions?roundId=${round.id}`, { token: admin1 }), 'versions');
    expect(versions.map((v) => v.number)).toEqual([5, 4, 3, 2, 1]);
    expect(new Set(versions.map((v) => v.checksum)).size).toBe(5);
  });

  it('previews promotion by each rule (ties at the cut go through together), confirms it once, and tells the participants', async () => {
    const [w1, w2, w3] = workIds;
    const versions = ok(await api<ScoreVersion[]>(`/review/comment/result/versions?roundId=${round.id}`, { token: admin1 }), 'versions');
    const median = versions.find((v) => v.number === 2)!; // w1 70, w2 90, w3 80
    const mean = versions.find((v) => v.number === 3)!; // w1 70, w2 70, w3 73.33
    const promoted = async (versionId: number, rule: string, value: number, ties = 'include') => {
      const r = ok(await api<PromotionReply>('/review/comment/result/promotion/preview', { token: admin1, body: { versionId, rule, value, ties } }), 'preview');
      return r.rows.filter((x) => x.promoted).map((x) => x.workId).sort((a, b) => a - b);
    };
    expect(await promoted(median.id, 'top', 1)).toEqual([w2]);
    expect(await promoted(median.id, 'top', 2)).toEqual([w2, w3].sort((a, b) => a - b));
    expect(await promoted(median.id, 'percent', 34)).toEqual([w2, w3].sort((a, b) => a - b)); // ceil(3 × 34%) = 2
    expect(await promoted(median.id, 'score', 75)).toEqual([w2, w3].sort((a, b) => a - b));
    // w1 and w2 tie at 70 for the second place: both go through.
    expect(await promoted(mean.id, 'top', 2)).toEqual([w1, w2, w3].sort((a, b) => a - b));

    const confirmed = ok(await api<PromotionReply>('/review/comment/result/promotion/confirm', { token: admin1, body: { versionId: median.id, rule: 'top', value: 2, ties: 'include' } }), 'confirm');
    expect(confirmed).toMatchObject({ promoted: 2, eliminated: 1 });
    expect(confirmed.confirmedAt).toBeTruthy();
    expect((await api('/review/comment/result/promotion/confirm', { token: admin1, body: { versionId: median.id, rule: 'top', value: 1, ties: 'include' } })).code).toBe(10409);
    const flags = await sql<{ work_id: number; promoted: boolean }>(`SELECT work_id, promoted FROM review.round_works WHERE round_id = $1 ORDER BY work_id`, [round.id]);
    expect(Object.fromEntries(flags.map((f) => [f.work_id, f.promoted]))).toEqual({ [w1]: false, [w2]: true, [w3]: true });
    // Enrollment records each sign-up's outcome and tells its members, once.
    await waitFor('enrollment to record the promotion', async () => (await sql(`SELECT 1 FROM enrollment.signup_rounds WHERE round_id = $1`, [round.id])).length === 3);
    const outcome = await sql<{ work_id: number; promoted: boolean }>(
      `SELECT w.id::int AS work_id, r.promoted FROM enrollment.signup_rounds r JOIN enrollment.works w ON w.signup_id = r.signup_id WHERE r.round_id = $1 ORDER BY w.id`,
      [round.id],
    );
    expect(Object.fromEntries(outcome.map((o) => [o.work_id, o.promoted]))).toEqual({ [w1]: false, [w2]: true, [w3]: true });
    const messages = await sql<{ title_zh: string }>(
      `SELECT m.title_zh FROM enrollment.messages m JOIN enrollment.signup_members sm ON sm.user_id = m.user_id JOIN enrollment.works w ON w.signup_id = sm.signup_id WHERE w.id = ANY($1::bigint[]) AND m.title_zh LIKE '%初审%'`,
      [[w1, w2, w3]],
    );
    expect(messages.map((m) => m.title_zh.slice(0, 4)).sort()).toEqual(['很遗憾，', '恭喜晋级', '恭喜晋级'].sort());

    // Bad rules say what to fix; another organisation cannot see the version.
    for (const body of [{ rule: 'top', value: 1.5 }, { rule: 'percent', value: 0 }, { rule: 'best', value: 1 }, { rule: 'top', value: 1, ties: 'coin' }]) {
      expect((await api('/review/comment/result/promotion/preview', { token: admin1, body: { versionId: median.id, ties: 'include', ...body } })).code).toBe(10400);
    }
    expect((await api('/review/comment/result/promotion/preview', { token: admin2, body: { versionId: median.id, rule: 'top', value: 1, ties: 'include' } })).code).toBe(10404);
  });

  it('awards levels per event by count, percent and score band (ties share a level), confirmed once', async () => {
    const [w1, w2, w3] = workIds;
    const versions = ok(await api<ScoreVersion[]>(`/review/comment/result/versions?roundId=${round.id}`, { token: admin1 }), 'versions');
    const median = versions.find((v) => v.number === 2)!; // w1 70, w2 90, w3 80
    const mean = versions.find((v) => v.number === 3)!; // w1 70, w2 70, w3 73.33
    const levels = async (versionId: number, body: object[]) => {
      const r = ok(await api<AwardReply>('/review/comment/result/award/preview', { token: admin1, body: { versionId, levels: body, ties: 'include' } }), 'preview');
      return Object.fromEntries(r.rows.map((x) => [x.workId, x.level]));
    };
    expect(await levels(median.id, [{ name: '一等奖', rule: 'count', value: 1 }, { name: '二等奖', rule: 'count', value: 1 }, { name: '优秀奖', rule: 'band', value: 60 }]))
      .toEqual({ [w2]: '一等奖', [w3]: '二等奖', [w1]: '优秀奖' });
    expect(await levels(median.id, [{ name: '一等奖', rule: 'percent', value: 34 }, { name: '二等奖', rule: 'band', value: 75 }]))
      .toEqual({ [w2]: '一等奖', [w3]: '一等奖', [w1]: null }); // ceil(3 × 34%) = 2; w1's 70 is under the band's 75
    // Ties at a level's edge share it: w1 and w2 tie at 70 behind w3.
    expect(await levels(mean.id, [{ name: '一等奖', rule: 'count', value: 1 }, { name: '二等奖', rule: 'count', value: 1 }]))
      .toEqual({ [w3]: '一等奖', [w1]: '二等奖', [w2]: '二等奖' });

    const body = { versionId: median.id, levels: [{ name: '一等奖', rule: 'count', value: 1 }, { name: '二等奖', rule: 'count', value: 2 }], ties: 'include' };
    const confirmed = ok(await api<AwardReply>('/review/comment/result/award/confirm', { token: admin1, body }), 'confirm');
    expect(confirmed.counts).toEqual([{ level: '一等奖', works: 1 }, { level: '二等奖', works: 2 }]);
    expect(confirmed.confirmedAt).toBeTruthy();
    expect((await api('/review/comment/result/award/confirm', { token: admin1, body })).code).toBe(10409);
    const stored = await sql<{ work_id: number; level: string }>(`SELECT work_id, level FROM review.work_awards WHERE round_id = $1`, [round.id]);
    expect(Object.fromEntries(stored.map((x) => [x.work_id, x.level]))).toEqual({ [w2]: '一等奖', [w3]: '二等奖', [w1]: '二等奖' });
    for (const bad of [[{ name: '一等奖', rule: 'count', value: 0.5 }], [{ name: '一等奖', rule: 'percent', value: 120 }], [], [{ name: 'x', rule: 'count', value: 1 }, { name: 'x', rule: 'count', value: 1 }]]) {
      expect((await api('/review/comment/result/award/preview', { token: admin1, body: { versionId: median.id, levels: bad, ties: 'include' } })).code).toBe(10400);
    }
    expect((await api('/review/comment/result/award/preview', { token: admin2, body: { versionId: median.id, levels: [{ name: '一等奖', rule: 'count', value: 1 }], ties: 'include' } })).code).toBe(10404);
  });

  it('keeps another organisation out and says what to fix on bad input', async () => {
    const [v] = ok(await api<ScoreVersion[]>(`/review/comment/result/versions?roundId=${round.id}`, { token: admin1 }), 'versions');
    for (const path of [`/review/comment/result/version?id=${v.id}`, `/review/comment/result/scores?versionId=${v.id}`, `/review/comment/result/versions?roundId=${round.id}`]) {
      expect({ path, code: (await api(path, { token: admin2 })).code }).toEqual({ path, code: 10404 });
    }
    expect((await api('/review/comment/result/finalScoreCalculation', { token: admin2, body: { roundId: round.id } })).code).toBe(10404);
    const bad = await api('/review/comment/result/finalScoreCalculation', { token: admin1, lang: 'en', body: { roundId: round.id, method: 'best' } });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/method/);
    expect((await api('/review/comment/result/finalScoreCalculation', { token: experts[0].token, body: { roundId: round.id } })).code).not.toBe(0);
  });
});

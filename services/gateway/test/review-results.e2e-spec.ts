import ExcelJS from 'exceljs';
import {
  ROUND_ATTENTIONS,
  type Appeal,
  type AwardReply,
  type CompetitionScoreReply,
  type EnrollMessagePage,
  type ExpertCalibrationView,
  type ExpertSaveReply,
  type FinalScoreReply,
  type MyAward,
  type Page,
  type PickableSignup,
  type PromotionReply,
  type PublicRankingRound,
  type Publication,
  type RoundAttention,
  type PublishReadiness,
  type AwardSummaryRow,
  type RewardRow,
  type Round,
  type RoundWorkSource,
  type ScoreVersion,
  type VoteBoard,
  type VoteCastReply,
  type VoteWindow,
  type WorkResult,
} from '@cmp/contracts';
import { api, firstLogin, freshIp, login, upload, type Reply } from './support/api';
import { addBatch, addTemplate } from './support/certificates';
import { waitFor } from './support/platform';
import { dropStudents, makeCompetition, makeStudents, PDF, sql } from './support/enroll';
import { expectBeijingTime, readExport } from './support/spreadsheets';

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
  /** The authors of workIds, in the same order. */
  let authors: { token: string; ip: string; userId: number }[] = [];
  let competitionId: number;
  let competitionName: string;
  let competitionNameEn: string;

  /** Scores one work as an expert: [a, b] out of 50 each, so the total out of 100 is a + b. */
  const submit = async (e: (typeof experts)[number], workId: number, a: number, b: number) => {
    const assignmentId = e.assignments.get(workId)!;
    const detail = ok(await api<{ sheet: { version: number } | null }>(`/review/sheet/detail?assignmentId=${assignmentId}`, { token: e.token }), 'detail');
    const version = detail.sheet?.version ?? 0;
    ok(await api('/review/sheet/submit', { token: e.token, body: { assignmentId, scores: [a, b], comment: '好', version } }), 'submit');
  };

  /** What the round waits for its organiser for, as the rounds list's filter (the workbench's review to-dos) finds it. */
  const waitsFor = async (token: string) => {
    const found: RoundAttention[] = [];
    for (const attention of ROUND_ATTENTIONS) {
      const page = ok(await api<Page<Round>>(`/review/round/page?attention=${attention}&pageSize=100`, { token }), attention);
      if (page.list.some((r) => r.id === round.id)) found.push(attention);
    }
    return found;
  };

  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    // Named in both languages, so that messages and awards can be read in English.
    const c = await makeCompetition(admin1, { nameEn: `Results Cup ${run}`, items: [['A组', 100, 0, 'Group A']] });
    competitionId = c.id;
    competitionName = c.name;
    competitionNameEn = c.nameEn;
    const students = await makeStudents(3, `res${run}`);
    authors = students.map((s) => ({ token: s.token, ip: `2001:db8::${s.userId.toString(16)}`, userId: s.userId }));
    // The first work's school is 南开大学 (3), the others' 北京大学 (1): the school cap has something to cap.
    for (const [i, s] of students.entries()) {
      const as = { token: s.token, ip: `2001:db8::${s.userId.toString(16)}` };
      const body = { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: `作者${s.userId}`, schoolId: i === 0 ? 3 : 1 }, teachers: [{ name: `导师${i}` }] };
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
      experts.push({ token: await firstLogin(saved.credential), id: saved.id, assignments: new Map() });
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
    // A disputed work with no arbiter yet: the round waits for its organiser (no closing time: not "closing soon").
    expect(await waitsFor(admin1)).toEqual(['disputed']);

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
    // The version says how many works the trimmed mean trimmed: all three from 3 scores on, none from 5 on (the plain mean).
    expect(versions.find((v) => v.id === trimmed.id)!.trimmedWorks).toBe(3);
    expect(versions.find((v) => v.id === mean.id)!.trimmedWorks).toBeNull();
    const untrimmed = await done(
      admin1,
      ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id, method: 'trimmed', trimFrom: 5 } }), 'trim 5').version.id,
    );
    expect(untrimmed.trimmedWorks).toBe(0);
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
    // One work per school: w3 (北京大学, like w2) is passed over for w1 (南开大学).
    const capped = ok(await api<PromotionReply>('/review/comment/result/promotion/preview', { token: admin1, body: { versionId: median.id, rule: 'top', value: 2, schoolCap: 1, ties: 'include' } }), 'cap');
    expect(capped.rows.filter((x) => x.promoted).map((x) => x.workId).sort((a, b) => a - b)).toEqual([w1, w2].sort((a, b) => a - b));
    expect(capped.rows.find((x) => x.workId === w3)).toMatchObject({ promoted: false, cappedBySchool: true });
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

    // The next round takes only the promoted works, although neither round has a stage.
    const next = ok(await api<Round>('/review/round/save', { token: admin1, body: { competitionId, name: '复赛', type: 'onsite', expertsPerWork: 1, scoreColumns: COLUMNS } }), 'next round');
    expect(ok(await api<RoundWorkSource>(`/review/round/works/source?id=${next.id}`, { token: admin1 }), 'source')).toEqual({
      previousRound: { id: round.id, name: '初审' },
      promotionConfirmed: true,
      promotedCount: 2,
    });
    expect(ok(await api<Round>('/review/round/works/sync', { token: admin1, body: { id: next.id } }), 'next sync').workCount).toBe(2);
    const loaded = await sql<{ work_id: number }>(`SELECT work_id FROM review.round_works WHERE round_id = $1 ORDER BY work_id`, [next.id]);
    expect(loaded.map((x) => x.work_id)).toEqual([w2, w3].sort((a, b) => a - b));

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
      // w1 was eliminated by the promotion above: it may win only because the organiser says so.
      const r = ok(await api<AwardReply>('/review/comment/result/award/preview', { token: admin1, body: { versionId, levels: body, ties: 'include', includeEliminated: true } }), 'preview');
      return Object.fromEntries(r.rows.map((x) => [x.workId, x.level]));
    };
    expect(await levels(median.id, [{ name: '一等奖', rule: 'count', value: 1 }, { name: '二等奖', rule: 'count', value: 1 }, { name: '优秀奖', rule: 'band', value: 60 }]))
      .toEqual({ [w2]: '一等奖', [w3]: '二等奖', [w1]: '优秀奖' });
    expect(await levels(median.id, [{ name: '一等奖', rule: 'percent', value: 34 }, { name: '二等奖', rule: 'band', value: 75 }]))
      .toEqual({ [w2]: '一等奖', [w3]: '二等奖', [w1]: null }); // floor(3 × 34%) = 1; w3's 80 makes the band's 75, w1's 70 not
    // Ties at a level's edge share it: w1 and w2 tie at 70 behind w3.
    expect(await levels(mean.id, [{ name: '一等奖', rule: 'count', value: 1 }, { name: '二等奖', rule: 'count', value: 1 }]))
      .toEqual({ [w3]: '一等奖', [w1]: '二等奖', [w2]: '二等奖' });

    // Eliminated works win nothing unless included; the default levels (5/10/15/20/30 %) never give more winners than
    // their 80 % share, rounded down, and the preview warns when more than half of an event's works would win.
    const defaults = [5, 10, 15, 20, 30].map((value, i) => ({ name: ['特等奖', '一等奖', '二等奖', '三等奖', '优秀奖'][i], rule: 'percent', value }));
    const strict = ok(await api<AwardReply>('/review/comment/result/award/preview', { token: admin1, body: { versionId: median.id, levels: defaults, ties: 'include' } }), 'defaults');
    expect(strict.rows.map((x) => [x.workId, x.level, x.eliminated])).toEqual([[w2, '三等奖', false], [w3, null, false], [w1, null, true]]);
    expect(strict.manyWinners).toEqual([]);
    const all = ok(await api<AwardReply>('/review/comment/result/award/preview', { token: admin1, body: { versionId: median.id, levels: defaults, ties: 'include', includeEliminated: true } }), 'all');
    expect(all.rows.map((x) => [x.workId, x.level])).toEqual([[w2, '三等奖'], [w3, '优秀奖'], [w1, null]]);
    expect(all.manyWinners).toEqual([{ eventId: strict.rows[0].eventId, eventName: strict.rows[0].eventName, works: 3, winners: 2 }]);
    expect(strict.rows[0].eventName).toBeTruthy();

    // A level named in English keeps its English name; one without shows its Chinese name in English too.
    const body = { versionId: median.id, levels: [{ name: '一等奖', nameEn: 'First prize', rule: 'count', value: 1 }, { name: '二等奖', rule: 'count', value: 2 }], ties: 'include', includeEliminated: true };
    const confirmed = ok(await api<AwardReply>('/review/comment/result/award/confirm', { token: admin1, body }), 'confirm');
    expect(confirmed.counts).toEqual([{ level: '一等奖', levelEn: 'First prize', works: 1 }, { level: '二等奖', levelEn: '', works: 2 }]);
    expect(confirmed.rows.map((x) => [x.workId, x.level, x.levelEn])).toEqual([[w2, '一等奖', 'First prize'], [w3, '二等奖', ''], [w1, '二等奖', '']]);
    expect(confirmed.confirmedAt).toBeTruthy();
    expect(await waitsFor(admin1)).toEqual(['disputed', 'toPublish']);
    expect((await api('/review/comment/result/award/confirm', { token: admin1, body })).code).toBe(10409);
    const stored = await sql<{ work_id: number; level: string; level_en: string }>(`SELECT work_id, level, level_en FROM review.work_awards WHERE round_id = $1`, [round.id]);
    expect(Object.fromEntries(stored.map((x) => [x.work_id, [x.level, x.level_en]]))).toEqual({ [w2]: ['一等奖', 'First prize'], [w3]: ['二等奖', ''], [w1]: ['二等奖', ''] });
    for (const bad of [[{ name: '一等奖', rule: 'count', value: 0.5 }], [{ name: '一等奖', rule: 'percent', value: 120 }], [], [{ name: 'x', rule: 'count', value: 1 }, { name: 'x', rule: 'count', value: 1 }]]) {
      expect((await api('/review/comment/result/award/preview', { token: admin1, body: { versionId: median.id, levels: bad, ties: 'include' } })).code).toBe(10400);
    }
    expect((await api('/review/comment/result/award/preview', { token: admin2, body: { versionId: median.id, levels: [{ name: '一等奖', rule: 'count', value: 1 }], ties: 'include' } })).code).toBe(10404);
  });

  it('publishes once: participants get their award and a message, certificates offers the winners, the ranking and the winners list show them', async () => {
    const [w1, w2, w3] = workIds;
    // A round without confirmed awards cannot be published.
    const bare = ok(await api<Round>('/review/round/save', { token: admin1, body: { competitionId, name: '复赛', type: 'online', expertsPerWork: 1, scoreColumns: COLUMNS } }), 'round');
    const early = await api('/review/comment/result/publish', { token: admin1, lang: 'en', body: { roundId: bare.id, appealDays: 7 } });
    expect([early.code, early.msg]).toEqual([10409, "Confirm this round's awards before publishing"]);
    expect((await api('/review/comment/result/publish', { token: admin2, body: { roundId: round.id, appealDays: 7 } })).code).toBe(10404);

    // The round is still open and its captain has not confirmed the group: publishing says so and needs a reason.
    expect(ok(await api<PublishReadiness>(`/review/comment/result/publish/readiness?roundId=${round.id}`, { token: admin1 }), 'readiness')).toEqual({
      roundOpen: true,
      unconfirmedGroups: ['一组'],
      unscoredSheets: 0,
    });
    const unready = await api('/review/comment/result/publish', { token: admin1, body: { roundId: round.id, appealDays: 7 } });
    expect(unready).toMatchObject({ code: 10409, msg: '评审尚未完成（轮次仍在评审中；1 个评审组组长未确认：一组），请填写仍要公布的理由' });
    expect((await api('/review/comment/result/publish', { token: admin1, body: { roundId: round.id, appealDays: 7, reason: '   ' } })).code).toBe(10409);
    const published = ok(await api<Publication>('/review/comment/result/publish', { token: admin1, body: { roundId: round.id, appealDays: 7, reason: '组长已线下确认' } }), 'publish');
    expect(published).toMatchObject({ roundId: round.id, roundName: '初审', awards: 3, reason: '组长已线下确认' });
    expect(Date.parse(published.appealUntil) - Date.parse(published.publishedAt)).toBe(7 * 86_400_000);
    expect((await api('/review/comment/result/publish', { token: admin1, body: { roundId: round.id, appealDays: 7 } })).code).toBe(10409);
    // Published: nothing left to publish, and its disputes are settled by appeals from now on.
    expect(await waitsFor(admin1)).toEqual([]);
    // The published version is frozen (marked), later versions are new ones.
    const [frozen] = await sql<{ published_at: Date | null }>(`SELECT published_at FROM review.score_versions WHERE id = $1`, [published.versionId]);
    expect(frozen.published_at).not.toBeNull();

    // Enrollment: each author sees their own award and got a message.
    await waitFor('enrollment to record the awards', async () => (await sql(`SELECT 1 FROM enrollment.signup_awards WHERE round_id = $1`, [round.id])).length === 3);
    const mine = ok(await api<Page<MyAward>>('/center/reward/list', { token: authors[1].token }), 'my awards');
    expect(mine.list.map((a) => [a.workId, a.level, a.rank, a.roundName])).toEqual([[w2, '一等奖', 1, '初审']]);
    const messages = await sql<{ title_zh: string }>(`SELECT title_zh FROM enrollment.messages WHERE user_id = $1 AND title_zh LIKE '恭喜获奖%'`, [authors[1].userId]);
    expect(messages).toHaveLength(1);
    expect(messages[0].title_zh).toContain('一等奖');
    // In English the award, its message and the competition and event are named in English.
    const mineEn = ok(await api<Page<MyAward>>('/center/reward/list', { token: authors[1].token, lang: 'en' }), 'my awards in English');
    expect(mineEn.list.map((a) => [a.level, a.competitionName, a.itemName])).toEqual([['First prize', competitionNameEn, 'Group A']]);
    const inbox = ok(await api<EnrollMessagePage>('/web/center/message/page?pageNum=1&pageSize=50', { token: authors[1].token, ip: authors[1].ip, lang: 'en' }), 'messages');
    expect(inbox.list.map((m) => m.title)).toContainEqual(`Award: ${competitionNameEn} / Group A won First prize in "初审"`);
    expect(inbox.list.map((m) => m.title).join('\n')).not.toMatch(/A组|报名测试赛/);

    // Certificates: the picker offers the published winners with their levels, and takes each level as the award.
    const template = await addTemplate(admin1, { variant: 'randomCode' });
    const batch = await addBatch(admin1, { templateId: template.id, competitionId });
    await waitFor('certificates to record the winners', async () => (await sql(`SELECT 1 FROM certificates.published_winners WHERE round_id = $1`, [round.id])).length === 3);
    const picker = ok(await api<Page<PickableSignup>>(`/certificate/batch/signups?batchId=${batch.id}&published=true`, { token: admin1 }), 'picker');
    expect(picker.total).toBe(3);
    expect(picker.list[0]).toMatchObject({ awardLevel: '一等奖', awardLevelEn: 'First prize', roundName: '初审' });
    expect(picker.list.map((x) => x.awardLevel).sort()).toEqual(['一等奖', '二等奖', '二等奖'].sort());
    const added = ok(
      await api<{ added: number }>('/certificate/batch/recipients/fromSignups', { token: admin1, body: { batchId: batch.id, signupIds: picker.list.map((x) => x.id), per: 'signup', useAwardLevel: true } }),
      'from signups',
    );
    expect(added.added).toBe(3);
    const awardNames = await sql<{ award_name: string }>(`SELECT award_name FROM certificates.certificates WHERE batch_id = $1 ORDER BY award_name`, [batch.id]);
    expect(awardNames.map((x) => x.award_name).sort()).toEqual(['一等奖', '二等奖', '二等奖'].sort());

    // The public ranking tab, without logging in.
    const ranking = ok(await api<PublicRankingRound[]>(`/home/competition/ranking?competitionId=${competitionId}`), 'ranking');
    expect(ranking).toHaveLength(1);
    expect(ranking[0].rows.map((r) => [r.rank, r.level, r.levelEn])).toEqual([[1, '一等奖', 'First prize'], [2, '二等奖', ''], [3, '二等奖', '']]);
    // Events are named in the reader's language (the round copied the English name when it loaded the works).
    expect(ranking[0].rows.map((r) => r.eventName)).toEqual(['A组', 'A组', 'A组']);
    const rankingEn = ok(await api<PublicRankingRound[]>(`/home/competition/ranking?competitionId=${competitionId}`, { lang: 'en' }), 'ranking in English');
    expect(rankingEn[0].rows.map((r) => r.eventName)).toEqual(['Group A', 'Group A', 'Group A']);

    // 获奖列表: the round's awards in its one event, each level counted, best first; nothing for another organisation.
    const summary = ok(await api<Page<AwardSummaryRow>>(`/competitionReward/list?competitionId=${competitionId}`, { token: admin1 }), 'award list');
    expect(summary.list.map((r) => [r.competitionName, r.eventName, r.levels.map((l) => [l.level, l.works]), r.works])).toEqual([
      [competitionName, 'A组', [['一等奖', 1], ['二等奖', 2]], 3],
    ]);
    expect(ok(await api<Page<AwardSummaryRow>>(`/competitionReward/list?competitionId=${competitionId}`, { token: admin2 }), 'award list').total).toBe(0);
    expect((await api('/competitionReward/list?competitionId=first', { token: admin1 })).code).toBe(10400);
    // 获奖明细: filters, export, and nothing for another organisation.
    const list = async (token: string, query: string) => ok(await api<Page<RewardRow>>(`/competitionReward/detailedList?competitionId=${competitionId}${query}`, { token }), 'rewards');
    expect((await list(admin1, '')).total).toBe(3);
    expect((await list(admin1, `&level=${encodeURIComponent('一等奖')}`)).list.map((r) => r.workId)).toEqual([w2]);
    expect((await list(admin1, `&keyword=${encodeURIComponent(`作品 ${authors[2].userId}`)}`)).list.map((r) => r.workId)).toEqual([w3]);
    expect((await list(admin2, '')).total).toBe(0);
    const xlsx = await api<Buffer>(`/competitionReward/detailedList/export?competitionId=${competitionId}`, { token: admin1 });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(xlsx.data as never);
    const rows = sheet.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('奖项');
    expect(rows.slice(1).map((r) => r.includes('一等奖'))).toEqual([true, false, false]);
    expect((await list(admin1, '')).list.map((r) => r.levelEn)).toEqual(['First prize', '', '']);
    expect(ok(await api<Page<RewardRow>>(`/competitionReward/detailedList?competitionId=${competitionId}`, { token: admin1, lang: 'en' }), 'rewards').list.map((r) => r.eventName)).toEqual(['Group A', 'Group A', 'Group A']);
    const xlsxEn = await api<Buffer>(`/competitionReward/detailedList/export?competitionId=${competitionId}`, { token: admin1, lang: 'en' });
    const sheetEn = new ExcelJS.Workbook();
    await sheetEn.xlsx.load(xlsxEn.data as never);
    const rowsEn = sheetEn.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rowsEn.slice(1).map((r) => r.includes('First prize'))).toEqual([true, false, false]);
    void w1;
    // The list may span competitions: each row names its competition, on screen and in the file; ranks and scores
    // are numbers, the advisers are there and the publication time is Beijing time, the zone named in the header.
    const listed = (await list(admin1, '')).list;
    expect(listed.map((r) => r.competitionName)).toEqual(listed.map(() => competitionName));
    const all = await readExport(await api<Buffer>('/competitionReward/detailedList/export', { token: admin1 }));
    expect(all.headers).toEqual(['竞赛', '评审轮次', '赛项', '名次', '奖项', '作品', '成员', '指导教师', '学校', '得分', '发布时间（北京时间 UTC+8）']);
    const exported = all.rows.filter((r) => r['竞赛'] === competitionName);
    expect(exported.map((r) => [r['名次'], r['得分'], r['指导教师']])).toEqual(
      listed.map((r) => [r.rank, r.score, `导师${workIds.indexOf(r.workId)}`]),
    );
    expect(typeof exported[0]['得分']).toBe('number');
    expectBeijingTime(exported[0]['发布时间（北京时间 UTC+8）'], listed[0].publishedAt);
    const en = await readExport(await api<Buffer>(`/competitionReward/detailedList/export?competitionId=${competitionId}`, { token: admin1, lang: 'en' }));
    expect(en.rows.map((r) => r.Competition)).toEqual(listed.map(() => competitionNameEn));
    expect(en.headers).toContain('Published (Beijing time, UTC+8)');
  });

  it('takes one appeal per work within the window: rejected with a reply, or re-reviewed into a new version', async () => {
    const [w1, w2, w3] = workIds;
    const appeal = (who: (typeof authors)[number], workId: number, reason = '评分与作品质量不符') =>
      api<Appeal>('/center/reward/appeal', { token: who.token, ip: who.ip, body: { roundId: round.id, workId, reason } });
    const a1 = ok(await appeal(authors[0], w1), 'appeal w1');
    // The organiser sees who appealed by the name on the sign-up, not by the account's name.
    expect(a1).toMatchObject({ status: 'pending', workId: w1, oldScore: 70, appellantName: `作者${authors[0].userId}` });
    expect((await appeal(authors[0], w1)).code).toBe(10409); // once per work
    expect((await appeal(authors[1], w1)).code).toBe(10404); // not theirs
    expect((await appeal(authors[0], w1, '   ')).code).toBe(10400);
    const a2 = ok(await appeal(authors[1], w2), 'appeal w2');
    expect(await waitsFor(admin1)).toEqual(['appeals']);
    expect(await waitsFor(admin2)).toEqual([]);

    const pending = ok(await api<Page<Appeal>>(`/review/comment/result/appeal/page?roundId=${round.id}&status=pending`, { token: admin1 }), 'appeals');
    expect(pending.list.map((a) => a.id).sort()).toEqual([a1.id, a2.id].sort());
    expect((await api<Page<Appeal>>(`/review/comment/result/appeal/page?roundId=${round.id}`, { token: admin2 })).data.total).toBe(0);
    expect((await api('/review/comment/result/appeal/handle', { token: admin2, body: { id: a1.id, action: 'reject', reply: '维持' } })).code).toBe(10404);

    const rejected = ok(await api<Appeal>('/review/comment/result/appeal/handle', { token: admin1, body: { id: a2.id, action: 'reject', reply: '评分无误，维持原结果' } }), 'reject');
    expect(rejected).toMatchObject({ status: 'rejected', reply: '评分无误，维持原结果' });
    expect((await api('/review/comment/result/appeal/handle', { token: admin1, body: { id: a2.id, action: 'rereview', reply: 'x' } })).code).toBe(10409);

    // Re-review: w1's three sheets go back to their experts; they score again and the next version resolves the appeal.
    const reviewing = ok(await api<Appeal>('/review/comment/result/appeal/handle', { token: admin1, body: { id: a1.id, action: 'rereview', reply: '请专家重新评审' } }), 'rereview');
    expect(reviewing.status).toBe('reviewing');
    expect(await waitsFor(admin1)).toEqual(['appeals']); // re-reviewed, not yet answered
    const back = await sql<{ status: string }>(
      `SELECT s.status FROM review.score_sheets s JOIN review.assignments a ON a.id = s.assignment_id WHERE a.round_id = $1 AND a.work_id = $2`,
      [round.id, w1],
    );
    expect(back.map((b) => b.status)).toEqual(['returned', 'returned', 'returned']);
    await submit(experts[0], w1, 45, 45);
    await submit(experts[1], w1, 40, 40);
    await submit(experts[2], w1, 40, 40);
    const next = await done(admin1, ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id, method: 'median' } }), 'again').version.id);
    const mine = ok(await api<Appeal[]>('/center/reward/appeals', { token: authors[0].token }), 'my appeals');
    expect(mine.map((a) => [a.workId, a.status, a.oldScore, a.newScore])).toEqual([[w1, 'resolved', 70, 80]]);
    expect(await waitsFor(admin1)).toEqual([]);
    const [outcome] = await sql<{ outcome_version_id: number }>(`SELECT outcome_version_id FROM review.appeals WHERE id = $1`, [a1.id]);
    expect(outcome.outcome_version_id).toBe(next.id);
    const told = await sql<{ title_zh: string }>(`SELECT title_zh FROM enrollment.messages WHERE user_id = $1 AND title_zh LIKE '复议%'`, [authors[1].userId]);
    expect(told.map((m) => m.title_zh)).toEqual([expect.stringContaining('评分无误，维持原结果')]);

    // After the window, no more appeals.
    await sql(`UPDATE review.publications SET appeal_until = now() - interval '1 minute' WHERE round_id = $1`, [round.id]);
    const late = await appeal(authors[2], w3);
    expect([late.code, late.msg]).toEqual([10409, '复议期已结束']);
  });

  it('counts votes exactly: one per account, work and day under 200 concurrent tries, 200 accounts at once, newer accounts apart', async () => {
    const [w1, w2, w3] = workIds;
    const voters = await makeStudents(200, `vote${run}`);
    const window = ok(
      await api<VoteWindow>('/review/comment/result/vote/open', {
        token: admin1,
        body: { roundId: round.id, opensAt: new Date().toISOString(), closesAt: new Date(Date.now() + 3_600_000).toISOString(), dailyLimit: 2 },
      }),
      'open',
    );
    const cast = (token: string, workId: number, ip = freshIp()) => api<VoteCastReply>('/web/vote/cast', { token, ip, body: { windowId: window.id, workId } });

    const same = await Promise.all(Array.from({ length: 200 }, () => cast(voters[0].token, w1)));
    expect(same.filter((r) => r.code === 0 && r.data.counted)).toHaveLength(1);
    expect(same.every((r) => r.code === 0)).toBe(true);
    const many = await Promise.all(voters.map((v) => cast(v.token, w2)));
    expect(many.filter((r) => r.code === 0 && r.data.counted)).toHaveLength(200);

    // The daily limit (2 works): the first voter has voted for w1 and w2 already.
    const third = await api('/web/vote/cast', { token: voters[0].token, lang: 'en', ip: freshIp(), body: { windowId: window.id, workId: w3 } });
    expect([third.code, third.msg]).toEqual([10409, "You have used today's votes (2 works a day); come back tomorrow"]);

    // An account made after voting opened: its vote is kept apart from the public count.
    const [newcomer] = await makeStudents(1, `late${run}`);
    expect(ok(await cast(newcomer.token, w3), 'late vote').counted).toBe(true);
    const board = ok(await api<VoteBoard>(`/home/vote/board?competitionId=${competitionId}`), 'board');
    expect(board.rows.map((r) => [r.workId, r.votes])).toEqual([[w2, 200], [w1, 1], [w3, 0]]);
    expect(board.rows[0].lateVotes).toBeUndefined();
    const report = ok(await api<VoteBoard>(`/review/comment/result/vote/report?windowId=${window.id}`, { token: admin1 }), 'report');
    expect(report.rows.find((r) => r.workId === w3)).toMatchObject({ votes: 0, lateVotes: 1 });
    expect((await api(`/review/comment/result/vote/report?windowId=${window.id}`, { token: admin2 })).code).toBe(10404);

    // Refusals: no login, a work outside the vote, a closed window, and one address voting too fast.
    expect((await api('/web/vote/cast', { body: { windowId: window.id, workId: w1 } })).status).toBe(401);
    expect((await cast(voters[1].token, 999_999_999)).code).toBe(10404);
    const ip = freshIp();
    const burst = await Promise.all(voters.slice(0, 130).map((v) => cast(v.token, w1, ip)));
    expect(burst.filter((r) => r.code === 10429).length).toBeGreaterThan(0);
    await sql(`UPDATE review.vote_windows SET closes_at = now() - interval '1 second', opens_at = now() - interval '1 hour' WHERE id = $1`, [window.id]);
    expect((await cast(voters[2].token, w3)).code).toBe(10409);
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

  it('draws one more expert for a disputed work (arbitration) by the assignment rules, and says when nobody can', async () => {
    const w2 = workIds[1]; // 90, 90, 30: disputed
    const none = await api('/review/distribution/arbitrate', { token: admin1, lang: 'en', body: { roundId: round.id, workId: w2 } });
    expect(none.code).toBe(10409); // the group's three experts all scored it
    const saved = ok(await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name: '仲裁专家', phone: `136${run}99`, unit: '社会专家', title: '教授' } }), 'expert');
    const [group] = ok(await api<{ id: number; expertIds: number[]; captainExpertId: number }[]>(`/review/group/list?roundId=${round.id}`, { token: admin1 }), 'groups');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: round.id, id: group.id, name: '一组', expertIds: [...group.expertIds, saved.id], captainExpertId: group.captainExpertId } }), 'group');
    const drawn = ok(await api<{ expertId: number; name: string }>('/review/distribution/arbitrate', { token: admin1, body: { roundId: round.id, workId: w2 } }), 'arbitrate');
    expect(drawn).toMatchObject({ expertId: saved.id, name: '仲裁专家' });
    const pairs = await sql(`SELECT 1 FROM review.assignments WHERE round_id = $1 AND work_id = $2 AND NOT declined`, [round.id, w2]);
    expect(pairs).toHaveLength(4);
    expect((await api('/review/distribution/arbitrate', { token: admin2, body: { roundId: round.id, workId: w2 } })).code).toBe(10404);
  });

  it('breaks ties by a named score column, then by another round, when asked; otherwise tied works share a level', async () => {
    const [w1, w2, w3] = workIds;
    // A second round with one expert: w1 and w2 both total 70, w1 ahead on the first column, w2 on the second.
    const tie = ok(await api<Round>('/review/round/save', { token: admin1, body: { competitionId, name: '加赛', type: 'online', expertsPerWork: 1, scoreColumns: COLUMNS } }), 'round');
    // A tie-break round takes every submitted work, eliminated ones too, when asked to.
    ok(await api('/review/round/works/sync', { token: admin1, body: { id: tie.id, allSubmitted: true } }), 'sync');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: tie.id, name: '加赛组', expertIds: [experts[0].id], captainExpertId: experts[0].id } }), 'group');
    ok(await api('/review/distribution/run', { token: admin1, body: { roundId: tie.id } }), 'run');
    await waitFor('the tie round assignment', async () => (await sql(`SELECT 1 FROM review.assignments WHERE round_id = $1`, [tie.id])).length === 3);
    ok(await api('/review/round/open', { token: admin1, body: { id: tie.id } }), 'open');
    const ids = await sql<{ id: number; work_id: number }>(`SELECT id, work_id FROM review.assignments WHERE round_id = $1`, [tie.id]);
    const sheet = (workId: number, a: number, b: number) =>
      api('/review/sheet/submit', { token: experts[0].token, body: { assignmentId: ids.find((x) => x.work_id === workId)!.id, scores: [a, b], comment: '好', version: 0 } });
    for (const [w, a, b] of [[w1, 50, 20], [w2, 20, 50], [w3, 10, 10]]) ok(await sheet(w, a, b), 'sheet');
    const v = await done(admin1, ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: tie.id } }), 'calc').version.id);
    const first = async (extra: object) => {
      const r = ok(await api<AwardReply>('/review/comment/result/award/preview', { token: admin1, body: { versionId: v.id, levels: [{ name: '一等奖', rule: 'count', value: 1 }], ...extra } }), 'preview');
      return r.rows.filter((x) => x.level === '一等奖').map((x) => x.workId).sort((a, b) => a - b);
    };
    expect(await first({ ties: 'include' })).toEqual([w1, w2].sort((a, b) => a - b));
    expect(await first({ ties: 'break', tieBreakColumn: 0 })).toEqual([w1]);
    expect(await first({ ties: 'break', tieBreakColumn: 1 })).toEqual([w2]);
    // By the first round's published score (w2 90 ahead of w1 70, by median).
    expect(await first({ ties: 'break', tieBreakRoundId: round.id })).toEqual([w2]);
    expect((await api('/review/comment/result/award/preview', { token: admin1, body: { versionId: v.id, levels: [{ name: '一等奖', rule: 'count', value: 1 }], ties: 'break', tieBreakColumn: 5 } })).code).toBe(10400);
    const promoted = ok(await api<PromotionReply>('/review/comment/result/promotion/preview', { token: admin1, body: { versionId: v.id, rule: 'top', value: 1, ties: 'break', tieBreakColumn: 0 } }), 'promotion');
    expect(promoted.rows.filter((x) => x.promoted).map((x) => x.workId)).toEqual([w1]);

    // The competition's final score: the first round (published: w1 70, w2 90, w3 80) 40%, this one (70, 70, 20) 60%.
    const total = ok(
      await api<CompetitionScoreReply>('/review/comment/result/competitionScore', { token: admin1, body: { competitionId, weights: [{ roundId: round.id, weight: 40 }, { roundId: tie.id, weight: 60 }] } }),
      'competition score',
    );
    expect(total.rounds.map((r) => [r.name, r.weight])).toEqual([['初审', 40], ['加赛', 60]]);
    expect(total.rows.map((r) => [r.workId, r.final])).toEqual([[w2, 78], [w1, 70], [w3, 44]]);
    expect(total.rows[0].scores).toEqual({ [round.id]: 90, [tie.id]: 70 });
    expect((await api('/review/comment/result/competitionScore', { token: admin2, body: { competitionId, weights: [{ roundId: round.id, weight: 1 }] } })).code).toBe(10404);
    expect((await api('/review/comment/result/competitionScore', { token: admin1, body: { competitionId, weights: [{ roundId: round.id, weight: 0 }] } })).code).toBe(10400);
  });

  it('ranks a promotion per event or across the round, as the rule says, and shows each work\'s event', async () => {
    const [w1, w2] = workIds;
    const median = ok(await api<ScoreVersion[]>(`/review/comment/result/versions?roundId=${round.id}`, { token: admin1 }), 'versions').find((v) => v.number === 2)!;
    // w1 (70) moves to another event for this test: w2 (90) and w3 (80) stay in theirs.
    const [before] = await sql<{ event_id: number; event_name: string }>(`SELECT event_id, event_name FROM review.round_works WHERE round_id = $1 AND work_id = $2`, [round.id, w1]);
    await sql(`UPDATE review.round_works SET event_id = $3, event_name = '乙组' WHERE round_id = $1 AND work_id = $2`, [round.id, w1, before.event_id + 100000]);
    try {
      const top1 = async (scope?: string) =>
        ok(await api<PromotionReply>('/review/comment/result/promotion/preview', { token: admin1, body: { versionId: median.id, rule: 'top', value: 1, ties: 'include', ...(scope ? { scope } : {}) } }), 'preview');
      const perEvent = await top1();
      expect(perEvent.rows.filter((x) => x.promoted).map((x) => x.workId).sort((a, b) => a - b)).toEqual([w1, w2].sort((a, b) => a - b));
      expect(perEvent.rows.find((x) => x.workId === w1)).toMatchObject({ eventName: '乙组', rank: 1 });
      const across = await top1('round');
      expect(across.rows.filter((x) => x.promoted).map((x) => x.workId)).toEqual([w2]);
      expect(across.rows.map((x) => x.rank)).toEqual([1, 2, 3]);
      expect((await api('/review/comment/result/promotion/preview', { token: admin1, body: { versionId: median.id, rule: 'top', value: 1, ties: 'include', scope: 'school' } })).code).toBe(10400);
    } finally {
      await sql(`UPDATE review.round_works SET event_id = $3, event_name = $4 WHERE round_id = $1 AND work_id = $2`, [round.id, w1, before.event_id, before.event_name]);
    }
  });

  it('asks before loading every work into a round whose round before has not confirmed its promotion', async () => {
    const last = ok(await api<Round>('/review/round/save', { token: admin1, body: { competitionId, name: '总决赛', type: 'online', expertsPerWork: 1, scoreColumns: COLUMNS } }), 'round');
    const source = ok(await api<RoundWorkSource>(`/review/round/works/source?id=${last.id}`, { token: admin1 }), 'source');
    expect(source).toMatchObject({ previousRound: { name: '加赛' }, promotionConfirmed: false });
    const refused = await api('/review/round/works/sync', { token: admin1, body: { id: last.id } });
    expect(refused).toMatchObject({ code: 10409, msg: expect.stringContaining('加赛') });
    expect(ok(await api<Round>(`/review/round/detail?id=${last.id}`, { token: admin1 }), 'detail').workCount).toBe(0);
    expect(ok(await api<Round>('/review/round/works/sync', { token: admin1, body: { id: last.id, allSubmitted: true } }), 'sync').workCount).toBe(3);
    expect((await api(`/review/round/works/source?id=${last.id}`, { token: admin2 })).code).toBe(10404);
  });
});

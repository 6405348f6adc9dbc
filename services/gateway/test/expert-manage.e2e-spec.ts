import type { EnrollMessagePage, ExpertCandidate, ExpertReassignReply, ExpertSaveReply, ExpertWorkload, Page } from '@cmp/contracts';
import { api, firstLogin, login } from './support/api';
import { sql } from './support/enroll';
import { reviewRound, threeExpertsRound } from './support/review-rounds';

const rows = async (token: string, q: string) => (await api<Page<ExpertWorkload>>(`/expert/manage/page?${q}`, { token })).data;

/** 专家管理: how each expert reviews, their unscored works handed on by the assignment's rules, a pause, a message. */
describe('expert management', () => {
  let admin1: string;
  let round: Awaited<ReturnType<typeof reviewRound>>;
  let competitionId: number;
  const base = 910_000 + Math.floor(Math.random() * 80_000);
  const [w2, w3] = [base + 1, base + 2];

  beforeAll(async () => {
    admin1 = await login('admin1');
    ({ round, competitionId } = await threeExpertsRound(admin1, base));
  });

  it("shows each expert's reviewing in a competition: assigned, scored, pending, returned, conflicts and calibration", async () => {
    const page = await rows(admin1, `competitionId=${competitionId}`);
    expect(page.total).toBe(3);
    const jia = page.list.find((e) => e.name === '专家甲')!;
    expect(jia).toMatchObject({ rounds: 1, assigned: 3, scored: 1, pending: 2, declined: 0, returned: 1, conflicts: 1, hasAccount: false, status: 'active' });
    expect(jia.calibration).toEqual({ roundName: '初评', offset: 8.5, sharedWorks: 1, outlier: true });
    expect(jia.avgHours).toBeGreaterThanOrEqual(0);
    // The one with the most still to score comes first; the out-of-line filter keeps only 专家甲.
    expect(page.list[0].name).toBe('专家甲');
    expect((await rows(admin1, `competitionId=${competitionId}&outlier=true`)).list.map((e) => e.name)).toEqual(['专家甲']);
    // Another organisation sees none of them; bad input says what to fix.
    expect((await rows(await login('admin2'), `competitionId=${competitionId}`)).total).toBe(0);
    const bad = await api(`/expert/manage/page?competitionId=x&outlier=maybe`, { token: admin1, lang: 'en' });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/competitionId|outlier/);
    expect((await api('/expert/manage/page', { token: await login('student1') })).code).toBe(401);
  });

  it("pauses an expert and hands the works they have not begun to the group's others", async () => {
    const jia = round.experts['专家甲'];
    expect((await api('/expert/status', { token: admin1, body: { id: jia, status: 'disabled' } })).code).toBe(0);
    const reply = await api<ExpertReassignReply>('/expert/manage/reassign', { token: admin1, body: { id: jia } });
    expect(reply.code).toBe(0);
    // W(w3) goes to another of the group; W(w2) has a draft, so it stays theirs and says why.
    expect(reply.data.moved).toEqual([{ roundName: '初评', workTitle: `W${w3}`, to: expect.stringMatching(/^专家[乙丙]$/) }]);
    expect(reply.data.stuck).toEqual([{ roundName: '初评', workTitle: `W${w2}`, why: '专家已开始评分，不能移除' }]);
    // The add and swap picker offers them no new work either (a work of their group they never had), and says why.
    const w4 = base + 3;
    await sql(`INSERT INTO review.round_works (round_id, work_id, review_group_id, title) VALUES ($1, $2, $3, 'W4')`, [round.roundId, w4, round.groupId]);
    const picker = await api<ExpertCandidate[]>(`/review/distribution/candidates?roundId=${round.roundId}&workId=${w4}`, { token: admin1 });
    expect(picker.data.find((c) => c.expertId === jia)).toMatchObject({ eligible: false, reason: '专家甲 已被暂停评审，不再分配新作品' });
    const after = (await rows(admin1, `competitionId=${competitionId}&keyword=专家甲`)).list[0];
    expect(after).toMatchObject({ status: 'disabled', assigned: 2, scored: 1, pending: 1, declined: 1 });
    // Again: only the draft is left, still theirs; another organisation's expert is not found.
    expect((await api<ExpertReassignReply>('/expert/manage/reassign', { token: admin1, body: { id: jia } })).data.moved).toEqual([]);
    expect((await api('/expert/manage/reassign', { token: await login('admin2'), body: { id: jia } })).code).toBe(10404);
  });

  it('sends a site message to the chosen experts who have an account', async () => {
    const saved = await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name: '有账号的专家', phone: `135${String(base).padStart(8, '0')}`, title: '教授' } });
    const token = await firstLogin(saved.data.credential!);
    const sent = await api<{ sent: number; withoutAccount: number }>('/expert/manage/message', {
      token: admin1,
      body: { ids: [saved.data.id, round.experts['专家乙']], text: '请于本周五前完成初评' },
    });
    expect(sent.data).toEqual({ sent: 1, withoutAccount: 1 });
    const inbox = (await api<EnrollMessagePage>('/web/center/message/page?pageNum=1&pageSize=10', { token })).data;
    expect(inbox.list.map((m) => m.title)).toContain('admin1：请于本周五前完成初评');
    expect((await api('/expert/manage/message', { token: admin1, body: { ids: [saved.data.id], text: '   ' } })).code).toBe(10400);
    expect((await api('/expert/manage/message', { token: await login('admin2'), body: { ids: [saved.data.id], text: '你好' } })).code).toBe(10404);
  });
});

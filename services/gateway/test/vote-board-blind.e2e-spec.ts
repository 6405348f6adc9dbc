import type { AwardReply, ExpertSaveReply, FinalScoreReply, Round, ScoreVersion, VoteBoard } from '@cmp/contracts';
import { api, firstLogin, login, runDistribution, upload, type Reply } from './support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, sql } from './support/enroll';

/**
 * A blind round's public vote board (no login) says nothing of who made the works: no school field at all until the
 * round's results are published, then the schools appear (issue 27).
 */
const run = String(Date.now()).slice(-6);

function ok<T>(r: Reply<T>, what: string): T {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

describe('public vote board of a blind round', () => {
  let admin1: string;
  let competitionId: number;
  let round: Round;
  let workId: number;
  let expert: { token: string; id: number };

  beforeAll(async () => {
    admin1 = await login('admin1');
    const c = await makeCompetition(admin1, { items: [['A组', 100, 0]] });
    competitionId = c.id;
    const [s] = await makeStudents(1, `blind${run}`);
    const as = { token: s.token, ip: `2001:db8::b:${s.userId.toString(16)}` };
    // The author's school is 北京大学 (1): the sign-up keeps its name, which the round's works carry.
    const body = { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: `盲评作者${s.userId}`, schoolId: 1, schoolName: '北京大学' }, teachers: [{ name: '盲评导师' }] };
    const signup = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up');
    const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: signup.id, title: `盲评作品 ${s.userId}`, summary: '' } }), 'work');
    ok(await api('/enroll/signup/check', { token: admin1, body: { id: signup.id, approve: true } }), 'approve');
    ok(await upload(`/web/work/file/upload?workId=${work.id}`, s.token, PDF, '计划书.pdf'), 'upload');
    ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit');
    workId = work.id;

    const saved = ok(await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name: '盲评专家', phone: `136${run}01`, unit: '社会专家', title: '教授' } }), 'expert');
    expert = { token: await firstLogin(saved.credential!), id: saved.id };
    const columns = [{ name: '总分', max: 100, step: 1, weight: 100, rubric: '' }];
    round = ok(
      await api<Round>('/review/round/save', { token: admin1, body: { competitionId: c.id, name: '盲评', type: 'online', blind: true, expertsPerWork: 1, scoreColumns: columns } }),
      'round',
    );
    ok(await api('/review/round/works/sync', { token: admin1, body: { id: round.id } }), 'sync');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: round.id, name: '一组', expertIds: [expert.id], captainExpertId: expert.id } }), 'group');
    await runDistribution(admin1, round.id);
    ok(await api('/review/round/open', { token: admin1, body: { id: round.id } }), 'open');
    const hour = 3_600_000;
    ok(await api('/review/comment/result/vote/open', { token: admin1, body: { roundId: round.id, opensAt: new Date().toISOString(), closesAt: new Date(Date.now() + hour).toISOString(), dailyLimit: 2 } }), 'vote');
  }, 120_000);

  afterAll(dropStudents);

  const boards = async () => [
    ok(await api<VoteBoard>(`/home/vote/board?competitionId=${competitionId}`), 'board'),
    ok(await api<VoteBoard>(`/home/vote/board?workId=${workId}`), 'board of the work'),
  ];

  it('shows no school before the results are published, and the schools after', async () => {
    for (const board of await boards()) {
      expect(board.rows.map((r) => r.workId)).toEqual([workId]);
      expect(Object.keys(board.rows[0]).sort()).toEqual(['eventName', 'title', 'votes', 'workId']);
      expect(JSON.stringify(board)).not.toContain('北京大学');
    }

    // Score, award and publish the round.
    const [assignment] = await sql<{ id: number }>(`SELECT id FROM review.assignments WHERE round_id = $1 AND work_id = $2 AND NOT declined`, [round.id, workId]);
    ok(await api('/review/sheet/submit', { token: expert.token, body: { assignmentId: assignment.id, scores: [80], comment: '好', version: 0 } }), 'sheet');
    const computed = ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id } }), 'compute');
    let version: ScoreVersion;
    for (;;) {
      version = ok(await api<ScoreVersion>(`/review/comment/result/version?id=${computed.version.id}`, { token: admin1 }), 'version');
      if (version.status === 'done' || version.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(version.status).toBe('done');
    const levels = [{ name: '一等奖', rule: 'count', value: 1 }];
    ok(await api<AwardReply>('/review/comment/result/award/confirm', { token: admin1, body: { versionId: version.id, levels, ties: 'include', includeEliminated: true } }), 'awards');
    ok(await api('/review/comment/result/publish', { token: admin1, body: { roundId: round.id, appealDays: 7, reason: '测试发布' } }), 'publish');

    for (const board of await boards()) expect(board.rows[0].schoolNames).toEqual(['北京大学']);
  });
});

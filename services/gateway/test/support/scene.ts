import type { Round, SceneSetting } from '@cmp/contracts';
import { api, upload, type Reply } from './api';
import { makeCompetition, makeStudents, PDF, type Student } from './enroll';

export function ok<T>(r: Reply<T>, what: string): T {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

export interface OnsiteRound {
  round: Round;
  setting: SceneSetting;
  /** The authors, in the order of workIds. */
  students: Student[];
  workIds: number[];
}

const COLUMNS = [{ name: '现场表现', max: 100, step: 1, weight: 100, rubric: '' }];

/**
 * An organiser's on-site round with `works` submitted works (one student each) and the given rooms, through the
 * gateway as the organiser and the students would make it.
 */
export async function makeOnsiteRound(admin: string, works: number, rooms: { name: string; nameEn: string }[], prefix: string): Promise<OnsiteRound> {
  const c = await makeCompetition(admin);
  const students = await makeStudents(works, prefix);
  const workIds: number[] = [];
  for (const s of students) {
    const as = { token: s.token, ip: `2001:db8::${s.userId.toString(16)}` };
    const body = { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: `选手${s.userId}`, schoolId: 1 }, teachers: [] };
    const signup = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up');
    const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: signup.id, title: `作品${s.userId}`, summary: '' } }), 'work');
    ok(await api('/enroll/signup/check', { token: admin, body: { id: signup.id, approve: true } }), 'approve');
    ok(await upload(`/web/work/file/upload?workId=${work.id}`, s.token, PDF, '计划书.pdf'), 'upload');
    ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit work');
    workIds.push(work.id);
  }
  const round = ok(
    await api<Round>('/review/round/save', { token: admin, body: { competitionId: c.id, name: '现场决赛', type: 'onsite', expertsPerWork: 1, scoreColumns: COLUMNS } }),
    'round',
  );
  ok(await api('/review/round/works/sync', { token: admin, body: { id: round.id } }), 'sync');
  const setting = ok(
    await api<SceneSetting>('/review/scene/setting', { token: admin, body: { roundId: round.id, venue: '图书馆报告厅', notice: '请提前 15 分钟签到', bilingual: true, rooms } }),
    'rooms',
  );
  return { round, setting, students, workIds };
}

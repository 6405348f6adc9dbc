import type { IdNumberReveal, OperationLogView, Page, SignupDetail, TeamInvitation } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { dropStudents, makeCompetition, makeStudents, type Student } from './support/enroll';
import { waitFor } from './support/platform';

const ID = '11010519491231002X';
const MASKED_ID = '1101**********002X';
const as = (s: Student) => ({ token: s.token, ip: freshIp() });

/** Polls the operation log as `token` until the entry of a request appears (events arrive asynchronously). */
async function logEntry(token: string, requestId: string): Promise<OperationLogView> {
  let found: OperationLogView | undefined;
  await waitFor(`operation log entry ${requestId}`, async () => {
    const r = await api<Page<OperationLogView>>(`/system/log/page?pageSize=100&keyword=${encodeURIComponent('/enroll/signup/idNumber')}`, { token });
    found = r.data?.list.find((e) => e.requestId === requestId);
    return !!found;
  });
  return found!;
}

/**
 * Issue 12: what an invitation link shows (no phones, no account names, names masked) and identity numbers
 * (masked for organisers and teammates; shown in full only by an explicit, logged, scoped call).
 */
describe('privacy of sign-ups', () => {
  let admin1: string;
  let admin2: string;
  let captain: Student;
  let joiner: Student;
  let signupId: number;
  let inviteCode: string;
  const name = `隐私测试赛 ${Date.now()}`;

  afterAll(dropStudents);
  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    const c = await makeCompetition(admin1, {
      name,
      mode: 2,
      teamMin: 1,
      teamMax: 3,
      teacherMax: 1,
      requiredFields: ['realName', 'phone', 'idNumber'],
      items: [['算法组', 20, 0, 'Algorithms']],
    });
    [captain, joiner] = await makeStudents(2);
    const signed = await api<SignupDetail>('/web/enroll/signUp', {
      ...as(captain),
      body: {
        competitionId: c.id, itemId: c.items[0].id, type: 2, teamName: '隐私队',
        profile: { realName: '陈小明', phone: '13900001111', idNumber: ID },
        teachers: [{ name: '赵老师', phone: '13912345678', email: 'zhao@example.edu' }],
      },
    });
    expect(signed.code).toBe(0);
    signupId = signed.data.id;
    inviteCode = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${signupId}`, as(captain))).data.inviteCode;
  });

  it('shows someone holding the invitation the team, event and masked names, and nothing personal', async () => {
    const r = await api<TeamInvitation>(`/web/enroll/teamMember/list?inviteCode=${inviteCode}`, as(joiner));
    expect(r.code).toBe(0);
    expect(r.data).toEqual({
      competitionId: expect.any(Number),
      competitionName: name,
      competitionNameEn: `${name} EN`,
      itemId: expect.any(Number),
      itemName: '算法组',
      itemNameEn: 'Algorithms',
      teamName: '隐私队',
      status: 0,
      memberCount: 1,
      teamMin: 1,
      teamMax: 3,
      placesLeft: 2,
      // The fee its captain pays (a free event here): the invitation says what joining costs (issue 26, item 24).
      feeFen: 0,
      payStatus: 0,
      captainName: '陈*明',
      memberNames: ['陈*明'],
    });
    const text = JSON.stringify(r.data);
    for (const secret of ['13900001111', '13912345678', 'zhao@example.edu', captain.username, ID, '陈小明', inviteCode]) expect(text).not.toContain(secret);

    // Once in the team, the same link says so (the page opens the member view), still without details.
    const joined = await api<SignupDetail>('/web/enroll/team/join', { ...as(joiner), body: { inviteCode, profile: { realName: '李四', phone: '13900002222', idNumber: ID } } });
    expect(joined.code).toBe(0);
    const again = await api<TeamInvitation>(`/web/enroll/teamMember/list?inviteCode=${inviteCode}`, as(joiner));
    expect(again.data).toMatchObject({ memberCount: 2, placesLeft: 1, memberNames: ['陈*明', '李*'], memberSignupId: signupId });
    expect(JSON.stringify(again.data)).not.toContain('13912345678');

    // Members keep their full view through their own route.
    const full = await api<SignupDetail>(`/web/enroll/teamMember/list?id=${signupId}`, as(joiner));
    expect(full.data.teachers[0]).toMatchObject({ name: '赵老师', phone: '13912345678' });
    expect(full.data.members.map((m) => m.username)).toEqual([captain.username, joiner.username]);
  });

  it('masks identity numbers for organisers and teammates; each person sees their own', async () => {
    const detail = await api<SignupDetail>(`/enroll/signup/detail?id=${signupId}`, { token: admin1 });
    expect(detail.code).toBe(0);
    expect(detail.data.members[0].profile.idNumber).toBe(MASKED_ID);
    expect(JSON.stringify(detail.data)).not.toContain(ID);
    // Through the participants' route too (organisers may read it).
    expect(JSON.stringify((await api<SignupDetail>(`/web/enroll/detail?id=${signupId}`, { token: admin1 })).data)).not.toContain(ID);
    expect(JSON.stringify((await api(`/enroll/signup/page?competitionId=${detail.data.competitionId}`, { token: admin1 })).data)).not.toContain(ID);

    const own = await api<SignupDetail>(`/web/enroll/detail?id=${signupId}`, as(captain));
    const byUser = new Map(own.data.members.map((m) => [m.userId, m.profile.idNumber]));
    expect(byUser.get(captain.userId)).toBe(ID);
    expect(byUser.get(joiner.userId)).toBe(MASKED_ID);
  });

  it('shows an identity number in full only on request, records the request, and only within the organisation', async () => {
    const shown = await api<IdNumberReveal>(`/enroll/signup/idNumber?id=${signupId}&userId=${captain.userId}`, { token: admin1 });
    expect(shown).toMatchObject({ code: 0, data: { signupId, userId: captain.userId, idNumber: ID } });
    const entry = await logEntry(admin1, shown.headers.get('x-request-id')!);
    expect(entry).toMatchObject({ username: 'admin1', method: 'GET', path: '/prod-api/enroll/signup/idNumber', resultCode: 0 });
    expect(JSON.parse(entry.params!)).toEqual({ id: String(signupId), userId: String(captain.userId) });

    // Another organisation's organiser learns nothing, not even that the sign-up exists; a student has no access.
    const other = await api(`/enroll/signup/idNumber?id=${signupId}&userId=${captain.userId}`, { token: admin2, lang: 'en' });
    expect(other).toMatchObject({ code: 10404, msg: `No such sign-up: ${signupId}` });
    expect(JSON.stringify(other)).not.toContain(ID);
    expect((await api(`/enroll/signup/idNumber?id=${signupId}&userId=${captain.userId}`, as(joiner))).code).toBe(401);
    // Someone not in the sign-up is named.
    expect(await api(`/enroll/signup/idNumber?id=${signupId}&userId=999999`, { token: admin1, lang: 'en' })).toMatchObject({
      code: 10404,
      msg: 'User 999999 is not a member of this sign-up',
    });
  });
});

import type { ApprovedSignup, CertificateBatch, CertificateTemplate, CompetitionDetail, IssuedCertificate, Page } from '@cmp/contracts';
import { api, login } from './support/api';
import { addBatch, addTemplate } from './support/certificates';
import { approvedSignup, dropStudents, makeCompetition, makeStudents, type Student } from './support/enroll';

type Pick = ApprovedSignup & { added: boolean };

const holders = async (token: string, batchId: number) =>
  (await api<Page<IssuedCertificate>>(`/certificate/page?batchId=${batchId}&pageSize=100`, { token })).data.list;

describe('certificate winners picked from approved sign-ups', () => {
  let admin1: string;
  let admin2: string;
  let c: CompetitionDetail;
  let template: CertificateTemplate;
  let st: Student[];
  let team: number;
  let solo: number;
  let pending: number;
  let elsewhere: number;
  const tag = Date.now().toString(36);

  afterAll(dropStudents);
  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    [c, st] = await Promise.all([makeCompetition(admin1, { name: `获奖选择赛 ${tag}` }), makeStudents(6, `win${tag}`)]);
    const other = await makeCompetition(admin1, { name: `另一竞赛 ${tag}` });
    team = await approvedSignup(admin1, c, st[0], {
      realName: '星火队长', team: { name: `星火队${tag}`, members: [st[1], st[2]] }, teachers: ['王老师', '李老师'], workTitle: '智慧校园',
    });
    solo = await approvedSignup(admin1, c, st[3], { realName: '独行者' });
    pending = await approvedSignup(admin1, c, st[4], { realName: '待审者', pending: true });
    elsewhere = await approvedSignup(admin1, other, st[5], { realName: '他赛者' });
    template = await addTemplate(admin1, { variant: 'randomCode' });
  });

  const batchOn = (competitionId?: number): Promise<CertificateBatch> => addBatch(admin1, { templateId: template.id, competitionId });
  const pick = (token: string, body: Record<string, unknown>, lang: 'zh-CN' | 'en' = 'en') =>
    api<{ added: number; total: number }>('/certificate/batch/recipients/fromSignups', { token, body, lang });

  it('lists the approved sign-ups of the batch\'s competition with members, teachers and work', async () => {
    const b = await batchOn(c.id);
    const page = await api<Page<Pick>>(`/certificate/batch/signups?batchId=${b.id}`, { token: admin1 });
    expect(page.code).toBe(0);
    expect(page.data.list.map((s) => s.id)).toEqual([team, solo]);
    expect(page.data.list[0]).toMatchObject({
      type: 2, teamName: `星火队${tag}`, schoolName: '华东示范大学', teachers: ['王老师', '李老师'], workTitle: '智慧校园', added: false,
      members: [
        { userId: st[0].userId, username: st[0].username, realName: '星火队长' },
        { userId: st[1].userId, username: st[1].username, realName: '星火队长队友1' },
        { userId: st[2].userId, username: st[2].username, realName: '星火队长队友2' },
      ],
    });
    const found = await api<Page<Pick>>(`/certificate/batch/signups?batchId=${b.id}&keyword=${encodeURIComponent('独行')}&itemId=${c.items[0].id}`, { token: admin1 });
    expect(found.data.list.map((s) => s.id)).toEqual([solo]);
    expect((await api(`/certificate/batch/signups?batchId=${b.id}`, { token: admin2 })).code).toBe(10404);
    expect((await api(`/certificate/batch/signups?batchId=${b.id}&pageSize=1000`, { token: admin1 })).code).toBe(10400);
  });

  it('adds one certificate per sign-up, held by the team or the individual', async () => {
    const b = await batchOn(c.id);
    expect((await pick(admin1, { batchId: b.id, signupIds: [team, solo], awardName: '一等奖', per: 'signup' })).data).toEqual({ added: 2, total: 2 });
    const list = await holders(admin1, b.id);
    expect(list.map((x) => [x.holderName, x.username, x.awardName])).toEqual([
      [`星火队${tag}`, st[0].username, '一等奖'],
      ['独行者', st[3].username, '一等奖'],
    ]);
    expect(list[0].values).toEqual({
      school: '华东示范大学', student: '星火队长、星火队长队友1、星火队长队友2', teacher: '王老师、李老师', teamName: `星火队${tag}`, workName: '智慧校园',
    });
    expect(list[1].values).toEqual({ school: '华东示范大学', student: '独行者' });
    const page = await api<Page<Pick>>(`/certificate/batch/signups?batchId=${b.id}`, { token: admin1 });
    expect(page.data.list.map((s) => s.added)).toEqual([true, true]);

    // The same sign-up twice (in either mode) is refused, naming it; nothing is added.
    const again = await pick(admin1, { batchId: b.id, signupIds: [solo], awardName: '二等奖', per: 'member' });
    expect(again).toMatchObject({ code: 10409, msg: `These sign-ups are already in the batch's winners: ${solo}` });
    expect((await api<CertificateBatch>(`/certificate/batch/detail?id=${b.id}`, { token: admin1 })).data.total).toBe(2);
  });

  it('adds one certificate per member, each linked to the member\'s account', async () => {
    const b = await batchOn(c.id);
    expect((await pick(admin1, { batchId: b.id, signupIds: [team, team], awardName: '二等奖', per: 'member' })).data).toEqual({ added: 3, total: 3 });
    const list = await holders(admin1, b.id);
    expect(list.map((x) => [x.holderName, x.username])).toEqual([
      ['星火队长', st[0].username],
      ['星火队长队友1', st[1].username],
      ['星火队长队友2', st[2].username],
    ]);
    expect(list[2].values).toMatchObject({ teamName: `星火队${tag}`, student: '星火队长、星火队长队友1、星火队长队友2', workName: '智慧校园' });
  });

  it('refuses sign-ups that are not approved or of another competition, other organisations and bad input', async () => {
    const b = await batchOn(c.id);
    const refused = await pick(admin1, { batchId: b.id, signupIds: [team, pending, elsewhere, 99999999], awardName: '一等奖', per: 'signup' });
    expect(refused).toMatchObject({ code: 10400, msg: `These are not approved sign-ups of the batch's competition: ${pending}, ${elsewhere}, 99999999` });
    expect((await pick(admin1, { batchId: b.id, signupIds: [team], awardName: '一等奖', per: 'signup' }, 'zh-CN')).code).toBe(0);
    // admin2's organisation does not see admin1's batch.
    expect((await pick(admin2, { batchId: b.id, signupIds: [solo], awardName: '一等奖', per: 'signup' })).code).toBe(10404);
    for (const body of [
      { batchId: b.id, signupIds: [], awardName: '一等奖', per: 'signup' },
      { batchId: b.id, signupIds: [solo], awardName: '', per: 'signup' },
      { batchId: b.id, signupIds: [solo], awardName: '一等奖', per: 'everyone' },
      { batchId: b.id, signupIds: ['x'], awardName: '一等奖', per: 'signup' },
      { batchId: b.id, signupIds: [solo], awardName: 'x'.repeat(51), per: 'signup' },
    ]) {
      expect((await pick(admin1, body)).code).toBe(10400);
    }
    const none = await batchOn();
    expect(await pick(admin1, { batchId: none.id, signupIds: [solo], awardName: '一等奖', per: 'signup' })).toMatchObject({
      code: 10400, msg: 'This batch has no competition to pick sign-ups from',
    });
    expect((await holders(admin1, b.id)).map((x) => x.holderName)).toEqual([`星火队${tag}`]);
  });

  it('refuses a batch that is no longer a draft', async () => {
    const b = await batchOn(c.id);
    expect((await pick(admin1, { batchId: b.id, signupIds: [solo], awardName: '三等奖', per: 'signup' })).code).toBe(0);
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: b.id } })).code).toBe(0);
    const late = await pick(admin1, { batchId: b.id, signupIds: [team], awardName: '三等奖', per: 'signup' });
    expect(late).toMatchObject({ code: 10409 });
    expect((await holders(admin1, b.id)).map((x) => x.holderName)).toEqual(['独行者']);
  });
});

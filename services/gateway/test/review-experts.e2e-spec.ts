import ExcelJS from 'exceljs';
import type { CompetitionDetail, ExpertImportReply, ExpertSaveReply, ExpertView, ImportCheckReply, Page, PasswordLoginReply, RecommendationView, TemporaryExpertsReply } from '@cmp/contracts';
import { api, DEMO_PASSWORD, firstLogin, freshIp, login, upload } from './support/api';
import { makeCompetition, PDF, sql } from './support/enroll';
import { fill } from './support/spreadsheets';

const day = (d: number) => new Date(Date.now() + d * 86400_000).toISOString();
// Phones unique to this run, so a rerun against the same database does not collide with itself.
const run = String(Date.now()).slice(-6);
const phone = (n: number) => `139${run}${String(n).padStart(2, '0')}`;

describe('experts (review service)', () => {
  let admin1: string;
  let admin2: string;
  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
  });

  it('imports experts from a spreadsheet: every bad row reported, all or nothing, then accounts linked or created', async () => {
    const template = (await api<Buffer>('/expert/template/export', { token: admin1, lang: 'en' })).data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('Name *');

    const bad = await fill(template, [
      ['专家甲', phone(1), 'a@example.edu', '教授', '计算机学院', '计算机，人工智能', '视觉'],
      ['', '12345'],
      ['专家乙', phone(1)],
      ['专家丙', '13800000002'], // admin2's phone: an account of another organisation
    ]);
    const check = await upload('/expert/template/check', admin1, bad, 'experts.xlsx', 'en');
    expect(check.code).toBe(0);
    const report = check.data as ImportCheckReply;
    expect(report).toMatchObject({ total: 4, valid: 1 });
    expect(report.errors).toEqual([
      { rowNumber: 3, field: 'name', message: 'Name is required' },
      { rowNumber: 3, field: 'phone', message: 'The phone number must be 11 digits starting with 1' },
      { rowNumber: 4, field: 'phone', message: 'Duplicates row 2' },
      { rowNumber: 5, field: 'phone', message: expect.stringMatching(/13800000002 belongs to an account of another organisation/) },
    ]);
    const refused = await upload('/expert/template/import', admin1, bad, 'experts.xlsx', 'en');
    expect(refused.code).toBe(13017);
    expect((refused.data as ImportCheckReply).errors).toHaveLength(4);
    expect((await sql(`SELECT 1 FROM review.experts WHERE phone = $1`, [phone(1)])).length).toBe(0);

    // teacher1 (13800000004) is an account of DEMO-U1: linked, not created.
    const good = await fill(template, [
      ['专家甲', phone(1), 'a@example.edu', '教授', '计算机学院', '计算机，人工智能', '视觉'],
      ['赵老师', '13800000004', '', '副教授', '', '数学'],
    ]);
    const imp = await upload('/expert/template/import', admin1, good, 'experts.xlsx', 'en');
    expect(imp.code).toBe(0);
    const reply = imp.data as ExpertImportReply;
    expect(reply.count).toBe(2);
    expect(reply.credentials.map((c) => c.username)).toEqual([phone(1)]);

    // The one-time password's login asks for a new password and opens no session until one is set.
    const slip = { username: phone(1), password: reply.credentials[0].password };
    const asked = await api<PasswordLoginReply>('/auth/login/pwd', { body: slip, ip: freshIp() });
    expect([asked.code, asked.data]).toEqual([0, { passwordChangeRequired: true }]);
    const same = await api('/auth/login/pwd/first', { lang: 'en', ip: freshIp(), body: { ...slip, newPassword: slip.password } });
    expect([same.code, same.msg]).toEqual([10400, 'The new password must differ from the one-time password']);
    // The new expert sets a password and has the expert role's permissions.
    const token = await firstLogin(slip);
    // The slip's password no longer works, for a login or for setting another password; the new one does.
    const reused = await api('/auth/login/pwd', { lang: 'en', ip: freshIp(), body: slip });
    expect([reused.code, reused.msg]).toEqual([10401, 'Wrong account or password']);
    const resetAgain = await api('/auth/login/pwd/first', { lang: 'en', ip: freshIp(), body: { ...slip, newPassword: 'Other@2026' } });
    expect(resetAgain.code).toBe(10401);
    expect(await login(phone(1))).toEqual(expect.any(String));
    const info = await api<{ roleKeys: string[]; permissions: string[] }>('/auth/user/info', { token });
    expect(info.data.roleKeys).toEqual(['expert']);
    expect((await api('/competition/info/option', { token })).code).toBe(0);
    const mine = await api<ExpertView[]>('/expert/mine', { token });
    expect(mine.data.map((e) => [e.name, e.subjects, e.source])).toEqual([['专家甲', ['计算机', '人工智能'], 'library']]);
    // ...but not the organisers' screens.
    expect((await api('/expert/page', { token })).code).toBe(401);

    const page = await api<Page<ExpertView>>(`/expert/page?keyword=${encodeURIComponent('人工智能')}`, { token: admin1 });
    expect(page.data.list.map((e) => e.phone)).toContain(phone(1));
    // Importing the same sheet again: both are already in the library.
    const again = await upload('/expert/template/import', admin1, good, 'experts.xlsx', 'en');
    expect(again.code).toBe(13017);
    expect((again.data as ImportCheckReply).errors.map((e) => e.rowNumber)).toEqual([2, 3]);
  });

  it("keeps organisations apart: another organisation's expert is not found", async () => {
    const add = await api<ExpertSaveReply>('/expert/save', { token: admin2, body: { name: '西部专家', phone: phone(20), title: '研究员' } });
    expect(add.code).toBe(0);
    for (const r of [
      await api(`/expert/detail?id=${add.data.id}`, { token: admin1, lang: 'en' }),
      await api('/expert/save', { token: admin1, lang: 'en', body: { id: add.data.id, name: '改名' } }),
      await api('/expert/status', { token: admin1, lang: 'en', body: { id: add.data.id, status: 'disabled' } }),
      await api('/expert/recommend/save', { token: admin1, lang: 'en', body: { expertId: add.data.id } }),
    ]) {
      expect([r.code, r.msg]).toEqual([10404, `No such expert: ${add.data.id}`]);
    }
    const list = await api<Page<ExpertView>>(`/expert/page?keyword=${phone(20)}`, { token: admin1 });
    expect(list.data.total).toBe(0);
    expect((await api<ExpertView>(`/expert/detail?id=${add.data.id}`, { token: admin2 })).data.name).toBe('西部专家');
  });

  it('lets an expert declare conflicts (schools, works, people) that apply to every library holding them', async () => {
    const token = await login('expert1');
    // Someone without the expert role cannot declare.
    expect((await api('/expert/conflict/save', { token: await login('student1'), body: { kind: 'school', value: '1' } })).code).toBe(401);
    const school = await api('/expert/conflict/save', { token, body: { kind: 'school', value: '3', reason: '曾在该校任职' } });
    expect(school.code).toBe(0);
    expect((await api('/expert/conflict/save', { token, body: { kind: 'person', value: 'student1', reason: '亲属' } })).code).toBe(0);
    const badPerson = await api('/expert/conflict/save', { token, lang: 'en', body: { kind: 'person', value: 'nobody-here' } });
    expect([badPerson.code, badPerson.msg]).toEqual([10400, 'No account named nobody-here']);
    const badWork = await api('/expert/conflict/save', { token, lang: 'en', body: { kind: 'work', value: 'my friend' } });
    expect(badWork.code).toBe(10400);
    const list = await api<{ id: number; kind: string; value: string; reason: string }[]>('/expert/conflict/list', { token });
    const [student1] = await sql<{ id: number }>(`SELECT id FROM auth.users WHERE username = 'student1'`);
    expect(list.data.map((c) => [c.kind, c.value, c.reason])).toEqual([
      ['person', String(student1.id), '亲属'],
      ['school', '3', '曾在该校任职'],
    ]);
    // The declaration is on the profile the assignment reads.
    const rows = await sql(`SELECT c.kind, c.value FROM review.expert_conflicts c JOIN review.experts e ON e.id = c.expert_id WHERE e.phone = '13800000003'`);
    expect(rows).toHaveLength(2);
    const del = await api('/expert/conflict/delete', { token, body: { id: list.data[1].id } });
    expect(del.code).toBe(0);
    expect((await api<unknown[]>('/expert/conflict/list', { token })).data).toHaveLength(1);
    // Another person's declaration cannot be deleted by id.
    expect((await api('/expert/conflict/delete', { token: await login('admin1'), body: { id: list.data[0].id } })).code).toBe(401);
    // Withdrawn, the school no longer keeps expert1 from its works (later tests assign expert1).
    expect((await api('/expert/conflict/delete', { token, body: { id: list.data[0].id } })).code).toBe(0);
    expect((await api<unknown[]>('/expert/conflict/list', { token })).data).toEqual([]);
  });

  it('creates temporary experts whose accounts end with the competition', async () => {
    const c = await makeCompetition(admin1);
    const stage = await api<CompetitionDetail>('/competition/stage/save', { token: admin1, body: { competitionId: c.id, name: '决赛', startAt: day(2), endAt: day(5) } });
    expect(stage.code).toBe(0);
    const created = await api<TemporaryExpertsReply>('/expert/temporary/create', { token: admin1, body: { competitionId: c.id, count: 3, namePrefix: '现场评委' } });
    expect(created.code).toBe(0);
    expect(created.data.credentials.map((x) => x.name)).toEqual(['现场评委01', '现场评委02', '现场评委03']);
    expect(Date.parse(created.data.expiresAt)).toBe(Date.parse(stage.data.stages[0].endAt));
    const [first] = created.data.credentials;
    const token = await firstLogin(first);
    expect((await api('/competition/info/option', { token })).code).toBe(0);
    const listed = await api<Page<ExpertView>>(`/expert/page?source=temporary&competitionId=${c.id}`, { token: admin1 });
    expect(listed.data.total).toBe(3);

    // The competition ends: the account no longer logs in.
    await sql(`UPDATE auth.users SET expires_at = now() - interval '1 minute' WHERE username = $1`, [first.username]);
    const expired = await api('/auth/login/pwd', { lang: 'en', body: { username: first.username, password: DEMO_PASSWORD } });
    expect(expired.msg).toMatch(/has expired/);

    // Another organisation's competition is not found; nor is a competition that has ended.
    const other = await api('/expert/temporary/create', { token: admin2, body: { competitionId: c.id, count: 1 } });
    expect(other.code).toBe(10404);
    const ended = await makeCompetition(admin1);
    const noStage = await api('/expert/temporary/create', { token: admin1, lang: 'en', body: { competitionId: ended.id, count: 1 } });
    expect([noStage.code, noStage.msg]).toEqual([10400, expect.stringMatching(/no stage that has not ended/)]);
  });

  it('runs a recruitment call: public application with a checked CV, approval creates the account', async () => {
    const call = await api<{ id: number }>('/expert/recruit/save', { token: admin1, body: { title: '评审专家招募', description: '欢迎报名', closesAt: day(10) } });
    expect(call.code).toBe(0);
    const pub = await api<{ title: string; groupName: string; open: boolean }>(`/home/expert/recruit/detail?id=${call.data.id}`);
    expect(pub.data).toMatchObject({ title: '评审专家招募', groupName: '华东示范大学', open: true });

    // A CV is judged by its bytes and its size.
    const html = await upload('/home/expert/recruit/cv', '', Buffer.from('<html>cv</html>'), 'cv.pdf', 'en');
    expect([html.code, html.msg]).toEqual([10415, 'The CV must be a PDF or Word (.docx) file']);
    const big = await upload('/home/expert/recruit/cv', '', Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]), 'cv.pdf', 'en');
    expect(big.code).toBe(10413);
    const cv = await upload('/home/expert/recruit/cv', '', PDF, '简历.pdf');
    expect(cv.code).toBe(0);
    const { cvKey, cvName } = cv.data as { cvKey: string; cvName: string };
    expect(cvName).toBe('简历.pdf');

    const form = { callId: call.data.id, name: '招募专家', phone: phone(30), title: '教授', unit: '某大学', subjects: ['机械'], cvKey, cvName };
    const forged = await api('/home/expert/recruit/apply', { lang: 'en', body: { ...form, cvKey: 'f'.repeat(32) + '.pdf' } });
    expect([forged.code, forged.msg]).toEqual([10400, 'Upload a CV first']);
    const applied = await api<{ id: number }>('/home/expert/recruit/apply', { body: form });
    expect(applied.code).toBe(0);
    const twice = await api('/home/expert/recruit/apply', { lang: 'en', body: form });
    expect([twice.code, twice.msg]).toEqual([10409, `An application with the phone ${phone(30)} was already sent`]);

    // Another organisation sees neither the applications nor the CV.
    expect((await api(`/expert/recruit/application/page?callId=${call.data.id}`, { token: admin2 })).code).toBe(10404);
    expect((await api(`/expert/recruit/application/cv?id=${applied.data.id}`, { token: admin2 })).code).toBe(10404);
    const apps = await api<Page<{ id: number; status: string }>>(`/expert/recruit/application/page?callId=${call.data.id}`, { token: admin1 });
    expect(apps.data.list.map((a) => a.status)).toEqual(['pending']);
    const file = await api<Buffer>(`/expert/recruit/application/cv?id=${applied.data.id}`, { token: admin1 });
    expect(Buffer.compare(file.data, PDF)).toBe(0);

    const approved = await api<ExpertSaveReply>('/expert/recruit/application/decide', { token: admin1, body: { id: applied.data.id, approve: true } });
    expect(approved.code).toBe(0);
    expect(approved.data.credential?.username).toBe(phone(30));
    const again = await api('/expert/recruit/application/decide', { token: admin1, lang: 'en', body: { id: applied.data.id, approve: false } });
    expect([again.code, again.msg]).toEqual([10409, 'This application was already decided']);
    const token = await firstLogin(approved.data.credential!);
    expect((await api<ExpertView[]>('/expert/mine', { token })).data.map((e) => [e.name, e.source])).toEqual([['招募专家', 'recruited']]);

    // A closed call takes no more applications.
    await api('/expert/recruit/close', { token: admin1, body: { id: call.data.id } });
    const late = await api('/home/expert/recruit/apply', { lang: 'en', body: { ...form, phone: phone(31) } });
    expect([late.code, late.msg]).toEqual([10400, 'This recruitment call is closed']);
  });

  it('passes a recommendation from a subordinate organisation to its parent, which accepts or declines', async () => {
    // An organiser of the college DEMO-U1-CS.
    const [cs] = await sql<{ id: number }>(`SELECT id FROM auth.groups WHERE code = 'DEMO-U1-CS'`);
    // No "admin1" in the name whatever the run number: the language test finds admin1 by keyword.
    const name = `csorg${run}`;
    const made = await api('/system/user/add', { token: admin1, body: { username: name, realName: '学院管理员', password: 'Passw0rd1', groupId: cs.id, roleKeys: ['admin'] } });
    expect(made.code).toBe(0);
    const college = await login(name, 'Passw0rd1');
    const a = await api<ExpertSaveReply>('/expert/save', { token: college, body: { name: '学院专家甲', phone: phone(40) } });
    const b = await api<ExpertSaveReply>('/expert/save', { token: college, body: { name: '学院专家乙', phone: phone(41) } });
    expect([a.code, b.code]).toEqual([0, 0]);

    const ra = await api<{ id: number }>('/expert/recommend/save', { token: college, body: { expertId: a.data.id, note: '经验丰富' } });
    const rb = await api<{ id: number }>('/expert/recommend/save', { token: college, body: { expertId: b.data.id } });
    expect([ra.code, rb.code]).toEqual([0, 0]);
    const dup = await api('/expert/recommend/save', { token: college, lang: 'en', body: { expertId: a.data.id } });
    expect(dup.code).toBe(10409);

    // The college cannot decide its own recommendation: the parent's inbox is not in its scope.
    expect((await api('/expert/recommend/decide', { token: college, body: { id: ra.data.id, accept: true } })).code).toBe(10404);
    const inbox = await api<Page<RecommendationView>>('/expert/recommend/page?direction=in&status=pending', { token: admin1 });
    expect(inbox.data.list.map((r) => r.expertName)).toEqual(expect.arrayContaining(['学院专家甲', '学院专家乙']));
    expect((await api('/expert/recommend/page?direction=in', { token: admin2 })).data).toMatchObject({ total: 0 });

    const accepted = await api<{ expertId: number }>('/expert/recommend/decide', { token: admin1, body: { id: ra.data.id, accept: true } });
    expect(accepted.code).toBe(0);
    const declined = await api('/expert/recommend/decide', { token: admin1, body: { id: rb.data.id, accept: false } });
    expect(declined.code).toBe(0);
    const twice = await api('/expert/recommend/decide', { token: admin1, lang: 'en', body: { id: rb.data.id, accept: true } });
    expect([twice.code, twice.msg]).toEqual([10409, 'This recommendation was already decided']);

    const joined = await api<ExpertView>(`/expert/detail?id=${accepted.data.expertId}`, { token: admin1 });
    expect(joined.data).toMatchObject({ name: '学院专家甲', source: 'recommended' });
    const [demoU1] = await sql<{ id: number }>(`SELECT id FROM auth.groups WHERE code = 'DEMO-U1'`);
    expect(joined.data.groupId).toBe(demoU1.id);
    const sent = await api<Page<RecommendationView>>('/expert/recommend/page?direction=out', { token: college });
    expect(sent.data.list.map((r) => [r.expertName, r.status]).sort()).toEqual([['学院专家乙', 'declined'], ['学院专家甲', 'accepted']].sort());
  });
});

import type { EnrollMessagePage, FileLinkReply, GroupNode, Page, SummaryRecords, SummaryRequirement, SummarySubmission, SummarySubmissionRow, SummaryTask } from '@cmp/contracts';
import { api, login, upload } from './support/api';

const flatten = (nodes: GroupNode[]): GroupNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const tag = () => Math.random().toString(36).slice(2, 8);
const pdf = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('school summaries', () => {
  let root: string;
  let admin1: string;
  let admin2: string;
  let college1: string;
  let college: GroupNode;
  let university: GroupNode;
  let other: GroupNode;

  const save = (body: Record<string, unknown>, token = admin1) => api<SummaryRequirement>('/summary/requirement/save', { token, body });
  const taskOf = async (id: number) => (await api<Page<SummaryTask>>('/summary/task/page?pageSize=100', { token: college1 })).data.list.find((t) => t.requirement.id === id);
  const records = (id: number, token = admin1) => api<SummaryRecords>(`/summary/requirement/records?requirementId=${id}`, { token });
  const handIn = (id: number, file = pdf('总结'), name = '计算机学院总结.pdf', lang: 'zh-CN' | 'en' = 'zh-CN') =>
    upload(`/summary/task/upload?requirementId=${id}`, college1, file, name, lang) as Promise<{ code: number; msg: string; data: SummarySubmission }>;

  beforeAll(async () => {
    [root, admin1, admin2, college1] = await Promise.all([login('root'), login('admin1'), login('admin2'), login('college1')]);
    // The demo tree as it is (other tests read it whole): the platform asks both a college and a university.
    const tree = flatten((await api<GroupNode[]>('/system/group/tree', { token: root })).data);
    college = tree.find((g) => g.code === 'DEMO-U1-CS')!;
    university = tree.find((g) => g.code === 'DEMO-U1')!;
    other = tree.find((g) => g.code === 'DEMO-U2')!;
  });

  it('asks subordinate organisations only, with a template checked by its bytes, and lists the requirement with its counts', async () => {
    const template = await upload('/summary/template/upload', admin1, pdf('模板'), '总结模板.pdf');
    expect(template.code).toBe(0);
    const notTemplate = await upload('/summary/template/upload', admin1, Buffer.from('just text'), '模板.docx', 'en');
    expect(notTemplate.code).toBe(10415);
    expect(notTemplate.msg).toContain('PDF or Word');

    const title = `2026 年竞赛总结 ${tag()}`;
    const base = { title, description: '请总结参赛组织与获奖情况', deadline: inDays(7), targetGroupIds: [college.id] };
    // Its own organisation, another university, a made-up date: each refused with what to fix.
    expect((await save({ ...base, targetGroupIds: [university.id] })).msg).toContain('下级机构');
    expect((await save({ ...base, targetGroupIds: [other.id] })).code).toBe(10400);
    expect((await save({ ...base, deadline: 'next friday' }, admin1)).code).toBe(10400);
    expect((await save({ ...base, targetGroupIds: [] })).code).toBe(10400);

    const created = await save({ ...base, template: template.data });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ title, targets: 1, submitted: 0, template: { name: '总结模板.pdf' } });
    const listed = await api<Page<SummaryRequirement>>(`/summary/requirement/page?keyword=${encodeURIComponent(title)}`, { token: admin1 });
    expect(listed.data.list.map((r) => r.id)).toEqual([created.data.id]);
    // Another organisation's organiser neither lists nor reads it.
    expect((await api<Page<SummaryRequirement>>(`/summary/requirement/page?keyword=${encodeURIComponent(title)}`, { token: admin2 })).data.total).toBe(0);
    expect((await records(created.data.id, admin2)).code).toBe(10404);
    // A student has no summaries at all.
    expect((await api('/summary/task/page', { token: await login('student1') })).code).toBe(401);
  });

  it('lets the school contact download the template and hand in a PDF, which the organiser reads in the viewer and returns or accepts', async () => {
    const template = await upload('/summary/template/upload', admin1, pdf('模板'), '总结模板.pdf');
    const r = (await save({ title: `总结 ${tag()}`, deadline: inDays(3), targetGroupIds: [college.id], template: template.data })).data;

    const task = await taskOf(r.id);
    expect(task).toMatchObject({ open: true, submission: null, requirement: { organiserName: university.name, template: { name: '总结模板.pdf' } } });
    const download = await api<Buffer>(`/summary/template?id=${r.id}`, { token: college1 });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(encodeURIComponent('总结模板.pdf'));
    expect(download.data.toString()).toContain('% 模板');

    const notPdf = await handIn(r.id, Buffer.from('PK\u0003\u0004 a zip'), '总结.pdf', 'en');
    expect(notPdf.code).toBe(10415);
    expect(notPdf.msg).toContain('export it as PDF');
    const first = await handIn(r.id, pdf('第一版'));
    expect(first.data).toMatchObject({ state: 'submitted', attempts: 1, groupName: college.name, late: false });

    expect((await records(r.id)).data.list.map((x) => [x.groupId, x.state])).toEqual([[college.id, 'submitted']]);
    const link = await api<FileLinkReply>(`/summary/submission/link?id=${first.data.id}`, { token: admin1 });
    const viewed = await api<Buffer>(link.data.url.replace('/prod-api', ''));
    expect(viewed.headers.get('content-type')).toBe('application/pdf');
    expect(viewed.data.toString()).toContain('% 第一版');
    expect((await api(`/summary/submission/link?id=${first.data.id}`, { token: admin2 })).code).toBe(10404);

    // Returning needs a reason, which reaches the contact as a site message.
    const decide = (decision: 'accept' | 'return', attempts: number, comment?: string) =>
      api<SummarySubmission>('/summary/submission/review', { token: admin1, body: { id: first.data.id, attempts, decision, comment } });
    expect((await decide('return', 1)).msg).toContain('原因');
    expect((await decide('return', 1, '请补充获奖名单')).data).toMatchObject({ state: 'returned', comment: '请补充获奖名单' });
    const inbox = (await api<EnrollMessagePage>('/web/center/message/page?pageNum=1&pageSize=10', { token: college1 })).data;
    expect(inbox.list.map((m) => m.title).join('\n')).toContain('请补充获奖名单');
    expect((await taskOf(r.id))?.submission).toMatchObject({ state: 'returned', comment: '请补充获奖名单' });

    // A new file while the organiser still reads the old one: the old attempt is not decided.
    expect((await handIn(r.id, pdf('第二版'))).data).toMatchObject({ state: 'submitted', attempts: 2 });
    expect((await decide('accept', 1)).msg).toContain('重新提交');
    expect((await decide('accept', 2)).data.state).toBe('accepted');
    expect((await handIn(r.id, pdf('第三版'))).msg).toContain('已通过');
    expect((await taskOf(r.id))?.open).toBe(false);

    // 学校总结 finds it by the organisation's name.
    const archive = await api<Page<SummarySubmissionRow>>(`/summary/submission/page?keyword=${encodeURIComponent(college.name)}&state=accepted&pageSize=100`, { token: admin1 });
    expect(archive.data.list.find((s) => s.id === first.data.id)).toMatchObject({ requirementTitle: r.title, attempts: 2 });
    // Hand-ins keep the requirement: it cannot be deleted.
    expect((await api('/summary/requirement/delete', { token: admin1, body: { id: r.id } })).msg).toContain('不能删除');
  });

  it('shows who has and has not handed in, waiting hand-ins first, and keeps an organisation that has handed in on the list', async () => {
    const r = (await save({ title: `平台总结 ${tag()}`, deadline: inDays(3), targetGroupIds: [other.id, college.id] }, root)).data;
    await handIn(r.id);
    expect((await records(r.id, root)).data.list.map((x) => [x.groupId, x.state])).toEqual([
      [college.id, 'submitted'],
      [other.id, 'missing'],
    ]);
    expect((await api<SummaryRecords>(`/summary/requirement/records?requirementId=${r.id}&state=missing`, { token: root })).data.list.map((x) => x.groupId)).toEqual([other.id]);
    expect((await save({ id: r.id, title: r.title, deadline: r.deadline, targetGroupIds: [other.id] }, root)).msg).toContain(college.name);
    // The university organisers see nothing of the platform's requirement.
    expect((await records(r.id, admin1)).code).toBe(10404);
  });

  it('reminds the contacts of organisations that have not handed in, refuses hand-ins after the deadline, and deletes an unanswered requirement', async () => {
    const open = (await save({ title: `提醒 ${tag()}`, deadline: inDays(2), targetGroupIds: [college.id, other.id] }, root)).data;
    const reminded = await api<{ organisations: number; people: number }>('/summary/requirement/remind', { token: root, body: { id: open.id } });
    // college1 is a contact of the college (other tests may add administrators, who hand in too).
    expect(reminded.data.organisations).toBe(2);
    expect(reminded.data.people).toBeGreaterThanOrEqual(1);
    const inbox = (await api<EnrollMessagePage>('/web/center/message/page?pageNum=1&pageSize=10', { token: college1 })).data;
    expect(inbox.list[0].title).toContain(open.title);

    const past = (await save({ title: `过期 ${tag()}`, deadline: inDays(-1), targetGroupIds: [college.id] })).data;
    expect((await taskOf(past.id))?.open).toBe(false);
    const late = await handIn(past.id);
    expect(late.code).toBe(10409);
    expect(late.msg).toContain('截止');
    // Not asked at all: the other university's contact path is closed too.
    expect((await handIn(open.id + 100000)).code).toBe(10404);

    expect((await api('/summary/requirement/delete', { token: admin2, body: { id: past.id } })).code).toBe(10404);
    expect((await api('/summary/requirement/delete', { token: admin1, body: { id: past.id } })).code).toBe(0);
    expect((await records(past.id)).code).toBe(10404);
    expect(await taskOf(past.id)).toBeUndefined();
  });
});

import { JSONCodec, type NatsConnection } from 'nats';
import { EventSubject, NatsUser, type Competition, type CompetitionDetail, type Page, type ScheduleEntry } from '@cmp/contracts';
import { api, login } from './support/api';
import { natsAs } from './support/platform';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const groupIdOf = async (token: string) => (await api<{ groupId: number }>('/competition/group/user/getSelect', { token })).data.groupId;

/** A competition built the way the wizard builds it: info, two events, a stage, the sign-up and work-submission windows. */
async function buildCompetition(token: string, name: string): Promise<CompetitionDetail> {
  const added = await api<CompetitionDetail>('/competition/info/add', { token, body: { name, nameEn: `${name} EN`, year: 2026, summary: '测试竞赛' } });
  expect(added.code).toBe(0);
  const id = added.data.id;
  for (const [i, item] of ['软件组', '硬件组'].entries()) {
    expect((await api('/competition/item/save', { token, body: { competitionId: id, name: item, quota: 100, feeFen: i * 1000, orderNum: i } })).code).toBe(0);
  }
  expect((await api('/competition/stage/save', { token, body: { competitionId: id, name: '初赛', startAt: day(40), endAt: day(50) } })).code).toBe(0);
  const enroll = await api<CompetitionDetail>('/competition/enroll/setting/save', {
    token,
    body: { competitionId: id, startAt: day(-1), endAt: day(30), mode: 3, teamMin: 1, teamMax: 4, teacherMax: 2, schoolQuota: 10 },
  });
  expect(enroll.code).toBe(0);
  const work = await api<CompetitionDetail>('/competition/workSub/setting/save', {
    token,
    body: { competitionId: id, startAt: day(-1), endAt: day(35), items: enroll.data.items.map((i) => ({ itemId: i.id, fileTypes: ['pdf'], maxFileMb: 10, maxFiles: 2 })) },
  });
  expect(work.code).toBe(0);
  return work.data;
}

describe('competitions', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    // The enrollment service hears every competition's publication: the test listens with its NATS user.
    nc = await natsAs(NatsUser.enrollment);
  });
  afterAll(() => nc.drain());

  it('lets an organiser build, publish and find a competition, and tells other services through JetStream', async () => {
    const admin1 = await login('admin1');
    const u1 = await groupIdOf(admin1);
    const c = await buildCompetition(admin1, `发布测试赛 ${Date.now()}`);
    expect(c).toMatchObject({ status: 0, itemCount: 2, groupId: u1 });
    expect(c.items.map((i) => i.name)).toEqual(['软件组', '硬件组']);
    expect(c.enroll).toMatchObject({ mode: 3, teamMin: 1, teamMax: 4, schoolQuota: 10 });
    // Listening before the publication: the event goes out once, through the outbox into the stream.
    const sub = nc.subscribe(EventSubject.competitionPublished);
    const heard = (async () => {
      for await (const m of sub) {
        const e = JSONCodec<{ competitionId: number; groupId: number }>().decode(m.data);
        if (e.competitionId === c.id) return e;
      }
      return undefined;
    })();

    // A draft is nowhere on the public site.
    const before = await api<Page<Competition>>(`/home/competition/page?groupId=${u1}&pageSize=100`);
    expect(before.data.list.some((x) => x.id === c.id)).toBe(false);
    expect((await api(`/home/competition/detail?id=${c.id}`)).code).toBe(10404);

    const published = await api<CompetitionDetail>('/competition/info/publish', { token: admin1, body: { id: c.id } });
    expect(published.data).toMatchObject({ status: 1, phase: 'enrolling' });

    const after = await api<Page<Competition>>(`/home/competition/page?groupId=${u1}&pageSize=100`);
    expect(after.data.list.find((x) => x.id === c.id)).toMatchObject({ name: c.name, phase: 'enrolling', itemCount: 2 });
    const last = await api<{ competitionId: number; competitionName: string }>(`/home/competition/competition/lastRound?groupId=${u1}`);
    expect(last.data).toMatchObject({ competitionId: c.id, competitionName: c.name });
    const detail = await api<CompetitionDetail>(`/home/competition/detail?id=${c.id}`);
    expect(detail.data.items).toHaveLength(2);
    expect(detail.data).not.toHaveProperty('review');
    const schedule = await api<ScheduleEntry[]>(`/competition/schedule/getSchedule?competitionId=${c.id}`);
    expect(schedule.data.map((e) => e.kind)).toEqual(['enroll', 'submit', 'stage']);
    const byKeyword = await api<Page<Competition>>(`/home/competition/page?groupId=${u1}&keyword=${encodeURIComponent(c.name.slice(0, 5))}`);
    expect(byKeyword.data.list.map((x) => x.id)).toContain(c.id);

    // The published event went out, with what a consumer needs.
    expect(await heard).toMatchObject({ groupId: u1 });
    sub.unsubscribe();
  });

  it('shows a change to a published competition on the public site at once', async () => {
    const admin1 = await login('admin1');
    const c = await buildCompetition(admin1, `缓存测试赛 ${Date.now()}`);
    await api('/competition/info/publish', { token: admin1, body: { id: c.id } });
    expect((await api<CompetitionDetail>(`/home/competition/detail?id=${c.id}`)).data.summary).toBe('测试竞赛');
    const intro = '<p onclick="steal()">欢迎参赛</p><script>alert(1)</script><a href="javascript:alert(2)">链接</a>';
    await api('/competition/info/update', { token: admin1, body: { id: c.id, name: c.name, year: 2026, summary: '改过的简介', intro } });
    const after = (await api<CompetitionDetail>(`/home/competition/detail?id=${c.id}`)).data;
    expect(after.summary).toBe('改过的简介');
    // Rich text is kept without anything that runs.
    expect(after.intro).toContain('欢迎参赛');
    expect(after.intro).not.toMatch(/script|onclick|javascript:/);
  });

  it('copies a competition into a new draft, archives and deletes by the rules', async () => {
    const admin1 = await login('admin1');
    const c = await buildCompetition(admin1, `复制测试赛 ${Date.now()}`);
    const copy = await api<CompetitionDetail>('/competition/info/copy', { token: admin1, body: { id: c.id }, lang: 'en' });
    expect(copy.data).toMatchObject({ name: `${c.name} (copy)`, status: 0, itemCount: 2 });
    expect(copy.data.stages).toHaveLength(1);

    expect((await api('/competition/info/archive', { token: admin1, body: { id: c.id }, lang: 'en' })).msg).toBe('Only a published competition can be archived');
    await api('/competition/info/publish', { token: admin1, body: { id: c.id } });
    const del = await api('/competition/info/delete', { token: admin1, body: { id: c.id }, lang: 'en' });
    expect(del).toMatchObject({ code: 10409, msg: 'Only drafts can be deleted; archive a published competition instead' });
    expect((await api<CompetitionDetail>('/competition/info/archive', { token: admin1, body: { id: c.id } })).data.status).toBe(2);
    const edit = await api('/competition/info/update', { token: admin1, body: { id: c.id, name: 'x', year: 2026 }, lang: 'en' });
    expect(edit.msg).toBe('An archived competition cannot be changed');

    expect((await api('/competition/info/delete', { token: admin1, body: { id: copy.data.id } })).code).toBe(0);
    expect((await api(`/competition/info/detail?id=${copy.data.id}`, { token: admin1 })).code).toBe(10404);
  });

  it("keeps each organisation's competitions to its own organisers", async () => {
    const admin1 = await login('admin1');
    const admin2 = await login('admin2');
    const c = await buildCompetition(admin1, `机构隔离赛 ${Date.now()}`);
    const notFound = { code: 10404 };
    expect(await api(`/competition/info/detail?id=${c.id}`, { token: admin2 })).toMatchObject(notFound);
    expect(await api('/competition/info/update', { token: admin2, body: { id: c.id, name: '被改了', year: 2026 } })).toMatchObject(notFound);
    expect(await api('/competition/info/publish', { token: admin2, body: { id: c.id } })).toMatchObject(notFound);
    expect(await api('/competition/item/save', { token: admin2, body: { competitionId: c.id, name: '偷偷加的' } })).toMatchObject(notFound);
    expect(await api(`/competition/schedule/getSchedule?competitionId=${c.id}`, { token: admin2 })).toMatchObject(notFound);
    const page2 = await api<Page<Competition>>('/competition/info/page?pageSize=100', { token: admin2 });
    expect(page2.data.list.some((x) => x.id === c.id)).toBe(false);
    const options2 = await api<{ value: number }[]>('/competition/info/option', { token: admin2 });
    expect(options2.data.some((o) => o.value === c.id)).toBe(false);
    // ROOT sees every organisation's; students see none of the back office.
    expect((await api(`/competition/info/detail?id=${c.id}`, { token: await login('root') })).code).toBe(0);
    expect((await api('/competition/info/page', { token: await login('student1') })).code).toBe(401);
    // Its organiser still sees its draft's timeline.
    expect((await api(`/competition/schedule/getSchedule?competitionId=${c.id}`, { token: admin1 })).code).toBe(0);
  });

  it('answers bad settings with a message that says what to fix', async () => {
    const admin1 = await login('admin1');
    const c = await buildCompetition(admin1, `坏输入测试赛 ${Date.now()}`);
    const id = c.id;
    const cases: [string, object, string][] = [
      ['/competition/stage/save', { competitionId: id, name: '复赛', startAt: day(10), endAt: day(5) }, '复赛: the end must be after the start'],
      ['/competition/enroll/setting/save', { competitionId: id, startAt: day(10), endAt: day(1), mode: 2 }, 'sign-up: the end must be after the start'],
      ['/competition/enroll/setting/save', { competitionId: id, startAt: day(1), endAt: day(10), mode: 2, teamMin: 5, teamMax: 3 }, 'The smallest team size (5) cannot be above the largest (3)'],
      ['/competition/enroll/setting/save', { competitionId: id, mode: 2, schoolQuota: -1 }, 'Invalid input: schoolQuota must not be less than 0'],
      ['/competition/item/save', { competitionId: id, name: '负名额', quota: -5 }, 'Invalid input: quota must not be less than 0'],
      ['/competition/item/save', { competitionId: id, name: '软件组' }, 'An event named 软件组 already exists'],
      ['/competition/enroll/setting/save', { competitionId: id, mode: 2, schoolQuotas: [{ schoolId: 999999, quota: 3 }] }, 'No such school: 999999'],
      ['/competition/stage/save', { competitionId: id, name: '决赛', startAt: 'tomorrow', endAt: day(5) }, 'Invalid input: startAt must be a date or time such as 2026-01-31'],
      ['/competition/review/setting/save', { competitionId: id, rounds: [{ name: '初评', expertsPerWork: 3, scoreColumns: [{ name: '创新', maxScore: 100, weight: 30 }] }] }, 'The score weights of review round "初评" must add up to 100; they add up to 30'],
      ['/competition/workSub/setting/save', { competitionId: id, items: [{ itemId: c.items[0].id, fileTypes: ['exe'], maxFileMb: 10, maxFiles: 1 }] }, 'Invalid input: items.0.fileTypes must be one of: pdf, doc, docx, ppt, pptx, zip, jpg, png, mp4'],
      ['/competition/info/add', { name: '', year: 1900 }, 'Invalid input: name must not be empty; year must not be less than 2000'],
    ];
    for (const [path, body, msg] of cases) {
      const r = await api(path, { token: admin1, body, lang: 'en' });
      expect({ path, code: r.code === 10400 || r.code === 10409, msg: r.msg }).toEqual({ path, code: true, msg });
    }
    // Nothing of the bad input was kept.
    const kept = await api<CompetitionDetail>(`/competition/info/detail?id=${id}`, { token: admin1 });
    expect(kept.data.stages).toHaveLength(1);
    expect(kept.data.enroll).toMatchObject({ teamMin: 1, teamMax: 4, schoolQuota: 10 });

    const incomplete = await api<CompetitionDetail>('/competition/info/add', { token: admin1, body: { name: `空竞赛 ${Date.now()}`, year: 2026 } });
    const refused = await api('/competition/info/publish', { token: admin1, body: { id: incomplete.data.id }, lang: 'en' });
    expect(refused).toMatchObject({ code: 10400, msg: 'Before publishing, set up at least one event, the sign-up window, the work-submission window' });
    // With events and a sign-up window, the submission window is still missing: a published competition could not collect works.
    const noWorks = await api<CompetitionDetail>('/competition/info/add', { token: admin1, body: { name: `无作品窗口赛 ${Date.now()}`, year: 2026 } });
    expect((await api('/competition/item/save', { token: admin1, body: { competitionId: noWorks.data.id, name: '唯一组' } })).code).toBe(0);
    expect((await api('/competition/enroll/setting/save', { token: admin1, body: { competitionId: noWorks.data.id, startAt: day(-1), endAt: day(30), mode: 1 } })).code).toBe(0);
    expect(await api('/competition/info/publish', { token: admin1, body: { id: noWorks.data.id } })).toMatchObject({ code: 10400, msg: '发布前请先设置：作品提交时间' });
    expect((await api<CompetitionDetail>(`/competition/info/detail?id=${noWorks.data.id}`, { token: admin1 })).data.status).toBe(0);
  });

  it('saves work-submission and review settings that the detail then shows', async () => {
    const admin1 = await login('admin1');
    const c = await buildCompetition(admin1, `设置测试赛 ${Date.now()}`);
    const work = await api<CompetitionDetail>('/competition/workSub/setting/save', {
      token: admin1,
      body: { competitionId: c.id, startAt: day(5), endAt: day(35), items: [{ itemId: c.items[1].id, fileTypes: ['pdf', 'zip'], maxFileMb: 200, maxFiles: 2 }] },
    });
    expect(work.data.workSubmit.items.find((i) => i.itemId === c.items[1].id)).toEqual({ itemId: c.items[1].id, fileTypes: ['pdf', 'zip'], maxFileMb: 200, maxFiles: 2 });
    const rounds = [{ name: '网评', expertsPerWork: 5, scoreColumns: [{ name: '创新', maxScore: 100, weight: 60 }, { name: '实用', maxScore: 50, weight: 40 }] }];
    const review = await api<CompetitionDetail>('/competition/review/setting/save', { token: admin1, body: { competitionId: c.id, rounds } });
    expect(review.data.review.rounds).toEqual(rounds);
    const stages = await api<{ value: number; label: string }[]>(`/competition/stage/option/list?competitionId=${c.id}`, { token: admin1 });
    expect(stages.data.map((s) => s.label)).toEqual(['初赛']);
    const items = await api<{ label: string }[]>(`/competition/info/item/option?competitionId=${c.id}`, { token: admin1 });
    expect(items.data.map((s) => s.label)).toEqual(['软件组', '硬件组']);
  });

  it('lists the organisations that hold public competitions, and their competitions', async () => {
    const groups = await api<{ groupId: number; groupName: string; competitionCount: number }[]>('/web/competition/group/list');
    const u2 = groups.data.find((g) => g.groupName === '西部测试大学');
    expect(u2?.competitionCount).toBeGreaterThanOrEqual(1);
    const list = await api<{ label: string }[]>(`/web/competition/group/competition/list?groupId=${u2!.groupId}`);
    expect(list.data.map((o) => o.label)).toContain('西部大学生英语演讲比赛');
    const byHost = await api<Page<Competition>>('/home/competition/page', { headers: { 'x-forwarded-host': 'u2.localhost' } });
    expect(byHost.data.list.map((x) => x.name)).toContain('西部大学生英语演讲比赛');
  });
});

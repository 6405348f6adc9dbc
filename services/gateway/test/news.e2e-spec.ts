import { api, login, upload } from './support/api';

interface News {
  id: number;
  groupId: number;
  title: string;
  summary: string;
  content: string;
  category: number;
  competitionId: number | null;
  status: string;
  rejectReason: string | null;
  top: boolean;
  views: number;
  authorName: string;
  publishedAt: string | null;
  collected?: boolean;
}
interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface Message {
  id: number;
  newsId: number;
  title: string;
  link: string;
  read: boolean;
}

const groupIdOf = async (token: string) => (await api<{ groupId: number }>('/competition/group/user/getSelect', { token })).data.groupId;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const draft = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  summary: `${title}的摘要`,
  content: `<p>${title}的正文</p>`,
  category: 3,
  ...extra,
});

describe('news', () => {
  let admin1: string;
  let admin2: string;
  let college1: string;
  let student1: string;
  let u1: number;
  let u2: number;
  beforeAll(async () => {
    [admin1, admin2, college1, student1] = await Promise.all([login('admin1'), login('admin2'), login('college1'), login('student1')]);
    [u1, u2] = await Promise.all([groupIdOf(admin1), groupIdOf(admin2)]);
  });

  it('shows the public site the published demo news of one organisation, newest pinned first, by id or host', async () => {
    const page = await api<Page<News>>(`/home/competition/news/page?groupId=${u1}&pageSize=20`);
    expect(page.code).toBe(0);
    expect(page.data.total).toBeGreaterThanOrEqual(6);
    expect(page.data.list.every((n) => n.groupId === u1)).toBe(true);
    expect(page.data.list[0].top).toBe(true);
    expect(page.data.list[0]).not.toHaveProperty('content');
    expect(page.data.list[0]).not.toHaveProperty('status');
    // The college's pending application is not public.
    expect(page.data.list.some((n) => n.title.includes('蓝桥杯'))).toBe(false);

    const byHost = await api<Page<News>>('/home/competition/news/page?category=2', { headers: { 'x-forwarded-host': 'u2.localhost' } });
    expect(byHost.data.list.length).toBeGreaterThan(0);
    expect(byHost.data.list.every((n) => n.groupId === u2 && n.category === 2)).toBe(true);

    const search = await api<Page<News>>(`/home/competition/news/page?groupId=${u1}&keyword=${encodeURIComponent('宿舍楼')}`);
    expect(search.data.list.map((n) => n.title)).toEqual(['往届作品展示：基于深度学习的校园垃圾分类助手']);
    // % and _ are literal characters, not patterns.
    const percent = await api<Page<News>>(`/home/competition/news/page?groupId=${u1}&keyword=${encodeURIComponent('96%')}`);
    expect(percent.data.list.map((n) => n.title)).toEqual(['往届作品展示：基于深度学习的校园垃圾分类助手']);
    expect((await api<Page<News>>(`/home/competition/news/page?groupId=${u1}&keyword=_`)).data.total).toBe(0);

    const bad = await api(`/home/competition/news/page?groupId=${u1}&category=9&pageSize=500`, { lang: 'en' });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/category must be one of: 1, 2, 3, 4, 5/);
    expect(bad.msg).toMatch(/pageSize must not be greater than 100/);
  });

  it('counts a view for each public read of a published item, and hides everything else', async () => {
    const [first] = (await api<Page<News>>(`/home/competition/news/page?groupId=${u1}`)).data.list;
    const a = await api<News>(`/home/competition/news/detail?id=${first.id}`);
    const b = await api<News>(`/home/competition/news/detail?id=${first.id}`);
    expect(a.data.content).toContain('<p>');
    expect(b.data.views).toBe(a.data.views + 1);
    const created = await api<News>('/competition/news/add', { token: admin1, body: draft('未发布的草稿') });
    const hidden = await api(`/home/competition/news/detail?id=${created.data.id}`, { lang: 'en' });
    expect(hidden.code).toBe(10404);
    expect(hidden.msg).toBe(`No such news item: ${created.data.id}`);
  });

  it('lets an organiser write, edit, publish, pin, unpublish and delete news of their own organisation', async () => {
    const add = await api<News>('/competition/news/add', { token: admin1, body: draft('后台新闻', { category: 1 }) });
    expect(add.code).toBe(0);
    expect(add.data).toMatchObject({ groupId: u1, status: 'draft', authorName: 'admin1', publishedAt: null });
    const id = add.data.id;

    const upd = await api<News>('/competition/news/update', { token: admin1, body: { ...draft('后台新闻（修订）', { category: 1, top: true }), id, publish: true } });
    expect(upd.data).toMatchObject({ title: '后台新闻（修订）', status: 'published', top: true });
    expect(upd.data.publishedAt).not.toBeNull();
    const pub = await api<Page<News>>(`/home/competition/news/page?groupId=${u1}&category=1`);
    expect(pub.data.list.map((n) => n.id)).toContain(id);

    const list = await api<Page<News>>(`/competition/news/page?keyword=${encodeURIComponent('修订')}`, { token: admin1 });
    expect(list.data.list.map((n) => n.id)).toEqual([id]);
    expect((await api<News>(`/competition/news/detail?id=${id}`, { token: admin1 })).data.content).toBe('<p>后台新闻（修订）的正文</p>');

    const again = await api('/competition/news/publish', { token: admin1, lang: 'en', body: { id } });
    expect(again.msg).toBe('This news item is already published');
    expect((await api<News>('/competition/news/unpublish', { token: admin1, body: { id } })).data.status).toBe('draft');
    expect((await api<Page<News>>(`/home/competition/news/page?groupId=${u1}&category=1`)).data.list.map((n) => n.id)).not.toContain(id);
    expect((await api<News>('/competition/news/publish', { token: admin1, body: { id } })).data.status).toBe('published');

    expect((await api('/competition/news/delete', { token: admin1, body: { id } })).code).toBe(0);
    expect((await api(`/competition/news/detail?id=${id}`, { token: admin1 })).code).toBe(10404);
  });

  it('keeps each organisation to its own news', async () => {
    const mine = await api<News>('/competition/news/add', { token: admin1, body: draft('一号大学的草稿') });
    const id = mine.data.id;
    const list2 = await api<Page<News>>('/competition/news/page?pageSize=100', { token: admin2 });
    expect(list2.data.list.every((n) => n.groupId === u2)).toBe(true);
    for (const [path, body] of [
      ['/competition/news/update', { ...draft('改别人的'), id }],
      ['/competition/news/publish', { id }],
      ['/competition/news/delete', { id }],
    ] as const) {
      expect((await api(path, { token: admin2, body })).code).toBe(10404);
    }
    expect((await api(`/competition/news/detail?id=${id}`, { token: admin2 })).code).toBe(10404);
    const foreign = await api('/competition/news/add', { token: admin2, lang: 'en', body: draft('冒充', { groupId: u1 }) });
    expect(foreign.code).toBe(401);
    expect(foreign.msg).toBe(`You have no access to organisation ${u1}`);
    // ROOT sees every organisation's news.
    const root = await api<Page<News>>(`/competition/news/page?groupId=${u1}&pageSize=100`, { token: await login('root') });
    expect(root.data.list.map((n) => n.id)).toContain(id);
    // No news permission, no back office news.
    expect((await api('/competition/news/page', { token: student1 })).code).toBe(401);
    expect((await api('/competition/news/page')).code).toBe(11000);
  });

  it('sanitises the HTML: no scripts, event handlers or javascript: links reach the public site', async () => {
    const r = await api<News>('/competition/news/add', {
      token: admin1,
      body: draft('安全测试', {
        content: '<p onclick="steal()">正文<script>alert(1)</script></p><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
        publish: true,
      }),
    });
    expect(r.code).toBe(0);
    const pub = await api<News>(`/home/competition/news/detail?id=${r.data.id}`);
    expect(pub.data.content).toBe('<p>正文</p><a>链接</a><img src="x" />');
    const empty = await api('/competition/news/add', { token: admin1, lang: 'en', body: draft('空', { content: '<script>alert(1)</script><p> </p>' }) });
    expect(empty.code).toBe(10400);
    expect(empty.msg).toBe('The content is empty');
  });

  it('answers bad input with messages that name the field', async () => {
    const bad = await api('/competition/news/add', {
      token: admin1,
      lang: 'en',
      body: { title: 'x'.repeat(201), content: '<p>x</p>', category: 6, competitionId: -1, coverUrl: 'javascript:alert(1)' },
    });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/title must be at most 200 characters/);
    expect(bad.msg).toMatch(/category must be one of: 1, 2, 3, 4, 5/);
    expect(bad.msg).toMatch(/competitionId must not be less than 1/);
    expect(bad.msg).toMatch(/coverUrl is not in the right format/);
    const missing = await api('/competition/news/update', { token: admin1, lang: 'en', body: { ...draft('不存在'), id: 999999 } });
    expect(missing.code).toBe(10404);
    expect(missing.msg).toBe('No such news item: 999999');
  });

  it('sends a college’s news to the superior organisation for approval; the organiser approves or rejects it with a reason', async () => {
    // The demo's pending application from the college is waiting for admin1, not admin2.
    const pending1 = await api<Page<News>>('/competition/news/page?status=pending', { token: admin1 });
    expect(pending1.data.list.some((n) => n.title.includes('蓝桥杯'))).toBe(true);
    expect((await api<Page<News>>('/competition/news/page?status=pending', { token: admin2 })).data.total).toBe(0);

    // A college editor's "publish" is an application.
    const app = await api<News>('/competition/news/add', { token: college1, body: draft('学院申请发布的资讯', { publish: true, top: true }) });
    expect(app.data).toMatchObject({ status: 'pending', top: false });
    expect((await api<Page<News>>('/competition/news/page?mine=true', { token: college1 })).data.list.map((n) => n.id)).toContain(app.data.id);
    expect((await api(`/home/competition/news/detail?id=${app.data.id}`)).code).toBe(10404);
    const twice = await api('/competition/news/publish', { token: college1, lang: 'en', body: { id: app.data.id } });
    expect(twice.msg).toBe('This news item is already waiting for approval');
    // Editors cannot check; other organisations cannot see it.
    expect((await api('/competition/news/check', { token: college1, body: { id: app.data.id, approve: true } })).code).toBe(401);
    expect((await api('/competition/news/check', { token: admin2, body: { id: app.data.id, approve: true } })).code).toBe(10404);

    const noReason = await api('/competition/news/check', { token: admin1, lang: 'en', body: { id: app.data.id, approve: false } });
    expect(noReason.msg).toBe('Give a reason when rejecting');
    const rejected = await api<News>('/competition/news/check', { token: admin1, body: { id: app.data.id, approve: false, reason: '请补充比赛时间' } });
    expect(rejected.data).toMatchObject({ status: 'rejected', rejectReason: '请补充比赛时间' });

    // The college fixes it and applies again; the organiser approves.
    const fixed = await api<News>('/competition/news/update', { token: college1, body: { ...draft('学院申请发布的资讯（已补充时间）'), id: app.data.id, publish: true } });
    expect(fixed.data).toMatchObject({ status: 'pending', rejectReason: null });
    const approved = await api<News>('/competition/news/check', { token: admin1, body: { id: app.data.id, approve: true } });
    expect(approved.data.status).toBe('published');
    const notPending = await api('/competition/news/check', { token: admin1, lang: 'en', body: { id: app.data.id, approve: true } });
    expect(notPending.msg).toBe('This news item is not waiting for approval');
    expect((await api(`/home/competition/news/detail?id=${app.data.id}`)).code).toBe(0);
    // Published news is the organiser's to change.
    const locked = await api('/competition/news/delete', { token: college1, lang: 'en', body: { id: app.data.id } });
    expect(locked.msg).toMatch(/ask the superior organisation to unpublish it first/);
  });

  it('keeps favourites per user', async () => {
    const [item] = (await api<Page<News>>(`/home/competition/news/page?groupId=${u2}`)).data.list;
    expect((await api('/competition/news/collect', { token: student1, body: { id: item.id, collect: true } })).code).toBe(0);
    expect((await api('/competition/news/collect', { token: student1, body: { id: item.id, collect: true } })).code).toBe(0);
    const mine = await api<Page<News & { collectedAt: string }>>('/competition/news/collect/page', { token: student1 });
    expect(mine.data.list.map((n) => n.id)).toEqual([item.id]);
    expect((await api<Page<News>>('/competition/news/collect/page', { token: admin1 })).data.list.map((n) => n.id)).not.toContain(item.id);
    await api('/competition/news/collect', { token: student1, body: { id: item.id, collect: false } });
    expect((await api<Page<News>>('/competition/news/collect/page', { token: student1 })).data.total).toBe(0);
    // Another organisation's draft cannot be collected.
    const d = await api<News>('/competition/news/add', { token: admin1, body: draft('收藏不到的草稿') });
    expect((await api('/competition/news/collect', { token: admin2, body: { id: d.data.id, collect: true } })).code).toBe(10404);
    await api('/competition/news/collect', { token: admin1, body: { id: d.data.id, collect: true } });
    expect((await api<News>(`/competition/news/detail?id=${d.data.id}`, { token: admin1 })).data.collected).toBe(true);
  });
});

describe('news images', () => {
  let admin1: string;
  beforeAll(async () => {
    admin1 = await login('admin1');
  });

  it('stores a real image under a random name and serves it with its type and cache headers', async () => {
    const r = await upload('/file/upload/image', admin1, PNG, 'cover.PNG');
    expect(r.code).toBe(0);
    const file = r.data as { url: string; name: string; size: number; contentType: string };
    expect(file.url).toMatch(/^\/prod-api\/file\/images\/[0-9a-f]{32}\.png$/);
    expect(file).toMatchObject({ size: PNG.length, contentType: 'image/png' });
    const got = await api<Buffer>(file.url.replace('/prod-api', ''));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(got.data, PNG)).toBe(0);

    // The address goes into a news item's cover.
    const n = await api<News & { coverUrl: string }>('/competition/news/add', { token: admin1, body: { ...draft('带封面的新闻'), coverUrl: file.url } });
    expect(n.data.coverUrl).toBe(file.url);
  });

  it('refuses a disguised or oversized file, an anonymous upload and made-up names, with clear messages', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await upload('/file/upload/image', admin1, html, 'photo.png', 'en');
    expect(disguised.code).toBe(10415);
    expect(disguised.msg).toBe('The file content is not a PNG, JPEG, GIF or WebP image (judged by its bytes, not its name)');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const oversized = await upload('/file/upload/image', admin1, big, 'big.png', 'en');
    expect(oversized.code).toBe(10413);
    expect(oversized.msg).toBe('The file is too large; the limit is 5 MB');
    const anonymous = await upload('/file/upload/image', '', PNG, 'a.png');
    expect(anonymous.code).toBe(11000);
    for (const path of ['/file/images/..%2F..%2F.env', '/file/images/abc.png', '/file/other/0123456789abcdef0123456789abcdef.png']) {
      const r = await api(path, { lang: 'en' });
      expect(r.code).toBe(10404);
    }
  });
});

describe('subscriptions', () => {
  it('saves what a person follows, and publishing news they follow leaves them a message', async () => {
    const student1 = await login('student1');
    const admin1 = await login('admin1');
    const u1 = await groupIdOf(admin1);
    const empty = await api<{ groupId: number; competitionIds: number[]; categories: number[] }>('/sys/user/subscribe/detail', { token: student1 });
    expect(empty.data).toEqual({ groupId: u1, competitionIds: [], categories: [] });

    // A published competition of the student's organisation (any one will do); a draft cannot be followed.
    const competition = (await api<{ value: number }[]>(`/web/competition/group/competition/list?groupId=${u1}`)).data[0].value;
    const draftId = (await api<{ id: number }>('/competition/info/add', { token: admin1, body: { name: `草稿竞赛 ${Date.now()}`, year: 2026 } })).data.id;
    const refused = await api('/sys/user/subscribe/save', { token: student1, lang: 'en', body: { competitionIds: [draftId], categories: [] } });
    expect(refused).toMatchObject({ code: 10404, msg: `No such competition: ${draftId}` });
    const saved = await api('/sys/user/subscribe/save', { token: student1, body: { competitionIds: [competition, competition], categories: [4, 3] } });
    expect(saved.data).toEqual({ groupId: u1, competitionIds: [competition], categories: [3, 4] });
    const bad = await api('/sys/user/subscribe/save', { token: student1, lang: 'en', body: { competitionIds: ['x'], categories: [7] } });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/competitionIds/);
    expect(bad.msg).toMatch(/categories must be one of: 1, 2, 3, 4, 5/);
    // News can only be attached to a competition of the writer's organisations.
    const admin2Competition = (await api<{ value: number }[]>('/competition/info/option', { token: await login('admin2') })).data[0].value;
    const foreign = await api('/competition/news/add', { token: admin1, lang: 'en', body: draft('别人的竞赛', { category: 1, competitionId: admin2Competition }) });
    expect(foreign).toMatchObject({ code: 10404, msg: `No such competition: ${admin2Competition}` });

    // Category 3 of the student's organisation, and the followed competition in any category.
    const byCategory = await api<News>('/competition/news/add', { token: admin1, body: draft('订阅测试：竞赛资讯', { category: 3, publish: true }) });
    const byCompetition = await api<News>('/competition/news/add', { token: admin1, body: draft('订阅测试：关注的竞赛', { category: 1, competitionId: competition }) });
    await api('/competition/news/publish', { token: admin1, body: { id: byCompetition.data.id } });
    await api('/competition/news/add', { token: admin1, body: draft('订阅测试：不相关', { category: 1, publish: true }) });
    // Unpublishing and publishing again does not repeat the message.
    await api('/competition/news/unpublish', { token: admin1, body: { id: byCategory.data.id } });
    await api('/competition/news/publish', { token: admin1, body: { id: byCategory.data.id } });

    const page = await api<Page<Message> & { unread: number }>('/sys/subscribe/message/page', { token: student1 });
    expect(page.data.list.map((m) => m.title)).toEqual(['订阅测试：关注的竞赛', '订阅测试：竞赛资讯']);
    expect(page.data.unread).toBe(2);
    expect(page.data.list[0]).toMatchObject({ newsId: byCompetition.data.id, link: `/home/newsDetails?id=${byCompetition.data.id}`, read: false });
    // Nobody else got them.
    expect((await api<Page<Message>>('/sys/subscribe/message/page', { token: admin1 })).data.total).toBe(0);

    const [first, second] = page.data.list;
    expect((await api('/sys/subscribe/message/read', { token: student1, body: { ids: [first.id] } })).data).toEqual({ count: 1 });
    expect((await api<Page<Message>>('/sys/subscribe/message/page?read=false', { token: student1 })).data.list.map((m) => m.id)).toEqual([second.id]);
    // Another person's ids are ignored.
    expect((await api('/sys/subscribe/message/delete', { token: admin1, body: { ids: [first.id, second.id] } })).data).toEqual({ count: 0 });
    expect((await api('/sys/subscribe/message/delete', { token: student1, body: { ids: [first.id] } })).data).toEqual({ count: 1 });
    expect((await api<Page<Message>>('/sys/subscribe/message/page', { token: student1 })).data.total).toBe(1);
    expect((await api('/sys/subscribe/message/page')).code).toBe(11000);
  });
});

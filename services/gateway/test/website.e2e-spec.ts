import sharp from 'sharp';
import { api, login, upload } from './support/api';
import { BASE } from './support/platform';
import { exclusive } from './support/exclusive';

interface Site {
  groupId: number;
  groupName: string;
  groupNameEn: string;
  templateType: number;
  description: string;
  navigationSettings: { name: string; tem: string; children: { path: string; dictValue: string; name: string }[] }[];
  banners?: { imageUrl: string; title: string; link: string }[];
}

const groupIdOf = async (token: string) => ((await api<{ groupId: number }>('/competition/group/user/getSelect', { token })).data.groupId);

// The public site's browser tests read these organisations' sites: one file at a time changes or reads them.
exclusive('website');

describe('website settings', () => {
  let restore: () => Promise<unknown>;
  beforeAll(async () => {
    const admin1 = await login('admin1');
    const u1 = await groupIdOf(admin1);
    const { groupName: _n, groupNameEn: _e, ...original } = (await api<Site & { groupName: string; groupNameEn: string }>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1}`)).data;
    restore = async () => api('/web/competitionWebsite/save', { token: await login('admin1'), body: { ...original, banners: original.banners ?? [] } });
  });
  afterAll(() => restore());

  it('gives each demo organisation its own public site, found by id or by host name', async () => {
    const u1 = await groupIdOf(await login('admin1'));
    const u2 = await groupIdOf(await login('admin2'));
    const byId1 = await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1}`);
    const byId2 = await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u2}`);
    expect(byId1.data).toMatchObject({ groupId: u1, templateType: 1 });
    // The header names the organisation in both languages (the web shows the English one in English).
    expect(byId1.data).toMatchObject({ groupName: '华东示范大学', groupNameEn: 'East China Demonstration University' });
    expect(byId2.data).toMatchObject({ groupId: u2, templateType: 2 });
    expect(byId1.data.navigationSettings.find((n) => n.tem === 'news')!.children[0]).toEqual({ path: '/home/news/newsList', dictValue: '1', name: '新闻列表' });

    const byHost = await api<Site>('/web/competitionWebsite/getWebsiteSetting', { headers: { 'x-forwarded-host': 'u2.localhost' } });
    expect(byHost.data.groupId).toBe(u2);
    const unknown = await api('/web/competitionWebsite/getWebsiteSetting', { headers: { 'x-forwarded-host': 'nobody.example' }, lang: 'en' });
    expect(unknown.code).toBe(10404);
    expect(unknown.msg).toBe('No organisation uses the host name nobody.example');
  });

  it('lets an organiser change their own site, and only theirs', async () => {
    const admin1 = await login('admin1');
    const u1 = await groupIdOf(admin1);
    const site = { groupId: u1, templateType: 3, description: '新的介绍', navigationSettings: [{ name: '首页', tem: 'home', children: [] }] };
    const saved = await api<Site>('/web/competitionWebsite/save', { token: admin1, body: site });
    expect(saved.data).toEqual({ ...site, banners: [] });
    expect((await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1}`)).data.templateType).toBe(3);

    const u2 = await groupIdOf(await login('admin2'));
    expect((await api('/web/competitionWebsite/save', { token: admin1, body: { ...site, groupId: u2 } })).code).toBe(401);
    expect((await api('/web/competitionWebsite/save', { token: await login('student1'), body: site })).code).toBe(401);
    const bad = await api('/web/competitionWebsite/save', { token: admin1, lang: 'en', body: { ...site, templateType: 4, navigationSettings: [{ name: 'x', tem: 'y', children: [{ path: 1 }] }] } });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/templateType must be one of: 1, 2, 3/);
  });

  it('keeps banners until they are sent again, and refuses links that leave the site unsafely', async () => {
    const admin1 = await login('admin1');
    const u1 = await groupIdOf(admin1);
    const current = (await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1}`)).data;
    const { groupName: _name, groupNameEn: _nameEn, ...setting } = current as Site & { groupName: string; groupNameEn: string };
    const banners = [{ imageUrl: 'https://example.edu.cn/banner.png', title: '报名开始', link: '/home/competition' }];
    await api('/web/competitionWebsite/save', { token: admin1, body: { ...setting, banners } });
    // A save without banners (an older client) leaves them alone.
    const { banners: _b, ...withoutBanners } = { ...setting, banners };
    await api('/web/competitionWebsite/save', { token: admin1, body: { ...withoutBanners, description: '只改介绍' } });
    const after = (await api<Site & { banners: unknown[] }>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1}`)).data;
    expect(after).toMatchObject({ description: '只改介绍', banners });

    const unsafe = await api('/web/competitionWebsite/save', {
      token: admin1,
      lang: 'en',
      body: { ...setting, banners: [{ imageUrl: 'javascript:alert(1)', title: 'x', link: 'javascript:alert(1)' }] },
    });
    expect(unsafe).toMatchObject({ code: 10400, msg: 'Invalid input: banners.0.imageUrl is not in the right format; banners.0.link is not in the right format' });
  });

  it('refuses navigation targets that are not http(s) addresses or paths of the site, naming the field', async () => {
    const admin1 = await login('admin1');
    const u1 = await groupIdOf(admin1);
    const { groupName: _name, groupNameEn: _nameEn, ...before } = (await api<Site & { groupName: string; groupNameEn: string }>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1}`)).data;
    const nav = (path: string) => [{ name: '首页', tem: 'home', children: [] }, { name: '外链', tem: 'news', children: [{ path, dictValue: '1', name: '外链' }] }];
    const save = (path: string, lang?: 'en') =>
      api('/web/competitionWebsite/save', { token: admin1, lang, body: { groupId: u1, templateType: 1, description: '导航测试', navigationSettings: nav(path) } });
    for (const target of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '  javascript:alert(1)', '\tjavascript:alert(1)', '//evil.example', '/\\evil.example']) {
      const refused = await save(target, 'en');
      expect({ target, code: refused.code, msg: refused.msg }).toEqual({
        target,
        code: 10400,
        msg: 'Invalid input: navigationSettings.1.children.0.path must be an http(s) address or a path of the site starting with a single / (such as /home/news)',
      });
    }
    // Chinese by default.
    expect((await save('javascript:alert(1)')).msg).toBe('参数错误：navigationSettings.1.children.0.path 只能是 http(s) 地址或以单个 / 开头的站内路径（如 /home/news）');
    for (const target of ['/home/news/newsList', 'https://www.example.edu.cn/news', 'http://example.edu/a?b=1']) {
      expect({ target, code: (await save(target)).code }).toEqual({ target, code: 0 });
    }
    const stored = (await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1}`)).data;
    expect(stored.navigationSettings[1].children[0].path).toBe('http://example.edu/a?b=1');
    expect((await api('/web/competitionWebsite/save', { token: admin1, body: before })).code).toBe(0);
  });
});

describe('website banners (网站横幅)', () => {
  const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1677ff' } }).png().toBuffer();

  it('cuts an uploaded banner image to the carousel, never enlarging it, and says what is wrong with a bad one', async () => {
    const admin1 = await login('admin1');
    const big = await upload('/file/upload/banner', admin1, await picture(4000, 3000), 'photo.png');
    expect(big.code).toBe(0);
    expect(big.data).toMatchObject({ contentType: 'image/jpeg', width: 2400, height: 640 });
    const served = await fetch(`${BASE}${(big.data as { url: string }).url.replace(/^\/prod-api/, '')}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 2400, height: 640 });
    // Just above the least size: cut to 15:4 at its own scale.
    expect((await upload('/file/upload/banner', admin1, await picture(1300, 400), 'small.png')).data).toMatchObject({ width: 1300, height: 347 });

    const small = await upload('/file/upload/banner', admin1, await picture(800, 300), 'tiny.png', 'en');
    expect(small.code).toBe(10400);
    expect(small.msg).toBe('A banner image needs at least 1200×320 pixels; this one is 800×300 and would look blurred on the homepage: choose a larger image');
    const fake = await upload('/file/upload/banner', admin1, Buffer.from('<html><script>alert(1)</script></html>'), 'banner.png');
    expect(fake.code).not.toBe(0);
    expect(fake.msg).toContain('不是 PNG、JPEG、GIF 或 WebP 图片');
    // Only those who edit a site upload banners.
    expect((await upload('/file/upload/banner', await login('student1'), await picture(1600, 500), 'b.png')).code).toBe(401);
  });

  it("saves an organisation's banners alone, in order, shown by its public site; others' and unsafe links are refused", async () => {
    const admin2 = await login('admin2');
    const u2 = await groupIdOf(admin2);
    const before = (await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u2}`)).data;
    const banners = [
      { imageUrl: 'https://example.edu.cn/a.jpg', title: '第二张', link: '/home/competition' },
      { imageUrl: 'https://example.edu.cn/b.jpg', title: '第一张', link: 'https://example.edu.cn/news' },
    ];
    const saved = await api('/web/competitionWebsite/banners/save', { token: admin2, body: { groupId: u2, banners } });
    expect(saved.data).toEqual(banners);
    const after = (await api<Site & { banners: unknown[] }>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u2}`)).data;
    expect(after).toEqual({ ...before, banners });

    const u1 = await groupIdOf(await login('admin1'));
    expect((await api('/web/competitionWebsite/banners/save', { token: admin2, body: { groupId: u1, banners } })).code).toBe(401);
    const unsafe = await api('/web/competitionWebsite/banners/save', { token: admin2, lang: 'en', body: { groupId: u2, banners: [{ ...banners[0], link: 'javascript:alert(1)' }] } });
    expect(unsafe.msg).toBe('Invalid input: banners.0.link is not in the right format');
    const tooMany = await api('/web/competitionWebsite/banners/save', { token: admin2, body: { groupId: u2, banners: Array(11).fill(banners[0]) } });
    expect(tooMany.code).toBe(10400);
    await api('/web/competitionWebsite/banners/save', { token: admin2, body: { groupId: u2, banners: before.banners ?? [] } });
  });
});

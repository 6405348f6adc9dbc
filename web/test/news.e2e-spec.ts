import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { api, login } from '../../services/gateway/test/support/api';
import { gradientPng } from './support/png';
import { waitFor } from '../../services/gateway/test/support/platform';
import { chooseOrganisation, click, fill, loginWithPassword, open, storedToken, useBrowser, waitForPath, waitForText } from './support/browser';

interface PublicNews {
  id: number;
  title: string;
  coverUrl: string | null;
  content: string;
}

/** Types into the rich-text editor like a person. */
async function typeInEditor(page: Page, text: string) {
  await click(page, '.rte .tiptap');
  await page.keyboard.type(text);
  await waitForText(page, text, '.rte .tiptap');
}

async function uploadInto(page: Page, selector: string, file: string) {
  const input = (await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(file);
}

describe('news in the back office', () => {
  const b = useBrowser('news');
  let admin: Page;
  let college: Page;
  const suffix = Date.now().toString(36).slice(-5);
  const adminTitle = `浏览器测试新闻 ${suffix}`;
  const collegeTitle = `学院申请资讯 ${suffix}`;
  const image = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-news-')), 'cover.png');

  beforeAll(async () => {
    fs.writeFileSync(image, gradientPng());
    admin = await b.newPage();
    await loginWithPassword(admin, 'admin1');
    await chooseOrganisation(admin, '华东示范大学');
    await waitForPath(admin, '/dashboard/index');
    // One organisation and one menu: the login goes straight to the news screens.
    college = await b.newPage();
    await open(college, '/neibu/login');
    await fill(college, '#username', 'college1');
    await fill(college, '#password', 'Demo@2026');
    await click(college, '.auth__card button.ant-btn-primary');
    await waitForPath(college, /^\/newsManagement\//);
  });

  b.it('an organiser writes news with a cover and an image in the text, and publishes it', async () => {
    await open(admin, '/newsManagement/list');
    await waitForText(admin, ['资讯列表', '新增资讯', '华东示范大学第十届'], '.news-page');
    await b.shot(admin, 'list');

    await click(admin, '.news-page button', '新增资讯');
    await waitForPath(admin, '/newsManagement/addEdit');
    await admin.waitForSelector('.rte .tiptap');
    await fill(admin, '#title', adminTitle);
    await fill(admin, '#summary', '浏览器里写的一条新闻。');
    await uploadInto(admin, '.news-edit .ant-upload input[type=file]', image);
    await admin.waitForSelector('.news-edit img.news-cover');
    await typeInEditor(admin, '这是正文第一段，下面是一张图片。');
    await uploadInto(admin, '[data-testid=rte-image-input]', image);
    await admin.waitForSelector('.rte .tiptap img[src^="/prod-api/file/images/"]');
    await b.shot(admin, 'editor');

    await click(admin, '.news-edit button', { text: '发 布', answer: '/competition/news/add' });
    await waitForPath(admin, '/newsManagement/detail');
    await waitForText(admin, [adminTitle, '已发布', '这是正文第一段'], '.news-detail');
    // The image in the text is served by the gateway and really loads.
    await admin.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.news-detail .news-html img');
      return !!img && img.complete && img.naturalWidth === 320;
    });
    await b.shot(admin, 'detail');

    const u1 = (await api<{ groupId: number }>('/competition/group/user/getSelect', { token: await login('admin1') })).data.groupId;
    const pub = await api<{ list: PublicNews[] }>(`/home/competition/news/page?groupId=${u1}&keyword=${encodeURIComponent(adminTitle)}`);
    expect(pub.data.list).toHaveLength(1);
    expect(pub.data.list[0].coverUrl).toMatch(/^\/prod-api\/file\/images\/[0-9a-f]{32}\.png$/);
    const detail = await api<PublicNews>(`/home/competition/news/detail?id=${pub.data.list[0].id}`);
    expect(detail.data.content).toMatch(/<img src="\/prod-api\/file\/images\/[0-9a-f]{32}\.png"/);
  });

  b.it('a college editor applies to publish news', async () => {
    await open(college, '/newsManagement/apply');
    await waitForText(college, ['资讯申请', '申请发布资讯', '上级机构审核', '蓝桥杯'], '.news-page');
    await b.shot(college, 'apply-list');

    await click(college, '.news-page button', '申请发布资讯');
    await waitForPath(college, '/newsManagement/addEdit');
    await college.waitForSelector('.rte .tiptap');
    await fill(college, '#title', collegeTitle);
    await typeInEditor(college, '学院将于下周举办程序设计训练营。');
    await click(college, '.news-edit button', { text: '提交审核', answer: '/competition/news/add' });
    await waitForPath(college, '/newsManagement/detail');
    await waitForText(college, [collegeTitle, '待审核'], '.news-detail');
    await b.shot(college, 'applied');
  });

  b.it('the organiser approves the application and it goes public', async () => {
    // An application of the college's own for this test, made through the API as the editor's form makes it.
    const collegeTitle = `学院申请资讯 ${suffix} 审核`;
    const applied = await api('/competition/news/add', {
      token: await login('college1'),
      body: { title: collegeTitle, summary: '', content: '<p>学院将于下周举办程序设计训练营。</p>', category: 3, publish: true },
    });
    expect(applied.code).toBe(0);
    await open(admin, '/newsManagement/competitionCheck');
    await waitForText(admin, ['竞赛资讯审核', collegeTitle], '.news-page');
    await b.shot(admin, 'check-list');
    await click(admin, `//tr[contains(@class,"ant-table-row")][.//a[normalize-space()=${JSON.stringify(collegeTitle)}]]//button[translate(normalize-space(), ' ', '')="通过"]`, {
      answer: '/competition/news/check',
    });
    await waitForText(admin, '已通过，资讯已发布');
    await admin.waitForFunction((title: string) => !document.querySelector('.news-page')?.textContent?.includes(title), {}, collegeTitle);
    await b.shot(admin, 'approved');

    const pub = await api<{ list: PublicNews[] }>(`/home/competition/news/page?groupId=${(await api<{ groupId: number }>('/competition/group/user/getSelect', { token: await login('college1') })).data.groupId}&keyword=${encodeURIComponent(collegeTitle)}`);
    expect(pub.data.list.map((n) => n.title)).toEqual([collegeTitle]);
  });

  b.it('a teacher follows a category in the personal centre and gets a message when news is published', async () => {
    const student = await b.newPage();
    await loginWithPassword(student, 'teacher1');
    await chooseOrganisation(student, '华东示范大学');
    await open(student, '/center/informationSub');
    await waitForText(student, ['消息订阅', '我的订阅', '我的消息', '竞赛指南'], '.information-sub');
    await click(student, '.sub-settings .ant-checkbox-wrapper', '竞赛指南');
    await click(student, '.sub-settings button', { text: '保存订阅', answer: '/sys/user/subscribe/save' });
    await waitForText(student, '订阅已保存');

    const title = `订阅消息测试 ${suffix}`;
    const r = await api('/competition/news/add', { token: await login('admin1'), body: { title, content: '<p>指南正文</p>', category: 4, publish: true } });
    expect(r.code).toBe(0);
    // The message is written when the publication's event arrives: the page is loaded again once it has.
    const teacher = await storedToken(student);
    await waitFor('the subscription message', async () =>
      (await api<{ list: { title: string }[] }>('/sys/subscribe/message/page?pageNum=1&pageSize=10', { token: teacher })).data.list.some((m) => m.title.includes(title)),
    );
    await student.reload();
    await waitForText(student, [title, '未读 1 条'], '.sub-messages');
    await b.shot(student, 'messages');
  });
});

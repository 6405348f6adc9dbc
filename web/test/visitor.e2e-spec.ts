import type { Page } from 'puppeteer-core';
import { click, open, pathOf, textOf, useBrowser, waitForPath, waitForText } from './support/browser';

describe('a visitor without login', () => {
  const b = useBrowser('visitor');
  let page: Page;
  beforeAll(async () => {
    page = await b.newPage();
  });

  b.it('opens the public homepage from the site root', async () => {
    await open(page, '/');
    await waitForPath(page, '/home/homepage');
    // On this host the platform's own site opens: its navigation comes from its website settings.
    await waitForText(page, ['竞赛管理系统', '平台运营中心', '首页', '竞赛', '新闻中心', '拓展服务', 'English'], '.home__header');
    await waitForText(page, ['平台运营中心', '最新赛事', '热门竞赛'], '.home__main');
    // antd spaces out a two-character Chinese button label.
    expect((await textOf(page, '.home__account .ant-btn-primary')).replace(/\s/g, '')).toBe('登录');
    expect(await page.title()).toBe('首页 - 竞赛管理系统');
    await b.shot(page, 'homepage');
  });

  b.it('follows the public navigation without being asked to log in', async () => {
    await open(page, '/home/homepage');
    await click(page, '.home__nav', '新闻中心');
    await waitForPath(page, '/home/news/newsList');
    await click(page, '.home__nav', '拓展服务');
    await waitForPath(page, '/home/expendingServices');
    await waitForText(page, ['拓展服务', '竞赛数据统计与年度报告'], '.home__main');
    expect(await textOf(page, '.home__nav .home__link--active')).toBe('拓展服务');
    await b.shot(page, 'public-nav');
    // An unknown page under /home is still public: the router's 404, not the login page.
    await open(page, '/home/nothing-here');
    await waitForText(page, ['404', '抱歉，您访问的页面不存在。', '返回首页']);
    expect(pathOf(page)).toBe('/home/nothing-here');
    await b.shot(page, 'unknown-public-page');
  });

  b.it('is sent to the login page from a back-office path, which is remembered', async () => {
    await open(page, '/system/user');
    await waitForPath(page, '/neibu/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/user');
    await waitForText(page, ['竞赛管理系统', '账号密码登录', '验证码登录'], '.auth__card');
    await b.shot(page, 'login-from-back-office');
    // The personal centre and the organisation choice need a login too.
    await open(page, '/center/users');
    await waitForPath(page, '/neibu/login');
    await open(page, '/role');
    await waitForPath(page, '/neibu/login');
  });
});

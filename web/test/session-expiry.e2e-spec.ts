import type { Page } from 'puppeteer-core';
import { api } from '../../services/gateway/test/support/api';
import {
  chooseOrganisation,
  click,
  loginWithPassword,
  open,
  pathOf,
  storedToken,
  textOf,
  useBrowser,
  waitForPath,
  waitForText,
} from './support/browser';

/** A marker on the window: gone once the page has really reloaded. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __beforeReload: true }));

describe('an expired login (11000)', () => {
  const b = useBrowser('session-expiry');
  let page: Page;

  /** A fresh browser context logs in and opens the users page in `lang` (stored as the language switch stores it). */
  async function enterUsers(lang: 'zh-CN' | 'en') {
    await page?.browserContext().close();
    page = await b.newPage();
    await open(page, '/neibu/login');
    await page.evaluate((l: string) => localStorage.setItem('language', l), lang);
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
    await open(page, '/system/user');
    await page.waitForSelector('.system-page .ant-table-tbody tr.ant-table-row');
  }

  /** Ends the session behind the page's back, as a logout elsewhere or an administrator would. */
  async function revoke() {
    const token = await storedToken(page);
    const out = await api('/auth/logout', { method: 'POST', token });
    expect(out.code).toBe(0);
    expect((await api('/auth/user/info', { token })).code).toBe(11000);
  }

  b.it('asks to log in again over the page, then goes to the homepage and reloads', async () => {
    await enterUsers('zh-CN');
    await revoke();
    await markWindow(page);

    await click(page, '.search-form button', '搜索');
    await page.waitForSelector('.ant-modal-confirm, .ant-modal');
    await waitForText(page, ['系统提示', '当前登录已过期，请重新登录'], '.ant-modal');
    // The stored token and cookies are gone at once; the page stays where it was under the question.
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // (The language is a preference, not the session's: its cookie stays.)
    expect((await page.cookies()).filter((c) => c.name !== 'lang')).toEqual([]);
    expect(pathOf(page)).toBe('/system/user');
    // The dialog says it all: the list does not add a load error of its own.
    expect(await page.$('.system-page .ant-alert-error')).toBeNull();
    await b.shot(page, 'expired-dialog');

    await click(page, '.ant-modal-footer button', '重新登录');
    await page.waitForFunction(() => !(window as { __beforeReload?: boolean }).__beforeReload && location.pathname === '/home/homepage');
    await waitForText(page, ['竞赛管理系统', '首页'], '.home__header');
    expect((await textOf(page, '.home__account .ant-btn-primary')).replace(/\s/g, '')).toBe('登录');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await b.shot(page, 'after-expiry-home');
  });

  b.it('says the same in English, and cancelling goes home too', async () => {
    await enterUsers('en');
    await revoke();
    await markWindow(page);

    await click(page, '.search-form button', 'Search');
    await waitForText(page, ['System notice', 'The current login has expired, please log in again', 'Log in again', 'Cancel'], '.ant-modal');
    await b.shot(page, 'expired-dialog-en');
    await click(page, '.ant-modal-footer button', 'Cancel');
    await page.waitForFunction(() => !(window as { __beforeReload?: boolean }).__beforeReload && location.pathname === '/home/homepage');
    await waitForText(page, ['Competition Management System', 'Log in'], '.home__header');
  });

  b.it('a revoked token found at start-up asks the same, without a load error behind it', async () => {
    await enterUsers('zh-CN');
    await revoke();
    // Reopen the back office: the page still holds the dead token.
    await open(page, '/system/user');
    await waitForText(page, '当前登录已过期，请重新登录', '.ant-modal');
    expect(await page.$('.ant-result-warning')).toBeNull();
    await b.shot(page, 'expired-at-start');
    await markWindow(page);
    await click(page, '.ant-modal-footer button', '重新登录');
    await page.waitForFunction(() => !(window as { __beforeReload?: boolean }).__beforeReload && location.pathname === '/home/homepage');
    await waitForPath(page, '/home/homepage');
  });
});

import type { Page } from 'puppeteer-core';
import {
  chooseOrganisation,
  click,
  fill,
  loginWithPassword,
  open,
  settle,
  textOf,
  useBrowser,
  waitForGone,
  waitForPath,
  waitForText,
} from './support/browser';

/** Chinese characters and full-width punctuation: what no English string may contain. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;

/**
 * Strings that stay Chinese in English: data (the seeded organiser, her organisation and role, as the
 * search below narrows the list to her) and the language switch's label, which names Chinese in Chinese
 * so that a Chinese reader can find it.
 */
const ALLOWED = ['华东示范大学计算机学院', '华东示范大学', '张组织', '机构管理员', '简体中文'];

/** The Chinese left in the visible text of `selector` once the allowed strings are taken out. */
async function chineseIn(page: Page, selector = 'body'): Promise<string[]> {
  let text = await textOf(page, selector);
  for (const a of ALLOWED) text = text.split(a).join(' ');
  return text.match(CJK) ?? [];
}

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';

describe('the language switch', () => {
  const b = useBrowser('language');
  let page: Page;

  beforeAll(async () => {
    page = await b.newPage();
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  /**
   * The users page in `lang` (stored as the language switch stores it), narrowed to the organiser, with the
   * sidebar open on 系统管理 (or System).
   */
  async function showUsers(keyword: string, lang: 'zh-CN' | 'en') {
    await page.evaluate((l: string) => localStorage.setItem('language', l), lang);
    await open(page, '/system/user');
    await page.waitForSelector('.system-page .ant-table-tbody tr.ant-table-row');
    if (await page.$('.sidebar.ant-layout-sider-collapsed')) await click(page, '.navbar__left button');
    await page.waitForSelector('.sidebar:not(.ant-layout-sider-collapsed) .ant-menu-item-selected');
    await fill(page, '.search-form #keyword', keyword);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.system-page .ant-table-tbody tr.ant-table-row').length === 1);
    await settle(page);
  }

  b.it('shows the back office in Chinese by default', async () => {
    await showUsers('admin1', 'zh-CN');
    await waitForText(page, ['用户管理', '新增用户', '下载模板', '账号', '所属机构', '操作', '编辑', '共 1 条', '10 条/页', '系统管理', '工作台']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await textOf(page, langButton)).toBe('English');
    await b.shot(page, 'users-zh');
  });

  b.it('switches every visible string of the users page to English, antd included', async () => {
    await showUsers('admin1', 'zh-CN');
    await click(page, langButton);
    await waitForText(page, ['Users', 'Add user', 'Download template', 'Import', 'Account', 'Organisation', 'Actions', 'Edit', '1 in total', '10 / page']);
    await waitForText(page, ['Workbench', 'Competitions', 'Certificates', 'System', 'Departments'], '.sidebar');
    await waitForText(page, ['Home', 'Users'], '.navbar');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.title()).toBe('Users - Competition Management System');
    await settle(page);
    expect(await chineseIn(page)).toEqual([]);
    await b.shot(page, 'users-en');
  });

  b.it('shows the add and import dialogs and the account menu in English', async () => {
    await showUsers('admin1', 'en');
    await click(page, '.system-page__header button', 'Add user');
    await page.waitForSelector('.ant-modal #username');
    // A failed check shows its messages in English too.
    await click(page, '.ant-modal-footer button', 'Save');
    await waitForText(page, ['Please enter Account', 'Please enter Initial password'], '.ant-modal');
    await settle(page);
    expect(await chineseIn(page, '.ant-modal')).toEqual([]);
    await b.shot(page, 'add-user-en');
    await click(page, '.ant-modal-footer button', 'Cancel');
    await waitForGone(page, '.ant-modal-wrap');

    await click(page, '.system-page__header button', 'Import');
    await waitForText(page, ['Import users', 'Account*', 'Initial password*', 'Click or drag an Excel file here', 'Check file'], '.ant-modal');
    await settle(page);
    expect(await chineseIn(page, '.ant-modal')).toEqual([]);
    await b.shot(page, 'import-en');
    await click(page, '.ant-modal-footer button', 'Close');
    await waitForGone(page, '.ant-modal-wrap');

    await click(page, '.navbar__user');
    await waitForText(page, ['Personal centre', 'Switch organisation', 'Public site', 'Layout settings', 'Logout'], '.ant-dropdown:not(.ant-dropdown-hidden)');
    await settle(page);
    expect(await chineseIn(page, '.ant-dropdown:not(.ant-dropdown-hidden)')).toEqual([]);
    await b.shot(page, 'account-menu-en');
    await page.keyboard.press('Escape');
    await click(page, '.system-page__title');
    await waitForGone(page, '.ant-dropdown');
  });

  // English chosen (stored as the switch above stores it), then the page loaded again.
  b.it('keeps English after a reload, on the public site and the login screen too', async () => {
    await showUsers('admin1', 'en');
    await waitForText(page, ['Users', 'Add user']);
    expect(await chineseIn(page)).toEqual([]);

    await open(page, '/home/homepage');
    await waitForText(page, ['Competition Management System', 'Competitions', 'News', 'Services', 'Back office'], '.home__header');
    await waitForText(page, ['Latest competition', 'Featured competitions', 'Everything a competition needs'], '.home__main');
    await settle(page);
    // The interface is English; what organisers entered (the site's name and description) stays as entered.
    expect(await chineseIn(page, '.home__nav')).toEqual([]);
    expect(await chineseIn(page, '.home__account')).toEqual([]);
    for (const chrome of ['.site-section__title', '.site-latest__label', '.site-feature', '.site-stats', '.home__main .ant-btn']) {
      for (const el of await page.$$(chrome)) expect(((await el.evaluate((e) => e.textContent)) ?? '').match(CJK)).toBeNull();
    }
    await b.shot(page, 'homepage-en');

    // The login screen, in a second page of the same browser context that has not logged in.
    const visitor = await b.newPage();
    await visitor.evaluateOnNewDocument(() => localStorage.setItem('language', 'en'));
    await open(visitor, '/neibu/login');
    await waitForText(visitor, ['Competition Management System', 'Password', 'Verification code', 'Register', 'Forgot password'], '.auth__card');
    await settle(visitor);
    expect(await chineseIn(visitor)).toEqual([]);
    await b.shot(visitor, 'login-en');
    await visitor.close();
  });

  b.it('switches back to Chinese', async () => {
    await showUsers('admin1', 'en');
    await click(page, langButton);
    await waitForText(page, ['用户管理', '新增用户', '下载模板', '共 1 条', '10 条/页', '系统管理']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-CN');
    expect(await textOf(page, langButton)).toBe('English');
    expect(await page.title()).toBe('用户管理 - 竞赛管理系统');
    await b.shot(page, 'users-zh-again');
    await waitForPath(page, '/system/user');
  });
});

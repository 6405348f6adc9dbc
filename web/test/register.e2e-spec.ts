import type { Page } from 'puppeteer-core';
import { api, DEMO_PASSWORD, freshIp, redis } from '../../services/gateway/test/support/api';
import { waitFor } from '../../services/gateway/test/support/platform';
import {
  choose,
  click,
  fill,
  loadsIn,
  open,
  storedToken,
  textOf,
  useBrowser,
  waitForGone,
  waitForPath,
  waitForText,
  WEB_URL,
} from './support/browser';

/** The code the auth service issued, read from Redis as the code-login tests do (production sends it by SMS). */
async function issuedCode(purpose: 'register' | 'retrieve', phone: string): Promise<string> {
  const r = redis();
  try {
    let code: string | null = null;
    await waitFor(`a ${purpose} code for ${phone}`, async () => !!(code = await r.get(`${purpose}-code:${phone}`)), 5000);
    return code!;
  } finally {
    r.disconnect();
  }
}

/** A student account registered through the API in 西部测试大学, as the sign-up form registers one. */
async function registered(username: string, phone: string, password: string): Promise<void> {
  const sent = await api('/auth/register/code/send', { body: { phone }, ip: freshIp() });
  if (sent.code !== 0) throw new Error(`code: ${sent.msg}`);
  const groups = await api<{ id: number; name: string }[]>('/auth/register/groups');
  const groupId = groups.data.find((g) => g.name === '西部测试大学')!.id;
  const r = await api('/auth/register', { body: { username, realName: '浏览器同学', phone, code: await issuedCode('register', phone), password, groupId }, ip: freshIp() });
  if (r.code !== 0) throw new Error(`register: ${r.msg}`);
}

/** Sends a code with the form's button and types it in. */
async function enterCode(page: Page, purpose: 'register' | 'retrieve', phone: string): Promise<void> {
  await click(page, '[data-testid="send-code"]');
  await waitForText(page, '验证码已发送');
  await fill(page, '#code', await issuedCode(purpose, phone));
}

/**
 * Logs in through the password form. A student of one organisation passes /role without a choice and lands
 * in the personal centre.
 */
async function loginAsStudent(page: Page, username: string, password: string): Promise<void> {
  await fill(page, '#username', username);
  await fill(page, '#password', password);
  await click(page, '.auth__card button.ant-btn-primary');
  await waitForPath(page, '/center/users');
  await waitForText(page, username);
}

describe('sign-up, recovery and the operation log in the browser', () => {
  const b = useBrowser('register');
  const suffix = Date.now().toString(36).slice(-6);
  const phoneOf = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}`;

  b.it('a visitor registers from the login screen, then logs in', async () => {
    const username = `stu_${suffix}`;
    const phone = phoneOf('137');
    const page = await b.newPage();
    await open(page, '/neibu/login');
    await click(page, '.auth__links a', '注册账号');
    await waitForPath(page, '/neibu/register');
    await waitForText(page, ['注册账号', '注册后即为学生账号'], '.auth__card');
    expect(await page.title()).toMatch(/注册/);

    // The form says what is wrong before anything is sent.
    await click(page, '.auth__card button.ant-btn-primary');
    await waitForText(page, ['请输入账号', '请输入姓名', '请选择所属机构', '请输入手机号'], '.auth__card');
    await fill(page, '#password', 'short');
    await waitForText(page, '密码须为 8 至 64 位', '.auth__card');
    await b.shot(page, 'register-validation');

    await fill(page, '#username', username);
    await fill(page, '#realName', '浏览器同学');
    await choose(page, '#groupId', '西部测试大学');
    await fill(page, '#phone', phone);
    await enterCode(page, 'register', phone);
    // The send button counts down before the next send.
    await waitForText(page, '秒后重新获取', '[data-testid="send-code"]');
    await fill(page, '#password', 'Passw0rd1');
    await fill(page, '#confirm', 'Passw0rd1');
    await b.shot(page, 'register-filled');
    await click(page, '.auth__card button.ant-btn-primary', { answer: '/auth/register' });

    await waitForPath(page, '/neibu/login');
    await waitForText(page, '注册成功，请登录');
    await b.shot(page, 'register-done');
    await loginAsStudent(page, username, 'Passw0rd1');
    const info = await api<{ username: string; roleKeys: string[] }>('/auth/user/info', { token: await storedToken(page) });
    expect(info.data).toMatchObject({ username, roleKeys: ['student'] });
  });

  b.it("on an organisation's own site a visitor registers into it without choosing, in either language", async () => {
    const username = `stu_${suffix}_u1`;
    const phone = phoneOf('136');
    // The site of 华东示范大学 is its own host (u1.localhost resolves to this machine).
    const site = new URL(WEB_URL);
    site.hostname = 'u1.localhost';
    const u1 = (await api<{ groupId: number }>('/web/competitionWebsite/getWebsiteSetting', { headers: { 'x-forwarded-host': 'u1.localhost' } })).data.groupId;

    const en = await b.newPage();
    await loadsIn(en, 'en');
    await en.goto(`${site.origin}/neibu/register`, { waitUntil: 'domcontentloaded' });
    await waitForText(en, ['Registering with: 华东示范大学', 'You are on the competition site of 华东示范大学'], '[data-testid="register-site-group"]');
    await b.shot(en, 'register-own-site-english');
    await en.close();

    const page = await b.newPage();
    await page.goto(`${site.origin}/neibu/register`, { waitUntil: 'domcontentloaded' });
    await waitForText(page, ['注册到：华东示范大学', '你正在 华东示范大学 的竞赛网站注册，账号将属于该机构。'], '[data-testid="register-site-group"]');
    // The organisation is not asked for.
    await waitForGone(page, '[data-testid="register-group"]');
    await b.shot(page, 'register-own-site');
    await fill(page, '#username', username);
    await fill(page, '#realName', '本校同学');
    await fill(page, '#phone', phone);
    await enterCode(page, 'register', phone);
    await fill(page, '#password', 'Passw0rd1');
    await fill(page, '#confirm', 'Passw0rd1');
    await click(page, '.auth__card button.ant-btn-primary', { answer: '/auth/register' });
    await waitForPath(page, '/neibu/login');
    await waitForText(page, '注册成功，请登录');
    // 华东示范大学 has a college under it, which elsewhere is a choice after login: on its own site it is not asked.
    await loginAsStudent(page, username, 'Passw0rd1');
    const info = await api<{ username: string; groupId: number }>('/auth/user/info', { token: await storedToken(page) });
    expect(info.data).toMatchObject({ username, groupId: u1 });
    expect(await page.evaluate(() => localStorage.getItem('groupId'))).toBe(String(u1));
  }, 120000);

  b.it('the visitor recovers the password by phone code and logs in with the new one', async () => {
    const username = `stu_${suffix}_r`;
    const phone = phoneOf('135');
    await registered(username, phone, 'Passw0rd1');
    const page = await b.newPage();
    await open(page, '/neibu/login');
    await click(page, '.auth__links a', '忘记密码');
    await waitForPath(page, '/neibu/retrieve');
    await waitForText(page, ['找回密码', '设置新密码'], '.auth__card');
    await fill(page, '#phone', phone);
    await enterCode(page, 'retrieve', phone);
    await fill(page, '#password', 'NewPassw0rd');
    await fill(page, '#confirm', 'NewPassw0rd2');
    await waitForText(page, '两次输入的密码不一致', '.auth__card');
    await fill(page, '#confirm', 'NewPassw0rd');
    await b.shot(page, 'retrieve-filled');
    await click(page, '.auth__card button.ant-btn-primary');
    await waitForPath(page, '/neibu/login');
    await waitForText(page, '密码已重置');
    await loginAsStudent(page, username, 'NewPassw0rd');
  });

  b.it('the organisation administrator sees the sign-up in the operation log, with its details', async () => {
    const username = `stu_${suffix}_l`;
    await registered(username, phoneOf('134'), 'Passw0rd1');
    const page = await b.newPage();
    // admin2's organisation has no subordinates: /role enters it without a choice.
    await open(page, '/neibu/login');
    await fill(page, '#username', 'admin2');
    await fill(page, '#password', DEMO_PASSWORD);
    await click(page, '.auth__card button.ant-btn-primary');
    await page.waitForSelector('.back-layout .sidebar');
    await open(page, '/system/log');
    await waitForText(page, ['操作日志', '操作人', '结果', '时间'], '.system-page');
    await fill(page, '.system-page #username', username);
    await fill(page, '.system-page #keyword', '/auth/register');
    // Entries arrive through the event stream: search again, as a person would, until the sign-up is there.
    await waitFor(`the sign-up of ${username} in the operation log`, async () => {
      await click(page, '.system-page .search-form button', { text: '搜', answer: '/system/log/page' });
      await page.waitForFunction(() => !document.querySelector('.system-page .ant-spin-spinning'));
      return (await textOf(page, '.system-page .ant-table-tbody')).includes('/prod-api/auth/register');
    });
    await waitForText(page, [username, 'POST /prod-api/auth/register', '成功'], '.system-page .ant-table-tbody');
    await b.shot(page, 'operation-log');
    await click(page, '.system-page .ant-table-tbody tr.ant-table-row button.ant-btn-link');
    await waitForText(page, ['操作详情', '请求编号', '"password": "***"', '"code": "***"'], '.ant-drawer');
    const drawer = await textOf(page, '.ant-drawer');
    expect(drawer).not.toContain('Passw0rd1');
    await b.shot(page, 'operation-log-detail');
  });
});

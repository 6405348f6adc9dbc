import type { Page } from 'puppeteer-core';
import type { Signup, SignupDetail } from '@cmp/contracts';
import { api, freshIp, login } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents, type Student } from '../../services/gateway/test/support/enroll';
import { ALIPAY_URL, waitFor } from '../../services/gateway/test/support/platform';
import { chooseOrganisation, click, loginWithPassword, open, useBrowser, waitForPath, waitForText } from './support/browser';

/** A student pays an entry fee: the personal centre's pay button, the Alipay (sandbox) cashier, /home/paySuccess. */
describe('payment: a student pays the entry fee with Alipay', () => {
  const b = useBrowser('payment');
  let student: Student;
  let signupId: number;
  let page: Page;

  beforeAll(async () => {
    const admin1 = await login('admin1');
    [student] = await makeStudents(1, `payer${Date.now().toString(36)}`);
    const c = await makeCompetition(admin1, { name: `缴费测试赛 ${Date.now()}`, items: [['收费组', null, 12000]] });
    const s = await api<Signup>('/web/enroll/signUp', { token: student.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '钱多多' } } });
    if (s.code !== 0) throw new Error(`sign-up: ${s.msg}`);
    signupId = s.data.id;
    page = await b.newPage();
    await loginWithPassword(page, student.username);
    await chooseOrganisation(page, '华东示范大学');
  }, 120000);
  afterAll(dropStudents);

  b.it('pays on the cashier page and comes back to a confirmed payment', async () => {
    await open(page, '/center/competition');
    await waitForText(page, ['待缴费', '缴费 ¥120.00'], '[data-testid="my-signups"]');
    await b.shot(page, 'owed');
    await click(page, '[data-testid="pay-button"]');
    await waitForText(page, ['缴纳报名费', '应缴报名费 ¥120.00', '支付宝网页支付'], '.ant-modal');
    await b.shot(page, 'choose');
    await click(page, '.ant-modal .ant-btn-primary', '去支付');
    // Alipay's (the sandbox's) cashier: the amount, the order, a pay button.
    await page.waitForFunction((url: string) => location.href.startsWith(url), { timeout: 20000 }, ALIPAY_URL);
    await page.waitForSelector('#pay');
    expect(await page.$eval('#amount', (el) => el.textContent)).toContain('120.00');
    await b.shot(page, 'cashier');
    await Promise.all([page.waitForNavigation(), page.click('#pay')]);
    await waitForPath(page, '/home/paySuccess');
    await waitForText(page, ['支付成功', '已收到 ¥120.00'], '[data-testid="pay-result"]');
    await b.shot(page, 'paid');
    await waitFor('the sign-up to be marked paid', async () => (await api<SignupDetail>(`/web/enroll/detail?id=${signupId}`, { token: student.token })).data.payStatus === 2);
    await open(page, '/center/competition');
    await waitForText(page, '已缴费', '[data-testid="my-signups"]');
    expect(await page.$('[data-testid="pay-button"]')).toBeNull();
  });
});

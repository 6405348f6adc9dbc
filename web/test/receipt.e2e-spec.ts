import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'puppeteer-core';
import type { PayReply, Signup } from '@cmp/contracts';
import { api, freshIp, login } from '../../services/gateway/test/support/api';
import { pdfText } from '../../services/gateway/test/support/certificates';
import { dropStudents, makeCompetition, makeStudents, sql, type Student } from '../../services/gateway/test/support/enroll';
import { ALIPAY_URL, waitFor } from '../../services/gateway/test/support/platform';
import { chooseOrganisation, click, fill, loginWithPassword, open, settle, useBrowser, waitForText } from './support/browser';

/** A student downloads the receipt of a paid fee from 我的竞赛; finance reads the income totals under 订单管理. */
describe('receipts and income totals (issue 26)', () => {
  const b = useBrowser('receipt');
  let student: Student;
  let competitionName = '';
  let orderNo = '';
  let orderId = 0;

  beforeAll(async () => {
    const admin1 = await login('admin1');
    [student] = await makeStudents(1, `receipt${Date.now().toString(36)}`);
    const c = await makeCompetition(admin1, { name: `收据测试赛 ${Date.now()}`, items: [['收费组', null, 12000]] });
    competitionName = c.name;
    const s = await api<Signup>('/web/enroll/signUp', { token: student.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '报销人' } } });
    const pay = await api<PayReply>('/alipay/payment/pay', { token: student.token, ip: freshIp(), body: { signupId: s.data.id, channel: 'qr' } });
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: pay.data.orderNo }) });
    orderNo = pay.data.orderNo;
    [{ id: orderId }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [orderNo]);
    await waitFor('the sign-up to be paid', async () => (await sql(`SELECT 1 FROM enrollment.signups WHERE id = $1 AND pay_status = 2`, [s.data.id])).length === 1);
  }, 120000);
  afterAll(dropStudents);

  b.it('lets the payer download the receipt from 我的竞赛, a PDF with the amount in capitals', async () => {
    const page = await b.newPage();
    const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-receipts-'));
    const session = await b.browser.target().createCDPSession();
    await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, browserContextId: page.browserContext().id });
    await loginWithPassword(page, student.username);
    await chooseOrganisation(page, '华东示范大学');
    await open(page, '/center/competition');
    await waitForText(page, [competitionName, '已缴费', '下载收据'], '[data-testid="my-signups"]');
    await b.shot(page, 'my-competitions');
    await click(page, '[data-testid="receipt-button"]', { answer: '/payment/receipt' });
    // The browser saves it under its number.
    let file = '';
    await waitFor('the receipt to be saved', async () => {
      file = fs.readdirSync(downloads).find((name) => /^SJ\d{18}\.pdf$/.test(name)) ?? '';
      return !!file;
    });
    const pdf = fs.readFileSync(path.join(downloads, file));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).text.replace(/\s+/g, '');
    expect(text).toContain('人民币壹佰贰拾元整');
    expect(text).toContain('报销人');
    expect(text).toContain(file.replace('.pdf', ''));

    await phone(page);
    await waitForText(page, '下载收据', '[data-testid="my-signups"]');
    await b.shot(page, 'my-competitions-phone');
    await page.close();
  });

  b.it('shows finance the income per day and per competition', async () => {
    const page = await b.newPage();
    await loginWithPassword(page, 'finance1');
    await chooseOrganisation(page, '华东示范大学');
    await open(page, '/finance/order');
    // Other tests' orders are paid the same day: the day's figures are theirs too, the competition's are this test's.
    await waitForText(page, ['收入统计', '按日', '实收', '线上实收', '线下实收', '合计'], '[data-testid="income-totals"]');
    await page.$eval('[data-testid="income-totals"]', (el) => el.scrollIntoView());
    await b.shot(page, 'income-by-day');
    await click(page, '[data-testid="income-totals"] .ant-segmented-item', '按竞赛');
    await waitForText(page, [competitionName, '¥120.00'], '[data-testid="income-totals"] .ant-table-tbody');
    await b.shot(page, 'income-by-competition');
    // The order's receipt from its details: the same PDF its payer downloads. Other tests pay orders meanwhile: it is
    // found by its number.
    await fill(page, '.search-form input#keyword', orderNo);
    await page.keyboard.press('Enter');
    await click(page, '.ant-table-tbody a', orderNo);
    const answer = await click(page, '[data-testid="order-receipt"]', { answer: `/payment/receipt?orderId=${orderId}` });
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-type']).toBe('application/pdf');
    await click(page, '.ant-drawer-close');
    await phone(page);
    await waitForText(page, ['收入统计', '按竞赛'], '[data-testid="income-totals"]');
    await page.$eval('[data-testid="income-totals"]', (el) => el.scrollIntoView());
    await b.shot(page, 'income-phone');
    await page.close();
  });
});

/** The same page on a 390 px phone. */
async function phone(page: Page) {
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await settle(page);
}

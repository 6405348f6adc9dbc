import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'puppeteer-core';
import type { OrderDetail, OrderView, PayReply, Signup, SignupDetail } from '@cmp/contracts';
import { api, freshIp, login } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents, type Student } from '../../services/gateway/test/support/enroll';
import { ALIPAY_URL, waitFor, WEB_URL } from '../../services/gateway/test/support/platform';
import { answered, choose, chooseOrganisation, click, fill, loginWithPassword, open, ready, textOf, useBrowser, waitForGone, waitForPath, waitForText } from './support/browser';
import { phoneProblems, tableProblems } from './support/layout';
import { exclusive } from '../../services/gateway/test/support/exclusive';

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';

exclusive('finance');

/**
 * A student pays an entry fee (the personal centre's pay button, the Alipay sandbox's cashier, /home/paySuccess); finance
 * finds the order, refunds half, reconciles the day against Alipay's bill and exports, in Chinese and English.
 */
describe('payment: a student pays the entry fee with Alipay, finance refunds and reconciles', () => {
  const b = useBrowser('payment');
  let student: Student;
  let transferer: Student;
  let competitionId = 0;
  let competitionNameEn = '';
  let itemId = 0;
  let signupId: number;
  let page: Page;
  let orderNo = '';

  beforeAll(async () => {
    const admin1 = await login('admin1');
    [student, transferer] = await makeStudents(2, `payer${Date.now().toString(36)}`);
    const c = await makeCompetition(admin1, { name: `缴费测试赛 ${Date.now()}`, items: [['收费组', null, 12000]] });
    const s = await api<Signup>('/web/enroll/signUp', { token: student.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '钱多多' } } });
    if (s.code !== 0) throw new Error(`sign-up: ${s.msg}`);
    signupId = s.data.id;
    competitionId = c.id;
    competitionNameEn = c.nameEn;
    itemId = c.items[0].id;
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
    orderNo = new URL(page.url()).searchParams.get('out_trade_no') ?? '';
    await waitForText(page, ['支付成功', '已收到 ¥120.00'], '[data-testid="pay-result"]');
    await b.shot(page, 'paid');
    await waitFor('the sign-up to be marked paid', async () => (await api<SignupDetail>(`/web/enroll/detail?id=${signupId}`, { token: student.token })).data.payStatus === 2);
    await open(page, '/center/competition');
    await waitForText(page, '已缴费', '[data-testid="my-signups"]');
    expect(await page.$('[data-testid="pay-button"]')).toBeNull();
  });

  b.it("pays with the phone cashier on a phone at the university's own site, and comes back there still logged in", async () => {
    const [phoneStudent] = await makeStudents(1, `wap${Date.now().toString(36)}`);
    const s = await api<Signup>('/web/enroll/signUp', { token: phoneStudent.token, ip: freshIp(), body: { competitionId, itemId, type: 1, profile: { realName: '韩手机' } } });
    // 华东示范大学's own site (u1.localhost resolves to this machine), on a 390 × 844 touch screen.
    const site = new URL(WEB_URL);
    site.hostname = 'u1.localhost';
    const p = await b.newPage();
    await p.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await p.goto(`${site.origin}/neibu/login`, { waitUntil: 'domcontentloaded' });
    await loginWithPassword(p, phoneStudent.username);
    await p.goto(`${site.origin}/center/competition`, { waitUntil: 'domcontentloaded' });
    await waitForText(p, ['待缴费', '缴费 ¥120.00'], '[data-testid="my-signups"]');
    await b.shot(p, 'phone-owed');
    // No choice of a computer's cashier or a QR code to scan with the phone in hand: straight to the phone cashier.
    await click(p, '[data-testid="pay-button"]');
    await p.waitForFunction((url: string) => location.href.startsWith(url), { timeout: 20000 }, ALIPAY_URL);
    await p.waitForSelector('body.wap #pay');
    await b.shot(p, 'phone-cashier');
    await Promise.all([p.waitForNavigation(), p.click('#pay')]);
    await waitForPath(p, '/home/paySuccess');
    expect(new URL(p.url()).host).toBe(site.host);
    await waitForText(p, ['支付成功', '已收到 ¥120.00'], '[data-testid="pay-result"]');
    expect(await textOf(p)).not.toContain('没有找到该订单');
    expect(await phoneProblems(p)).toEqual([]);
    await b.shot(p, 'phone-paid');
    const order = await api<OrderView>(`/alipay/payment/query?signupId=${s.data.id}`, { token: phoneStudent.token });
    expect(order.data).toMatchObject({ status: 'paid', channel: 'wap' });
    await p.close();
  });

  b.it('tells a team member that the captain pays, and shows the fee on the invitation', async () => {
    const [lead, member, invitee] = await makeStudents(3, `fee${Date.now().toString(36)}`);
    const s = await api<Signup>('/web/enroll/signUp', { token: lead.token, ip: freshIp(), body: { competitionId, itemId, type: 2, teamName: '缴费说明队', profile: { realName: '郑队长' } } });
    const { inviteCode } = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${s.data.id}`, { token: lead.token, ip: freshIp() })).data;
    expect((await api('/web/enroll/team/join', { token: member.token, ip: freshIp(), body: { inviteCode, profile: { realName: '冯队员' } } })).code).toBe(0);

    const m = await b.newPage();
    await loginWithPassword(m, member.username);
    await chooseOrganisation(m, '华东示范大学');
    await open(m, '/center/competition');
    await waitForText(m, ['待缴费', '由队长缴费'], '[data-testid="my-signups"]');
    expect(await m.$('[data-testid="pay-button"]')).toBeNull();
    await open(m, `/home/competition/team/details?id=${s.data.id}`);
    await waitForText(m, '报名费 ¥120.00 由队长 郑队长 缴纳', '[data-testid="captain-pays"]');
    await b.shot(m, 'member-captain-pays');
    await m.close();

    const i = await b.newPage();
    await loginWithPassword(i, invitee.username);
    await chooseOrganisation(i, '华东示范大学');
    await open(i, `/home/competition/team/details?inviteCode=${inviteCode}`);
    await waitForText(i, ['报名费', '¥120.00（由队长缴纳，待缴费）'], '[data-testid="team-join"]');
    await b.shot(i, 'invitation-fee');
    await i.close();
  });

  b.it('lets finance find the order, refund half, reconcile the day and export', async () => {
    const finance = await b.newPage();
    await loginWithPassword(finance, 'finance1');
    await chooseOrganisation(finance, '华东示范大学');
    await open(finance, '/finance/order');
    await waitForText(finance, ['订单管理', '筛选结果合计', '导出 Excel'], '.system-page');
    await fill(finance, '#keyword', orderNo);
    await click(finance, '.search-form button[type="submit"]', { answer: '/finance/order/page' });
    await waitForText(finance, [orderNo, '¥120.00', '已支付'], '.ant-table-tbody');
    await waitForText(finance, '¥120.00', '[data-testid="order-totals"]');
    await b.shot(finance, 'finance-orders');
    await click(finance, '.ant-table-tbody a', orderNo);
    await waitForText(finance, ['支付宝通知与查询', '已入账', '钱多多'], '[data-testid="order-detail"]');
    await b.shot(finance, 'finance-order-detail');
    await click(finance, '.ant-drawer-extra .ant-btn-dangerous');
    await waitForText(finance, ['最多还可退 120.00 元'], '.ant-modal');
    await fill(finance, '#refund_amount', '60.00');
    await fill(finance, '#refund_reason', '退一半报名费');
    await click(finance, '.ant-modal .ant-btn-primary', { answer: '/finance/refund/create' });
    await waitForText(finance, ['部分退款', '退一半报名费', '已退款'], '[data-testid="order-detail"]');
    await b.shot(finance, 'finance-refunded');
    await click(finance, '.ant-drawer-close');

    // At 1280 px, found by the payer's account: the refunded column in full, net beside gross, online and offline apart.
    await finance.setViewport({ width: 1280, height: 900 });
    await fill(finance, '#keyword', student.username);
    await click(finance, '.search-form button[type="submit"]', { answer: '/finance/order/page' });
    await waitForText(finance, [orderNo, '¥120.00', '¥60.00', '部分退款'], '.ant-table-tbody');
    await waitForText(finance, '已退', '.ant-table-thead');
    await waitForText(finance, ['已收款', '¥120.00', '已退款', '净收款', '¥60.00'], '[data-testid="order-totals"]');
    await waitForText(finance, '线上（支付宝）：收款 ¥120.00，退款 ¥60.00，净收 ¥60.00', '[data-testid="order-totals-online"]');
    await waitForText(finance, '线下：收款 ¥0.00，退款 ¥0.00，净收 ¥0.00', '[data-testid="order-totals-offline"]');
    expect(await tableProblems(finance, '.system-page')).toEqual([]);
    await b.shot(finance, 'finance-orders-1280');
    await finance.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await waitForText(finance, '净收款', '[data-testid="order-totals"]');
    await b.shot(finance, 'finance-orders-phone');
    await finance.setViewport({ width: 1280, height: 900 });

    // Export: the file of the listed orders comes back, named after the competition and the dates.
    const exported = answered(finance, '/finance/order/export');
    await click(finance, '.system-page__header button', '导出 Excel');
    const download = await exported;
    expect(download.headers()['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(download.headers()['content-disposition'])).toMatch(/订单-全部竞赛-\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}\.xlsx/);
    await finance.setViewport({ width: 1440, height: 900 });

    // Reconcile today's bill (as Alipay's merchant platform gives it) against the books.
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bill-')), `${day}.csv.zip`);
    fs.writeFileSync(file, Buffer.from(await (await fetch(`${ALIPAY_URL}/sandbox/bill?date=${day}`)).arrayBuffer()));
    await open(finance, '/finance/action');
    await waitForText(finance, ['支付宝对账', '导入账单文件', '从支付宝下载'], '.system-page');
    const input = await finance.$('.system-page__header input[type=file]');
    const imported = answered(finance, '/finance/reconcile/import');
    await input!.uploadFile(file);
    await imported;
    await waitForText(finance, [`${day} 对账结果`, '一致'], '.ant-drawer');
    await b.shot(finance, 'finance-reconciled');
    // The day's bill holds every order the sandbox saw today (other test files' too): the order's lines are looked for page by page.
    const rowOfOrder: (string | null)[] = [];
    const pages = (await finance.$$('[data-testid="recon-detail"] .ant-pagination-item')).length || 1;
    for (let n = 1; n <= pages; n += 1) {
      if (n > 1) await click(finance, `[data-testid="recon-detail"] .ant-pagination-item-${n}`);
      await finance.waitForSelector(`[data-testid="recon-detail"] .ant-pagination-item-active[title="${n}"]`, { timeout: 5000 }).catch(() => undefined);
      rowOfOrder.push(...(await finance.$$eval('[data-testid="recon-detail"] .ant-table-tbody tr', (rows, no) => rows.filter((r) => r.textContent?.includes(no as string)).map((r) => r.textContent), orderNo)));
    }
    expect(rowOfOrder.some((text) => text?.includes('一致') && text.includes('收款'))).toBe(true);
    expect(rowOfOrder.some((text) => text?.includes('一致') && text.includes('退款'))).toBe(true);
    await click(finance, '.ant-drawer-close');

    // The same screens in English.
    await open(finance, '/finance/order');
    await click(finance, langButton);
    await waitForText(finance, ['Orders', 'Totals of the filtered orders', 'Export to Excel', 'Partly refunded', 'Net', 'Online (Alipay): received'], '.system-page');
    // English names where the competition has one (the event has none: its Chinese name stays).
    await waitForText(finance, `${competitionNameEn} / 收费组`, '.ant-table-tbody');
    await b.shot(finance, 'finance-orders-english');
    await click(finance, '.ant-table-tbody a', orderNo);
    await waitForText(finance, [competitionNameEn, 'Payer account', student.username, 'Trade status', 'TRADE_SUCCESS'], '[data-testid="order-detail"]');
    expect(await textOf(finance, '[data-testid="order-detail"]')).not.toContain('trade_status');
    await b.shot(finance, 'finance-order-detail-english');
    await click(finance, '.ant-drawer-close');
    await click(finance, langButton);
    await finance.close();
  });

  b.it('starts each refund dialog from its own order; a refund in full shows the student the fee is owed again', async () => {
    // A second paid order of the competition with its whole fee left (the first has ¥60.00 left).
    const [full] = await makeStudents(1, `refull${Date.now().toString(36)}`);
    const s = await api<Signup>('/web/enroll/signUp', { token: full.token, ip: freshIp(), body: { competitionId, itemId, type: 1, profile: { realName: '李全退' } } });
    const pay = await api<PayReply>('/alipay/payment/pay', { token: full.token, ip: freshIp(), body: { signupId: s.data.id, channel: 'qr' } });
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: pay.data.orderNo }) });
    const payStatus = async () => (await api<SignupDetail>(`/web/enroll/detail?id=${s.data.id}`, { token: full.token })).data.payStatus;
    await waitFor('the second sign-up to be paid', async () => (await payStatus()) === 2);

    const finance = await b.newPage();
    await loginWithPassword(finance, 'finance1');
    await chooseOrganisation(finance, '华东示范大学');
    await open(finance, '/finance/order');
    const refundDialogOf = async (no: string) => {
      await fill(finance, '#keyword', no);
      await click(finance, '.search-form button[type="submit"]', { answer: '/finance/order/page' });
      await waitForText(finance, no, '.ant-table-tbody');
      await click(finance, '.ant-table-tbody button', '退');
      await ready(finance, '.ant-modal #refund_amount');
      return finance.$eval('#refund_amount', (el) => (el as HTMLInputElement).value);
    };
    expect(await refundDialogOf(orderNo)).toBe('60.00');
    await click(finance, '.ant-modal-close');
    await waitForGone(finance, '#refund_amount');
    expect(await refundDialogOf(pay.data.orderNo)).toBe('120.00');
    await b.shot(finance, 'refund-full');
    await fill(finance, '#refund_reason', '全额退款');
    await click(finance, '.ant-modal .ant-btn-primary', { answer: '/finance/refund/create' });
    await waitFor('the refund to reach the sign-up', async () => (await payStatus()) === 3);
    await finance.close();

    const student = await b.newPage();
    await loginWithPassword(student, full.username);
    await chooseOrganisation(student, '华东示范大学');
    await open(student, '/center/competition');
    await waitForText(student, ['已退费', '重新缴费 ¥120.00'], '[data-testid="my-signups"]');
    await b.shot(student, 'refunded-pay-again');
    await student.close();
  });

  b.it('comes back from a cancelled cashier to the unfinished order, a stale tab catches up, a rejected sign-up says so once', async () => {
    const [payer, rejected] = await makeStudents(2, `cancel${Date.now().toString(36)}`);
    const signUp = async (who: Student, realName: string) =>
      (await api<Signup>('/web/enroll/signUp', { token: who.token, ip: freshIp(), body: { competitionId, itemId, type: 1, profile: { realName } } })).data.id;
    const id = await signUp(payer, '周取消');
    const p = await b.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(String(e)));
    await loginWithPassword(p, payer.username);
    await chooseOrganisation(p, '华东示范大学');
    await open(p, '/center/competition');
    await click(p, '[data-testid="pay-button"]');
    await click(p, '.ant-modal .ant-btn-primary', '去支付');
    await p.waitForFunction((url: string) => location.href.startsWith(url), { timeout: 20000 }, ALIPAY_URL);
    await p.waitForSelector('#cancel');
    await Promise.all([p.waitForNavigation(), p.click('#cancel')]);
    await waitForPath(p, '/home/paySuccess');
    await waitForText(p, ['支付未完成', '¥120.00'], '[data-testid="pay-result"]');
    expect(await textOf(p, '[data-testid="pay-result"]')).not.toContain('没有找到该订单');
    await b.shot(p, 'cashier-cancelled');

    // Paid in another tab meanwhile: this tab's pay attempt is refused, and the page catches up.
    await open(p, '/center/competition');
    await waitForText(p, '待缴费', '[data-testid="my-signups"]');
    const pending = await api<OrderView>(`/alipay/payment/query?signupId=${id}`, { token: payer.token });
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: pending.data.orderNo }) });
    await waitFor('the sign-up to be paid', async () => (await api<SignupDetail>(`/web/enroll/detail?id=${id}`, { token: payer.token })).data.payStatus === 2);
    await click(p, '[data-testid="pay-button"]');
    await click(p, '.ant-modal .ant-btn-primary', '去支付');
    await waitForText(p, '已缴费', '[data-testid="my-signups"]');
    await waitForGone(p, '.ant-modal-content');
    expect(errors).toEqual([]);
    await p.close();

    // A rejected sign-up: its status once, no completeness tag, no work to submit.
    const admin1 = await login('admin1');
    const rejectedId = await signUp(rejected, '吴驳回');
    expect((await api('/enroll/signup/check', { token: admin1, body: { id: rejectedId, approve: false, reason: '资料不符' } })).code).toBe(0);
    const r = await b.newPage();
    await loginWithPassword(r, rejected.username);
    await chooseOrganisation(r, '华东示范大学');
    await open(r, '/center/competition');
    await waitForText(r, ['已驳回', '不能提交作品'], '[data-testid="my-signups"]');
    expect(await r.$('[data-testid="work-action"]')).toBeNull();
    await open(r, `/home/competition/team/details?id=${rejectedId}`);
    await waitForText(r, ['该报名已驳回，不能再修改', '资料不符']);
    const page = await textOf(r);
    expect(page).not.toContain('已已');
    expect(page).not.toContain('资料未完善');
    await b.shot(r, 'rejected-signup');
    await r.close();
  });

  b.it("shows how the day's bill adds up, its money and the current run; a refund above the approval amount is approved by a second person", async () => {
    // A paid order of another organisation: the shared merchant account's bill lists it too.
    const [elsewhere, big] = await makeStudents(2, `recon${Date.now().toString(36)}`);
    const other = await makeCompetition(await login('admin2'), { name: `外单位缴费赛 ${Date.now()}`, items: [['外单位组', null, 6600]] });
    const paidOrder = async (who: Student, competition: number, item: number) => {
      const s = await api<Signup>('/web/enroll/signUp', { token: who.token, ip: freshIp(), body: { competitionId: competition, itemId: item, type: 1, profile: { realName: '对账付款人' } } });
      const order = await api<PayReply>('/alipay/payment/pay', { token: who.token, ip: freshIp(), body: { signupId: s.data.id, channel: 'qr' } });
      await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: order.data.orderNo }) });
      await waitFor('the payment', async () => (await api<OrderView>(`/alipay/payment/query?orderNo=${order.data.orderNo}`, { token: who.token })).data?.status === 'paid');
      return order.data.orderNo;
    };
    await paidOrder(elsewhere, other.id, other.items[0].id);
    const bigOrderNo = await paidOrder(big, competitionId, itemId);

    const finance = await b.newPage();
    await loginWithPassword(finance, 'finance1');
    await chooseOrganisation(finance, '华东示范大学');
    await open(finance, '/finance/action');
    // 财务设置: refunds above ¥50 need a second finance person.
    await click(finance, '.ant-tabs-tab', '财务设置');
    await waitForText(finance, '退款审批金额（元）', '[data-testid="finance-settings"]');
    await fill(finance, '#financeSettings_refundApproval', '50');
    await click(finance, '[data-testid="finance-settings"] button[type="submit"]', { answer: '/finance/settings' });
    await waitForText(finance, '钱财务 于', '[data-testid="finance-settings"]');
    await b.shot(finance, 'finance-settings');
    try {
      // Today's bill imported twice: each run counts every line (another organisation's too) and shows its money; the later is current.
      const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bill-')), `${day}.csv.zip`);
      fs.writeFileSync(file, Buffer.from(await (await fetch(`${ALIPAY_URL}/sandbox/bill?date=${day}`)).arrayBuffer()));
      await click(finance, '.ant-tabs-tab', '支付宝对账');
      for (const _ of [1, 2]) {
        const imported = answered(finance, '/finance/reconcile/import');
        await (await finance.$('.system-page__header input[type=file]'))!.uploadFile(file);
        await imported;
        await waitForText(finance, [`${day} 对账结果`, '当前', '其他机构'], '.ant-drawer');
        await click(finance, '.ant-drawer-close');
      }
      await waitForText(finance, ['当前', '已取代', '钱财务'], '[data-testid="reconciliation"] .ant-table-tbody');
      await b.shot(finance, 'recon-runs');
      // The run before the latest: it says what replaced it.
      const [, before] = await finance.$$('[data-testid="reconciliation"] .ant-table-tbody tr.ant-table-row');
      await (await before.$('a'))!.click();
      await waitForText(finance, ['已被重新核对取代', '查看最新一次'], '.ant-drawer');
      const lines = await textOf(finance, '[data-testid="recon-bill-lines"]');
      const [, rows, parts] = /账单 (\d+) 笔 = (.*)/.exec(lines)!;
      expect(parts).toMatch(/^一致 \d+ \+ 金额不符 \d+ \+ 支付宝有、平台无 \d+ \+ 其他机构 [1-9]\d*$/);
      expect([...parts.matchAll(/\d+/g)].reduce((sum, m) => sum + Number(m[0]), 0)).toBe(Number(rows));
      await waitForText(finance, ['支付宝', '平台', '其他机构', '收款', '退款', '净额'], '[data-testid="recon-totals"]');
      await b.shot(finance, 'recon-superseded');
      await click(finance, '.ant-drawer .ant-alert button', '查看最新一次');
      await waitForText(finance, '当前', '.ant-drawer');
      await click(finance, '.ant-drawer-close');

      // A refund above ¥50 waits; the one who asked sees no approve button.
      const [{ id }] = (await api<{ list: OrderView[] }>(`/finance/order/page?keyword=${bigOrderNo}`, { token: await login('finance1') })).data.list;
      const asked = await api<OrderDetail>('/finance/refund/create', { token: await login('finance1'), body: { orderId: id, amountFen: 12000, reason: '赛事取消全额退款' } });
      expect(asked.data.refunds[0].status).toBe('awaitingApproval');
      await open(finance, '/finance/list');
      await waitForText(finance, ['待审批', '赛事取消全额退款', '钱财务'], '.ant-table-tbody');
      const mine = await finance.$$eval('.ant-table-tbody tr', (trs) => trs.filter((r) => r.textContent?.includes('赛事取消全额退款')).map((r) => r.querySelectorAll('button').length));
      expect(mine).toEqual([0]);
      await finance.close();

      // Another finance person approves it from 财务列表; the money goes back, and both are named.
      const second = await b.newPage();
      await loginWithPassword(second, 'admin1');
      await chooseOrganisation(second, '华东示范大学');
      await open(second, '/finance/list');
      await waitForText(second, ['待审批', '赛事取消全额退款'], '.ant-table-tbody');
      await b.shot(second, 'refund-awaiting');
      await click(second, '.ant-table-tbody button', '批准');
      await waitForText(second, ['批准退款 ¥120.00', '钱财务'], '.ant-modal');
      await click(second, '.ant-modal .ant-btn-primary', { answer: '/finance/refund/decide' });
      await click(second, '.search-form button[type="submit"]', { answer: '/finance/refund/page' });
      await waitForText(second, ['已退款', '张组织'], '.ant-table-tbody');
      await b.shot(second, 'refund-approved');
      // The same screens on a phone.
      await second.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await open(second, '/finance/list');
      await waitForText(second, ['已退款', '张组织'], '.ant-table-tbody');
      await b.shot(second, 'refunds-phone');
      await open(second, '/finance/action');
      await waitForText(second, ['当前', '其他机构'], '[data-testid="reconciliation"] .ant-table-tbody');
      await b.shot(second, 'recon-runs-phone');
      await second.close();
    } finally {
      await api('/finance/settings', { token: await login('finance1'), body: { refundApprovalFen: 50000 } });
    }
  });

  b.it('records an offline payment with its voucher and has it approved by a second account', async () => {
    const s = await api<Signup>('/web/enroll/signUp', { token: transferer.token, ip: freshIp(), body: { competitionId, itemId, type: 1, profile: { realName: '孙转账' } } });
    const voucher = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voucher-')), '转账凭证.pdf');
    fs.writeFileSync(voucher, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const finance = await b.newPage();
    await loginWithPassword(finance, 'finance1');
    await chooseOrganisation(finance, '华东示范大学');
    await open(finance, '/finance/action');
    await click(finance, '.ant-tabs-tab', '线下缴费');
    await waitForText(finance, ['登记线下缴费'], '[data-testid="offline-payments"]');
    await click(finance, '[data-testid="offline-payments"] button', '登记线下缴费');
    // The sign-up is found by the payer's name in the form, and spelled out (whose, which account) before submitting.
    await choose(finance, '#offline_signupId', '孙转账', '/finance/offline/signups');
    await waitForText(finance, ['孙转账', transferer.username, `报名编号 ${s.data.id}`, '应缴 ¥120.00'], '[data-testid="offline-signup-chosen"]');
    await fill(finance, '#offline_reason', '银行转账，流水号 88001');
    const input = await finance.$('.ant-modal input[type=file]');
    await input!.uploadFile(voucher);
    await waitForText(finance, '转账凭证.pdf', '.ant-modal');
    await b.shot(finance, 'offline-record');
    const created = answered(finance, '/finance/offline/create');
    await click(finance, '.ant-modal .ant-btn-primary');
    // The bank's flow number travels in the body, not the address.
    expect(new URL((await created).url()).search).toBe('');
    // People by name, not by account.
    await waitForText(finance, ['孙转账', '¥120.00', '待审核', '钱财务'], '[data-testid="offline-payments"] .ant-table-tbody');
    // The account that recorded it cannot approve it: its row has the voucher link only.
    const buttons = await finance.$$eval(
      '[data-testid="offline-payments"] .ant-table-tbody tr',
      (rows, name) => rows.filter((r) => r.textContent?.includes(name as string)).map((r) => [...r.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''))),
      '孙转账',
    );
    expect(buttons).toEqual([['缴费凭证']]);
    await b.shot(finance, 'offline-pending');
    await finance.close();

    // While it waits, the payer's pay button says the payment is being confirmed and cannot start another.
    const payer = await b.newPage();
    await loginWithPassword(payer, transferer.username);
    await chooseOrganisation(payer, '华东示范大学');
    await open(payer, '/center/competition');
    await waitForText(payer, '缴费确认中', '[data-testid="pay-button"]');
    expect(await payer.$eval('[data-testid="pay-button"]', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await b.shot(payer, 'offline-held');
    await payer.close();

    const second = await b.newPage();
    await loginWithPassword(second, 'admin1');
    await chooseOrganisation(second, '华东示范大学');
    await open(second, '/finance/action');
    await click(second, '.ant-tabs-tab', '线下缴费');
    await fill(second, '[data-testid="offline-payments"] #keyword', String(s.data.id));
    await click(second, '[data-testid="offline-payments"] .search-form button[type="submit"]', { answer: '/finance/offline/page' });
    await waitForText(second, ['孙转账', '待审核'], '[data-testid="offline-payments"] .ant-table-tbody');
    await click(second, '[data-testid="offline-payments"] .ant-table-tbody button', '通');
    await click(second, '.ant-modal .ant-btn-primary', { answer: '/finance/offline/decide' });
    await waitForText(second, ['已通过', '张组织'], '[data-testid="offline-payments"] .ant-table-tbody');
    await b.shot(second, 'offline-approved');
    await waitFor('the sign-up to be paid', async () => (await api<SignupDetail>(`/web/enroll/detail?id=${s.data.id}`, { token: transferer.token })).data.payStatus === 2);
    await second.close();
  });
});

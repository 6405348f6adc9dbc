import * as iconv from 'iconv-lite';
import type { Page } from 'puppeteer-core';
import { yuanOf, type FinanceTotals, type OfflinePaymentView, type Page as ListPage, type PayReply, type PlatformOverview, type ReconDetail, type ReconRunView, type Round, type Signup, type WorkbenchTodo } from '@cmp/contracts';
import { api, freshIp, login, upload } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, type Student } from '../../services/gateway/test/support/enroll';
import { exclusive } from '../../services/gateway/test/support/exclusive';
import { ALIPAY_URL, alipayEnv, REPO } from '../../services/gateway/test/support/platform';
import { answered, chooseOrganisation, click, loadsIn, loginWithPassword, open, pathOf, useBrowser, waitForPath, waitForText } from './support/browser';

/* eslint-disable @typescript-eslint/no-require-imports */
const bill = require(`${REPO}/infra/alipay-sandbox/bill.js`);

// Offline payments of the demo organisation: the finance files hold the same lock.
exclusive('finance');

/** The workbench loaded afresh on a 390 px phone (the layout picks its phone form at load), then back at 1440 px. */
async function onPhone(page: Page, look: () => Promise<void>): Promise<void> {
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await open(page, '/dashboard/index');
  await look();
  await page.setViewport({ width: 1440, height: 900 });
  await open(page, '/dashboard/index');
}

/** The workbench (工作台): what waits for finance, each to-do opening its list with the same filter. */
describe('workbench: to-dos that open their filtered lists', () => {
  const b = useBrowser('workbench');
  let students: Student[];
  let closing: Round;
  let differing: ReconDetail;

  beforeAll(async () => {
    // An offline payment recorded by finance1, waiting for a second account.
    const [admin1, finance] = [await login('admin1'), await login('finance1')];
    students = await makeStudents(2, `wb${Date.now().toString(36)}`);
    const c = await makeCompetition(admin1, { items: [['收费组', null, 5000]] });
    const s = await api<Signup>('/web/enroll/signUp', { token: students[0].token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '线下付款人', phone: '13900000000' } } });
    if (s.code !== 0) throw new Error(`sign-up: ${s.msg}`);
    const made = (await upload('/finance/offline/create', finance, PDF, 'voucher.pdf', 'zh-CN', { signupId: String(s.data.id), reason: '银行转账' })) as { code: number; msg: string; data: OfflinePaymentView };
    if (made.code !== 0) throw new Error(`offline payment: ${made.msg}`);
    // A review round of 华东示范大学 closing tomorrow.
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const round = await api<Round>('/review/round/save', {
      token: admin1,
      body: { competitionId: c.id, name: `明日截止${Date.now().toString(36)}`, type: 'online', expertsPerWork: 3, opensAt: hours(-1), closesAt: hours(20), scoreColumns: [{ name: '总分', max: 100, step: 1, weight: 100, rubric: '' }] },
    });
    if (round.code !== 0) throw new Error(`round: ${round.msg}`);
    closing = round.data;
    if ((await api('/review/round/open', { token: admin1, body: { id: closing.id } })).code !== 0) throw new Error('round: not opened');
    // A reconciliation with a difference to settle: a fee paid at Alipay whose notification never came, on the bill
    // of a day of its own (two days ago, Beijing time), so that no other file's run replaces it.
    const paying = await api<Signup>('/web/enroll/signUp', { token: students[1].token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '对账付款人', phone: '13900000000' } } });
    if (paying.code !== 0) throw new Error(`sign-up: ${paying.msg}`);
    const order = await api<PayReply>('/alipay/payment/pay', { token: students[1].token, ip: freshIp(), body: { signupId: paying.data.id, channel: 'qr' } });
    if (order.code !== 0) throw new Error(`order: ${order.msg}`);
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: order.data.orderNo, notify: false }) });
    const trades: { out_trade_no: string; trade_no: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json();
    const day = new Date(Date.now() + 8 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
    const csv = bill.detailCsv({
      account: alipayEnv().ALIPAY_SELLER_ID, day, nextDay: day, exportedAt: day,
      rows: [{ tradeNo: trades.find((t) => t.out_trade_no === order.data.orderNo)!.trade_no, outTradeNo: order.data.orderNo, kind: '交易', subject: '报名费', createdAt: `${day} 10:00:00`, finishedAt: `${day} 10:00:01`, buyer: 'a***@x.com', amountFen: 5000 }],
    });
    const run = (await upload(`/finance/reconcile/import?billDay=${day}`, finance, iconv.encode(csv, 'gbk'), `${day}_业务明细.csv`)) as { code: number; msg: string; data: ReconDetail };
    if (run.code !== 0 || run.data.open !== 1) throw new Error(`reconciliation: ${run.msg} (${run.data?.open} open)`);
    differing = run.data;
  }, 120000);
  afterAll(dropStudents);

  for (const lang of ['zh-CN', 'en'] as const) {
    b.it(`opens on finance's to-dos and goes to the offline payments waiting for approval (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const page = await b.newPage();
      await loadsIn(page, lang);
      const todos = answered(page, 'GET /dashboard/todo');
      const income = answered(page, 'GET /finance/order/totals');
      await loginWithPassword(page, 'finance1');
      await chooseOrganisation(page, '华东示范大学');
      await waitForPath(page, '/dashboard/index');
      // What the page shows is what it was answered.
      const shown = ((await (await todos).json()) as { data: WorkbenchTodo[] }).data;
      const waiting = shown.find((t) => t.kind === 'offlineToApprove')!;
      expect(waiting.count).toBeGreaterThanOrEqual(1);
      const label = zh ? '待审核的线下缴费' : 'Offline payments to approve';
      await waitForText(page, [zh ? '待办事项' : 'To do', label, zh ? '退款中的订单' : 'Orders being refunded'], '[data-testid="todos"]');
      await waitForText(page, String(waiting.count), '[data-todo="offlineToApprove"] [data-testid="todo-count"]');
      // Today's money, as 订单管理's income totals count it.
      const today = ((await (await income).json()) as { data: FinanceTotals }).data.total;
      await waitForText(page, [zh ? '今日收支' : "Today's money", `¥${yuanOf(today.grossFen)}`, `¥${yuanOf(today.netFen)}`], '[data-testid="today-income"]');
      await b.shot(page, `todos-${lang}`);
      await onPhone(page, async () => {
        await waitForText(page, label, '[data-testid="todos"]');
        await b.shot(page, `todos-phone-${lang}`);
      });

      // 去处理 opens 财务操作 on its offline tab, filtered to those waiting: the list holds as many.
      const list = answered(page, 'GET /finance/offline/page');
      await click(page, '[data-todo="offlineToApprove"] button');
      await waitForPath(page, '/finance/action');
      const listed = ((await (await list).json()) as { data: ListPage<OfflinePaymentView> }).data;
      expect(new URL((await list).url()).searchParams.get('status')).toBe('pending');
      expect(listed.list.every((o) => o.status === 'pending')).toBe(true);
      expect(listed.total).toBe(waiting.count);
      await waitForText(page, zh ? '线下缴费' : 'Offline payments', '.ant-tabs-tab-active');
      await waitForText(page, [zh ? '待审核' : 'Waiting', zh ? `共 ${listed.total} 条` : `${listed.total} in total`], '.ant-tabs-tabpane-active');
      await b.shot(page, `offline-waiting-${lang}`);
      await open(page, '/dashboard/index');
    });

    b.it(`goes from finance's reconciliation to-do to the runs with differences to settle, a filter that can be cleared (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const page = await b.newPage();
      await loadsIn(page, lang);
      const todos = answered(page, 'GET /dashboard/todo');
      await loginWithPassword(page, 'finance1');
      await chooseOrganisation(page, '华东示范大学');
      await waitForPath(page, '/dashboard/index');
      const waiting = ((await (await todos).json()) as { data: WorkbenchTodo[] }).data.find((t) => t.kind === 'reconDifferences')!;
      expect(waiting.count).toBeGreaterThanOrEqual(1);
      const label = zh ? '有待处理差异的对账' : 'Reconciliations with differences to settle';
      await waitForText(page, label, '[data-todo="reconDifferences"]');
      await waitForText(page, String(waiting.count), '[data-todo="reconDifferences"] [data-testid="todo-count"]');
      await b.shot(page, `todos-recon-${lang}`);
      await onPhone(page, async () => {
        await waitForText(page, label, '[data-todo="reconDifferences"]');
        await b.shot(page, `todos-recon-phone-${lang}`);
      });

      // 去处理 opens 财务操作 on its reconciliation tab, filtered to the runs with differences: the list holds as many.
      const list = answered(page, 'GET /finance/reconcile/page');
      await click(page, '[data-todo="reconDifferences"] button');
      await waitForPath(page, '/finance/action');
      expect(new URL(page.url()).searchParams.get('unresolved')).toBe('1');
      const listed = ((await (await list).json()) as { data: ListPage<ReconRunView> }).data;
      expect(new URL((await list).url()).searchParams.get('unresolved')).toBe('1');
      expect(listed.total).toBe(waiting.count);
      expect(listed.list.filter((r) => !r.current || r.open === 0)).toEqual([]);
      expect(listed.list.map((r) => r.id)).toContain(differing.id);
      const onlyUnresolved = zh ? '只看有待处理差异的对账' : 'Only those with differences to settle';
      await waitForText(page, zh ? '支付宝对账' : 'Alipay reconciliation', '.ant-tabs-tab-active');
      await waitForText(page, onlyUnresolved, '[data-testid="recon-filter"]');
      await waitForText(page, [differing.billDay, zh ? `共 ${listed.total} 条` : `${listed.total} in total`], '.ant-tabs-tabpane-active');
      const checked = () => page.$eval('[data-testid="recon-filter"] input[type="checkbox"]', (el) => (el as HTMLInputElement).checked);
      expect(await checked()).toBe(true);
      await b.shot(page, `recon-unresolved-${lang}`);

      // On a phone, the same filtered list from the same address.
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await open(page, '/finance/action?tab=reconcile&unresolved=1');
      await waitForText(page, [onlyUnresolved, differing.billDay], '.ant-tabs-tabpane-active');
      await b.shot(page, `recon-unresolved-phone-${lang}`);
      await page.setViewport({ width: 1440, height: 900 });
      await open(page, '/finance/action?tab=reconcile&unresolved=1');
      await waitForText(page, differing.billDay, '.ant-tabs-tabpane-active');

      // Cleared, the list shows every run again, and the address no longer asks for the filter.
      const everything = answered(page, 'GET /finance/reconcile/page');
      await click(page, '[data-testid="recon-filter"] .ant-checkbox-wrapper');
      expect(new URL((await everything).url()).searchParams.get('unresolved')).toBeNull();
      const all = ((await (await everything).json()) as { data: ListPage<ReconRunView> }).data;
      expect(all.total).toBeGreaterThanOrEqual(listed.total);
      expect(await checked()).toBe(false);
      expect(pathOf(page)).toBe('/finance/action');
      expect(new URL(page.url()).searchParams.get('unresolved')).toBeNull();
      await waitForText(page, zh ? `共 ${all.total} 条` : `${all.total} in total`, '.ant-tabs-tabpane-active');
    });

    b.it(`gives an organiser the review rounds closing within 48 hours, opening the rounds list so filtered (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const page = await b.newPage();
      await loadsIn(page, lang);
      const todos = answered(page, 'GET /dashboard/todo');
      await loginWithPassword(page, 'admin1');
      await chooseOrganisation(page, '华东示范大学');
      await waitForPath(page, '/dashboard/index');
      const waiting = ((await (await todos).json()) as { data: WorkbenchTodo[] }).data.find((t) => t.kind === 'roundsClosingSoon')!;
      expect(waiting.count).toBeGreaterThanOrEqual(1);
      await waitForText(page, zh ? '48 小时内截止的评审轮次' : 'Review rounds closing within 48 hours', '[data-todo="roundsClosingSoon"]');
      await waitForText(page, zh ? '待发布结果的轮次' : 'Rounds with results to publish', '[data-testid="todos"]');
      await b.shot(page, `todos-organiser-${lang}`);

      const list = answered(page, 'GET /review/round/page');
      await click(page, '[data-todo="roundsClosingSoon"] button');
      await waitForPath(page, '/review/competition');
      const listed = ((await (await list).json()) as { data: ListPage<Round> }).data;
      expect(new URL((await list).url()).searchParams.get('attention')).toBe('closingSoon');
      expect(listed.total).toBe(waiting.count);
      await waitForText(page, closing.name, '.ant-table');
      await waitForText(page, zh ? '48 小时内截止' : 'Closing within 48 h', '.ant-form');
      await b.shot(page, `rounds-closing-${lang}`);
    });

    b.it(`shows ROOT the platform's health and size, each total opening its list (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const page = await b.newPage();
      await loadsIn(page, lang);
      const platform = answered(page, 'GET /dashboard/platform');
      await loginWithPassword(page, 'root');
      await waitForPath(page, '/dashboard/index');
      const shown = ((await (await platform).json()) as { data: PlatformOverview }).data;
      await waitForText(page, [zh ? '平台概况' : 'Platform', zh ? '机构' : 'Organisations', zh ? 'auth：正常' : 'auth: up', zh ? 'payment：正常' : 'payment: up'], '[data-testid="platform"]');
      await waitForText(page, shown.users!.toLocaleString('en-US'), '[data-total="users"]');
      await b.shot(page, `platform-${lang}`);
      await onPhone(page, async () => {
        await waitForText(page, zh ? '平台概况' : 'Platform', '[data-testid="platform"]');
        await waitForText(page, zh ? '待审核的报名' : 'Sign-ups to approve', '[data-testid="todos"]');
        await b.shot(page, `platform-phone-${lang}`);
      });
      await click(page, '[data-total="users"]');
      await waitForPath(page, '/system/user');
      await waitForText(page, zh ? '用户管理' : 'Users', '.back-layout__main');
    });
  }
});

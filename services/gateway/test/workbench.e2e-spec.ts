import * as iconv from 'iconv-lite';
import { TODO_KINDS, WORKBENCH_TODOS, type OfflinePaymentView, type Page, type PayReply, type ReconDetail, type ReconRunView, type Round, type PlatformOverview, type Signup, type TodoKind, type WorkbenchTodo } from '@cmp/contracts';
import { api, freshIp, login, upload } from './support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, type Student } from './support/enroll';
import { exclusive } from './support/exclusive';
import { ALIPAY_URL, alipayEnv, REPO } from './support/platform';

/* eslint-disable @typescript-eslint/no-require-imports */
const bill = require(`${REPO}/infra/alipay-sandbox/bill.js`);

/** The list each to-do counts, as the back office calls it (the workbench links there with the same filter). */
const LIST: Record<TodoKind, string> = {
  signupsToApprove: '/enroll/signup/page',
  roundsClosingSoon: '/review/round/page',
  roundsDisputed: '/review/round/page',
  roundsAppealed: '/review/round/page',
  roundsToPublish: '/review/round/page',
  batchesFailed: '/certificate/batch/page',
  offlineToApprove: '/finance/offline/page',
  refundsToApprove: '/finance/refund/page',
  refundsFailed: '/finance/refund/page',
  reconDifferences: '/finance/reconcile/page',
  ordersUnpaid: '/finance/order/page',
  ordersRefunding: '/finance/order/page',
};

const todos = async (token: string): Promise<WorkbenchTodo[]> => {
  const r = await api<WorkbenchTodo[]>('/dashboard/todo', { token });
  expect(r.code).toBe(0);
  return r.data;
};
const countOf = async (token: string, kind: TodoKind) => (await todos(token)).find((t) => t.kind === kind)?.count;
const listTotal = async (token: string, kind: TodoKind) => {
  const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(WORKBENCH_TODOS[kind].filter).map(([k, v]) => [k, String(v)])), pageNum: '1', pageSize: '10' });
  const r = await api<{ total: number }>(`${LIST[kind]}?${q}`, { token });
  expect(r.code).toBe(0);
  return r.data.total;
};

/**
 * Each to-do's count against its list's total. Files running beside this one add sign-ups and orders at any time, so
 * a count is taken as agreeing when the list's total, read between two equal counts, equals them.
 */
async function expectCountsAsListed(token: string, kinds: readonly TodoKind[]): Promise<void> {
  for (const kind of kinds) {
    let seen = '';
    for (let attempt = 1; ; attempt += 1) {
      const before = await countOf(token, kind);
      const total = await listTotal(token, kind);
      const after = await countOf(token, kind);
      if (before === total && after === total) break;
      seen += ` ${before}/${total}/${after}`;
      if (attempt === 5) throw new Error(`${kind}: the to-do's count and the list's total did not agree (count/total/count:${seen})`);
    }
  }
}

// Offline payments, refunds and orders of the demo organisations: the finance files hold the same lock.
exclusive('finance');

describe('workbench: what waits for each role, counted by the lists that act on it', () => {
  let students: Student[];
  afterAll(dropStudents);
  beforeAll(async () => {
    students = await makeStudents(3, `todo${Date.now().toString(36)}`);
  });

  it('gives finance its to-dos, each the total of its filtered list, and an organiser of another organisation none of ours', async () => {
    const finance = await login('finance1');
    const admin1 = await login('admin1');
    const admin2 = await login('admin2');
    const financeKinds = (await todos(finance)).map((t) => t.kind);
    expect(financeKinds).toEqual(TODO_KINDS.filter((k) => ['offlineToApprove', 'refundsToApprove', 'refundsFailed', 'reconDifferences', 'ordersUnpaid', 'ordersRefunding'].includes(k)));
    await expectCountsAsListed(finance, financeKinds);
    // An organiser acts on sign-ups and certificates too.
    const adminKinds = (await todos(admin1)).map((t) => t.kind);
    expect(adminKinds).toEqual(expect.arrayContaining(['signupsToApprove', 'batchesFailed', 'offlineToApprove']));
    await expectCountsAsListed(admin1, adminKinds);

    // An offline payment recorded in 华东示范大学 waits for a second account there, and only there.
    const c = await makeCompetition(admin1, { items: [['收费组', null, 5000]] });
    const offlineBefore = { mine: await countOf(finance, 'offlineToApprove'), theirs: await countOf(admin2, 'offlineToApprove') };
    const [payer] = students;
    const s = await api<Signup>('/web/enroll/signUp', { token: payer.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '待办付款', phone: '13900000000' } } });
    expect(s.code).toBe(0);
    const made = (await upload('/finance/offline/create', finance, PDF, 'voucher.pdf', 'zh-CN', { signupId: String(s.data.id), reason: '银行转账' })) as { code: number; data: OfflinePaymentView };
    expect(made.code).toBe(0);
    expect(await countOf(finance, 'offlineToApprove')).toBe(offlineBefore.mine! + 1);
    expect(await countOf(admin2, 'offlineToApprove')).toBe(offlineBefore.theirs);
    // Approved by a second account: it waits no more.
    expect((await api('/finance/offline/decide', { token: admin1, body: { id: made.data.id, approve: true } })).code).toBe(0);
    expect(await countOf(finance, 'offlineToApprove')).toBe(offlineBefore.mine);
  });

  it("gives finance the reconciliations with differences not yet settled, the day's current run only, until they are settled", async () => {
    const [admin1, finance, admin2] = [await login('admin1'), await login('finance1'), await login('admin2')];
    // An order of 华东示范大学 paid at Alipay whose notification never came: the bill has it, the books do not.
    const c = await makeCompetition(admin1, { items: [['收费组', null, 5000]] });
    const payer = students[2];
    const s = await api<Signup>('/web/enroll/signUp', { token: payer.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '对账付款', phone: '13900000000' } } });
    expect(s.code).toBe(0);
    const order = await api<PayReply>('/alipay/payment/pay', { token: payer.token, ip: freshIp(), body: { signupId: s.data.id, channel: 'qr' } });
    expect(order.code).toBe(0);
    const orderNo = order.data.orderNo;
    expect((await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: orderNo, notify: false }) })).ok).toBe(true);
    const trades: { out_trade_no: string; trade_no: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json();
    // A day of its own (three days ago, Beijing time): no other file reconciles it, so no other run replaces this one.
    const day = new Date(Date.now() + 8 * 3600_000 - 3 * 86_400_000).toISOString().slice(0, 10);
    const csv = bill.detailCsv({
      account: alipayEnv().ALIPAY_SELLER_ID, day, nextDay: day, exportedAt: day,
      rows: [{ tradeNo: trades.find((t) => t.out_trade_no === orderNo)!.trade_no, outTradeNo: orderNo, kind: '交易', subject: '报名费', createdAt: `${day} 10:00:00`, finishedAt: `${day} 10:00:01`, buyer: 'a***@x.com', amountFen: 5000 }],
    });
    const importBill = async () => {
      const r = (await upload(`/finance/reconcile/import?billDay=${day}`, finance, iconv.encode(csv, 'gbk'), `${day}_业务明细.csv`)) as { code: number; data: ReconDetail };
      expect(r.code).toBe(0);
      return r.data;
    };
    const unsettled = async (token: string) => {
      const r = await api<Page<ReconRunView>>('/finance/reconcile/page?unresolved=1&pageSize=100', { token });
      expect(r.code).toBe(0);
      // Each listed run is its day's current one and has something to settle.
      expect(r.data.list.filter((run) => !run.current || run.open === 0)).toEqual([]);
      return r.data.list.map((run) => run.id);
    };

    const first = await importBill();
    expect(first).toMatchObject({ open: 1, current: true });
    expect(first.items).toEqual([expect.objectContaining({ kind: 'alipayOnly', orderNo, resolvedAt: null })]);
    expect(await unsettled(finance)).toContain(first.id);
    // Another organisation sees the run (the merchant account is shared) but nothing of it to settle.
    expect(await unsettled(admin2)).not.toContain(first.id);
    await expectCountsAsListed(finance, ['reconDifferences']);
    await expectCountsAsListed(admin2, ['reconDifferences']);
    // Without the filter (or with 0), every run is listed, as before.
    for (const filter of ['', '&unresolved=0']) {
      const all = await api<Page<ReconRunView>>(`/finance/reconcile/page?pageSize=100${filter}`, { token: finance });
      expect(all.data.list.map((r) => r.id)).toContain(first.id);
    }

    // The day reconciled again: its new run is the one to settle; the replaced one is not listed twice.
    const second = await importBill();
    expect(second).toMatchObject({ open: 1, current: true });
    const listed = await unsettled(finance);
    expect(listed).toContain(second.id);
    expect(listed).not.toContain(first.id);
    await expectCountsAsListed(finance, ['reconDifferences']);

    // Settled (Alipay asked, the payment applied): the day waits no more, in the list and in the count.
    const applied = await api<ReconDetail>('/finance/reconcile/apply', { token: finance, body: { id: second.items[0].id } });
    expect(applied.code).toBe(0);
    expect(applied.data.open).toBe(0);
    expect(await unsettled(finance)).not.toContain(second.id);
    await expectCountsAsListed(finance, ['reconDifferences']);

    // A filter that is not 0 or 1 is refused with a message, never a 500.
    for (const value of ['yes', '2', 'true', '']) {
      const bad = await api(`/finance/reconcile/page?unresolved=${value}`, { token: finance, lang: 'en' });
      expect({ value, code: bad.code }).toEqual({ value, code: 10400 });
      expect(bad.msg).toMatch(/unresolved/);
    }
  });

  it('gives an organiser the review rounds closing within 48 hours, their own only, until they close', async () => {
    const [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    const c = await makeCompetition(admin1, {});
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const roundBody = (name: string, closesInHours: number) => ({
      competitionId: c.id,
      name,
      type: 'online',
      expertsPerWork: 3,
      opensAt: hours(-1),
      closesAt: hours(closesInHours),
      scoreColumns: [{ name: '总分', max: 100, step: 1, weight: 100, rubric: '' }],
    });
    const makeRound = async (name: string, closesInHours: number) => {
      const r = await api<Round>('/review/round/save', { token: admin1, body: roundBody(name, closesInHours) });
      expect(r.code).toBe(0);
      expect((await api('/review/round/open', { token: admin1, body: { id: r.data.id } })).code).toBe(0);
      return r.data;
    };
    const [soon, later] = [await makeRound('明日截止', 24), await makeRound('三日后截止', 72)];
    const closingSoon = async (token: string) =>
      (await api<Page<Round>>(`/review/round/page?competitionId=${c.id}&attention=closingSoon`, { token })).data?.list.map((r) => r.id) ?? [];
    expect(await closingSoon(admin1)).toEqual([soon.id]);
    expect(await closingSoon(admin2)).toEqual([]);
    await expectCountsAsListed(admin1, ['roundsClosingSoon', 'roundsDisputed', 'roundsAppealed', 'roundsToPublish']);
    // Closed, it waits no more; the later one's time comes.
    expect((await api('/review/round/close', { token: admin1, body: { id: soon.id } })).code).toBe(0);
    expect((await api('/review/round/save', { token: admin1, body: { id: later.id, ...roundBody(later.name, 47) } })).code).toBe(0);
    expect(await closingSoon(admin1)).toEqual([later.id]);
    await expectCountsAsListed(admin1, ['roundsClosingSoon']);
    const bad = await api('/review/round/page?attention=whenever', { token: admin1, lang: 'en' });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/attention/);
  });

  it("shows ROOT each part's health and the platform's totals, each what its list counts; nobody else", async () => {
    const root = await login('root');
    const overview = async () => {
      const r = await api<PlatformOverview>('/dashboard/platform', { token: root });
      expect(r.code).toBe(0);
      return r.data;
    };
    const first = await overview();
    expect(first.checks).toEqual({ redis: 'ok', auth: 'ok', competitions: 'ok', enrollment: 'ok', certificates: 'ok', review: 'ok', payment: 'ok', statistics: 'ok' });
    // 华东示范大学, its college, 示范大学二 and the platform itself at least.
    expect(first.organisations).toBeGreaterThanOrEqual(4);
    const lists = { users: '/system/user/page', competitions: '/competition/info/page' } as const;
    for (const [key, path] of Object.entries(lists) as [keyof typeof lists, string][]) {
      // Files beside this one add users and competitions: the list's total read between two equal overviews.
      for (let attempt = 1; ; attempt += 1) {
        const before = (await overview())[key];
        const total = (await api<{ total: number }>(`${path}?pageNum=1&pageSize=1`, { token: root })).data.total;
        const after = (await overview())[key];
        if (before === total && after === total) break;
        if (attempt === 5) throw new Error(`${key}: ${before}/${total}/${after}`);
      }
    }
    expect((await api('/dashboard/platform', { token: await login('admin1') })).code).toBe(401);
  });

  it('gives a participant and an expert no back-office to-dos, and asks who is calling', async () => {
    const [, student] = students;
    expect(await todos(student.token)).toEqual([]);
    expect(await todos(await login('expert1'))).toEqual([]);
    expect((await api('/dashboard/todo')).code).not.toBe(0);
  });
});

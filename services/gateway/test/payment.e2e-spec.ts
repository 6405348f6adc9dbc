import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as iconv from 'iconv-lite';
import { ErrorCode, type CompetitionDetail, type FinanceSettings, type OfflinePaymentView, type OfflineSignupOption, type OrderDetail, type OrderPage, type OrderView, type PaymentOrderPaidEvent, type PayReply, type PayState, type ReconDetail, type ReconRunView, type Signup, type SignupDetail } from '@cmp/contracts';
import { api, freshIp, login, upload } from './support/api';
import { dropStudents, FAKE_PDF, makeCompetition, makeStudents, PDF, sql, type Student } from './support/enroll';
import { ALIPAY_URL, alipayEnv, BASE, metricValue, REPO, waitFor, WEB_URL } from './support/platform';
import { beijingWallClock, expectBeijingTime, readExport } from './support/spreadsheets';
import { exclusive } from './support/exclusive';

/* eslint-disable @typescript-eslint/no-require-imports */
const { signContent, signText, toKey } = require(`${REPO}/infra/alipay-sandbox/sign.js`);
const bill = require(`${REPO}/infra/alipay-sandbox/bill.js`);

const as = (s: Student) => ({ token: s.token, ip: freshIp() });
const FEE = 8800;

/** A notification as Alipay signs it (every field but sign and sign_type), with the sandbox's key unless told. */
function signed(fields: Record<string, string>, key = alipayEnv().ALIPAY_SANDBOX_PRIVATE_KEY): Record<string, string> {
  const all = { sign_type: 'RSA2', charset: 'utf-8', version: '1.0', notify_type: 'trade_status_sync', notify_id: `n${Date.now()}${Math.random()}`, ...fields };
  return { ...all, sign: signText(signContent(all, ['sign', 'sign_type']), toKey(key, 'private')) };
}

/** Now in Alipay's format (Beijing time): a payment made now belongs to today's bill. */
const beijingNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function success(order: string, more: Record<string, string> = {}) {
  const env = alipayEnv();
  return {
    app_id: env.ALIPAY_APP_ID,
    seller_id: env.ALIPAY_SELLER_ID,
    out_trade_no: order,
    trade_no: `2026${order}`,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '88.00',
    gmt_payment: beijingNow(),
    buyer_logon_id: 'pay***@example.com',
    ...more,
  };
}

/** 线下缴费 as the record form sends it: the sign-up and the reason as form fields, then the voucher. */
const recordOffline = (token: string, signupId: number, reason: string, file = PDF, name = 'voucher.pdf', lang: 'zh-CN' | 'en' = 'zh-CN') =>
  upload('/finance/offline/create', token, file, name, lang, { signupId: String(signupId), reason }) as Promise<{ code: number; msg: string; data: OfflinePaymentView }>;

/** Posts a notification as Alipay does, from a fresh address unless told (refused ones are counted per address). */
async function notify(fields: Record<string, string>, { contentType = 'application/x-www-form-urlencoded; charset=utf-8', ip = freshIp() } = {}): Promise<string> {
  const res = await fetch(`${BASE}/alipay/payment/notify`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-forwarded-for': ip },
    body: contentType.startsWith('application/json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
  return res.text();
}

/**
 * A form posted to the notify address that says it is `declared` bytes long but sends only `body` (all of it unless
 * told): the answer shows whether the gateway waited for the rest.
 */
function postNotifyForm(body: string, ip: string, declared = Buffer.byteLength(body)): Promise<{ status: number; code: number; msg: string }> {
  const url = new URL(`${BASE}/alipay/payment/notify`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(declared), 'x-forwarded-for': ip } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          const text = Buffer.concat(chunks).toString('utf8');
          const json = text.startsWith('{') ? (JSON.parse(text) as { code: number; msg: string }) : { code: 0, msg: text };
          resolve({ status: res.statusCode!, ...json });
        });
      },
    );
    req.on('error', reject);
    if (declared === Buffer.byteLength(body)) req.end(body);
    else req.write(body);
  });
}

const verdicts = async (orderNo: string) =>
  (await sql<{ verdict: string }>(`SELECT verdict FROM payment.callbacks WHERE order_no = $1 ORDER BY id`, [orderNo])).map((r) => r.verdict);

exclusive('finance');

describe('payment: entry fees through Alipay (the local sandbox)', () => {
  let admin1: string;
  let c: CompetitionDetail;
  let students: Student[];
  let next = 0;

  beforeAll(async () => {
    admin1 = await login('admin1');
    c = await makeCompetition(admin1, { items: [['收费组', null, FEE], ['免费组', null, 0]] });
    students = await makeStudents(60, `pay${Date.now().toString(36)}`);
  });
  afterAll(dropStudents);

  /** A fresh student's sign-up for the paid event, and its open order (a QR code: Alipay has the trade at once). */
  async function unpaidOrder(competition = c): Promise<{ student: Student; signupId: number; order: PayReply }> {
    const student = students[next++];
    const s = await api<Signup>('/web/enroll/signUp', { ...as(student), body: { competitionId: competition.id, itemId: competition.items[0].id, type: 1, profile: { realName: `付款人${next}`, phone: '13900000000' } } });
    expect(s.data).toMatchObject({ payStatus: 1, feeFen: competition.items[0].feeFen });
    const order = await api<PayReply>('/alipay/payment/pay', { ...as(student), body: { signupId: s.data.id, channel: 'qr' } });
    expect(order.code).toBe(0);
    return { student, signupId: s.data.id, order: order.data };
  }

  it('pays a fee on the cashier page and marks the sign-up paid: notification, return address and trade query agree', async () => {
    const student = students[next++];
    const s = await api<Signup>('/web/enroll/signUp', { ...as(student), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '周付款', phone: '13900000000' } } });
    const pay = await api<PayReply>('/alipay/payment/pay', { ...as(student), body: { signupId: s.data.id, channel: 'page' } });
    expect(pay.data).toMatchObject({ amountFen: FEE, channel: 'page' });
    expect(pay.data.payUrl).toMatch(new RegExp(`^${ALIPAY_URL}/gateway.do\\?`));
    expect(new URL(pay.data.payUrl!).searchParams.get('method')).toBe('alipay.trade.page.pay');
    // Paying twice before the first is done hands out the same order.
    const again = await api<PayReply>('/alipay/payment/pay', { ...as(student), body: { signupId: s.data.id, channel: 'wap' } });
    expect(again.data.orderNo).toBe(pay.data.orderNo);
    expect(new URL(again.data.payUrl!).searchParams.get('method')).toBe('alipay.trade.wap.pay');

    // The payer opens the cashier and presses pay; Alipay sends them back with signed parameters.
    const cashier = await fetch(pay.data.payUrl!, { redirect: 'manual' });
    expect(cashier.status).toBe(302);
    const page = await fetch(new URL(cashier.headers.get('location')!, ALIPAY_URL));
    expect(await page.text()).toContain('88.00');
    const paid = await fetch(new URL(`${new URL(cashier.headers.get('location')!, ALIPAY_URL).pathname}/pay`, ALIPAY_URL), { method: 'POST', redirect: 'manual' });
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe('/home/paySuccess');
    expect(back.searchParams.get('out_trade_no')).toBe(pay.data.orderNo);

    let order: OrderView | null = null;
    await waitFor('the order to be paid', async () => {
      order = (await api<OrderView>(`/alipay/payment/query?orderNo=${pay.data.orderNo}`, as(student))).data;
      return order?.status === 'paid';
    });
    expect(order).toMatchObject({ status: 'paid', amountFen: FEE, signupId: s.data.id });
    await waitFor('the sign-up to be paid', async () => (await api<SignupDetail>(`/web/enroll/detail?id=${s.data.id}`, as(student))).data.payStatus === 2);
    // The sandbox stops sending once it read "success"; the order was applied once, whatever else arrived.
    expect((await verdicts(pay.data.orderNo)).filter((v) => v === 'applied')).toHaveLength(1);
    const sent: { answer: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/notifications?out_trade_no=${pay.data.orderNo}`)).json();
    expect(sent.at(-1)?.answer).toBe('success');
    // Nothing more to pay.
    expect((await api('/alipay/payment/pay', { ...as(student), body: { signupId: s.data.id, channel: 'page' } })).code).toBe(10400);
  });

  it("sends the payer back to the organisation's site they paid from, never to a host that is not the organisation's", async () => {
    const student = students[next++];
    const s = await api<Signup>('/web/enroll/signUp', { ...as(student), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '吴回站', phone: '13900000000' } } });
    /** Where the cashier sends the payer who started paying on `host` and quits (or, `pay`, pays). */
    const backFrom = async (host: string, channel: 'page' | 'wap', button: 'cancel' | 'pay' = 'cancel') => {
      const pay = await api<PayReply>('/alipay/payment/pay', { ...as(student), headers: { 'x-forwarded-host': host }, body: { signupId: s.data.id, channel } });
      expect(pay.code).toBe(0);
      const cashier = await fetch(pay.data.payUrl!, { redirect: 'manual' });
      const pressed = await fetch(new URL(`${new URL(cashier.headers.get('location')!, ALIPAY_URL).pathname}/${button}`, ALIPAY_URL), { method: 'POST', redirect: 'manual' });
      return new URL(pressed.headers.get('location')!);
    };
    const web = new URL(WEB_URL);
    // The competition's organisation (华东示范大学, u1.localhost) and the platform above it (localhost) are the payer's sites.
    for (const host of ['u1.localhost', 'localhost']) {
      for (const channel of ['page', 'wap'] as const) {
        const back = await backFrom(host, channel);
        expect([back.hostname, back.port, back.pathname]).toEqual([host, web.port, '/home/paySuccess']);
      }
    }
    // Another university's site and a made-up host get the configured address, never themselves.
    for (const host of ['u2.localhost', 'evil.example', 'u1.localhost.evil.example']) expect((await backFrom(host, 'wap')).host).toBe(web.host);
    const paid = await backFrom('u1.localhost', 'wap', 'pay');
    expect(paid.hostname).toBe('u1.localhost');
    expect(paid.searchParams.get('out_trade_no')).toMatch(/^CP/);
  });

  it('refuses forged, misdirected and altered notifications, and applies the real one once', async () => {
    const { order, signupId } = await unpaidOrder();
    const env = alipayEnv();
    expect(await notify(signed(success(order.orderNo), env.ALIPAY_APP_PRIVATE_KEY))).toBe('failure'); // not Alipay's key
    expect(await notify({ ...signed(success(order.orderNo)), total_amount: '0.01' })).toBe('failure'); // changed after signing
    expect(await notify(signed(success(order.orderNo, { app_id: '2021000000009999' })))).toBe('failure');
    expect(await notify(signed(success(order.orderNo, { seller_id: '2088000000009999' })))).toBe('failure');
    expect(await notify(signed(success(order.orderNo, { total_amount: '0.01' })))).toBe('failure');
    expect(await notify(signed(success('CP000000000000000000')))).toBe('failure');
    expect(await notify(signed(success(order.orderNo)), { contentType: 'application/json' })).toBe('failure');
    const [still] = await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    expect(still.status).toBe('unpaid');

    const real = signed(success(order.orderNo));
    expect(await notify(real)).toBe('success');
    expect(await notify(real)).toBe('success'); // a duplicate
    expect(await notify(signed(success(order.orderNo, { trade_status: 'TRADE_CLOSED' })))).toBe('success'); // a close after the success
    const [paid] = await sql<{ status: string; paid: number }>(`SELECT status, (SELECT count(*)::int FROM payment.outbox WHERE payload->>'orderId' = $1) AS paid FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    expect(paid).toEqual({ status: 'paid', paid: 1 });
    // The event the notify statement builds in SQL has PaymentOrderPaidEvent's fields, each of its type, and no other.
    const [{ payload }] = await sql<{ payload: PaymentOrderPaidEvent }>(`SELECT payload FROM payment.outbox WHERE subject = 'payment.order.paid' AND payload->>'orderId' = $1`, [order.orderNo]);
    expect(payload).toStrictEqual({ orderId: order.orderNo, signupId, amountFen: FEE, paidAt: new Date(payload.paidAt).toISOString() } satisfies PaymentOrderPaidEvent);
    expect(await verdicts(order.orderNo)).toEqual(['badSignature', 'badSignature', 'wrongApp', 'wrongSeller', 'amountMismatch', 'applied', 'duplicate', 'noChange']);
    await waitFor('enrollment to record the payment', async () => (await sql(`SELECT 1 FROM enrollment.payments WHERE signup_id = $1`, [signupId])).length === 1);
  });

  it('refuses a notification larger than any of Alipay\'s from its declared size, without reading it, and stores nothing of it', async () => {
    const { order } = await unpaidOrder();
    const ip = freshIp();
    // Just under the 1 MB every other route takes: an unsigned "notification" padded to a megabyte.
    const fields = new URLSearchParams({ ...success(order.orderNo), sign: '' }).toString();
    const huge = fields + 'x'.repeat(1_000_000 - fields.length);
    const whole = await postNotifyForm(huge, ip);
    expect(whole).toMatchObject({ status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE });
    expect(whole.msg).toContain('64 KB');
    // Announced but never sent: the answer comes all the same, so the gateway did not wait to read a megabyte.
    expect(await postNotifyForm(huge.slice(0, 1024), ip, huge.length)).toMatchObject({ status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE });
    expect(await sql(`SELECT 1 FROM payment.callbacks WHERE order_no = $1`, [order.orderNo])).toEqual([]);
  });

  it('counts refused notifications from one address on a few small rows that finance sees, and still applies a signed one from there', async () => {
    const { order } = await unpaidOrder();
    const [{ id }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    const ip = freshIp();
    const forged = (orderNo: string, more: Record<string, string> = {}) => signed(success(orderNo, more), alipayEnv().ALIPAY_APP_PRIVATE_KEY); // not Alipay's key
    const madeUp = `CPF${Date.now().toString(36)}`;
    for (let i = 0; i < 25; i++) expect(await notify(forged(order.orderNo), { ip })).toBe('failure');
    // Made-up orders, each padded to 60 KB (within the size limit): none of the padding is kept.
    for (let i = 0; i < 25; i++) expect(await notify(forged(`${madeUp}${i}`, { body: 'x'.repeat(60_000) }), { ip })).toBe('failure');

    const rowsOf = `FROM payment.callbacks c WHERE order_no = $1 OR order_no LIKE $2`;
    const [stored] = await sql<{ rows: number; bytes: number }>(`SELECT count(*)::int AS rows, coalesce(sum(pg_column_size(c.*)), 0)::int AS bytes ${rowsOf}`, [order.orderNo, `${madeUp}%`]);
    expect(stored.rows).toBeLessThanOrEqual(20);
    expect(stored.bytes).toBeLessThan(20 * 1024);
    const [{ counted }] = await sql<{ counted: number }>(`SELECT sum(received_count)::int AS counted ${rowsOf}`, [order.orderNo, `${madeUp}%`]);
    expect(counted).toBe(50);
    // Finance sees the forgeries naming its order on one line: how many, from where, how large, and no payload.
    const finance = await login('finance1');
    const detail = await api<OrderDetail>(`/finance/order/detail?id=${id}`, { token: finance });
    expect(detail.data.callbacks).toMatchObject([{ verdict: 'badSignature', source: 'notify', count: 25, address: ip, orderNo: order.orderNo }]);
    expect(detail.data.callbacks[0].sizeBytes).toBeGreaterThan(500);
    expect(JSON.stringify(detail.data.callbacks[0].raw).length).toBeLessThan(400);

    // Alipay's own notification from that same address is applied all the same.
    expect(await notify(signed(success(order.orderNo)), { ip })).toBe('success');
    const [paid] = await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    expect(paid.status).toBe('paid');
    const after = await api<OrderDetail>(`/finance/order/detail?id=${id}`, { token: finance });
    expect(after.data.callbacks.map((c) => [c.verdict, c.count])).toEqual([['badSignature', 25], ['applied', 1]]);
  });

  it('applies 50 copies of one notification arriving at once exactly once, with one event', async () => {
    const { order, signupId } = await unpaidOrder();
    const real = signed(success(order.orderNo));
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(real)));
    expect(answers.every((a) => a === 'success')).toBe(true);
    const counts = await sql<{ verdict: string; n: number }>(`SELECT verdict, count(*)::int AS n FROM payment.callbacks WHERE order_no = $1 GROUP BY verdict ORDER BY verdict`, [order.orderNo]);
    expect(counts).toEqual([{ verdict: 'applied', n: 1 }, { verdict: 'duplicate', n: 49 }]);
    const [{ events }] = await sql<{ events: number }>(`SELECT count(*)::int AS events FROM payment.outbox WHERE subject = 'payment.order.paid' AND payload->>'orderId' = $1`, [order.orderNo]);
    expect(events).toBe(1);
    await waitFor('enrollment to mark the sign-up paid', async () => (await sql<{ pay_status: number }>(`SELECT pay_status FROM enrollment.signups WHERE id = $1`, [signupId]))[0].pay_status === 2);
    expect(await sql(`SELECT 1 FROM enrollment.payments WHERE signup_id = $1`, [signupId])).toHaveLength(1);
  });

  it('refunds once although the first answer was lost: the worker sends the same request number again', async () => {
    const { order } = await unpaidOrder();
    // The payer scans and pays: the sandbox notifies the platform.
    expect((await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: order.orderNo }) })).ok).toBe(true);
    await waitFor('the payment', async () => (await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [order.orderNo]))[0].status === 'paid');
    const finance = await login('finance1');
    const [{ id }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    // Alipay does the refund but its answer comes after the platform stopped waiting (2 s in the tests).
    await fetch(`${ALIPAY_URL}/sandbox/faults`, { method: 'POST', body: JSON.stringify({ method: 'alipay.trade.refund', delayMs: 3000, times: 1 }) });
    const first = await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: id, amountFen: 4400, reason: '退一半' } });
    // The call came back without Alipay's answer; the worker may already have sent it again by now.
    expect(first.code).toBe(0);
    expect(first.data.refunds).toMatchObject([{ amountFen: 4400 }]);
    let detail: OrderDetail | undefined;
    await waitFor('the worker to settle the refund', async () => {
      detail = (await api<OrderDetail>(`/finance/order/detail?id=${id}`, { token: finance })).data;
      return detail.refunds[0].status === 'succeeded';
    }, 30000);
    expect(detail).toMatchObject({ status: 'partlyRefunded', refundedFen: 4400 });
    expect(detail!.refunds[0].attempts).toBeGreaterThanOrEqual(2);
    const trades: { out_trade_no: string; refunded: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json();
    expect(trades.find((t) => t.out_trade_no === order.orderNo)?.refunded).toBe('44.00');
    const [{ events }] = await sql<{ events: number }>(`SELECT count(*)::int AS events FROM payment.outbox WHERE subject = 'payment.order.refunded' AND payload->>'orderId' = $1`, [order.orderNo]);
    expect(events).toBe(1);
    // What is left can be refunded, and no more.
    expect((await api('/finance/refund/create', { token: finance, lang: 'en', body: { orderId: id, amountFen: 4401, reason: 'too much' } })).msg).toMatch(/At most 44\.00 yuan/);
    const rest = await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: id, amountFen: 4400, reason: '全部退回' } });
    expect(rest.data).toMatchObject({ status: 'refunded', refundedFen: FEE });
  });

  it("reconciles a day's bill: matched, amount differences, paid only at Alipay (applied on request), paid only here, refunds", async () => {
    const finance = await login('finance1');
    const sandboxPay = (orderNo: string, notify = true) =>
      fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: orderNo, notify }) });
    const status = async (orderNo: string) => (await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [orderNo]))[0].status;
    const [a, b, lost, here] = [await unpaidOrder(), await unpaidOrder(), await unpaidOrder(), await unpaidOrder()];
    await sandboxPay(a.order.orderNo);
    await sandboxPay(b.order.orderNo);
    await sandboxPay(lost.order.orderNo, false); // paid, but the notification never arrives
    expect(await notify(signed(success(here.order.orderNo)))).toBe('success'); // paid here, unknown to Alipay's bill
    await waitFor('the payments', async () => (await status(a.order.orderNo)) === 'paid' && (await status(b.order.orderNo)) === 'paid');
    expect(await status(lost.order.orderNo)).toBe('unpaid');
    const [{ id: aId }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [a.order.orderNo]);
    const refunded = await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: aId, amountFen: 1000, reason: '部分退款' } });
    expect(refunded.data.refunds[0].status).toBe('succeeded');

    // Today's bill as Alipay writes it (the sandbox's, in GBK), with B's amount altered and an order nobody knows.
    const trades: { out_trade_no: string; trade_no: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json();
    const tradeNo = (o: string) => trades.find((t) => t.out_trade_no === o)!.trade_no;
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const row = (o: string, amountFen: number, kind = '交易', requestNo?: string) => ({
      tradeNo: o.startsWith('CP') ? tradeNo(o) : '2026000000000000000001', outTradeNo: o, kind, subject: '报名费', createdAt: `${day} 10:00:00`, finishedAt: `${day} 10:00:01`,
      buyer: 'a***@x.com', amountFen, requestNo,
    });
    const csv = bill.detailCsv({
      account: alipayEnv().ALIPAY_SELLER_ID, day, nextDay: day, exportedAt: day,
      rows: [row(a.order.orderNo, FEE), row(b.order.orderNo, FEE - 800), row(lost.order.orderNo, FEE), row('NOT-OURS-1', 100), row(a.order.orderNo, -1000, '退款', refunded.data.refunds[0].refundNo)],
    });
    const run = (await upload(`/finance/reconcile/import?billDay=${day}`, finance, iconv.encode(csv, 'gbk'), `${day}_业务明细.csv`)) as { code: number; data: ReconDetail };
    expect(run.code).toBe(0);
    const item = (orderNo: string, side = 'trade') => run.data.items.find((i) => i.orderNo === orderNo && i.side === side);
    expect(item(a.order.orderNo)).toMatchObject({ kind: 'matched', alipayFen: FEE, platformFen: FEE });
    expect(item(a.order.orderNo, 'refund')).toMatchObject({ kind: 'matched', alipayFen: 1000, platformFen: 1000 });
    expect(item(b.order.orderNo)).toMatchObject({ kind: 'amountDiff', alipayFen: FEE - 800, platformFen: FEE });
    expect(item(lost.order.orderNo)).toMatchObject({ kind: 'alipayOnly', platformStatus: 'unpaid' });
    expect(item('NOT-OURS-1')).toMatchObject({ kind: 'alipayOnly', orderId: null });
    expect(item(here.order.orderNo)).toMatchObject({ kind: 'platformOnly', alipayFen: null, platformFen: FEE });
    expect(run.data.billRows).toBe(5);

    // The lost payment is applied through a trade query, once; an item that is not "only at Alipay" cannot be.
    const lostItem = item(lost.order.orderNo)!;
    const applied = await api<ReconDetail>('/finance/reconcile/apply', { token: finance, body: { id: lostItem.id } });
    expect(applied.data.items.find((i) => i.id === lostItem.id)).toMatchObject({ resolution: 'applied', resolvedBy: 'finance1', resolvedByName: '钱财务' });
    expect(await status(lost.order.orderNo)).toBe('paid');
    expect(await verdicts(lost.order.orderNo)).toEqual(['applied']);
    expect((await api('/finance/reconcile/apply', { token: finance, body: { id: item(b.order.orderNo)!.id } })).code).toBe(10400);
    expect((await api('/finance/reconcile/apply', { token: finance, body: { id: item('NOT-OURS-1')!.id } })).code).toBe(10400);

    // The run is kept; another organisation sees none of these orders in it.
    const listed = await api<{ list: { id: number; open: number }[] }>('/finance/reconcile/page', { token: finance });
    expect(listed.data.list[0]).toMatchObject({ id: run.data.id });
    const other = await api<ReconDetail>(`/finance/reconcile/detail?id=${run.data.id}`, { token: await login('admin2') });
    // (Its own orders paid today are its "only here" lines: other test files may have made some.)
    const seen = other.data.items.map((i) => i.orderNo);
    expect(seen).toContain('NOT-OURS-1');
    expect(seen.filter((o) => [a, b, lost, here].some((u) => u.order.orderNo === o))).toEqual([]);

    // The real download's zip parses too, and the bill download call works for a past day but not for today.
    const zip = Buffer.from(await (await fetch(`${ALIPAY_URL}/sandbox/bill?date=${day}`)).arrayBuffer());
    const zipped = (await upload('/finance/reconcile/import', finance, zip, 'bill.csv.zip')) as { code: number; data: ReconDetail };
    expect(zipped.data.billDay).toBe(day);
    expect(zipped.data.items.find((i) => i.orderNo === b.order.orderNo)).toMatchObject({ kind: 'matched' });
    expect((await api('/finance/reconcile/fetch', { token: finance, body: { billDay: day } })).code).toBe(10400);
    const yesterday = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    expect((await api<ReconDetail>('/finance/reconcile/fetch', { token: finance, body: { billDay: yesterday } })).data).toMatchObject({ billDay: yesterday, source: 'download' });
    // A file that is not a bill says so.
    const bad = await upload('/finance/reconcile/import', finance, Buffer.from('hello,world\n'), 'x.csv');
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/支付宝账单/);
    // An upload is stored only while the payment service reads it: no bill, refused or reconciled, stays behind.
    const bills = path.join(process.env.STORAGE_DIR || path.join(REPO, '.data', 'storage'), 'bills');
    expect(fs.existsSync(bills) ? fs.readdirSync(bills) : []).toEqual([]);
  });

  it("accounts for every bill line, another organisation's too, with money totals; a day's latest run is the current one", async () => {
    const finance = await login('finance1');
    const admin2 = await login('admin2');
    // The merchant account is the platform's: an order of another organisation is on the same bill.
    const elsewhere = await makeCompetition(admin2, { items: [['外单位组', null, 6600]] });
    const paid = async (competition = c) => {
      const u = await unpaidOrder(competition);
      await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: u.order.orderNo }) });
      await waitFor('the payment', async () => (await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [u.order.orderNo]))[0].status === 'paid');
      return u.order.orderNo;
    };
    const [a, b, theirs] = [await paid(), await paid(), await paid(elsewhere)];
    const [{ id: aId }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [a]);
    const refund = (await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: aId, amountFen: 1000, reason: '部分退款' } })).data.refunds[0];

    const trades: { out_trade_no: string; trade_no: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json();
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const row = (o: string, amountFen: number, kind = '交易', requestNo?: string) => ({
      tradeNo: trades.find((t) => t.out_trade_no === o)?.trade_no ?? '2026000000000000000002', outTradeNo: o, kind, subject: '报名费',
      createdAt: `${day} 10:00:00`, finishedAt: `${day} 10:00:01`, buyer: 'a***@x.com', amountFen, requestNo,
    });
    const csv = bill.detailCsv({
      account: alipayEnv().ALIPAY_SELLER_ID, day, nextDay: day, exportedAt: day,
      rows: [row(a, FEE), row(b, FEE - 800), row(theirs, 6600), row('NOT-OURS-2', 100), row(a, -1000, '退款', refund.refundNo)],
    });
    const importBill = async () => ((await upload(`/finance/reconcile/import?billDay=${day}`, finance, iconv.encode(csv, 'gbk'), `${day}_业务明细.csv`)) as { data: ReconDetail }).data;
    const first = await importBill();
    const billLines = (r: ReconRunView) => r.counts.matched + r.counts.amountDiff + r.counts.alipayOnly + r.counts.otherOrg;

    // Each of the 5 lines is in one kind: the other organisation's order is counted, not dropped.
    expect(first.billRows).toBe(5);
    expect(first.counts).toMatchObject({ matched: 2, amountDiff: 1, alipayOnly: 1, otherOrg: 1 });
    expect(billLines(first)).toBe(5);
    expect(first.items.map((i) => i.orderNo)).not.toContain(theirs);
    // Money: the bill's lines this organisation sees, the books' side of them, and the rest of the bill.
    const onBooks = (side: string) =>
      first.items.filter((i) => i.side === side && ['matched', 'amountDiff', 'platformOnly'].includes(i.kind)).reduce((sum, i) => sum + (i.platformFen ?? 0), 0);
    expect(first.totals).toEqual({
      alipay: { paymentsFen: FEE + FEE - 800 + 100, refundsFen: 1000 },
      platform: { paymentsFen: onBooks('trade'), refundsFen: onBooks('refund') },
      otherOrg: { paymentsFen: 6600, refundsFen: 0 },
    });
    expect(first.totals.platform.paymentsFen).toBeGreaterThanOrEqual(2 * FEE);
    expect(first).toMatchObject({ current: true, supersededBy: null, createdBy: 'finance1', createdByName: '钱财务' });

    // The other organisation sees its own line and counts this organisation's three as another's.
    const theirView = (await api<ReconDetail>(`/finance/reconcile/detail?id=${first.id}`, { token: admin2 })).data;
    expect(theirView.counts).toMatchObject({ matched: 1, amountDiff: 0, alipayOnly: 1, otherOrg: 3 });
    expect(billLines(theirView)).toBe(5);
    expect(theirView.totals.alipay).toEqual({ paymentsFen: 6600 + 100, refundsFen: 0 });
    expect(theirView.totals.otherOrg).toEqual({ paymentsFen: FEE + FEE - 800, refundsFen: 1000 });

    // The same day imported again: the new run is the day's current one, the first says what replaced it.
    const second = await importBill();
    expect(second).toMatchObject({ current: true, supersededBy: null, counts: first.counts, totals: first.totals });
    expect((await api<ReconDetail>(`/finance/reconcile/detail?id=${first.id}`, { token: finance })).data).toMatchObject({ current: false, supersededBy: second.id });
    const runs = (await api<{ list: ReconRunView[] }>('/finance/reconcile/page?pageSize=50', { token: finance })).data.list;
    expect(runs.filter((r) => r.billDay === day && r.current).map((r) => r.id)).toEqual([second.id]);
  });

  it("needs a second finance person for a refund above the organisation's approval amount; one below goes straight through", async () => {
    const finance = await login('finance1');
    const [admin1Again, root] = [admin1, await login('root')];
    const paidOrder = async () => {
      const u = await unpaidOrder();
      await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: u.order.orderNo }) });
      await waitFor('the payment', async () => (await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [u.order.orderNo]))[0].status === 'paid');
      const [{ id }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [u.order.orderNo]);
      return { id, orderNo: u.order.orderNo };
    };
    const refundedAtAlipay = async (orderNo: string) =>
      ((await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json()) as { out_trade_no: string; refunded: string }[]).find((t) => t.out_trade_no === orderNo)?.refunded;

    // ¥500 unless the organisation sets another amount; only its own finance can.
    expect((await api<FinanceSettings>('/finance/settings', { token: finance })).data).toMatchObject({ refundApprovalFen: 50000 });
    expect((await api('/finance/settings', { token: finance, body: { refundApprovalFen: -1 } })).code).toBe(10400);
    const [{ group_id: groupId }] = await sql<{ group_id: number }>(`SELECT group_id FROM auth.users WHERE username = 'finance1'`);
    expect((await api('/finance/settings', { token: await login('admin2'), body: { groupId, refundApprovalFen: 0 } })).code).not.toBe(0);
    const set = await api<FinanceSettings>('/finance/settings', { token: finance, body: { refundApprovalFen: 5000 } });
    expect(set.data).toMatchObject({ groupId, refundApprovalFen: 5000, updatedByName: '钱财务' });
    try {
      // At or below the amount: sent at once.
      const small = await paidOrder();
      const under = await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: small.id, amountFen: 5000, reason: '部分退款' } });
      expect(under.data.refunds[0]).toMatchObject({ status: 'succeeded', requestedBy: 'finance1', requestedByName: '钱财务' });

      // Above it: recorded, waiting, nothing sent, the amount held.
      const big = await paidOrder();
      const asked = await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: big.id, amountFen: FEE, reason: '全额退款' } });
      expect(asked.data).toMatchObject({ status: 'paid', refundedFen: 0, refundApprovalFen: 5000 });
      const waiting = asked.data.refunds[0];
      expect(waiting).toMatchObject({ status: 'awaitingApproval', decidedBy: null });
      expect(await refundedAtAlipay(big.orderNo)).toBe('0.00');
      expect((await api('/finance/refund/create', { token: finance, body: { orderId: big.id, amountFen: 100, reason: '再退' } })).code).toBe(10400);
      const listed = await api<{ list: { id: number; status: string }[] }>('/finance/refund/page?status=awaitingApproval', { token: finance });
      expect(listed.data.list.map((r) => r.id)).toContain(waiting.id);

      // Not by the person who asked; another organisation does not find it.
      const self = await api('/finance/refund/decide', { token: finance, lang: 'en', body: { id: waiting.id, approve: true } });
      expect(self.code).toBe(10400);
      expect(self.msg).toMatch(/Another finance person/);
      expect((await api('/finance/refund/decide', { token: await login('admin2'), body: { id: waiting.id, approve: true } })).code).toBe(10404);

      // Two people approve at once: one approval counts, the money goes back once.
      const both = await Promise.all([admin1Again, root].map((token) => api<OrderDetail>('/finance/refund/decide', { token, body: { id: waiting.id, approve: true, note: '已核实' } })));
      expect(both.map((r) => r.code).sort()).toEqual([0, 10400]);
      await waitFor('the approved refund to be sent', async () => (await api<OrderDetail>(`/finance/order/detail?id=${big.id}`, { token: finance })).data.refunds[0].status === 'succeeded');
      const after = (await api<OrderDetail>(`/finance/order/detail?id=${big.id}`, { token: finance })).data;
      expect(after).toMatchObject({ status: 'refunded', refundedFen: FEE });
      expect(after.refunds).toHaveLength(1);
      expect(['张组织', '平台管理员']).toContain(after.refunds[0].decidedByName);
      expect(after.refunds[0]).toMatchObject({ requestedByName: '钱财务', decisionNote: '已核实' });
      expect(await refundedAtAlipay(big.orderNo)).toBe('88.00');
      const [{ events }] = await sql<{ events: number }>(`SELECT count(*)::int AS events FROM payment.outbox WHERE subject = 'payment.order.refunded' AND payload->>'orderId' = $1`, [big.orderNo]);
      expect(events).toBe(1);
      expect((await api('/finance/refund/decide', { token: admin1Again, body: { id: waiting.id, approve: false, note: '晚了' } })).code).toBe(10400);

      // Rejected (with a reason): nothing goes back and the amount is free again.
      const third = await paidOrder();
      const again = (await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: third.id, amountFen: FEE, reason: '全额退款' } })).data.refunds[0];
      expect((await api('/finance/refund/decide', { token: admin1Again, body: { id: again.id, approve: false } })).code).toBe(10400);
      const rejected = await api<OrderDetail>('/finance/refund/decide', { token: admin1Again, body: { id: again.id, approve: false, note: '与付款人核实后不退' } });
      expect(rejected.data).toMatchObject({ status: 'paid', refundedFen: 0 });
      expect(rejected.data.refunds[0]).toMatchObject({ status: 'rejected', decidedByName: '张组织', decisionNote: '与付款人核实后不退' });
      expect(await refundedAtAlipay(third.orderNo)).toBe('0.00');
      expect((await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: third.id, amountFen: 4000, reason: '部分退款' } })).data.refunds[1].status).toBe('succeeded');
    } finally {
      await api('/finance/settings', { token: finance, body: { refundApprovalFen: 50000 } });
    }
  });

  it('refunds a paid sign-up in full when it is withdrawn or rejected, unless the organiser keeps the fee with a reason', async () => {
    const paidSignup = async () => {
      const u = await unpaidOrder();
      await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: u.order.orderNo }) });
      await waitFor('the sign-up to be paid', async () => (await sql<{ pay_status: number }>(`SELECT pay_status FROM enrollment.signups WHERE id = $1`, [u.signupId]))[0].pay_status === 2);
      return u;
    };
    const orderOf = async (orderNo: string) => (await sql<{ status: string; refunded_fen: number }>(`SELECT status, refunded_fen FROM payment.orders WHERE order_no = $1`, [orderNo]))[0];
    const payStatus = async (signupId: number) => (await sql<{ pay_status: number }>(`SELECT pay_status FROM enrollment.signups WHERE id = $1`, [signupId]))[0].pay_status;

    const withdrawn = await paidSignup();
    expect((await api('/web/enroll/withdraw', { ...as(withdrawn.student), body: { id: withdrawn.signupId } })).code).toBe(0);
    const rejected = await paidSignup();
    expect((await api('/enroll/signup/check', { token: admin1, body: { id: rejected.signupId, approve: false, reason: '材料不全' } })).code).toBe(0);
    const kept = await paidSignup();
    expect((await api('/enroll/signup/check', { token: admin1, body: { id: kept.signupId, approve: false, reason: '违规', keepFeeReason: '章程规定违规报名不退费' } })).code).toBe(0);

    for (const u of [withdrawn, rejected]) {
      await waitFor('the refund to reach the sign-up', async () => (await payStatus(u.signupId)) === 3, 30000);
      expect(await orderOf(u.order.orderNo)).toEqual({ status: 'refunded', refunded_fen: FEE });
      const trades: { out_trade_no: string; refunded: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json();
      expect(trades.find((t) => t.out_trade_no === u.order.orderNo)?.refunded).toBe('88.00');
    }
    const messages = await sql<{ title_zh: string }>(`SELECT title_zh FROM enrollment.messages WHERE user_id = $1 ORDER BY id`, [withdrawn.student.userId]);
    expect(messages.map((m) => m.title_zh)).toContainEqual(expect.stringContaining('报名费已退回 88.00 元'));
    // The kept fee stays paid; its payer is told why.
    expect(await payStatus(kept.signupId)).toBe(2);
    expect(await orderOf(kept.order.orderNo)).toEqual({ status: 'paid', refunded_fen: 0 });
    const keptMessages = await sql<{ title_zh: string }>(`SELECT title_zh FROM enrollment.messages WHERE user_id = $1`, [kept.student.userId]);
    expect(keptMessages.map((m) => m.title_zh)).toContainEqual(expect.stringContaining('章程规定违规报名不退费'));
  });

  it('replaces an order out of time with a new one, closing the old at Alipay; the worker closes stale orders and settles one paid without a notification', async () => {
    // Paying again when the order is nearly out of time makes a new order; the old one is closed here and at Alipay.
    // (Nearly, not past: the worker closes past orders itself, as "timeout".)
    const { student, signupId, order } = await unpaidOrder();
    await sql(`UPDATE payment.orders SET expires_at = now() + interval '30 seconds' WHERE order_no = $1`, [order.orderNo]);
    const again = await api<PayReply>('/alipay/payment/pay', { ...as(student), body: { signupId, channel: 'qr' } });
    expect(again.data.orderNo).not.toBe(order.orderNo);
    const [old] = await sql<{ status: string; close_reason: string }>(`SELECT status, close_reason FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    expect(old).toEqual({ status: 'closed', close_reason: 'superseded' });
    const trades = async () => (await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json()) as { out_trade_no: string; status: string }[];
    expect((await trades()).find((t) => t.out_trade_no === order.orderNo)?.status).toBe('TRADE_CLOSED');

    // Past their time: the worker asks Alipay; the unpaid one is closed, the one paid without a notification is applied.
    const stale = await unpaidOrder();
    const lostNotice = await unpaidOrder();
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: lostNotice.order.orderNo, notify: false }) });
    await sql(`UPDATE payment.orders SET expires_at = now() - interval '1 minute' WHERE order_no = ANY($1)`, [[stale.order.orderNo, lostNotice.order.orderNo]]);
    const status = async (orderNo: string) => (await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [orderNo]))[0].status;
    await waitFor('the worker to settle both', async () => (await status(stale.order.orderNo)) === 'closed' && (await status(lostNotice.order.orderNo)) === 'paid', 30000);
    expect((await trades()).find((t) => t.out_trade_no === stale.order.orderNo)?.status).toBe('TRADE_CLOSED');
    expect(await verdicts(lostNotice.order.orderNo)).toEqual(['applied']);
  });

  it('records an offline payment with its voucher, approved by a second finance account, and marks the sign-up paid', async () => {
    const finance = await login('finance1');
    const student = students[next++];
    const s = await api<Signup>('/web/enroll/signUp', { ...as(student), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '转账付款', phone: '13900000000' } } });
    // An online order left open: approving the offline payment closes it, so the payer cannot pay twice.
    const online = await api<PayReply>('/alipay/payment/pay', { ...as(student), body: { signupId: s.data.id, channel: 'qr' } });
    const record = (reason: string, file: Buffer, name = 'voucher.pdf') => recordOffline(finance, s.data.id, reason, file, name);
    expect((await record('银行转账', FAKE_PDF, 'voucher.pdf')).code).toBe(10415);
    // The bank's flow number travels in the form's body; the address carries none of it.
    expect((await upload(`/finance/offline/create?signupId=${s.data.id}&reason=${encodeURIComponent('银行转账，流水号 88001')}`, finance, PDF, 'voucher.pdf')).code).toBe(10400);
    const made = await record('银行转账，流水号 88001', PDF);
    expect(made.data).toMatchObject({ signupId: s.data.id, amountFen: FEE, status: 'pending', requestedBy: 'finance1', requestedByName: '钱财务', payerName: '转账付款' });
    expect((await record('again', PDF)).code).toBe(10409);
    // Not by the account that recorded it; another organisation sees neither the record nor its voucher.
    expect((await api('/finance/offline/decide', { token: finance, lang: 'en', body: { id: made.data.id, approve: true } })).msg).toMatch(/Another finance account/);
    const admin2 = await login('admin2');
    expect((await api('/finance/offline/decide', { token: admin2, body: { id: made.data.id, approve: true } })).code).toBe(10404);
    expect((await fetch(`${BASE}/finance/offline/voucher?id=${made.data.id}`, { headers: { authorization: `Bearer ${admin2}` } })).status).not.toBe(200);
    const voucher = await fetch(`${BASE}/finance/offline/voucher?id=${made.data.id}`, { headers: { authorization: `Bearer ${finance}` } });
    expect(voucher.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await voucher.arrayBuffer()).equals(PDF)).toBe(true);

    const approved = await api<OfflinePaymentView>('/finance/offline/decide', { token: admin1, body: { id: made.data.id, approve: true, note: '已核对银行流水' } });
    expect(approved.data).toMatchObject({ status: 'approved', decidedBy: 'admin1', decidedByName: '张组织' });
    const [order] = await sql<{ status: string; channel: string; amount_fen: number }>(`SELECT status, channel, amount_fen FROM payment.orders WHERE order_no = $1`, [approved.data.orderNo]);
    expect(order).toEqual({ status: 'paid', channel: 'offline', amount_fen: FEE });
    const [old] = await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [online.data.orderNo]);
    expect(old.status).toBe('closed');
    await waitFor('the sign-up to be paid', async () => (await sql<{ pay_status: number }>(`SELECT pay_status FROM enrollment.signups WHERE id = $1`, [s.data.id]))[0].pay_status === 2);
    expect((await api('/finance/offline/decide', { token: admin1, body: { id: made.data.id, approve: false, note: 'x' } })).code).toBe(10400);
    // An offline fee goes back offline: Alipay cannot refund it.
    const [{ id: orderId }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [approved.data.orderNo]);
    expect((await api('/finance/refund/create', { token: finance, body: { orderId, amountFen: 100, reason: 'x' } })).code).toBe(10400);
    const listed = await api<{ list: OfflinePaymentView[] }>(`/finance/offline/page?keyword=${s.data.id}`, { token: finance });
    expect(listed.data.list.map((o) => o.id)).toEqual([made.data.id]);
  });

  it('makes an open sign-up refunded in full owe its fee again: approval is refused until it is paid anew, with a new order', async () => {
    const finance = await login('finance1');
    const u = await unpaidOrder();
    const payStatus = async () => (await api<SignupDetail>(`/web/enroll/detail?id=${u.signupId}`, as(u.student))).data.payStatus;
    const payAtAlipay = (orderNo: string) => fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: orderNo }) });
    await payAtAlipay(u.order.orderNo);
    await waitFor('the sign-up to be paid', async () => (await payStatus()) === 2);
    const [{ id }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [u.order.orderNo]);
    expect((await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: id, amountFen: FEE, reason: '全额退款' } })).data.status).toBe('refunded');
    await waitFor('the refund to reach the sign-up', async () => (await payStatus()) === 3);

    const refused = await api('/enroll/signup/check', { token: admin1, lang: 'en', body: { id: u.signupId, approve: true } });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toMatch(/refunded in full/);
    const again = await api<PayReply>('/alipay/payment/pay', { ...as(u.student), body: { signupId: u.signupId, channel: 'qr' } });
    expect(again.code).toBe(0);
    expect(again.data.orderNo).not.toBe(u.order.orderNo);
    await payAtAlipay(again.data.orderNo);
    await waitFor('the sign-up to be paid again', async () => (await payStatus()) === 2);
    expect((await api('/enroll/signup/check', { token: admin1, body: { id: u.signupId, approve: true } })).code).toBe(0);
    // The worker's sweep for double payments a crash left unrefunded (every 2 s here) does not take the new payment
    // for one: the first was refunded in full. Two sweeps, so that one began after the payment.
    const sweeps = () => metricValue('payment-worker', 'cmp_job_duration_seconds_count', { name: 'refunds' });
    const before = await sweeps();
    await waitFor('two refund sweeps', async () => (await sweeps()) >= before + 2);
    const [order] = await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [again.data.orderNo]);
    expect(order.status).toBe('paid');
    expect(await payStatus()).toBe(2);
  });

  it('holds a sign-up while its offline payment waits, found by name, account or number; a record that can no longer apply is closed with the reason', async () => {
    const finance = await login('finance1');
    const signUp = async (realName: string) => {
      const student = students[next++];
      const s = await api<Signup>('/web/enroll/signUp', { ...as(student), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName, phone: '13900000000' } } });
      return { student, signupId: s.data.id };
    };
    const held = await signUp('线下待确认');
    for (const keyword of ['线下待确认', held.student.username, String(held.signupId)]) {
      const found = await api<OfflineSignupOption[]>(`/finance/offline/signups?keyword=${encodeURIComponent(keyword)}`, { token: finance });
      expect(found.data).toContainEqual({ signupId: held.signupId, payerName: '线下待确认', payerAccount: held.student.username, competitionName: c.name, competitionNameEn: c.nameEn, itemName: '收费组', itemNameEn: '', feeFen: FEE });
    }
    // Another organisation finds nothing.
    expect((await api<OfflineSignupOption[]>(`/finance/offline/signups?keyword=${held.signupId}`, { token: await login('admin2') })).data ?? []).toEqual([]);
    const made = await recordOffline(finance, held.signupId, '银行转账，流水号 99002');
    expect(made.data.status).toBe('pending');
    // The payer's pay button says it is being confirmed, and paying online is refused meanwhile.
    expect((await api<PayState>(`/alipay/payment/state?signupId=${held.signupId}`, as(held.student))).data).toEqual({ offlinePending: true });
    const pay = await api('/alipay/payment/pay', { ...as(held.student), lang: 'en', body: { signupId: held.signupId, channel: 'qr' } });
    expect(pay.msg).toMatch(/being confirmed/);
    // Rejected, it holds nothing.
    await api('/finance/offline/decide', { token: admin1, body: { id: made.data.id, approve: false, note: '未到账' } });
    expect((await api<PayState>(`/alipay/payment/state?signupId=${held.signupId}`, as(held.student))).data).toEqual({ offlinePending: false });

    // Paid online before finance recorded the transfer (the notification lost): the record is closed at once, saying why.
    const online = await unpaidOrder();
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: online.order.orderNo, notify: false }) });
    const late = await recordOffline(finance, online.signupId, '银行转账，流水号 99003');
    expect(late.data).toMatchObject({ status: 'closed', closeReason: 'paidOnline' });
    await waitFor('the online payment to mark the sign-up paid', async () => (await sql<{ pay_status: number }>(`SELECT pay_status FROM enrollment.signups WHERE id = $1`, [online.signupId]))[0].pay_status === 2);

    // The sign-up is withdrawn while its record waits: the record is closed, and approving it changes nothing.
    const gone = await signUp('线下已撤销');
    const waiting = await recordOffline(finance, gone.signupId, '现场缴费');
    expect((await api('/web/enroll/withdraw', { ...as(gone.student), body: { id: gone.signupId } })).code).toBe(0);
    const statusOf = async (id: number) => (await sql<{ status: string; close_reason: string }>(`SELECT status, close_reason FROM payment.offline_payments WHERE id = $1`, [id]))[0];
    await waitFor('the record to be closed', async () => (await statusOf(waiting.data.id)).status === 'closed');
    expect(await statusOf(waiting.data.id)).toEqual({ status: 'closed', close_reason: 'signupClosed' });
    expect((await api('/finance/offline/decide', { token: admin1, body: { id: waiting.data.id, approve: true } })).code).toBe(10400);
  });

  it('shows finance only its own organisation, with totals of the filtered rows and an export', async () => {
    const { order } = await unpaidOrder();
    const finance = await login('finance1');
    const page = await api<OrderPage>(`/finance/order/page?competitionId=${c.id}&pageSize=100`, { token: finance });
    expect(page.code).toBe(0);
    expect(page.data.list.map((o) => o.orderNo)).toContain(order.orderNo);
    expect(page.data.totals.amountFen).toBe(page.data.list.reduce((sum, o) => sum + o.amountFen, 0));
    const one = await api<OrderPage>(`/finance/order/page?keyword=${order.orderNo}`, { token: finance });
    expect(one.data).toMatchObject({ total: 1, totals: { amountFen: FEE, paidFen: 0, refundedFen: 0 } });
    const [{ id }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    // Another organisation's finance and organiser see nothing of it.
    const admin2 = await login('admin2');
    expect((await api(`/finance/order/detail?id=${id}`, { token: admin2 })).code).toBe(10404);
    expect((await api('/finance/order/close', { token: admin2, body: { id } })).code).toBe(10404);
    expect((await api<OrderPage>(`/finance/order/page?keyword=${order.orderNo}`, { token: admin2 })).data.total).toBe(0);
    // A student is no finance.
    expect((await api('/finance/order/page', { token: students[0].token })).code).toBe(401);
    // Finance closes the unpaid order at Alipay and here.
    const closed = await api<OrderDetail>('/finance/order/close', { token: finance, body: { id } });
    expect(closed.data).toMatchObject({ status: 'closed', closedByName: '钱财务' });
    const trades: { out_trade_no: string; status: string }[] = await (await fetch(`${ALIPAY_URL}/sandbox/trades`)).json();
    expect(trades.find((t) => t.out_trade_no === order.orderNo)?.status).toBe('TRADE_CLOSED');
    const file = await fetch(`${BASE}/finance/order/export?keyword=${order.orderNo}`, { headers: { authorization: `Bearer ${finance}` } });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('exports exactly the listed orders for accountants: numbers, Beijing time, channel, refund date, payer account and school, a totals row', async () => {
    const finance = await login('finance1');
    const own = await makeCompetition(admin1, { items: [['会计组', null, FEE, 'Accounting']] });
    const signUp = async (realName: string) => {
      const student = students[next++];
      const s = await api<Signup>('/web/enroll/signUp', { ...as(student), body: { competitionId: own.id, itemId: own.items[0].id, type: 1, profile: { realName, phone: '13900000000', schoolName: '华东示范大学' } } });
      expect(s.code).toBe(0);
      return { student, signupId: s.data.id };
    };
    // Online: paid at Alipay, then a quarter refunded. Offline: recorded and approved. And one left unpaid.
    const online = await signUp('线上付款人');
    const pay = (await api<PayReply>('/alipay/payment/pay', { ...as(online.student), body: { signupId: online.signupId, channel: 'qr' } })).data;
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: pay.orderNo }) });
    await waitFor('the payment', async () => (await sql<{ status: string }>(`SELECT status FROM payment.orders WHERE order_no = $1`, [pay.orderNo]))[0].status === 'paid');
    const [{ id: onlineId }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [pay.orderNo]);
    expect((await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: onlineId, amountFen: 2200, reason: '退四分之一' } })).data.refunds[0].status).toBe('succeeded');
    const offline = await signUp('线下付款人');
    const options = (await api<OfflineSignupOption[]>(`/finance/offline/signups?keyword=${offline.student.username}`, { token: finance })).data;
    expect(options).toEqual([expect.objectContaining({ signupId: offline.signupId, competitionNameEn: own.nameEn, itemNameEn: 'Accounting' })]);
    const made = await recordOffline(finance, offline.signupId, '银行转账，流水号 77001');
    expect(made.data).toMatchObject({ competitionNameEn: own.nameEn, itemNameEn: 'Accounting' });
    expect((await api('/finance/offline/decide', { token: admin1, body: { id: made.data.id, approve: true } })).code).toBe(0);
    const unpaid = await signUp('未付款人');
    await api<PayReply>('/alipay/payment/pay', { ...as(unpaid.student), body: { signupId: unpaid.signupId, channel: 'qr' } });

    // The list: the payer's account and school, the refund's date, net and gross totals, online and offline apart.
    const from = new Date(Date.now() - 86400_000).toISOString();
    const to = new Date(Date.now() + 86400_000).toISOString();
    const query = `competitionId=${own.id}&from=${from}&to=${to}`;
    const page = (await api<OrderPage>(`/finance/order/page?${query}&pageSize=100`, { token: finance })).data;
    expect(page.total).toBe(3);
    const listed = page.list.find((o) => o.orderNo === pay.orderNo)!;
    expect(listed).toMatchObject({ payerAccount: online.student.username, payerSchool: '华东示范大学', competitionNameEn: own.nameEn, itemNameEn: 'Accounting', refundedFen: 2200 });
    expect(listed.refundedAt).toBeTruthy();
    expect(page.totals).toEqual({
      amountFen: 3 * FEE, paidFen: 2 * FEE, refundedFen: 2200, netFen: 2 * FEE - 2200,
      online: { paidFen: FEE, refundedFen: 2200, netFen: FEE - 2200 }, offline: { paidFen: FEE, refundedFen: 0, netFen: FEE },
    });
    // Finance finds an order by the payer's account.
    const byAccount = (await api<OrderPage>(`/finance/order/page?keyword=${online.student.username}`, { token: finance })).data;
    expect(byAccount.list.map((o) => o.orderNo)).toEqual([pay.orderNo]);

    // The export: the same rows in the same order, numbers as numbers, Beijing time named in the header, a totals row.
    const zh = await readExport(await api<Buffer>(`/finance/order/export?${query}`, { token: finance }));
    const beijingDay = (iso: string) => beijingWallClock(iso).toISOString().slice(0, 10);
    expect(zh.fileName).toBe(`订单-${own.name}-${beijingDay(from)}至${beijingDay(to)}.xlsx`);
    expect(zh.headers).toEqual(expect.arrayContaining(['付款人账号', '学校', '渠道', '订单金额（元）', '实收（元）', '已退（元）', '净收（元）', '下单时间（北京时间 UTC+8）', '退款时间（北京时间 UTC+8）']));
    const [totals, ...reversed] = [...zh.rows].reverse();
    const rows = reversed.reverse();
    expect(rows.map((r) => r['订单号'])).toEqual(page.list.map((o) => o.orderNo));
    const row = rows.find((r) => r['订单号'] === pay.orderNo)!;
    expect(row).toMatchObject({ 竞赛: own.name, 付款人账号: online.student.username, 学校: '华东示范大学', 渠道: '线上', '订单金额（元）': 88, '实收（元）': 88, '已退（元）': 22, '净收（元）': 66 });
    expectBeijingTime(row['下单时间（北京时间 UTC+8）'], listed.createdAt);
    expectBeijingTime(row['支付时间（北京时间 UTC+8）'], listed.paidAt!);
    expectBeijingTime(row['退款时间（北京时间 UTC+8）'], listed.refundedAt!);
    expect(rows.find((r) => r['付款人'] === '线下付款人')).toMatchObject({ 渠道: '线下', '实收（元）': 88, '已退（元）': 0 });
    expect(rows.find((r) => r['付款人'] === '未付款人')).toMatchObject({ '订单金额（元）': 88, '实收（元）': 0, '支付时间（北京时间 UTC+8）': null });
    expect(totals['订单号']).toBe('合计');
    for (const column of ['订单金额（元）', '实收（元）', '已退（元）', '净收（元）']) {
      const sum = rows.reduce((s, r) => s + (r[column] as number), 0);
      expect({ column, total: (totals[column] as { result: number }).result }).toEqual({ column, total: sum });
    }
    expect((totals['净收（元）'] as { result: number }).result).toBe((2 * FEE - 2200) / 100);

    // In English: the English names, and the file named after them.
    const en = await readExport(await api<Buffer>(`/finance/order/export?${query}`, { token: finance, lang: 'en' }));
    expect(en.fileName).toBe(`orders-${own.nameEn}-${beijingDay(from)}-to-${beijingDay(to)}.xlsx`);
    expect(en.rows.find((r) => r['Order no.'] === pay.orderNo)).toMatchObject({ Competition: own.nameEn, Event: 'Accounting', Channel: 'Online' });
    expect(en.headers).toContain('Paid at (Beijing time, UTC+8)');
  });

  it('answers bad input with a message, never a 500', async () => {
    const { student, signupId, order } = await unpaidOrder();
    const finance = await login('finance1');
    const [{ id }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [order.orderNo]);
    const cases: [string, Parameters<typeof api>[1], number][] = [
      ['/alipay/payment/pay', { ...as(student), body: { signupId, channel: 'bitcoin' } }, 10400],
      ['/alipay/payment/pay', { ...as(student), body: { signupId: 'one', channel: 'page' } }, 10400],
      ['/alipay/payment/pay', { ...as(students[0]), body: { signupId, channel: 'page' } }, 401],
      ['/alipay/payment/pay', { ...as(student), body: { signupId: 99999999, channel: 'page' } }, 10404],
      [`/alipay/payment/query?orderNo=${encodeURIComponent("x' OR 1=1")}`, as(student), 10400],
      ['/alipay/payment/query?orderNo=CP000000000000000000', as(student), 10404],
      ['/finance/refund/create', { token: finance, body: { orderId: id, amountFen: 100, reason: '未付款' } }, 10400],
      ['/finance/refund/create', { token: finance, body: { orderId: id, amountFen: 1.5, reason: 'x' } }, 10400],
      ['/finance/refund/create', { token: finance, body: { orderId: id, amountFen: -1, reason: 'x' } }, 10400],
      ['/finance/refund/create', { token: finance, body: { orderId: id, amountFen: 100, reason: '' } }, 10400],
      ['/finance/order/page?status=lost', { token: finance }, 10400],
      ['/finance/order/page?from=yesterday', { token: finance }, 10400],
      [`/finance/order/detail?id=abc`, { token: finance }, 10400],
      ['/finance/refund/decide', { token: finance, body: { id: 'one', approve: true } }, 10400],
      ['/finance/refund/decide', { token: finance, body: { id: 99999999, approve: true } }, 10404],
      ['/finance/settings', { token: finance, body: { refundApprovalFen: 1.5 } }, 10400],
      ['/finance/settings', { token: finance, body: { refundApprovalFen: '500' } }, 10400],
      ['/finance/settings?groupId=abc', { token: finance }, 10400],
    ];
    for (const [path, o, code] of cases) {
      const r = await api(path, o);
      expect({ path, body: o?.body, code: r.code }).toEqual({ path, body: o?.body, code });
      expect(r.msg).toBeTruthy();
    }
    // Someone else's order cannot be looked at by its number.
    expect((await api(`/alipay/payment/query?orderNo=${order.orderNo}`, as(students[0]))).code).toBe(10404);
    // A free event has nothing to pay.
    const free = await api<Signup>('/web/enroll/signUp', { ...as(students[next++]), body: { competitionId: c.id, itemId: c.items[1].id, type: 1, profile: { realName: '免费', phone: '13900000000' } } });
    expect((await api('/alipay/payment/pay', { ...as(students[next - 1]), body: { signupId: free.data.id, channel: 'page' } })).code).toBe(10400);
  });
});

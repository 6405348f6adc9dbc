import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CompetitionDetail, FinanceTotals, OfflinePaymentView, OrderDetail, PayReply, Signup, Totals } from '@cmp/contracts';
import { api, freshIp, login, upload, type Reply } from './support/api';
import { pdfText, SEAL_PNG } from './support/certificates';
import { dropStudents, makeCompetition, makeStudents, PDF, sql, type Student } from './support/enroll';
import { ALIPAY_URL, waitFor } from './support/platform';
import { exclusive } from './support/exclusive';

const FEE = 8800;
const as = (s: Student) => ({ token: s.token, ip: freshIp() });
/** Today in Beijing, the day a payment made now is counted on. */
const beijingDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** pdftotext's words run together, as a reader of the receipt would search it. */
const flat = (text: string) => text.replace(/\s+/g, '');
const RECEIPT_NO = /SJ\d{18}/;

/** Images placed on the PDF's pages (poppler's pdfimages): the seal is one. */
function pdfImageCount(pdf: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-'));
  try {
    fs.writeFileSync(path.join(dir, 'r.pdf'), pdf);
    return execFileSync('pdfimages', ['-list', path.join(dir, 'r.pdf')], { encoding: 'utf8' }).trim().split('\n').length - 2;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const receipt = (token: string, query: string) => api<Buffer>(`/payment/receipt?${query}`, { token, ip: freshIp() });

exclusive('finance');

describe('payment: receipts of paid fees and finance totals (issue 26)', () => {
  let admin1: string;
  let finance: string;
  let c: CompetitionDetail;
  let other: CompetitionDetail;
  let students: Student[];
  let next = 0;

  beforeAll(async () => {
    admin1 = await login('admin1');
    finance = await login('finance1');
    c = await makeCompetition(admin1, { items: [['收费组', null, FEE]] });
    other = await makeCompetition(admin1, { items: [['百二组', null, 12000]] });
    students = await makeStudents(16, `rcpt${Date.now().toString(36)}`);
    // The organisation's seal, as organisers upload it for certificates.
    const up = await upload('/file/upload/image', admin1, SEAL_PNG, 'seal.png');
    expect((await api('/certificate/seal/save', { token: admin1, body: { imageUrl: (up.data as { url: string }).url } })).code).toBe(0);
  });
  afterAll(dropStudents);

  /** A fresh student's sign-up (school from their profile) and its order, paid at Alipay's cashier when asked. */
  async function order(competition: CompetitionDetail, paid = true) {
    const student = students[next++];
    const s = await api<Signup>('/web/enroll/signUp', {
      ...as(student),
      body: { competitionId: competition.id, itemId: competition.items[0].id, type: 1, profile: { realName: `交款人${next}`, phone: '13900000000', schoolName: '华东示范大学计算机学院' } },
    });
    expect(s.code).toBe(0);
    const pay = await api<PayReply>('/alipay/payment/pay', { ...as(student), body: { signupId: s.data.id, channel: 'qr' } });
    expect(pay.code).toBe(0);
    const [{ id }] = await sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1`, [pay.data.orderNo]);
    if (paid) {
      await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: pay.data.orderNo }) });
      await waitFor('the order to be paid', async () => (await sql(`SELECT 1 FROM payment.orders WHERE id = $1 AND status = 'paid'`, [id])).length === 1);
    }
    return { student, signupId: s.data.id, orderId: id, orderNo: pay.data.orderNo };
  }

  const receiptNumber = (r: Reply<Buffer>) => {
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.data.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(r.data).text);
    return { no: RECEIPT_NO.exec(text)?.[0], text };
  };

  it('gives the payer a receipt with the amount in capitals, the seal and one number however often it is downloaded; nobody else gets it', async () => {
    const paid = await order(other);
    const first = receiptNumber(await receipt(paid.student.token, `signupId=${paid.signupId}`));
    expect(first.no).toBeDefined();
    expect(first.text).toContain('人民币壹佰贰拾元整');
    expect(first.text).toContain('¥120.00');
    expect(first.text).toContain('华东示范大学计算机学院');
    expect(first.text).toContain(paid.orderNo);
    const [{ tradeNo }] = await sql<{ tradeNo: string }>(`SELECT trade_no AS "tradeNo" FROM payment.orders WHERE id = $1`, [paid.orderId]);
    expect(first.text).toContain(tradeNo);
    expect(first.text).toContain(flat(other.name));
    expect(first.text).toContain('收款收据');
    const [{ name }] = await sql<{ name: string }>(`SELECT name FROM auth.groups WHERE code = 'DEMO-U1'`);
    expect(first.text).toContain(name);
    expect(pdfImageCount((await receipt(paid.student.token, `orderId=${paid.orderId}`)).data)).toBeGreaterThanOrEqual(1);

    // The same number again, by order or sign-up, for the payer and for finance of the organisation.
    expect(receiptNumber(await receipt(paid.student.token, `orderId=${paid.orderId}`)).no).toBe(first.no);
    expect(receiptNumber(await receipt(finance, `orderId=${paid.orderId}`)).no).toBe(first.no);
    expect(await sql(`SELECT receipt_no FROM payment.receipts WHERE order_id = $1`, [paid.orderId])).toEqual([{ receipt_no: first.no }]);

    // Another student, and another organisation's organiser (finance permissions, other scope): no such order.
    const stranger = students[next++];
    expect((await receipt(stranger.token, `orderId=${paid.orderId}`)).code).toBe(10404);
    expect((await receipt(stranger.token, `signupId=${paid.signupId}`)).code).toBe(10404);
    expect((await receipt(await login('admin2'), `orderId=${paid.orderId}`)).code).toBe(10404);
    // A second receipt is another number.
    const second = await order(other);
    expect(receiptNumber(await receipt(second.student.token, `signupId=${second.signupId}`)).no).not.toBe(first.no);
  });

  it('prints what a partial refund left, refuses a receipt for an unpaid or fully refunded fee, and answers bad input with a message', async () => {
    const part = await order(c);
    expect((await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: part.orderId, amountFen: 2000, reason: '部分退款' } })).data.status).toBe('partlyRefunded');
    const printed = receiptNumber(await receipt(part.student.token, `signupId=${part.signupId}`));
    expect(printed.text).toContain('人民币陆拾捌元整');
    expect(printed.text).toContain('¥20.00');

    const full = await order(c);
    expect((await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: full.orderId, amountFen: FEE, reason: '全额退款' } })).data.status).toBe('refunded');
    const refused = await api(`/payment/receipt?orderId=${full.orderId}`, { token: full.student.token, lang: 'en' });
    expect(refused).toMatchObject({ code: 10400, msg: expect.stringMatching(/refunded in full/) });
    const unpaid = await order(c, false);
    expect((await api(`/payment/receipt?signupId=${unpaid.signupId}`, { token: unpaid.student.token, lang: 'en' })).msg).toMatch(/not paid/);

    for (const query of ['', `orderId=${part.orderId}&signupId=${part.signupId}`, 'orderId=abc', 'orderId=-1']) {
      expect((await api(`/payment/receipt?${query}`, { token: part.student.token })).code).toBe(10400);
    }
    for (const query of ['from=2026-01-02&to=2026-01-01', 'from=2026-02-01&to=2026-02-30', 'from=2024-01-01&to=2026-01-01', 'from=today&to=2026-01-01', 'to=2026-01-01']) {
      const r = await api(`/finance/order/totals?${query}`, { token: finance, lang: 'en' });
      expect(r.code).toBe(10400);
      expect(r.msg).not.toBe('');
    }
  });

  it('sums paid orders per day and per competition for finance of the organisation: gross, refunds, net, online and offline', async () => {
    const one = await order(c);
    const two = await order(c);
    await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: two.orderId, amountFen: 1500, reason: '部分退款' } });
    // A fee paid by bank transfer: recorded by finance, approved by the organiser.
    const student = students[next++];
    const s = await api<Signup>('/web/enroll/signUp', { ...as(student), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '线下交款', phone: '13900000000' } } });
    const made = await upload('/finance/offline/create', finance, PDF, 'voucher.pdf', 'zh-CN', { signupId: String(s.data.id), reason: '银行转账' });
    expect((await api<OfflinePaymentView>('/finance/offline/decide', { token: admin1, body: { id: (made.data as OfflinePaymentView).id, approve: true } })).code).toBe(0);

    // What the orders of the competition say, every order made in this file's tests included.
    const [books] = await sql<{ n: number; gross: number; refunded: number; offline: number }>(
      `SELECT count(*)::int AS n, sum(amount_fen)::int AS gross, sum(refunded_fen)::int AS refunded, sum(amount_fen) FILTER (WHERE channel = 'offline')::int AS offline
       FROM payment.orders WHERE competition_id = $1 AND paid_at IS NOT NULL`,
      [c.id],
    );
    expect(books.n).toBeGreaterThanOrEqual(3);
    expect(books.offline).toBe(FEE);
    const expected: Totals = {
      paidCount: books.n, grossFen: books.gross, refundedFen: books.refunded, netFen: books.gross - books.refunded,
      onlineFen: books.gross - books.refunded - FEE, offlineFen: FEE,
    };

    // A day either side of today, so a test run across Beijing midnight still finds every payment.
    const range = `from=${beijingDay(-1)}&to=${beijingDay(1)}`;
    const mine = await api<FinanceTotals>(`/finance/order/totals?${range}&competitionId=${c.id}`, { token: finance });
    expect(mine.code).toBe(0);
    expect(mine.data.competitions).toEqual([{ competitionId: c.id, competitionName: c.name, ...expected }]);
    expect(mine.data.total).toEqual(expected);
    const summed = (key: keyof Totals) => mine.data.days.reduce((sum, d) => sum + d[key], 0);
    for (const key of Object.keys(expected) as (keyof Totals)[]) expect(summed(key)).toBe(expected[key]);
    expect(mine.data.days.map((d) => d.day)).toContain(beijingDay());

    // Every competition of the organisation, the two of this file among them; the days add up to the competitions.
    const all = await api<FinanceTotals>(`/finance/order/totals?${range}`, { token: finance });
    expect(all.data.competitions.find((x) => x.competitionId === c.id)).toEqual({ competitionId: c.id, competitionName: c.name, ...expected });
    expect(all.data.competitions.find((x) => x.competitionId === other.id)?.grossFen).toBeGreaterThanOrEqual(12000);
    expect(all.data.days.reduce((sum, d) => sum + d.netFen, 0)).toBe(all.data.competitions.reduce((sum, x) => sum + x.netFen, 0));
    expect(all.data.total.netFen).toBe(all.data.competitions.reduce((sum, x) => sum + x.netFen, 0));

    // Another organisation's finance sees none of it; a student is no finance.
    const theirs = await api<FinanceTotals>(`/finance/order/totals?${range}`, { token: await login('admin2') });
    expect(theirs.data.competitions.map((x) => x.competitionId)).not.toContain(c.id);
    expect((await api(`/finance/order/totals?${range}`, { token: one.student.token })).code).toBe(401);
  });
});

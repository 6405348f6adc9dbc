import type { BankCard, EnrollMessagePage, Signup } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { dropStudents, makeCompetition, makeStudents, sql, type Student } from './support/enroll';
import { waitFor } from './support/platform';

// Numbers that pass the Luhn check (test numbers, not real accounts).
const CARD = '6222020200000000006';
const OTHER_CARD = '4111111111111111';
const as = (s: Student, lang: 'zh-CN' | 'en' = 'en') => ({ token: s.token, ip: freshIp(), lang });
const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({ accountName: '陈同学', bankName: '中国工商银行', branch: '杭州西湖支行', cardNumber, ...extra });

describe('bank card (personal centre)', () => {
  let me: Student;
  let other: Student;

  beforeAll(async () => {
    [me, other] = await makeStudents(2, `card${Date.now().toString(36)}`);
  });
  afterAll(dropStudents);

  it('is null until one is saved', async () => {
    const r = await api<BankCard | null>('/web/user/bankCard', as(me));
    expect(r).toMatchObject({ code: 0, data: null });
  });

  it.each([
    ['letters', '6222abcd00000000', 'The card number may contain digits only'],
    ['too short', '41111111111', 'The card number must have 12 to 19 digits; it has 11'],
    ['too long', '62220202000000000061', 'The card number must have 12 to 19 digits; it has 20'],
    ['a typo (Luhn)', '6222020200000000007', 'This is not a valid card number: check it for typos'],
    ['empty', '', 'The card number must have 12 to 19 digits; it has 0'],
  ])('refuses a number with %s, naming the field', async (_what, cardNumber, msg) => {
    const r = await api('/web/user/bankCard/save', { ...as(me), body: card(cardNumber) });
    expect(r).toMatchObject({ status: 400, code: 10400, msg, data: { field: 'cardNumber' } });
  });

  it('refuses missing names and a wrong shape without a 500', async () => {
    expect(await api('/web/user/bankCard/save', { ...as(me), body: card(CARD, { accountName: '  ' }) })).toMatchObject({
      code: 10400,
      msg: 'Please fill in the account name',
      data: { field: 'accountName' },
    });
    expect((await api('/web/user/bankCard/save', { ...as(me, 'zh-CN'), body: card(CARD, { bankName: '' }) })).msg).toBe('请填写开户银行');
    expect((await api('/web/user/bankCard/save', { ...as(me), body: card(CARD, { cardNumber: 6222020200000000006 }) })).code).toBe(10400);
    expect((await api('/web/user/bankCard/save', { ...as(me), body: { accountName: 'x' } })).code).toBe(10400);
    expect((await api('/web/user/bankCard/save', { body: card(CARD) })).code).toBe(11000);
    expect(await sql(`SELECT 1 FROM enrollment.bank_cards WHERE user_id = $1`, [me.userId])).toEqual([]);
  });

  it('saves a valid number (spaces allowed) and answers it masked only', async () => {
    const saved = await api<BankCard>('/web/user/bankCard/save', { ...as(me), body: card('6222 0202 0000 0000 006') });
    expect(saved.code).toBe(0);
    expect(saved.data).toEqual({
      accountName: '陈同学',
      bankName: '中国工商银行',
      branch: '杭州西湖支行',
      cardNumberMasked: '**** **** **** 0006',
      updatedAt: expect.any(String),
    });
    const read = await api<BankCard>('/web/user/bankCard', as(me));
    expect(read.data).toEqual(saved.data);
    expect(JSON.stringify(read.data)).not.toContain(CARD);
  });

  it('keeps the number encrypted at rest: the row never holds it in clear', async () => {
    const [row] = await sql<{ cipher: Buffer; last4: string }>(`SELECT card_cipher AS cipher, card_last4 AS last4 FROM enrollment.bank_cards WHERE user_id = $1`, [me.userId]);
    expect(row.last4).toBe('0006');
    // iv (12) + tag (16) + the 19 encrypted digits.
    expect(row.cipher.length).toBe(12 + 16 + CARD.length);
    for (const text of [row.cipher.toString('latin1'), row.cipher.toString('hex'), row.cipher.toString('base64')]) expect(text).not.toContain(CARD);
    const anywhere = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM enrollment.bank_cards WHERE row_to_json(bank_cards)::text LIKE $1`, [`%${CARD}%`]);
    expect(anywhere[0].n).toBe(0);
  });

  it('never writes the number into the operation log', async () => {
    const r = await api('/web/user/bankCard/save', { ...as(me), body: card(CARD, { branch: '' }) });
    const requestId = r.headers.get('x-request-id')!;
    let params = '';
    await waitFor(`operation log entry ${requestId}`, async () => {
      const [row] = await sql<{ params: string }>(`SELECT params FROM auth.operation_logs WHERE request_id = $1`, [requestId]);
      params = row?.params ?? '';
      return !!row;
    });
    expect(JSON.parse(params)).toMatchObject({ accountName: '陈同学', cardNumber: '***' });
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM auth.operation_logs WHERE params LIKE $1`, [`%${CARD}%`]))[0].n).toBe(0);
  });

  it('is only ever the caller\'s own: another person sees, replaces and deletes only theirs', async () => {
    expect((await api('/web/user/bankCard', as(other))).data).toBeNull();
    const theirs = await api<BankCard>('/web/user/bankCard/save', { ...as(other), body: card(OTHER_CARD, { accountName: '李同学', branch: undefined }) });
    expect(theirs.data).toMatchObject({ accountName: '李同学', branch: null, cardNumberMasked: '**** **** **** 1111' });
    expect((await api('/web/user/bankCard/delete', { ...as(other), body: {} })).code).toBe(0);
    expect((await api('/web/user/bankCard', as(other))).data).toBeNull();
    // Mine is untouched by all of that.
    expect((await api<BankCard>('/web/user/bankCard', as(me))).data).toMatchObject({ accountName: '陈同学', cardNumberMasked: '**** **** **** 0006', branch: null });
  });

  it('replaces the card on a second save and deletes it', async () => {
    const replaced = await api<BankCard>('/web/user/bankCard/save', { ...as(me), body: card(OTHER_CARD) });
    expect(replaced.data.cardNumberMasked).toBe('**** **** **** 1111');
    expect((await sql(`SELECT 1 FROM enrollment.bank_cards WHERE user_id = $1`, [me.userId]))).toHaveLength(1);
    expect((await api('/web/user/bankCard/delete', { ...as(me), body: {} })).code).toBe(0);
    expect((await api('/web/user/bankCard', as(me))).data).toBeNull();
    // Deleting again is harmless.
    expect((await api('/web/user/bankCard/delete', { ...as(me), body: {} })).code).toBe(0);
  });
});

describe('messages (personal centre settings)', () => {
  let me: Student;
  let other: Student;
  let admin1: string;

  beforeAll(async () => {
    [me, other] = await makeStudents(2, `msg${Date.now().toString(36)}`);
    admin1 = await login('admin1');
    // Two approved sign-ups: two messages for me.
    for (const n of [1, 2]) {
      const c = await makeCompetition(admin1, { name: `消息测试赛 ${Date.now()}-${n}`, requiredFields: ['realName'] });
      const s = await api<Signup>('/web/enroll/signUp', { ...as(me), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '陈同学' } } });
      expect((await api('/enroll/signup/check', { token: admin1, body: { id: s.data.id, approve: true } })).code).toBe(0);
    }
  });
  afterAll(dropStudents);

  const page = async (s: Student, q = 'pageNum=1&pageSize=10') => (await api<EnrollMessagePage>(`/web/center/message/page?${q}`, as(s))).data;

  it('pages the messages newest first with the unread count', async () => {
    const all = await page(me);
    expect(all).toMatchObject({ total: 2, unread: 2 });
    expect(all.list.map((m) => m.title)).toEqual([expect.stringMatching(/^Sign-up approved: 消息测试赛 .*-2/), expect.stringMatching(/^Sign-up approved: 消息测试赛 .*-1/)]);
    const second = await page(me, 'pageNum=2&pageSize=1');
    expect(second).toMatchObject({ total: 2, unread: 2, pageNum: 2, pageSize: 1 });
    expect(second.list).toEqual([all.list[1]]);
    expect(await page(other)).toMatchObject({ total: 0, unread: 0, list: [] });
  });

  it('marks one read, then all; another person cannot mark mine', async () => {
    const [newest] = (await page(me)).list;
    expect((await api('/web/center/message/read', { ...as(other), body: { ids: [newest.id] } })).code).toBe(0);
    expect((await page(me)).unread).toBe(2);
    expect((await api('/web/center/message/read', { ...as(me), body: { ids: [newest.id] } })).code).toBe(0);
    const after = await page(me);
    expect(after.unread).toBe(1);
    expect(after.list.map((m) => m.read)).toEqual([true, false]);
    expect((await api('/web/center/message/read', { ...as(me), body: {} })).code).toBe(0);
    expect((await page(me)).unread).toBe(0);
    expect((await api('/web/center/message/read', { ...as(me), body: { ids: ['x'] } })).code).toBe(10400);
  });
});

describe('participant details (personal centre)', () => {
  let me: Student;
  const ID = '11010519491231002X';

  beforeAll(async () => {
    [me] = await makeStudents(1, `pd${Date.now().toString(36)}`);
  });
  afterAll(dropStudents);

  const detail = async () => (await api<{ profile: Record<string, unknown> }>('/web/user/detail', as(me))).data.profile;

  it('names the field of a bad value, so the form can show the message there', async () => {
    expect(await api('/web/user/detail/save', { ...as(me), body: { idNumber: '110105194913310021' } })).toMatchObject({ code: 10400, msg: 'invalid birth date', data: { field: 'idNumber' } });
    expect(await api('/web/user/detail/save', { ...as(me), body: { phone: '123' } })).toMatchObject({ code: 10400, data: { field: 'phone' } });
    expect(await api('/web/user/detail/save', { ...as(me), body: { email: 'no-at' } })).toMatchObject({ code: 10400, data: { field: 'email' } });
  });

  it('keeps fields left out, and clears fields sent empty (the gender goes with the identity number)', async () => {
    const full = { realName: '陈同学', idNumber: ID, phone: '13900001234', schoolName: '华东示范大学', college: '计算机学院', major: '软件工程', studentNo: '2023001', grade: '2023级' };
    expect((await api('/web/user/detail/save', { ...as(me), body: full })).code).toBe(0);
    expect(await detail()).toEqual({ ...full, gender: 2 });
    expect((await api('/web/user/detail/save', { ...as(me), body: { realName: '陈同学' } })).code).toBe(0);
    expect(await detail()).toEqual({ ...full, gender: 2 });
    const cleared = await api<{ profile: Record<string, unknown> }>('/web/user/detail/save', { ...as(me), body: { realName: '陈同学', college: '', idNumber: '', schoolId: null } });
    expect(cleared.code).toBe(0);
    const { college: _c, idNumber: _i, ...rest } = full;
    expect(cleared.data.profile).toEqual(rest);
  });
});

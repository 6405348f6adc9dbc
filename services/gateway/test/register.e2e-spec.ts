import { api, freshIp, login, phoneCode as codeOf, redis } from './support/api';

/** A phone no demo account uses (139 + 8 random digits). */
const freshPhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const freshName = (p = 'reg') => `${p}${Math.random().toString(36).slice(2, 10)}`;

/** What the development SMS sender would have texted to a phone, newest first (its outbox in Redis). */
async function textsTo(phone: string): Promise<{ template: string; text: string }[]> {
  const r = redis();
  try {
    return (await r.lrange(`sms-outbox:${phone}`, 0, -1)).map((m) => JSON.parse(m));
  } finally {
    r.disconnect();
  }
}

async function groupId(code: string): Promise<number> {
  const r = await api<{ id: number; code: string }[]>('/auth/register/groups');
  const g = r.data.find((x) => x.code === code);
  if (!g) throw new Error(`no open organisation ${code}`);
  return g.id;
}

async function sendRegisterCode(phone: string): Promise<string> {
  const sent = await api('/auth/register/code/send', { body: { phone }, ip: freshIp() });
  expect(sent.code).toBe(0);
  return (await codeOf('register', phone))!;
}

describe('sign-up', () => {
  it('lists the organisations open to sign-up without a login, not the platform operator', async () => {
    const r = await api<{ code: string; name: string }[]>('/auth/register/groups');
    expect(r.code).toBe(0);
    const codes = r.data.map((g) => g.code);
    expect(codes).toEqual(expect.arrayContaining(['DEMO-U1', 'DEMO-U1-CS', 'DEMO-U2']));
    expect(codes).not.toContain('PLATFORM');
  });

  it('registers a student with a phone code, who then logs in', async () => {
    const phone = freshPhone();
    const username = freshName();
    const code = await sendRegisterCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const r = await api<{ username: string }>('/auth/register', {
      body: { username, realName: '新同学', phone, code, password: 'Passw0rd1', groupId: await groupId('DEMO-U2') },
      ip: freshIp(),
    });
    expect(r.code).toBe(0);
    expect(r.data.username).toBe(username);
    const info = await api<{ roleKeys: string[]; groupId: number }>('/auth/user/info', { token: await login(username, 'Passw0rd1') });
    expect(info.data.roleKeys).toEqual(['student']);
    expect(info.data.groupId).toBe(await groupId('DEMO-U2'));
    // The code was used up.
    expect(await codeOf('register', phone)).toBeNull();
  });

  it('refuses bad input with a message naming what to fix, and keeps the code for the next try', async () => {
    const phone = freshPhone();
    const code = await sendRegisterCode(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const good = { username: freshName(), realName: '表格同学', phone, code, password: 'Passw0rd1', groupId: await groupId('DEMO-U1') };
    const platform = (await api<{ id: number }[]>('/system/group/tree', { token: await login('root') })).data[0].id;
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ['weak password', { password: 'short1' }, 10400, /8 to 64 characters/],
      ['password without digits', { password: 'onlyletters' }, 10400, /letters and digits/],
      ['wrong code', { code: wrongCode }, 10401, /wrong or has expired/],
      ['malformed code', { code: '12ab' }, 10400, /code/],
      ['taken username', { username: 'student1' }, 10409, /student1 is already taken/],
      ['taken username, other case', { username: 'STUDENT1' }, 10409, /already taken/],
      ['unknown organisation', { groupId: 999999 }, 10400, /organisation open to sign-up/],
      ['platform organisation', { groupId: platform }, 10400, /organisation open to sign-up/],
      ['bad username', { username: 'a b' }, 10400, /username/],
      ['missing real name', { realName: undefined }, 10400, /realName/],
      ['bad phone', { phone: '123' }, 10400, /phone/],
    ];
    for (const [what, change, expected, msg] of cases) {
      const r = await api('/auth/register', { body: { ...good, ...change }, ip: freshIp(), lang: 'en' });
      expect({ what, code: r.code }).toEqual({ what, code: expected });
      expect(r.msg).toMatch(msg);
      expect(r.status).toBeLessThan(500);
    }
    // None of those spent the code (one wrong guess is fine: five void it).
    const ok = await api('/auth/register', { body: good, ip: freshIp() });
    expect(ok.code).toBe(0);
  });

  it('answers a registered phone exactly like a free one, and texts its owner a notice instead of a code', async () => {
    const send = async (phone: string) => {
      const r = await api('/auth/register/code/send', { body: { phone }, ip: freshIp(), lang: 'en' });
      return { status: r.status, code: r.code, msg: r.msg, data: r.data };
    };
    const registered = '13800000012'; // student2
    const free = freshPhone();
    const [toRegistered, toFree] = [await send(registered), await send(free)];
    expect(toRegistered).toEqual(toFree);
    expect(toRegistered.code).toBe(0);

    // The free phone got a code; the registered one a notice naming its account, and no code to sign up with.
    const code = await codeOf('register', free);
    expect(code).toMatch(/^\d{6}$/);
    expect((await textsTo(free))[0]).toEqual({ template: 'register', text: expect.stringContaining(code!) });
    expect(await codeOf('register', registered)).toBeNull();
    const [notice] = await textsTo(registered);
    expect(notice.template).toBe('alreadyRegistered');
    expect(notice.text).toMatch(/already registered to the account student2.*log in.*Forgot password/);
    expect(notice.text).not.toMatch(/\d{6}/);
  });

  it('does not tell a registered phone through the sign-up form either', async () => {
    // A guessed code: a free phone answers "wrong code"; so must a registered one (it used to answer 409).
    const gid = await groupId('DEMO-U1');
    const attempt = async (phone: string) => {
      const r = await api('/auth/register', { body: { username: freshName(), realName: '探测', phone, code: '123456', password: 'Passw0rd1', groupId: gid }, ip: freshIp(), lang: 'en' });
      return [r.status, r.code, r.msg];
    };
    const [registered, free] = [await attempt('13800000013'), await attempt(freshPhone())];
    expect(registered).toEqual(free);
    expect(registered[1]).toBe(10401);
  });

  it('refuses a phone taken between the code and the form (race-safe)', async () => {
    const phone = freshPhone();
    const code = await sendRegisterCode(phone);
    // Meanwhile an administrator gives the phone to someone else.
    const admin = await login('admin1');
    const add = await api('/system/user/add', { token: admin, body: { username: freshName('raced'), realName: '抢先', password: 'Passw0rd1', phone } });
    expect(add.code).toBe(0);
    const r = await api('/auth/register', {
      body: { username: freshName(), realName: '慢一步', phone, code, password: 'Passw0rd1', groupId: await groupId('DEMO-U1') },
      ip: freshIp(),
      lang: 'en',
    });
    expect(r.code).toBe(10409);
    expect(r.msg).toMatch(new RegExp(`${phone} is already registered`));
  });

  it('lets one of two sign-ups racing for the same account name win, the other told plainly', async () => {
    const username = freshName('race');
    const [p1, p2] = [freshPhone(), freshPhone()];
    const [c1, c2] = [await sendRegisterCode(p1), await sendRegisterCode(p2)];
    const gid = await groupId('DEMO-U1');
    const results = await Promise.all(
      [
        [p1, c1],
        [p2, c2],
      ].map(([phone, code]) => api('/auth/register', { body: { username, realName: '并发', phone, code, password: 'Passw0rd1', groupId: gid }, ip: freshIp(), lang: 'en' })),
    );
    expect(results.map((r) => r.code).sort()).toEqual([0, 10409]);
    expect(results.find((r) => r.code === 10409)!.msg).toMatch(/already taken/);
  });
});

describe('password recovery', () => {
  async function newStudent() {
    const phone = freshPhone();
    const username = freshName('rec');
    const code = await sendRegisterCode(phone);
    const r = await api('/auth/register', { body: { username, realName: '找回', phone, code, password: 'Passw0rd1', groupId: await groupId('DEMO-U1') }, ip: freshIp() });
    expect(r.code).toBe(0);
    return { phone, username };
  }

  it('answers the same for a phone without an account and sends nothing', async () => {
    const phone = freshPhone();
    const r = await api('/auth/retrieve/code/send', { body: { phone }, ip: freshIp() });
    expect(r.code).toBe(0);
    expect(await codeOf('retrieve', phone)).toBeNull();
    const reset = await api('/auth/retrieve', { body: { phone, code: '123456', password: 'Passw0rd2' }, ip: freshIp(), lang: 'en' });
    expect(reset.code).toBe(10401);
    expect(reset.msg).toMatch(/wrong or has expired/);
  });

  it('sets a new password by phone code and ends every session of the account', async () => {
    const { phone, username } = await newStudent();
    const sessions = [await login(username, 'Passw0rd1'), await login(username, 'Passw0rd1')];
    const sent = await api('/auth/retrieve/code/send', { body: { phone }, ip: freshIp() });
    expect(sent.code).toBe(0);
    const code = (await codeOf('retrieve', phone))!;
    expect((await api('/auth/retrieve', { body: { phone, code, password: 'weak' }, ip: freshIp() })).code).toBe(10400);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await api('/auth/retrieve', { body: { phone, code: wrong, password: 'NewPassw0rd' }, ip: freshIp() })).code).toBe(10401);
    const ok = await api('/auth/retrieve', { body: { phone, code, password: 'NewPassw0rd' }, ip: freshIp() });
    expect(ok.code).toBe(0);
    for (const token of sessions) expect((await api('/auth/user/info', { token })).code).toBe(11000);
    expect((await api('/auth/login/pwd', { body: { username, password: 'Passw0rd1' }, ip: freshIp() })).code).toBe(10401);
    expect((await api('/auth/user/info', { token: await login(username, 'NewPassw0rd') })).code).toBe(0);
    // The code is spent.
    expect((await api('/auth/retrieve', { body: { phone, code, password: 'Another1pass' }, ip: freshIp() })).code).toBe(10401);
  });

  it('keeps recovery codes apart from login codes', async () => {
    const { phone } = await newStudent();
    await api('/auth/login/code/send', { body: { phone }, ip: freshIp() });
    const r = redis();
    const loginCode = await r.get(`login-code:${phone}`);
    r.disconnect();
    const reset = await api('/auth/retrieve', { body: { phone, code: loginCode, password: 'NewPassw0rd' }, ip: freshIp() });
    expect(reset.code).toBe(10401);
  });

  it('throttles sign-up and recovery calls per address like login', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await api('/auth/retrieve/code/send', { body: { phone: freshPhone() }, ip })).code);
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(10429);
  });
});

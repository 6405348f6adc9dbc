import * as fs from 'node:fs';
import * as jwt from 'jsonwebtoken';
import { api, DEMO_PASSWORD, freshIp, login, redis } from './support/api';
import { REPO, waitFor } from './support/platform';

const jwtSecret = () => /^JWT_SECRET=(.*)$/m.exec(fs.readFileSync(`${REPO}/.env`, 'utf8'))![1];

/** One password login from `ip`. */
const pwd = (username: string, password: string, ip: string, lang: 'en' | 'zh-CN' = 'en') => api('/auth/login/pwd', { body: { username, password }, ip, lang });
const secondsIn = (msg: string) => Number(/(\d+) seconds/.exec(msg)![1]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('password login', () => {
  it('logs in with the right password and returns a working token', async () => {
    const r = await api<{ token: string; expiresIn: number }>('/auth/login/pwd', { body: { username: 'admin1', password: 'Demo@2026' }, ip: freshIp() });
    expect(r.code).toBe(0);
    expect(r.data.expiresIn).toBeGreaterThan(0);
    const info = await api<{ username: string }>('/auth/user/info', { token: r.data.token });
    expect(info.data.username).toBe('admin1');
  });

  it('refuses a wrong password with the same message as an unknown account', async () => {
    const wrong = await api('/auth/login/pwd', { body: { username: 'admin2', password: 'nope1234' }, ip: freshIp(), lang: 'en' });
    const unknown = await api('/auth/login/pwd', { body: { username: 'nobody', password: 'nope1234' }, ip: freshIp(), lang: 'en' });
    expect(wrong.code).toBe(10401);
    expect(wrong.msg).toBe('Wrong account or password');
    expect(unknown.msg).toBe(wrong.msg);
  });

  it('lets one address try an account 3 times freely, then makes it wait 1 s, 2 s, 4 s, saying so each time', async () => {
    const ip = freshIp();
    const attempt = (password = 'wrong-pass1') => pwd('college1', password, ip);
    const plain = [await attempt(), await attempt()];
    expect(plain.map((r) => [r.code, r.msg])).toEqual([
      [10401, 'Wrong account or password'],
      [10401, 'Wrong account or password'],
    ]);
    const announced: number[] = [];
    for (let step = 0; step < 3; step++) {
      const failed = await attempt();
      expect(failed.code).toBe(10401);
      expect(failed.msg).toMatch(/^Wrong account or password; wait \d+ seconds before trying this account again from your address$/);
      announced.push(secondsIn(failed.msg));
      // At once again, even with the right password: this pair waits.
      const refused = await attempt(DEMO_PASSWORD);
      expect([refused.status, refused.code]).toEqual([429, 10429]);
      expect(refused.msg).toMatch(/^Too many failed logins to this account from your address; try again in \d+ seconds/);
      expect(secondsIn(refused.msg)).toBeLessThanOrEqual(announced[step]);
      expect(refused.headers.get('retry-after')).toBe(String(secondsIn(refused.msg)));
      await sleep(announced[step] * 1000 + 100);
    }
    expect(announced).toEqual([1, 2, 4]);
    // Once the wait is over, the right password gets in.
    expect((await attempt(DEMO_PASSWORD)).code).toBe(0);
  });

  it('does not let an attacker at one address keep the owner out at another', async () => {
    const attacker = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await pwd('teacher1', `guess${i}pass`, attacker)).code);
    expect(codes.slice(0, 3)).toEqual([10401, 10401, 10401]);
    expect(codes).toContain(10429);
    expect(codes.every((c) => c === 10401 || c === 10429)).toBe(true);
    // The owner, at their own address, with the right password.
    expect((await pwd('teacher1', DEMO_PASSWORD, freshIp())).code).toBe(0);
    // The attacker's address still waits, right password or not.
    expect((await pwd('teacher1', DEMO_PASSWORD, attacker)).code).toBe(10429);
  });

  it('forgets the failures of an address once it logs in there', async () => {
    const ip = freshIp();
    expect((await pwd('expert1', 'wrong-pass1', ip)).code).toBe(10401);
    expect((await pwd('expert1', 'wrong-pass2', ip)).code).toBe(10401);
    expect((await pwd('expert1', DEMO_PASSWORD, ip)).code).toBe(0);
    const after = await pwd('expert1', 'wrong-pass3', ip);
    expect(after.msg).toBe('Wrong account or password');
  });

  it('throttles a name that does not exist exactly like a real account (no account probing)', async () => {
    const sequence = async (username: string) => {
      const ip = freshIp();
      const replies = [];
      for (let i = 0; i < 5; i++) {
        const r = await pwd(username, `wrong${i}pass`, ip);
        replies.push([r.status, r.code, r.msg]);
      }
      return replies;
    };
    const [real, ghost] = await Promise.all([sequence('student2'), sequence(`nosuch${Date.now()}`)]);
    expect(ghost.map(([, code]) => code)).toEqual([10401, 10401, 10401, 10429, 10429]);
    expect(ghost).toEqual(real);
  });

  it('answers the wait in Chinese by default', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await pwd('student3', 'wrong-pass1', ip, 'zh-CN');
    const r = await pwd('student3', 'wrong-pass1', ip, 'zh-CN');
    expect(r.code).toBe(10429);
    expect(r.msg).toMatch(/^该账号从您的网络地址登录失败次数过多，请 \d+ 秒后再试/);
  });

  it('throttles login attempts per address (20 a minute in tests)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    // Code requests count against the same limit as passwords and cost no password hash, so the 20 fit in the
    // minute even on a loaded machine.
    for (let i = 0; i < 3; i++) codes.push((await pwd(`ghost${i}`, 'whatever1', ip)).code);
    for (let i = 3; i < 20; i++) codes.push((await api('/auth/retrieve/code/send', { body: { phone: `1390000${String(i).padStart(4, '0')}` }, ip })).code);
    expect(codes).toEqual([10401, 10401, 10401, ...Array(17).fill(0)]);
    // The 21st call from the address is refused, whatever the account.
    const refused = await pwd('admin1', DEMO_PASSWORD, ip);
    expect([refused.status, refused.code]).toEqual([429, 10429]);
    expect(refused.msg).toMatch(/^Too many login attempts from this address, try again in \d+ seconds$/);
    // Another address is not affected.
    expect((await pwd('admin1', DEMO_PASSWORD, freshIp())).code).toBe(0);
  });
});

describe('verification-code login', () => {
  const phone = '13800000011'; // student1
  const codeOf = async () => {
    const r = redis();
    const code = await r.get(`login-code:${phone}`);
    r.disconnect();
    return code;
  };

  it('sends a code and logs in with it once', async () => {
    const sent = await api('/auth/login/code/send', { body: { phone }, ip: freshIp() });
    expect(sent.code).toBe(0);
    const code = await codeOf();
    expect(code).toMatch(/^\d{6}$/);
    const ok = await api<{ token: string }>('/auth/login/code', { body: { phone, code }, ip: freshIp() });
    expect(ok.code).toBe(0);
    const info = await api<{ username: string }>('/auth/user/info', { token: ok.data.token });
    expect(info.data.username).toBe('student1');
    const again = await api('/auth/login/code', { body: { phone, code }, ip: freshIp() });
    expect(again.code).toBe(10401);
  });

  it('rejects wrong codes and voids the code after 5 wrong tries', async () => {
    await api('/auth/login/code/send', { body: { phone }, ip: freshIp() });
    const code = (await codeOf())!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await api('/auth/login/code', { body: { phone, code: wrongCode }, ip: freshIp(), lang: 'en' })).msg);
    expect(msgs[0]).toMatch(/wrong or has expired/);
    expect(msgs[4]).toMatch(/Too many wrong codes/);
    const right = await api('/auth/login/code', { body: { phone, code }, ip: freshIp() });
    expect(right.code).toBe(10401);
  });

  it('rejects an expired code', async () => {
    await api('/auth/login/code/send', { body: { phone }, ip: freshIp() });
    const code = await codeOf();
    const r = redis();
    try {
      await r.pexpire(`login-code:${phone}`, 1);
      // Expired: Redis no longer has it.
      await waitFor('the code to expire', async () => (await r.exists(`login-code:${phone}`)) === 0, 5000);
    } finally {
      r.disconnect();
    }
    const late = await api('/auth/login/code', { body: { phone, code }, ip: freshIp() });
    expect(late.code).toBe(10401);
  });

  it('answers the same for an unknown phone and sends nothing', async () => {
    const r = await api('/auth/login/code/send', { body: { phone: '13999999999' }, ip: freshIp() });
    expect(r.code).toBe(0);
    const redisClient = redis();
    expect(await redisClient.get('login-code:13999999999')).toBeNull();
    redisClient.disconnect();
  });
});

describe('user info and sessions', () => {
  it('returns the spec fields of the current user', async () => {
    const token = await login('admin1');
    const r = await api<Record<string, unknown>>('/auth/user/info', { token });
    expect(Object.keys(r.data)).toEqual(expect.arrayContaining(['userId', 'realName', 'avatar', 'roleIds', 'roleKeys', 'permissions']));
    expect(r.data.realName).toBe('张组织');
    expect(r.data.roleKeys).toEqual(['admin']);
    expect(r.data.permissions).toContain('system:user:list');
  });

  it('gives a user without roles the single role "t"', async () => {
    const admin = await login('admin1');
    const add = await api('/system/user/add', { token: admin, body: { username: 'noroles', realName: '无角色', password: 'Passw0rd1' } });
    expect(add.code).toBe(0);
    const r = await api<{ roleKeys: string[]; roleIds: number[] }>('/auth/user/info', { token: await login('noroles', 'Passw0rd1') });
    expect(r.data.roleKeys).toEqual(['t']);
    expect(r.data.roleIds).toEqual([]);
  });

  it('stops a token at once on logout (11000)', async () => {
    const token = await login('expert1');
    expect((await api('/auth/logout', { token, method: 'POST' })).code).toBe(0);
    const after = await api('/auth/user/info', { token, lang: 'en' });
    expect(after.code).toBe(11000);
    expect(after.msg).toBe('The current login has expired, please log in again');
  });

  it('answers 11000 for an expired, forged or missing token', async () => {
    const token = await login('expert1');
    const claims = jwt.decode(token) as { sub: string; jti: string };
    const expired = jwt.sign({ sub: claims.sub, jti: claims.jti, exp: Math.floor(Date.now() / 1000) - 10 }, jwtSecret());
    const forged = jwt.sign({ sub: claims.sub, jti: claims.jti }, 'not-the-secret-not-the-secret-not-the-secret');
    for (const t of [expired, forged, 'garbage']) expect((await api('/auth/user/info', { token: t })).code).toBe(11000);
    expect((await api('/auth/user/info')).code).toBe(11000);
    expect((await api('/auth/user/info', { token })).code).toBe(0);
  });
});

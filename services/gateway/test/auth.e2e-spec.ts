import * as fs from 'node:fs';
import * as jwt from 'jsonwebtoken';
import { api, freshIp, login, redis } from './support/api';
import { REPO, waitFor } from './support/platform';

const jwtSecret = () => /^JWT_SECRET=(.*)$/m.exec(fs.readFileSync(`${REPO}/.env`, 'utf8'))![1];

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

  it('locks an account after 5 wrong passwords, even for the right one', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await api('/auth/login/pwd', { body: { username: 'teacher1', password: `wrong${i}pass` }, ip: freshIp() });
      expect(r.code).toBe(10401);
    }
    const locked = await api('/auth/login/pwd', { body: { username: 'teacher1', password: 'Demo@2026' }, ip: freshIp(), lang: 'en' });
    expect(locked.code).toBe(10429);
    expect(locked.status).toBe(429);
    expect(locked.msg).toMatch(/locked for 15 minutes/);
    const r = redis();
    await r.del('login-fail:teacher1');
    r.disconnect();
  });

  it('throttles login attempts per address (20 a minute in tests)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      codes.push((await api('/auth/login/pwd', { body: { username: `ghost${i}`, password: 'whatever1' }, ip })).code);
    }
    expect(codes.slice(0, 20).every((c) => c === 10401)).toBe(true);
    expect(codes.slice(20)).toEqual([10429, 10429]);
    // Another address is not affected.
    expect((await api('/auth/login/pwd', { body: { username: 'admin1', password: 'Demo@2026' }, ip: freshIp() })).code).toBe(0);
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

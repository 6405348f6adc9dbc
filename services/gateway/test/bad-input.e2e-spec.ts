import { api, freshIp, login, upload } from './support/api';
import { SEAL_PNG } from './support/certificates';
import { BASE } from './support/platform';

/** Each bad request gets the envelope with a non-zero code, a 4xx status and a message that names what to fix. */
describe('bad input', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await login('admin1');
  });

  const cases: { name: string; path: string; body?: unknown; raw?: string; type?: string; code: number; msg: RegExp }[] = [
    { name: 'missing fields', path: '/auth/login/pwd', body: {}, code: 10400, msg: /username is required; password is required/ },
    { name: 'wrong type', path: '/auth/login/pwd', body: { username: 42, password: 'x' }, code: 10400, msg: /username must be a string/ },
    { name: 'oversized string', path: '/system/user/add', body: { username: 'longname', realName: 'x'.repeat(51), password: 'Passw0rd1' }, code: 10400, msg: /realName must be at most 50 characters/ },
    { name: 'unknown field', path: '/system/user/add', body: { username: 'abc', realName: 'x', password: 'Passw0rd1', isAdmin: true }, code: 10400, msg: /unknown field isAdmin/ },
    { name: 'bad phone', path: '/system/user/add', body: { username: 'abc', realName: 'x', password: 'Passw0rd1', phone: '12345' }, code: 10400, msg: /phone is not in the right format/ },
    { name: 'bad account name', path: '/system/user/add', body: { username: 'a b', realName: 'x', password: 'Passw0rd1' }, code: 10400, msg: /username is not in the right format/ },
    { name: 'negative id', path: '/system/user/delete', body: { id: -3 }, code: 10400, msg: /id must not be less than 1/ },
    { name: 'list where a string is needed', path: '/system/user/roleSet', body: { id: 2, roleKeys: 'admin' }, code: 10400, msg: /roleKeys must be a list/ },
    { name: 'malformed JSON', path: '/system/user/add', raw: '{"username": "abc",', type: 'application/json', code: 10400, msg: /not valid JSON/ },
    { name: 'prototype poisoning', path: '/system/user/add', raw: '{"__proto__": {"admin": true}}', type: 'application/json', code: 10400, msg: /not valid JSON/ },
    { name: 'unsupported content type', path: '/system/user/add', raw: '<user/>', type: 'application/xml', code: 10415, msg: /Unsupported content type: application\/xml/ },
    { name: 'body over 1 MB', path: '/system/user/add', raw: JSON.stringify({ realName: 'x'.repeat(1_100_000) }), type: 'application/json', code: 10413, msg: /limit is 1 MB/ },
  ];

  it.each(cases)('$name', async (c) => {
    const r = c.raw
      ? await api(c.path, { method: 'POST', token: admin, raw: c.raw, headers: { 'content-type': c.type! }, lang: 'en', ip: freshIp() })
      : await api(c.path, { token: admin, body: c.body, lang: 'en', ip: freshIp() });
    expect(r.code).toBe(c.code);
    expect(r.msg).toMatch(c.msg);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(JSON.stringify(r)).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });

  it('answers bad query parameters in Chinese by default', async () => {
    const r = await api('/system/user/page?pageSize=1000&status=7', { token: admin });
    expect(r.code).toBe(10400);
    expect(r.msg).toMatch(/^参数错误：/);
    expect(r.msg).toContain('pageSize 不能大于 100');
    expect(r.msg).toContain('status 必须是以下值之一：0, 1');
  });

  it('answers an unknown address with 10404', async () => {
    const r = await api('/nowhere', { lang: 'en' });
    expect(r.code).toBe(10404);
    expect(r.msg).toBe('No such address: /prod-api/nowhere');
  });

  it('keeps a huge query string from crashing anything', async () => {
    const res = await fetch(`${BASE}/system/user/page?keyword=${'x'.repeat(5000)}`, { headers: { authorization: `Bearer ${admin}` } });
    const body = (await res.json()) as { code: number };
    expect(body.code).toBe(10400);
  });

  describe('inputs that once gave a 500', () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

    it.each([3000, 2000, 40])('refuses a body nested %i levels deep, before parsing it', async (levels) => {
      const r = await api('/auth/login/pwd', { method: 'POST', raw: `{"username": ${nested(levels)}, "password": "x"}`, headers: { 'content-type': 'application/json' }, lang: 'en', ip: freshIp() });
      expect([r.status, r.code, r.msg]).toEqual([400, 10400, 'The request body is nested too deeply (at most 32 levels)']);
    });

    it('refuses a NUL character in a body, a search and a file name, naming the field', async () => {
      const body = await api('/system/user/add', { token: admin, body: { username: 'nulcase', realName: 'a\u0000b', password: 'Passw0rd1' }, lang: 'en', ip: freshIp() });
      expect([body.code, body.msg]).toEqual([10400, 'realName contains a control character or broken text; remove it and try again']);
      const search = await api('/home/competition/page?groupId=2&keyword=a%00b', { lang: 'en', ip: freshIp() });
      expect([search.code, search.msg]).toEqual([10400, 'keyword contains a control character or broken text; remove it and try again']);
      const file = await upload('/file/upload/image', admin, SEAL_PNG, 'x.png\u0000.html', 'en');
      expect([file.code, file.msg]).toEqual([10400, 'filename contains a control character or broken text; remove it and try again']);
    });

    it('answers an id beyond its column "not found" and any other number beyond it 400', async () => {
      const detail = await api('/home/competition/detail?id=2147483648', { lang: 'en', ip: freshIp() });
      expect([detail.status, detail.code, detail.msg]).toEqual([404, 10404, 'There is no record with id 2147483648']);
      const page = await api('/competition/info/page?pageNum=100000000000000000000', { token: admin, lang: 'en', ip: freshIp() });
      expect([page.status, page.code, page.msg]).toEqual([400, 10400, 'pageNum must not be greater than 2147483647']);
      const item = await api('/competition/item/save', { token: admin, body: { competitionId: 1e308, name: 'x' }, lang: 'en', ip: freshIp() });
      expect([item.code, item.msg]).toEqual([10404, 'There is no record with competitionId 1e+308']);
    });

    it('never takes true for the id 1', async () => {
      const r = await api('/system/dept/delete', { token: admin, body: { id: true }, lang: 'en', ip: freshIp() });
      expect([r.code, r.msg]).toEqual([10400, 'Invalid input: id must be a whole number']);
    });
  });
});

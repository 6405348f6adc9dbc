import { api, freshIp, login } from './support/api';
import { day, makeCompetition } from './support/enroll';
import { BASE } from './support/platform';

/**
 * Lists have a maximum size and error messages never repeat a huge value whole (issue 27): what an attacker sends
 * is refused early, and what comes back is short enough to read.
 */
describe('input limits', () => {
  let admin: string;
  let root: string;
  beforeAll(async () => {
    [admin, root] = await Promise.all([login('admin1'), login('root')]);
  });

  it('refuses 60,000 file types for an event, naming the maximum', async () => {
    const c = await makeCompetition(admin);
    const items = [{ itemId: c.items[0].id, fileTypes: Array.from({ length: 60_000 }, () => 'pdf'), maxFileMb: 10, maxFiles: 2 }];
    const r = await api('/competition/workSub/setting/save', { token: admin, lang: 'en', ip: freshIp(), body: { competitionId: c.id, startAt: day(-1), endAt: day(30), items } });
    expect([r.code, r.msg]).toEqual([10400, 'Invalid input: items.0.fileTypes must have at most 9 items']);
    // What was saved before stays as it was.
    const detail = await api<{ workSubmit: { items: { fileTypes: string[] }[] } }>(`/competition/info/detail?id=${c.id}`, { token: admin });
    expect(detail.data.workSubmit.items[0].fileTypes).toEqual(['pdf', 'docx', 'zip']);
  });

  it('answers a 100 KB role key with a short message', async () => {
    const huge = 'k'.repeat(100_000);
    const r = await api('/system/user/roleSet', { token: root, lang: 'en', ip: freshIp(), body: { id: 2, roleKeys: [huge] } });
    expect(r.code).toBe(10400);
    expect(r.msg.length).toBeLessThan(200);
    expect(r.msg).not.toContain('k'.repeat(61));
  });

  it('cuts an echoed field name and address to a readable length', async () => {
    const key = 'f'.repeat(100_000);
    const unknown = await api('/system/user/add', { token: admin, lang: 'en', ip: freshIp(), body: { username: 'abc', realName: 'x', password: 'Passw0rd1', [key]: 1 } });
    expect(unknown.code).toBe(10400);
    expect(unknown.msg).toBe(`Invalid input: unknown field ${'f'.repeat(59)}…`);

    const res = await fetch(`${BASE}/${'p'.repeat(8_000)}`, { headers: { 'accept-language': 'en', 'x-forwarded-for': freshIp() } });
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(10404);
    expect(body.msg).toBe(`No such address: /prod-api/${'p'.repeat(49)}…`);
  });
});

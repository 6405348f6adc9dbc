import type { AwardPreset } from '@cmp/contracts';
import { api, login } from './support/api';

const LEVELS = [
  { name: '一等奖', nameEn: 'First prize', rule: 'percent', value: 10 },
  { name: '二等奖', nameEn: 'Second prize', rule: 'count', value: 5 },
  { name: '优秀奖', nameEn: '', rule: 'band', value: 60 },
];

/** 奖励管理: an organisation's award presets, kept under a name, for its own organisers only. */
describe('award presets (奖励管理)', () => {
  let admin1: string;
  let admin2: string;
  const name = `预设${Date.now().toString(36)}`;
  const list = async (token: string) => (await api<AwardPreset[]>('/review/award-preset/list', { token })).data;

  beforeAll(async () => {
    [admin1, admin2] = [await login('admin1'), await login('admin2')];
  });

  it('keeps, lists, changes and deletes a preset, its name unique in the organisation', async () => {
    const saved = await api<AwardPreset>('/review/award-preset/save', { token: admin1, body: { name: `  ${name}  `, levels: LEVELS } });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ name, levels: LEVELS });
    expect((await list(admin1)).find((p) => p.id === saved.data.id)?.levels).toEqual(LEVELS);
    // Another preset of the same name: refused, saying what to change.
    const twice = await api('/review/award-preset/save', { token: admin1, lang: 'en', body: { name, levels: LEVELS.slice(0, 1) } });
    expect([twice.code, twice.msg]).toEqual([10409, 'A preset of that name exists: choose another name']);
    const changed = await api<AwardPreset>('/review/award-preset/save', { token: admin1, body: { id: saved.data.id, name: `${name}改`, levels: LEVELS.slice(1) } });
    expect(changed.data).toMatchObject({ id: saved.data.id, name: `${name}改`, levels: LEVELS.slice(1) });
    expect((await api('/review/award-preset/delete', { token: admin1, body: { id: saved.data.id } })).code).toBe(0);
    expect((await list(admin1)).some((p) => p.id === saved.data.id)).toBe(false);
    expect((await api('/review/award-preset/delete', { token: admin1, body: { id: saved.data.id } })).code).toBe(10404);
  });

  it("keeps another organisation's presets out and says what to fix on bad input", async () => {
    const mine = await api<AwardPreset>('/review/award-preset/save', { token: admin1, body: { name: `${name}-其他`, levels: LEVELS } });
    expect((await list(admin2)).some((p) => p.id === mine.data.id)).toBe(false);
    expect((await api('/review/award-preset/save', { token: admin2, body: { id: mine.data.id, name: '改名', levels: LEVELS } })).code).toBe(10404);
    expect((await api('/review/award-preset/delete', { token: admin2, body: { id: mine.data.id } })).code).toBe(10404);
    for (const body of [
      { name: '', levels: LEVELS },
      { name: 'x'.repeat(51), levels: LEVELS },
      { name: '无奖项', levels: [] },
      { name: '错规则', levels: [{ name: '一等奖', rule: 'fraction', value: 1 }] },
      { name: '负值', levels: [{ name: '一等奖', rule: 'count', value: -1 }] },
      { name: '太多', levels: Array.from({ length: 11 }, (_, i) => ({ name: `${i}等奖`, rule: 'count', value: 1 })) },
    ]) {
      expect([body.name.slice(0, 8), (await api('/review/award-preset/save', { token: admin1, body })).code]).toEqual([body.name.slice(0, 8), 10400]);
    }
    const student = await login('student1');
    expect((await api('/review/award-preset/list', { token: student })).code).not.toBe(0);
    await api('/review/award-preset/delete', { token: admin1, body: { id: mine.data.id } });
  });
});

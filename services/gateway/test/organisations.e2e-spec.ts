import type { GroupNode, Page, TrialApplication, TrialConvertReply } from '@cmp/contracts';
import { api, DEMO_PASSWORD, firstLogin, freshIp, login, phoneCode } from './support/api';

const freshPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const tag = () => Math.random().toString(36).slice(2, 8);
const flatten = (nodes: GroupNode[]): GroupNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** A university's application through /experience: a code texted to the phone, then the form. */
async function apply(university: string, phone = freshPhone()) {
  const ip = freshIp();
  expect((await api('/system/product/trial/code/send', { body: { phone }, ip })).code).toBe(0);
  const code = (await phoneCode('trial', phone))!;
  const body = { university, contact: '王老师', phone, code, size: 'from20kTo50k', needs: '希望试用报名、评审与证书' };
  return { phone, body, reply: await api<{ id: number }>('/system/product/trial/save', { body, ip }) };
}

describe('organisations and trial applications', () => {
  let root: string;
  let admin1: string;
  beforeAll(async () => {
    [root, admin1] = await Promise.all([login('root'), login('admin1')]);
  });

  it('takes a trial application only with the phone code, once per phone while it is open', async () => {
    const { reply, body, phone } = await apply(`试用大学${tag()}`);
    expect(reply.code).toBe(0);
    // A wrong code is refused and asks for the right one.
    const wrong = await api('/system/product/trial/save', { body: { ...body, university: '另一所', code: '000000' }, ip: freshIp() });
    expect(wrong.code).not.toBe(0);
    expect(wrong.msg).toMatch(/验证码/);
    // The same phone again while the first is open: refused, saying it is being followed up.
    const again = await apply(`重复大学${tag()}`, phone);
    expect(again.reply.code).toBe(10409);
    expect(again.reply.msg).toContain('正在跟进');
    // Bad input names what to fix, in the caller's language.
    const bad = await api('/system/product/trial/save', { body: { ...body, size: 'huge', phone: '123' }, ip: freshIp(), lang: 'en' });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/size|phone/);
  });

  it('shows the applications to ROOT only, who follows one up and creates its organisation and first administrator', async () => {
    const university = `示范试用大学${tag()}`;
    const { reply } = await apply(university);
    const id = reply.data.id;
    expect((await api('/system/product/trial/list', { token: admin1 })).code).toBe(401);
    expect((await api('/system/product/trial/note', { token: admin1, body: { id, body: 'x' } })).code).toBe(401);

    const found = await api<Page<TrialApplication>>(`/system/product/trial/list?keyword=${encodeURIComponent(university)}`, { token: root });
    expect(found.data.total).toBe(1);
    expect(found.data.list[0]).toMatchObject({ university, state: 'new', size: 'from20kTo50k', contact: '王老师', notes: [] });

    const noted = await api<TrialApplication>('/system/product/trial/note', { token: root, body: { id, body: '已电话沟通，下周演示', state: 'following' } });
    expect(noted.data.state).toBe('following');
    expect(noted.data.notes).toEqual([expect.objectContaining({ body: '已电话沟通，下周演示', state: 'following' })]);
    const following = await api<Page<TrialApplication>>('/system/product/trial/list?state=following&pageSize=100', { token: root });
    expect(following.data.list.map((a) => a.id)).toContain(id);

    const code = `TRIAL-${tag().toUpperCase()}`;
    const username = `trial${tag()}`;
    const convert = { id, group: { code, name: university, nameEn: 'Trial University', kind: 'university', parentId: null }, admin: { username, realName: '王老师' } };
    // Two clicks at once make one organisation: the application's row is locked.
    const [a, b] = await Promise.all([
      api<TrialConvertReply>('/system/product/trial/convert', { token: root, body: convert }),
      api<TrialConvertReply>('/system/product/trial/convert', { token: root, body: { ...convert, group: { ...convert.group, code: `${code}-2` } } }),
    ]);
    const won = [a, b].filter((r) => r.code === 0);
    expect(won).toHaveLength(1);
    expect([a, b].find((r) => r.code !== 0)!.msg).toContain(university);
    const made = won[0].data;
    expect(made.password).toMatch(/^[A-Za-z0-9]{10}$/);

    // The first administrator sets a password at first login and manages the new organisation.
    const admin = await firstLogin({ username: made.username, password: made.password });
    const info = await api<{ roleKeys: string[]; groupId: number }>('/auth/user/info', { token: admin });
    expect(info.data).toMatchObject({ roleKeys: ['admin'], groupId: made.groupId });
    const tree = await api<GroupNode[]>('/system/group/tree', { token: admin });
    expect(tree.data.map((g) => g.code)).toEqual([won[0] === a ? code : `${code}-2`]);

    const after = await api<Page<TrialApplication>>(`/system/product/trial/list?keyword=${encodeURIComponent(university)}`, { token: root });
    expect(after.data.list[0]).toMatchObject({ state: 'converted', groupId: made.groupId, groupName: university });
    // A converted application cannot be closed or converted again.
    expect((await api('/system/product/trial/note', { token: root, body: { id, body: '关闭', state: 'closed' } })).code).toBe(10400);
  });

  it('lists organisations with kind, status, users and administrators, scoped to the caller', async () => {
    const rootTree = flatten((await api<GroupNode[]>('/system/group/tree', { token: root })).data);
    const u1 = rootTree.find((g) => g.code === 'DEMO-U1')!;
    expect(u1).toMatchObject({ kind: 'university', status: 1 });
    expect(u1.userCount).toBeGreaterThan(0);
    expect(u1.admins.length).toBeGreaterThan(0);
    expect(rootTree.find((g) => g.code === 'DEMO-U1-CS')!.kind).toBe('college');
    const adminTree = flatten((await api<GroupNode[]>('/system/group/tree', { token: admin1 })).data);
    expect(adminTree.map((g) => g.code).sort()).toEqual(['DEMO-U1', 'DEMO-U1-CS']);
    // Another organisation's subtree is out of reach; a kind outside the list is refused.
    const u2 = rootTree.find((g) => g.code === 'DEMO-U2')!;
    expect((await api('/system/group/status', { token: admin1, body: { id: u2.id, status: 0 } })).code).toBe(401);
    expect((await api('/system/group/save', { token: admin1, body: { code: 'X1', name: 'x', parentId: u1.id, kind: 'castle' } })).code).toBe(10400);
    // Nobody disables their own organisation.
    const own = await api('/system/group/status', { token: admin1, body: { id: u1.id, status: 0 } });
    expect(own.code).toBe(10400);
  });

  it("disables an organisation: its people and its subordinates' are logged out and cannot log in, until it is enabled", async () => {
    const t = tag();
    // A university of its own (top level, as a trial's), so other tests' organisations stay as they know them.
    const made = await api<{ id: number }>('/system/group/save', { token: root, body: { code: `DIS-${t}`, name: `停用大学${t}`, parentId: null, kind: 'university' } });
    const sub = await api<{ id: number }>('/system/group/save', { token: root, body: { code: `DIS-${t}-C`, name: `停用学院${t}`, parentId: made.data.id, kind: 'college' } });
    const username = `dis${t}`;
    expect((await api('/system/user/add', { token: root, body: { username, realName: '实验员', password: DEMO_PASSWORD, groupId: sub.data.id } })).code).toBe(0);
    const session = await login(username);
    expect((await api('/auth/user/info', { token: session })).code).toBe(0);
    expect((await api<{ id: number }[]>('/auth/register/groups')).data.map((g) => g.id)).toContain(sub.data.id);

    expect((await api('/system/group/status', { token: root, body: { id: made.data.id, status: 0 } })).code).toBe(0);
    expect((await api('/auth/user/info', { token: session })).code).toBe(11000);
    const refused = await api('/auth/login/pwd', { body: { username, password: DEMO_PASSWORD }, ip: freshIp() });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toContain('机构已停用');
    const tree = flatten((await api<GroupNode[]>('/system/group/tree', { token: root })).data);
    expect(tree.find((g) => g.id === made.data.id)!.status).toBe(0);
    // Sign-up no longer offers what is under it.
    expect((await api<{ id: number }[]>('/auth/register/groups')).data.map((g) => g.id)).not.toContain(sub.data.id);

    expect((await api('/system/group/status', { token: root, body: { id: made.data.id, status: 1 } })).code).toBe(0);
    expect(await login(username)).toBeTruthy();
  });
});

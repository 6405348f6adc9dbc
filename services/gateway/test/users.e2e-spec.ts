import { api, login } from './support/api';

interface UserView {
  id: number;
  username: string;
  realName: string;
  phone: string | null;
  status: number;
  groupId: number;
  roleKeys: string[];
}
interface Page<T> {
  list: T[];
  total: number;
}

describe('users', () => {
  let admin1: string;
  let admin2: string;
  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
  });

  it('adds, finds, edits and deletes a user, and the deleted user is logged out', async () => {
    const add = await api<UserView>('/system/user/add', {
      token: admin1,
      body: { username: 'lifecycle', realName: '生命周期', password: 'Passw0rd1', phone: '13700000001', roleKeys: ['student'] },
    });
    expect(add.code).toBe(0);
    expect(add.data.roleKeys).toEqual(['student']);

    const page = await api<Page<UserView>>('/system/user/page?keyword=lifecy&pageNum=1&pageSize=5', { token: admin1 });
    expect(page.data.total).toBe(1);
    expect(page.data.list[0].username).toBe('lifecycle');

    const upd = await api<UserView>('/system/user/update', { token: admin1, body: { id: add.data.id, realName: '改名了', phone: '13700000002' } });
    expect(upd.data.realName).toBe('改名了');
    expect(upd.data.phone).toBe('13700000002');

    const userToken = await login('lifecycle', 'Passw0rd1');
    expect((await api('/system/user/delete', { token: admin1, body: { id: add.data.id } })).code).toBe(0);
    expect((await api('/auth/user/info', { token: userToken })).code).toBe(11000);
    expect((await api<Page<UserView>>('/system/user/page?keyword=lifecy', { token: admin1 })).data.total).toBe(0);
    // The name is free again.
    expect((await api('/system/user/add', { token: admin1, body: { username: 'lifecycle', realName: 'x', password: 'Passw0rd1' } })).code).toBe(0);
  });

  it('refuses a taken account name or phone with a clear message', async () => {
    const dupName = await api('/system/user/add', { token: admin1, lang: 'en', body: { username: 'ADMIN2', realName: 'x', password: 'Passw0rd1' } });
    expect(dupName.code).toBe(10409);
    expect(dupName.msg).toBe('The account name ADMIN2 is already taken');
    const dupPhone = await api('/system/user/add', { token: admin1, lang: 'en', body: { username: 'phoneclash', realName: 'x', password: 'Passw0rd1', phone: '13800000002' } });
    expect(dupPhone.code).toBe(10409);
    expect(dupPhone.msg).toMatch(/13800000002 is already in use/);
  });

  it('refuses a weak password', async () => {
    const r = await api('/system/user/add', { token: admin1, lang: 'en', body: { username: 'weakling', realName: 'x', password: 'abcdefgh' } });
    expect(r.code).toBe(10400);
    expect(r.msg).toMatch(/letters and digits/);
  });

  it('applies new roles to a logged-in user at once', async () => {
    const add = await api<UserView>('/system/user/add', { token: admin1, body: { username: 'promoted', realName: '升级', password: 'Passw0rd1' } });
    const token = await login('promoted', 'Passw0rd1');
    expect((await api('/system/user/page', { token })).code).toBe(401);
    const set = await api<UserView>('/system/user/roleSet', { token: admin1, body: { id: add.data.id, roleKeys: ['admin'] } });
    expect(set.data.roleKeys).toEqual(['admin']);
    expect((await api('/system/user/page', { token })).code).toBe(0);
  });

  it('lets nobody but ROOT hand out ROOT', async () => {
    const r = await api('/system/user/roleSet', { token: admin1, lang: 'en', body: { id: 6, roleKeys: ['ROOT'] } });
    expect(r.code).toBe(401);
    expect(r.msg).toMatch(/may not assign the role: ROOT/);
    const unknown = await api('/system/user/roleSet', { token: admin1, lang: 'en', body: { id: 6, roleKeys: ['wizard'] } });
    expect(unknown.code).toBe(10400);
    expect(unknown.msg).toMatch(/No such role: wizard/);
  });

  it('changes the own password only with the old one, and an admin can reset another', async () => {
    await api('/system/user/add', { token: admin1, body: { username: 'pwduser', realName: '改密', password: 'Passw0rd1' } });
    const token = await login('pwduser', 'Passw0rd1');
    const wrongOld = await api('/system/user/update/pwd', { token, body: { oldPassword: 'nope12345', newPassword: 'NewPass123' } });
    expect(wrongOld.code).toBe(10400);
    expect((await api('/system/user/update/pwd', { token, body: { oldPassword: 'Passw0rd1', newPassword: 'NewPass123' } })).code).toBe(0);
    expect((await api('/auth/user/info', { token })).code).toBe(0); // the caller stays logged in
    const fresh = await login('pwduser', 'NewPass123');

    const { data } = await api<Page<UserView>>('/system/user/page?keyword=pwduser', { token: admin1 });
    expect((await api('/system/user/update/pwd', { token: admin1, body: { id: data.list[0].id, newPassword: 'Reset1234' } })).code).toBe(0);
    expect((await api('/auth/user/info', { token: fresh })).code).toBe(11000); // reset ends the user's sessions
    await login('pwduser', 'Reset1234');
    // A user without the reset permission cannot reset someone else's.
    expect((await api('/system/user/update/pwd', { token: fresh, body: { id: 2, newPassword: 'Hijack123' } })).code).not.toBe(0);
  });

  it('lets anyone change their own name, phone and email, but nothing that grants access', async () => {
    const token = await login('student4');
    const r = await api<UserView>('/system/user/profile', { token, body: { realName: '周同学改', phone: '13700000099', email: 's4@example.edu.cn' } });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ username: 'student4', realName: '周同学改', phone: '13700000099' });
    expect((await api<{ realName: string }>('/auth/user/info', { token })).data.realName).toBe('周同学改');
    const taken = await api('/system/user/profile', { token, lang: 'en', body: { phone: '13800000001' } });
    expect(taken.msg).toMatch(/13800000001 is already in use/);
    for (const sneaky of [{ status: 0 }, { id: 2, realName: 'x' }, { deptId: 1 }]) {
      const res = await api('/system/user/profile', { token, lang: 'en', body: sneaky });
      expect(res.code).toBe(10400);
      expect(res.msg).toMatch(/unknown field/);
    }
  });

  it('disabling a user ends their sessions and blocks login', async () => {
    const add = await api<UserView>('/system/user/add', { token: admin1, body: { username: 'tobedisabled', realName: '停用', password: 'Passw0rd1' } });
    const token = await login('tobedisabled', 'Passw0rd1');
    await api('/system/user/update', { token: admin1, body: { id: add.data.id, status: 0 } });
    expect((await api('/auth/user/info', { token })).code).toBe(11000);
    const r = await api('/auth/login/pwd', { body: { username: 'tobedisabled', password: 'Passw0rd1' }, lang: 'en' });
    expect(r.msg).toMatch(/disabled/);
  });

  describe('permissions', () => {
    it('answers 401 (no access) to a user without the permission', async () => {
      const student = await login('student1');
      const r = await api('/system/user/page', { token: student, lang: 'en' });
      expect(r.code).toBe(401);
      expect(r.status).toBe(403);
      expect(r.msg).toBe('This account has no access, contact the administrator');
      const expert = await login('expert1');
      expect((await api('/system/user/add', { token: expert, body: { username: 'sneaky', realName: 'x', password: 'Passw0rd1' } })).code).toBe(401);
    });

    it('lets ROOT pass every check', async () => {
      const root = await login('root');
      const r = await api<Page<UserView>>('/system/user/page?pageSize=100', { token: root });
      expect(r.code).toBe(0);
      expect(new Set(r.data.list.map((u) => u.groupId)).size).toBeGreaterThanOrEqual(3);
      expect((await api('/system/menu/tree', { token: root })).code).toBe(0);
    });
  });

  describe('organisation scoping', () => {
    it('shows an organiser only users of their organisation and its subordinates', async () => {
      const u1 = await api<Page<UserView>>('/system/user/page?pageSize=100', { token: admin1 });
      const names = u1.data.list.map((u) => u.username);
      expect(names).toEqual(expect.arrayContaining(['student1', 'student2']));
      expect(names).not.toContain('student3');
      const u2 = await api<Page<UserView>>('/system/user/page?pageSize=100', { token: admin2 });
      // Other tests sign people up to DEMO-U2 too: every listed user is of that organisation, the demo ones among them.
      expect(u2.data.list.map((u) => u.username)).toEqual(expect.arrayContaining(['admin2', 'student3', 'student4']));
      expect(new Set(u2.data.list.map((u) => u.groupId))).toEqual(new Set([u2.data.list.find((u) => u.username === 'admin2')!.groupId]));
    });

    it('never lets an organiser read or change a user of another organisation', async () => {
      const other = (await api<Page<UserView>>('/system/user/page?keyword=student3', { token: admin2 })).data.list[0];
      const attempts = [
        api(`/system/user/detail?id=${other.id}`, { token: admin1 }),
        api('/system/user/update', { token: admin1, body: { id: other.id, realName: 'hacked' } }),
        api('/system/user/roleSet', { token: admin1, body: { id: other.id, roleKeys: [] } }),
        api('/system/user/update/pwd', { token: admin1, body: { id: other.id, newPassword: 'Hijack123' } }),
        api('/system/user/delete', { token: admin1, body: { id: other.id } }),
      ];
      for (const r of await Promise.all(attempts)) expect(r.code).toBe(10404);
      const add = await api('/system/user/add', { token: admin1, body: { username: 'planted', realName: 'x', password: 'Passw0rd1', groupId: other.groupId } });
      expect(add.code).toBe(401);
      const u1Dept = (await api<{ id: number }[]>('/system/dept/tree', { token: admin1 })).data[0].id;
      const deptAdd = await api('/system/user/add', { token: admin2, lang: 'en', body: { username: 'deptthief', realName: 'x', password: 'Passw0rd1', deptId: u1Dept } });
      expect(deptAdd.msg).toBe(`No such department: ${u1Dept}`);
      const still = (await api<Page<UserView>>('/system/user/page?keyword=student3', { token: admin2 })).data.list[0];
      expect(still.realName).toBe(other.realName);
      await login('student3');
    });
  });
});

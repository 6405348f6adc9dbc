import { api, login } from './support/api';
import { BASE } from './support/platform';

interface Menu {
  menuId: number;
  menuName: string;
  menuType: number;
  path: string;
  component: string | null;
  visible: number;
  children: Menu[];
}
const flatten = (ms: Menu[]): Menu[] => ms.flatMap((m) => [m, ...flatten(m.children)]);

describe('menus', () => {
  it('gives an organiser the back-office menu without the menu editor', async () => {
    const r = await api<Menu[]>('/system/menu/userMenu?groupId=2', { token: await login('admin1') });
    const all = flatten(r.data);
    expect(r.data.map((m) => m.path)).toEqual(expect.arrayContaining(['competition', 'certificate', 'system']));
    expect(all.find((m) => m.component === 'system/user/index')).toMatchObject({ menuType: 2, visible: 1 });
    expect(all.find((m) => m.path === 'addEdit')!.visible).toBe(0);
    expect(Object.keys(r.data[0])).toEqual(expect.arrayContaining(['menuId', 'menuName', 'menuType', 'path', 'component', 'query', 'icon', 'visible', 'children']));
  });

  it('gives an expert only the workbench and review, and a student nothing', async () => {
    const expert = await api<Menu[]>('/system/menu/userMenu', { token: await login('expert1') });
    expect(expert.data.map((m) => m.path).sort()).toEqual(['dashboard', 'review']);
    const student = await api<Menu[]>('/system/menu/userMenu', { token: await login('student1') });
    expect(student.data).toEqual([]);
  });

  it('lets ROOT edit the menu, and refuses a child under a leaf page', async () => {
    const root = await login('root');
    const tree = flatten((await api<Menu[]>('/system/menu/tree', { token: root })).data);
    const leaf = tree.find((m) => m.menuType === 4)!;
    const bad = await api('/system/menu/save', { token: root, lang: 'en', body: { parentId: leaf.menuId, menuName: '子', menuNameEn: 'Child', menuType: 2, path: 'x', component: null, query: null, icon: null, visible: 1, orderNum: 1 } });
    expect(bad.msg).toBe('The parent menu entry is invalid');
    const ok = await api<{ menuId: number }>('/system/menu/save', { token: root, body: { parentId: null, menuName: '测试', menuNameEn: 'Test', menuType: 1, path: 'test', component: 'Layout', query: null, icon: null, visible: 1, orderNum: 99 } });
    expect(ok.code).toBe(0);
    expect((await api('/system/menu/delete', { token: root, body: { id: ok.data.menuId } })).code).toBe(0);
    expect((await api('/system/menu/save', { token: await login('admin1'), body: { parentId: null, menuName: 'x', menuNameEn: 'x', menuType: 1, path: 'x', component: null, query: null, icon: null, visible: 1, orderNum: 1 } })).code).toBe(401);
  });
});

describe('organisations', () => {
  it('selects the caller organisation and the ones directly under it', async () => {
    const r = await api('/competition/group/user/getSelect', { token: await login('admin1') });
    expect(r.data).toMatchObject({ groupCode: 'DEMO-U1', groupName: '华东示范大学', directGroupCodes: ['DEMO-U1-CS'], directGroupNames: ['华东示范大学计算机学院'] });
  });

  it('lets an organiser manage subordinate organisations only within their own tree', async () => {
    const admin1 = await login('admin1');
    const tree = await api<{ id: number; code: string; children: { code: string }[] }[]>('/system/group/tree', { token: admin1 });
    expect(tree.data.map((g) => g.code)).toEqual(['DEMO-U1']);
    const u1 = tree.data[0].id;
    const add = await api<{ id: number }>('/system/group/save', { token: admin1, body: { code: 'DEMO-U1-MATH', name: '数学学院', nameEn: ' School of Mathematics ', parentId: u1 } });
    expect(add.code).toBe(0);
    // Its English name is kept (trimmed), for its public site in English.
    const subtree = (await api<{ children: { id: number; name: string; nameEn: string }[] }[]>('/system/group/tree', { token: admin1 })).data[0].children;
    expect(subtree.find((g) => g.id === add.data.id)).toMatchObject({ name: '数学学院', nameEn: 'School of Mathematics' });
    const dup = await api('/system/group/save', { token: admin1, lang: 'en', body: { code: 'DEMO-U2', name: 'x', parentId: u1 } });
    expect(dup.msg).toBe('The organisation code DEMO-U2 is already taken');
    const cycle = await api('/system/group/save', { token: admin1, lang: 'en', body: { id: u1, code: 'DEMO-U1', name: '华东示范大学', parentId: add.data.id } });
    expect(cycle.code).not.toBe(0);
    const admin2 = await login('admin2');
    expect((await api('/system/group/save', { token: admin2, body: { code: 'INTRUDER', name: 'x', parentId: u1 } })).code).toBe(401);
    expect((await api('/system/group/delete', { token: admin2, body: { id: add.data.id } })).code).toBe(401);
    expect((await api('/system/group/delete', { token: admin1, body: { id: add.data.id } })).code).toBe(0);
  });

  it('keeps departments inside their organisation', async () => {
    const admin1 = await login('admin1');
    const depts = await api<{ id: number; name: string }[]>('/system/dept/tree', { token: admin1 });
    expect(depts.data.map((d) => d.name)).toEqual(['教务处', '团委']);
    const admin2 = await login('admin2');
    expect((await api('/system/dept/tree?groupId=2', { token: admin2 })).code).toBe(401);
    expect((await api('/system/dept/delete', { token: admin2, body: { id: depts.data[0].id } })).code).toBe(401);
  });
});

describe('roles', () => {
  it('lets ROOT change a role and its holders get the new permissions at once', async () => {
    // A role and holder of this test's own: changing a built-in role would change the sessions of its holders in the
    // files running beside this one.
    const root = await login('root');
    const suffix = Date.now().toString(36);
    const role = { key: `reader_${suffix}`, name: `读者${suffix}`, menuIds: [] as number[] };
    expect((await api('/system/role/save', { token: root, body: { ...role, permissions: ['system:user:list'] } })).code).toBe(0);
    type GroupNode = { id: number; code: string; children?: GroupNode[] };
    const flatten = (nodes: GroupNode[]): GroupNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
    const u1 = flatten((await api<GroupNode[]>('/system/group/tree', { token: root })).data).find((g) => g.code === 'DEMO-U1')!;
    const username = `reader${suffix}`;
    const added = await api('/system/user/add', { token: root, body: { username, realName: '角色持有人', password: 'Passw0rd1', groupId: u1.id, roleKeys: [role.key] } });
    expect(added.code).toBe(0);
    const holder = await login(username, 'Passw0rd1');
    expect((await api('/system/dept/tree', { token: holder })).code).toBe(401);
    const saved = (await api<{ id: number; key: string }[]>('/system/role/list', { token: root })).data.find((r) => r.key === role.key)!;
    expect((await api('/system/role/save', { token: root, body: { ...role, id: saved.id, permissions: ['system:dept:list'] } })).code).toBe(0);
    expect((await api('/system/dept/tree', { token: holder })).code).toBe(0);
    await api('/system/role/save', { token: root, body: { ...role, id: saved.id, permissions: ['system:user:list'] } });
    expect((await api('/system/dept/tree', { token: holder })).code).toBe(401);
  });

  it('refuses to rename or delete a built-in role and unknown permissions', async () => {
    const root = await login('root');
    const roles = await api<{ id: number; key: string }[]>('/system/role/list', { token: root });
    const student = roles.data.find((r) => r.key === 'student')!;
    expect((await api('/system/role/delete', { token: root, body: { id: student.id } })).code).toBe(10400);
    expect((await api('/system/role/save', { token: root, body: { id: student.id, key: 'pupil', name: 'x', permissions: [], menuIds: [] } })).code).toBe(10400);
    expect((await api('/system/role/save', { token: root, body: { key: 'custom', name: 'x', permissions: ['fly'], menuIds: [] } })).code).toBe(10400);
  });
});

describe('operations', () => {
  // Metrics are on each process's internal port, not the API (metrics.e2e-spec.ts).
  it('reports health and API docs', async () => {
    const health = await api<{ status: string; checks: Record<string, string> }>('/health');
    expect(health.data).toEqual({ status: 'ok', checks: { redis: 'ok', auth: 'ok', competitions: 'ok', enrollment: 'ok', certificates: 'ok', review: 'ok', payment: 'ok', statistics: 'ok' } });
    const docs = await fetch(`${BASE}/docs-json`);
    const spec = (await docs.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/prod-api/auth/login/pwd', '/prod-api/system/user/page']));
  });

  it('sends security headers, a request id, and CORS only to known web origins', async () => {
    const ok = await fetch(`${BASE}/health`, { headers: { origin: 'http://localhost:5173', 'x-request-id': 'trace-me-123' } });
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    // The request id is the server's own (issue 27: it de-duplicates the operation log); the caller's is only logged.
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const evil = await fetch(`${BASE}/health`, { headers: { origin: 'http://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

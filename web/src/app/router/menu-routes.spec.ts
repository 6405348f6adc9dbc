import type { MenuEntry } from '@cmp/contracts';
import { ancestorKeys, firstPagePath, hideUnopenable, joinPath, LEAF_ICON, menuToRoutes, pageRoutes, parseQuery, sidebarItems } from './menu-routes';

let nextId = 1;
function entry(p: Partial<MenuEntry> & Pick<MenuEntry, 'menuType' | 'path'>): MenuEntry {
  const menuId = p.menuId ?? nextId++;
  return {
    menuId,
    parentId: null,
    menuName: p.menuName ?? `m${menuId}`,
    menuNameEn: p.menuNameEn ?? `M${menuId}`,
    component: null,
    query: null,
    icon: null,
    visible: 1,
    orderNum: 0,
    children: [],
    ...p,
  };
}

describe('menu to routes', () => {
  const tree: MenuEntry[] = [
    entry({
      menuType: 1,
      path: '/system',
      component: 'Layout',
      icon: 'system',
      orderNum: 2,
      children: [
        entry({ menuType: 2, path: 'user', component: 'system/user/index', orderNum: 1 }),
        entry({ menuType: 2, path: 'role', component: 'system/role/index', orderNum: 0 }),
        entry({ menuType: 2, path: 'secret', component: 'system/secret/index', visible: 0, orderNum: 3 }),
      ],
    }),
    entry({
      menuType: 1,
      path: 'dashboard',
      component: 'Layout',
      icon: 'dashboard',
      orderNum: 1,
      children: [entry({ menuType: 2, path: 'index', component: 'dashboard/index', menuName: '工作台', menuNameEn: 'Workbench' })],
    }),
    entry({
      menuType: 4,
      path: '/leaf',
      component: 'leaf/index',
      orderNum: 3,
      children: [entry({ menuType: 2, path: 'child', component: 'x/index' })],
    }),
    entry({
      menuType: 1,
      path: '/moc',
      icon: LEAF_ICON,
      orderNum: 4,
      children: [entry({ menuType: 2, path: 'a', component: 'a/index' }), entry({ menuType: 2, path: 'b', component: 'b/index' })],
    }),
    entry({ menuType: 1, path: '/empty', orderNum: 5 }),
    entry({ menuType: 2, path: 'https://example.org/docs', orderNum: 6 }),
  ];
  const routes = menuToRoutes(tree);

  it('sorts by orderNum and makes paths absolute', () => {
    expect(routes.map((r) => r.path)).toEqual(['/dashboard', '/system', '/leaf', '/moc', '/empty', 'https://example.org/docs']);
    expect(routes[1].children.map((r) => r.path)).toEqual(['/system/role', '/system/user', '/system/secret']);
  });

  it('hides entries whose visible is not 1', () => {
    const secret = routes[1].children[2];
    expect(secret.meta.hidden).toBe(true);
    expect(routes[1].children[0].meta.hidden).toBe(false);
  });

  it('drops the children of a type 4 entry', () => {
    expect(routes[2].children).toEqual([]);
  });

  it("marks an entry with icon 'moc' as a leaf", () => {
    expect(routes[3].meta.leaf).toBe(true);
    expect(routes[1].meta.leaf).toBe(false);
  });

  it('keeps both languages of the title and the component', () => {
    const wb = routes[0].children[0];
    expect(wb.meta.title).toBe('工作台');
    expect(wb.meta.titleEn).toBe('Workbench');
    expect(wb.component).toBe('dashboard/index');
  });

  it('lists the page routes (hidden ones too, directories and links not)', () => {
    expect(pageRoutes(routes).map((r) => r.path)).toEqual([
      '/dashboard/index',
      '/system/role',
      '/system/user',
      '/system/secret',
      '/leaf',
      '/moc/a',
      '/moc/b',
    ]);
  });

  it('finds the first visible page', () => {
    expect(firstPagePath(routes)).toBe('/dashboard/index');
    expect(firstPagePath([])).toBeNull();
  });

  describe('sidebar', () => {
    const items = sidebarItems(routes);

    it('shows a directory with exactly one child as that single entry', () => {
      expect(items[0]).toMatchObject({ key: '/dashboard/index', title: '工作台', titleEn: 'Workbench', icon: 'dashboard' });
      expect(items[0].children).toBeUndefined();
    });

    it('shows other directories as sub-menus without their hidden entries', () => {
      expect(items[1].key).toBe('/system');
      expect(items[1].children?.map((c) => c.key)).toEqual(['/system/role', '/system/user']);
    });

    it('shows a leaf (moc) directory as one entry, with no moc icon', () => {
      const moc = items.find((i) => i.key === '/moc');
      expect(moc?.children).toBeUndefined();
      expect(moc?.icon).toBeNull();
    });

    it('leaves out empty directories and keeps external links', () => {
      expect(items.find((i) => i.key === '/empty')).toBeUndefined();
      expect(items.find((i) => i.external)?.path).toBe('https://example.org/docs');
    });

    it('finds the sub-menus to open for a path', () => {
      expect(ancestorKeys(items, '/system/user')).toEqual(['/system']);
      expect(ancestorKeys(items, '/dashboard/index')).toEqual([]);
      expect(ancestorKeys(items, '/nowhere')).toBeNull();
    });

    it('shows a single hidden-flag-free directory even if its only child is hidden', () => {
      const r = menuToRoutes([entry({ menuType: 1, path: '/d', children: [entry({ menuType: 2, path: 'p', visible: 0 })] })]);
      expect(sidebarItems(r).map((i) => i.key)).toEqual(['/d/p']);
    });

    it("gives a single 'moc' leaf the directory's icon", () => {
      const r = menuToRoutes([entry({ menuType: 1, path: 'manualAdmin', icon: 'question', children: [entry({ menuType: 4, path: 'index', icon: LEAF_ICON })] })]);
      expect(sidebarItems(r)).toMatchObject([{ key: '/manualAdmin/index', icon: 'question' }]);
    });

    it('hides a hidden directory altogether', () => {
      const r = menuToRoutes([entry({ menuType: 1, path: '/d', visible: 0, children: [entry({ menuType: 2, path: 'p' })] })]);
      expect(sidebarItems(r)).toEqual([]);
    });
  });

  it('keeps pages that do not open off the sidebar, and a directory left empty, but keeps their routes', () => {
    const r = menuToRoutes([
      entry({ menuType: 1, path: '/review', children: [entry({ menuType: 2, path: 'mine', component: 'mine' }), entry({ menuType: 2, path: 'rounds', component: 'rounds' })] }),
      entry({ menuType: 1, path: '/data', children: [entry({ menuType: 2, path: 'a', component: 'a' }), entry({ menuType: 2, path: 'b', component: 'b' })] }),
    ]);
    const shown = hideUnopenable(r, (route) => route.component === 'rounds');
    expect(sidebarItems(shown).map((i) => [i.path, i.children?.map((c) => c.path)])).toEqual([['/review', ['/review/rounds']]]);
    expect(pageRoutes(shown).map((p) => p.path)).toEqual(['/review/mine', '/review/rounds', '/data/a', '/data/b']);
    expect(firstPagePath(shown)).toBe('/review/rounds');
  });

  it('joins paths', () => {
    expect(joinPath('', 'system')).toBe('/system');
    expect(joinPath('/system', 'user')).toBe('/system/user');
    expect(joinPath('/system', '/abs')).toBe('/abs');
    expect(joinPath('/system/', 'user/')).toBe('/system/user');
  });

  it('parses the query JSON, ignoring anything else', () => {
    expect(parseQuery('{"id":1,"a":"b"}')).toEqual({ id: '1', a: 'b' });
    expect(parseQuery('not json')).toBeNull();
    expect(parseQuery('[1]')).toBeNull();
    expect(parseQuery(null)).toBeNull();
  });
});

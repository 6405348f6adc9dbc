import { MenuType, type MenuEntry } from '@cmp/contracts';

/** The icon value that marks an entry as a leaf (spec section 4). */
export const LEAF_ICON = 'moc';

export interface RouteMeta {
  menuId: number;
  menuType: MenuType;
  title: string;
  titleEn: string;
  icon: string | null;
  /** visible !== 1 */
  hidden: boolean;
  /** icon 'moc': shown as one entry, never as a sub-menu */
  leaf: boolean;
  /** the entry's `query`, parsed from JSON */
  query: Record<string, string> | null;
}

/** A server menu entry turned into a route. `path` is absolute. */
export interface AppRoute {
  path: string;
  /** 'Layout', 'ParentView', a page key such as 'system/user/index', or null. */
  component: string | null;
  external: boolean;
  meta: RouteMeta;
  children: AppRoute[];
}

export interface SidebarItem {
  key: string;
  path: string;
  title: string;
  titleEn: string;
  icon: string | null;
  external: boolean;
  query: Record<string, string> | null;
  children?: SidebarItem[];
}

const EXTERNAL = /^(https?:|mailto:|tel:)/i;

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return normalise(child);
  return normalise(`${parent}/${child}`);
}

function normalise(path: string): string {
  const p = `/${path}`.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

export function parseQuery(query: string | null | undefined): Record<string, string> | null {
  if (!query || !query.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(query);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  } catch {
    return null;
  }
}

const isDirectory = (r: AppRoute) => r.meta.menuType === MenuType.directory;

/** The server's menu tree as routes: absolute paths, sorted by orderNum, no children under type 4. */
export function menuToRoutes(menus: readonly MenuEntry[], parentPath = ''): AppRoute[] {
  return [...menus]
    .sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0))
    .map((m) => {
      const external = EXTERNAL.test(m.path ?? '');
      const path = external ? m.path : joinPath(parentPath, m.path ?? '');
      return {
        path,
        component: m.component?.trim() || null,
        external,
        meta: {
          menuId: m.menuId,
          menuType: m.menuType,
          title: m.menuName,
          titleEn: m.menuNameEn || m.menuName,
          icon: m.icon || null,
          hidden: m.visible !== 1,
          leaf: m.icon === LEAF_ICON,
          query: parseQuery(m.query),
        },
        // A leaf page (type 4) has no children.
        children: m.menuType === MenuType.leaf ? [] : menuToRoutes(m.children ?? [], path),
      };
    });
}

/**
 * The routes with every page `opens` refuses hidden (kept, so a bookmark still says why), and every directory
 * left with no visible entry hidden too: the sidebar offers only what its user can open.
 */
export function hideUnopenable(routes: readonly AppRoute[], opens: (r: AppRoute) => boolean): AppRoute[] {
  return routes.map((r) => {
    if (r.external) return r;
    if (!isDirectory(r)) return opens(r) ? r : { ...r, meta: { ...r.meta, hidden: true } };
    const children = hideUnopenable(r.children, opens);
    const empty = children.length > 0 && children.every((c) => c.meta.hidden);
    return { ...r, children, meta: { ...r.meta, hidden: r.meta.hidden || empty } };
  });
}

/** Every route that renders a page (everything but directories and external links), depth first. */
export function pageRoutes(routes: readonly AppRoute[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of routes) {
    if (!r.external && !isDirectory(r)) out.push(r);
    out.push(...pageRoutes(r.children));
  }
  return out;
}

/** Directories, so that visiting one can go on to its first page. */
export function directoryRoutes(routes: readonly AppRoute[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of routes) {
    if (!r.external && isDirectory(r)) out.push(r);
    out.push(...directoryRoutes(r.children));
  }
  return out;
}

/** The first visible page, in menu order: where the back office opens. */
export function firstPagePath(routes: readonly AppRoute[]): string | null {
  for (const r of routes) {
    if (r.meta.hidden || r.external) continue;
    if (!isDirectory(r)) return r.path;
    const inner = firstPagePath(r.children);
    if (inner) return inner;
  }
  return null;
}

function item(r: AppRoute, icon: string | null = r.meta.icon): SidebarItem {
  return {
    key: r.path,
    path: r.path,
    title: r.meta.title,
    titleEn: r.meta.titleEn,
    icon: icon === LEAF_ICON ? null : icon,
    external: r.external,
    query: r.meta.query,
  };
}

/**
 * The sidebar (spec section 4): hidden entries are left out; a directory with exactly one child is one
 * always-visible entry leading to that child; a leaf ('moc') or a page is one entry; other directories
 * are sub-menus, and an empty directory is left out.
 */
export function sidebarItems(routes: readonly AppRoute[]): SidebarItem[] {
  const out: SidebarItem[] = [];
  for (const r of routes) {
    if (r.meta.hidden) continue;
    if (!isDirectory(r) || r.meta.leaf) {
      out.push(item(r));
      continue;
    }
    if (r.children.length === 1) {
      const only = r.children[0];
      const icon = only.meta.icon && only.meta.icon !== LEAF_ICON ? only.meta.icon : r.meta.icon;
      out.push(item(only, icon));
      continue;
    }
    const children = sidebarItems(r.children);
    if (children.length) out.push({ ...item(r), children });
  }
  return out;
}

/** The sidebar's open sub-menus for a path: the keys of the directories above it. */
export function ancestorKeys(items: readonly SidebarItem[], path: string, trail: string[] = []): string[] | null {
  for (const i of items) {
    if (i.path === path) return trail;
    if (i.children) {
      const found = ancestorKeys(i.children, path, [...trail, i.key]);
      if (found) return found;
    }
  }
  return null;
}

import Cookies from 'js-cookie';
import { DEFAULT_ROLE, ErrorCode, type MenuEntry, type UserInfo } from '@cmp/contracts';
import { sessionApi } from './session.api';
import { COOKIE_EXPIRES_DAYS, CookieName, StorageKey } from '../config/constants';
import { HttpError } from '../http/client';
import { storage } from '../storage';
import { createStore, useStore } from '../store/create-store';
import { hideUnopenable, menuToRoutes, type AppRoute } from '../router/menu-routes';
import { pageOpens } from '../router/page-registry';
import { checkPermission } from '../permission/check';

/** 'expired': loading stopped on 11000; the HTTP client is asking the person to log in again. */
export type SessionStatus = 'idle' | 'loading' | 'ready' | 'error' | 'expired';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  name: string;
  avatar: string | null;
  /** Empty until user info is loaded; then never empty (DEFAULT_ROLE when the server gives none). */
  roles: string[];
  permissions: string[];
  menus: MenuEntry[];
  routes: AppRoute[];
  status: SessionStatus;
  error: string | null;
}

const EMPTY_USER: Omit<SessionState, 'token'> = {
  user: null,
  name: '',
  avatar: null,
  roles: [],
  permissions: [],
  menus: [],
  routes: [],
  status: 'idle',
  error: null,
};

export const sessionStore = createStore<SessionState>({ token: storage.get(StorageKey.accessToken), ...EMPTY_USER });

export function readGroupId(): number | null {
  const raw = storage.get(StorageKey.groupId);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

let inFlight: Promise<void> | null = null;

/** The menu of the stored organisation as routes; pages not built yet, or whose calls the user may not make, stay off the sidebar. */
async function fetchRoutes(roles: string[], permissions: string[]): Promise<{ menus: MenuEntry[]; routes: AppRoute[] }> {
  const groupId = readGroupId();
  // No organisation chosen: no dynamic routes (spec section 4).
  const menus = groupId === null ? [] : await sessionApi.userMenu(groupId);
  const allowed = (perms: readonly string[]) => checkPermission(roles, permissions, perms);
  return { menus, routes: hideUnopenable(menuToRoutes(menus), (r) => pageOpens(r.component, allowed)) };
}

export const sessionActions = {
  setToken(token: string) {
    storage.set(StorageKey.accessToken, token);
    sessionStore.set({ token, ...EMPTY_USER });
  },

  /** A token cookie from another of the platform's sites becomes this app's token (spec section 4). */
  adoptCookieToken(token: string) {
    storage.set(StorageKey.accessToken, token);
    Cookies.set(CookieName.admin, token, { expires: COOKIE_EXPIRES_DAYS });
    if (sessionStore.get().token !== token) sessionStore.set({ token, ...EMPTY_USER });
  },

  /**
   * 11000: the stored token and the cookies go at once, so a reload or another tab starts logged out;
   * the page keeps its session in memory until the person has answered the expiry question.
   */
  forgetStoredToken() {
    storage.remove(StorageKey.accessToken);
    Cookies.remove(CookieName.token);
    Cookies.remove(CookieName.admin);
  },

  /** Clears token, cookies, name, avatar, roles and permissions. */
  resetToken() {
    storage.remove(StorageKey.accessToken);
    Cookies.remove(CookieName.token);
    Cookies.remove(CookieName.admin);
    inFlight = null;
    sessionStore.set({ token: null, ...EMPTY_USER });
  },

  setGroupId(groupId: number) {
    storage.set(StorageKey.groupId, String(groupId));
  },

  clearGroupId() {
    storage.remove(StorageKey.groupId);
  },

  /** User info, then the menu of the stored organisation turned into routes. One load at a time. */
  loadSession(): Promise<void> {
    if (inFlight) return inFlight;
    sessionStore.set({ status: 'loading', error: null });
    const run = (async () => {
      try {
        const user = await sessionApi.userInfo();
        const roles = user.roleKeys?.length ? user.roleKeys : [DEFAULT_ROLE];
        const permissions = user.permissions ?? [];
        const { menus, routes } = await fetchRoutes(roles, permissions);
        sessionStore.set({
          user,
          name: user.realName || user.username,
          avatar: user.avatar,
          roles,
          permissions,
          menus,
          routes,
          status: 'ready',
          error: null,
        });
      } catch (err) {
        if (err instanceof HttpError && err.code === ErrorCode.LOGIN_EXPIRED) sessionStore.set({ status: 'expired', error: null });
        else sessionStore.set({ status: 'error', error: err instanceof Error ? err.message : String(err) });
      } finally {
        inFlight = null;
      }
    })();
    inFlight = run;
    return run;
  },

  /** After choosing another organisation: its menu replaces the routes. */
  async reloadRoutes(): Promise<void> {
    const { roles, permissions } = sessionStore.get();
    const { menus, routes } = await fetchRoutes(roles, permissions);
    sessionStore.set({ menus, routes });
  },

  /** After the person edits their own profile. */
  patchUser(patch: Partial<Pick<UserInfo, 'realName' | 'avatar'>>) {
    const user = sessionStore.get().user;
    if (!user) return;
    const next = { ...user, ...patch };
    sessionStore.set({ user: next, name: next.realName || next.username, avatar: next.avatar });
  },

  async logout(): Promise<void> {
    try {
      await sessionApi.logout();
    } finally {
      sessionActions.resetToken();
    }
  },
};

export const useSession = <T,>(select: (s: SessionState) => T): T => useStore(sessionStore, select);

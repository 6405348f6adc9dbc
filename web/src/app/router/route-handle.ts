import { createContext, useContext } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import type { TFunction } from 'i18next';

export type Area = 'home' | 'center' | 'back' | 'auth' | 'standalone';

/** What a route carries besides its element: its name (title) and where it belongs. */
export interface RouteHandle {
  /** i18n key of the title */
  titleKey?: string;
  /** a title from the server menu, in both languages */
  title?: { zh: string; en: string };
  area?: Area;
  /** hidden from the tags view */
  noTag?: boolean;
}

export function handleTitle(handle: RouteHandle | undefined, t: TFunction, lang: string): string | null {
  if (!handle) return null;
  if (handle.title) return lang.startsWith('en') ? handle.title.en : handle.title.zh;
  if (handle.titleKey) return t(handle.titleKey);
  return null;
}

/** The app's route objects, so guard, title and tags view match against the same list as the router. */
export const RoutesContext = createContext<RouteObject[]>([]);

export function matchedHandle(routes: RouteObject[], pathname: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].route.handle as RouteHandle | undefined;
    if (h && (h.titleKey || h.title)) return h;
  }
  return undefined;
}

export function useRouteHandle(): RouteHandle | undefined {
  const routes = useContext(RoutesContext);
  const { pathname } = useLocation();
  return matchedHandle(routes, pathname);
}

import { CENTER_PATH, HOME_PATH, LOGIN_PATH, NO_PAGE_PATH } from '../config/constants';

/** Paths anyone may open without logging in (spec section 2, and /manual), plus everything under /home. */
export const OPEN_PATHS: readonly string[] = [
  '/works/detail',
  '/details',
  '/neibu/login',
  '/neibu/register',
  '/neibu/retrieve',
  '/preview',
  '/preview/detail',
  '/home/homePage',
  '/noPage',
  '/pdf',
  '/experience',
  '/deepChat',
  '/home/paySuccess',
  '/screen/call',
  '/certificate/trace',
  // Issue 30: the manual is public (how the platform works is no secret, and a visitor deciding to apply reads it).
  '/manual',
];

export function isOpenPath(path: string): boolean {
  const p = path.toLowerCase();
  return p.startsWith('/home') || OPEN_PATHS.some((o) => o.toLowerCase() === p);
}

/** Routes that only redirect; resolved before the guard looks at the path, as a router would. */
const STATIC_REDIRECTS: Record<string, string> = {
  '/': HOME_PATH,
  '/kyjs': HOME_PATH,
  '/home': HOME_PATH,
  '/center': CENTER_PATH,
  '/details': '/home/competition/details',
};

export function staticRedirect(path: string): string | null {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return STATIC_REDIRECTS[p.toLowerCase()] ?? null;
}

export interface GuardInput {
  path: string;
  /** query string with its '?', or '' */
  search: string;
  /** the `token` cookie */
  cookieToken: string | null;
  /** the token in local storage */
  accessToken: string | null;
  /** user info has been loaded (roles are then never empty) */
  hasRoles: boolean;
  /** the path matches a known route (static or generated) */
  matched: boolean;
  /** the last visited route that has a name (title) */
  previousNamedPath: string | null;
}

export type GuardAction =
  | { type: 'proceed' }
  | { type: 'redirect'; to: string }
  /** fetch user info and the menu, add the routes, then decide again */
  | { type: 'load' };

export interface GuardDecision {
  action: GuardAction;
  /** store the cookie token as the access token (and set the admin cookie) */
  adoptCookieToken: boolean;
}

/** The navigation guard of spec section 4 as a pure function. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { path, search } = input;
  const decide = (action: GuardAction, adoptCookieToken = false): GuardDecision => ({ action, adoptCookieToken });

  if (path.includes('/undefined')) return decide({ type: 'redirect', to: '/' });

  const redirect = staticRedirect(path);
  if (redirect) return decide({ type: 'redirect', to: redirect + search });

  // A token cookie (set by another of the platform's sites) wins over the stored token. The spec only says
  // it is stored; we then carry on as with a stored token, so that such a session also gets its user and routes.
  const adopt = !!input.cookieToken && input.cookieToken !== input.accessToken;
  const token = input.cookieToken || input.accessToken;

  if (token) {
    if (path.toLowerCase() === LOGIN_PATH.toLowerCase()) return decide({ type: 'redirect', to: '/' }, adopt);
    if (!input.hasRoles) return decide({ type: 'load' }, adopt);
    if (input.matched) return decide({ type: 'proceed' }, adopt);
    const back = input.previousNamedPath && input.previousNamedPath.split('?')[0] !== path ? input.previousNamedPath : NO_PAGE_PATH;
    return decide({ type: 'redirect', to: back }, adopt);
  }

  if (isOpenPath(path)) return decide({ type: 'proceed' });
  return decide({ type: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(path + search)}` });
}

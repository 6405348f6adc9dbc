/** Business constants of the web app (spec section 9), in one place. */

/** localStorage keys of persisted preferences and session data. */
export const StorageKey = {
  device: 'device',
  size: 'size',
  language: 'language',
  sidebarStatus: 'sidebarStatus',
  groupId: 'groupId',
  accessToken: 'access_token',
  layoutSetting: 'layout-setting',
} as const;

/** Cookies: `token` may be set by another of the platform's sites; `Admin-Token` is the back office's copy. */
export const CookieName = {
  token: 'token',
  admin: 'Admin-Token',
} as const;

/** The interface language as a cookie too, for the pages the server renders (zh-CN without it). */
export const LANG_COOKIE = 'lang';

/** Cookie default expiry, in days. */
export const COOKIE_EXPIRES_DAYS = 1;

/** Request time-out of the HTTP client, in ms (spec section 9). */
export const REQUEST_TIMEOUT_MS = 5_000_000;
export const API_BASE = '/prod-api';

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const CLICK_GUARD_MS = 1000;
export const RELOAD_DELAY_MS = 500;

export const PROGRESS = { minimum: 0.08, speed: 200, trickleSpeed: 800 } as const;

/** Below this width the layout switches to the phone variant. */
export const MOBILE_BREAKPOINT_PX = 992;
/** Quiet time after the last resize before the layout follows the new width. */
export const RESIZE_SETTLE_MS = 100;

export const HOME_PATH = '/home/homepage';
export const LOGIN_PATH = '/neibu/login';
export const NO_PAGE_PATH = '/noPage';
export const BACK_NO_PAGE_PATH = '/backDesk/noPage';
export const CENTER_PATH = '/center/users';

/** Seconds before a new verification code can be requested. */
export const CODE_RESEND_SECONDS = 60;

/** Website settings of an organisation's public site (spec section 3). */

export interface NavigationChild {
  /** Where the entry goes: a path of the site (/home/...) or an http(s) address; see isSiteLink. */
  path: string;
  dictValue: string;
  name: string;
}

export interface NavigationSetting {
  name: string;
  /** Which page template the entry opens. */
  tem: string;
  children: NavigationChild[];
}

/** The three home templates of the spec. */
export const TEMPLATE_TYPES = [1, 2, 3] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/**
 * Banner images as the homepage shows them: 15:4, twice the carousel's 1200 px for sharp screens. An upload is cut
 * to this shape around its centre and scaled down to it; one smaller than BANNER_MIN_SIZE would look blurred.
 */
export const BANNER_SIZE = { width: 2400, height: 640 } as const;
export const BANNER_MIN_SIZE = { width: 1200, height: 320 } as const;
export const MAX_BANNERS = 10;

/** A slide of the homepage's banner carousel. */
export interface Banner {
  imageUrl: string;
  title: string;
  /** Where a click goes: a path of the site (/home/...) or an https address. */
  link: string;
}

export interface WebsiteSetting {
  groupId: number;
  navigationSettings: NavigationSetting[];
  description: string;
  templateType: TemplateType;
  banners: Banner[];
}

/** Which organisation's site: an explicit id, else the host the visitor used. */
export interface WebsiteQuery {
  groupId?: number;
  host?: string;
}

/**
 * Whether a link may be saved and rendered on a public site: an http(s) address or a path of the site (one
 * leading `/`). Anything else (javascript:, data:, vbscript:, a protocol-relative //host or /\host, text with
 * spaces or control characters) is refused on save by the gateway and never rendered as a link by the web.
 */
export function isSiteLink(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  // No whitespace, control characters or backslashes anywhere: browsers strip or reinterpret them (/\host is //host).
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  return /^\/(?!\/)/.test(value) || /^https?:\/\/[^/?#]+([/?#].*)?$/i.test(value);
}

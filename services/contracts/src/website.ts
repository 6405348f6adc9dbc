/** Website settings of an organisation's public site (spec section 3). */

export interface NavigationChild {
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

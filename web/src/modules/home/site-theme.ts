import type { ThemeConfig } from 'antd';

/**
 * The public site's colours meet WCAG AA contrast (4.5:1 for text): antd's primary blue on white (a primary button's
 * label, links) is 4.1:1 and its secondary text grey 3.4:1; these are 6.2:1 and 5.7:1.
 * The build writes antd's styles for this theme to a static style sheet (build/antd-static-style.ts): keep it plain data.
 */
export const SITE_THEME: ThemeConfig = { token: { colorPrimary: '#0958d9', colorLink: '#0958d9', colorTextTertiary: 'rgba(0, 0, 0, 0.6)', colorTextDescription: 'rgba(0, 0, 0, 0.6)' } };

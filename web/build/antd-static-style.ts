import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import type { ThemeConfig } from 'antd';

/**
 * antd writes its component styles at run time (CSS-in-JS): on a phone that is most of a public page's first render
 * (serialising the styles, then one style-sheet insertion and recalculation per component). This plugin renders the
 * components the public site uses at build time, in its theme, and writes their styles to a static style sheet that
 * index.html links. The sheet ends with antd's cache map (`.data-ant-cssinjs-cache-path`): at run time antd finds each
 * of these components' styles already there and neither builds nor inserts them. Components or themes not in the
 * sheet (the back office) keep antd's run-time styles, so a missing entry costs speed, never looks.
 */
export function antdStaticStyle(siteTheme: ThemeConfig): Plugin {
  let css = '';
  let fileName = '';
  return {
    name: 'antd-static-style',
    apply: 'build',
    buildStart() {
      css = renderStyles(siteTheme);
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      // Before the app's own sheets: they override antd's rules of the same weight, as when antd inserted them first.
      handler: () => [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head-prepend' }],
    },
  };
}

/** The styles of the public site's antd components (and of the page loader around them), as plain CSS. */
function renderStyles(siteTheme: ThemeConfig): string {
  // The hashed class names differ between development and production builds; the sheet is for the production one.
  process.env.NODE_ENV = 'production';
  const require = createRequire(import.meta.url);
  const React: typeof import('react') = require('react');
  const { renderToString }: typeof import('react-dom/server') = require('react-dom/server');
  const antd: typeof import('antd') = require('antd');
  const { StyleProvider, createCache, extractStyle }: typeof import('@ant-design/cssinjs') = require('@ant-design/cssinjs');
  const h = React.createElement;
  const { Alert, Breadcrumb, Button, Col, ConfigProvider, Descriptions, Empty, Input, Menu, Pagination, Result, Row, Segmented, Select, Skeleton, Space, Spin, Statistic, Table, Tabs, Tag, Timeline, Typography } = antd;
  // Every antd component imported by web/src/modules/home and what it shows (PageLoading, LanguageSwitch, PublicResults).
  const site = [
    h(Alert, { message: '-' }),
    h(Breadcrumb, { items: [{ title: '-' }] }),
    h(Button, { type: 'primary' }, '-'),
    h(Row, null, h(Col, { span: 12 })),
    h(Descriptions, { items: [{ label: '-', children: '-' }] }),
    h(Empty),
    h(Input),
    h(Input.Search),
    h(Menu, { items: [{ key: '-', label: '-' }] }),
    h(Pagination, { total: 100, showSizeChanger: true }),
    h(Result, { status: '404' }),
    h(Segmented, { options: ['-', '+'] }),
    h(Select),
    h(Skeleton, { active: true }),
    h(Space, null, '-'),
    h(Spin),
    h(Statistic, { value: 1 }),
    h(Table, { columns: [{ title: '-', dataIndex: 'a' }], dataSource: [{ key: 1, a: 1 }] }),
    h(Tabs, { items: [{ key: '-', label: '-', children: '-' }] }),
    h(Tag, null, '-'),
    h(Timeline, { items: [{ children: '-' }] }),
    h(Typography.Title, null, '-'),
    h(Typography.Paragraph, null, '-'),
    h(Typography.Text, null, '-'),
  ];
  const cache = createCache();
  renderToString(
    h(StyleProvider, { cache }, h(ConfigProvider, null, h(Spin), h(Skeleton), h(ConfigProvider, { theme: siteTheme }, ...site))),
  );
  return extractStyle(cache, { plain: true });
}

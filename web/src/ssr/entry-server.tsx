/**
 * The public pages' HTML, rendered on the server (built into dist-ssr by `vite build --ssr`, run by the gateway:
 * services/gateway/src/site/site-pages.ts). A visitor's first page then paints without JavaScript; the app loads
 * when the visitor acts on it (app/ssr/takeover.ts) and replaces the page with the same one, now live.
 */
import { PassThrough } from 'node:stream';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router';
import i18n, { normaliseLang } from '@/app/i18n';
import { SsrContext, type SsrFetcher } from '@/app/ssr/ssr';
import type { Params } from '@/app/http/client';
import HomeLayout from '@/modules/home/components/HomeLayout';
import HomePage from '@/modules/home/pages/HomePage';
import CompetitionListPage from '@/modules/home/pages/CompetitionListPage';
import CompetitionDetailPage from '@/modules/home/pages/CompetitionDetailPage';
import { LANDING, SERVER_RENDERED } from './landing';

export { SERVER_RENDERED };

export interface PageRequest {
  /** path and query, e.g. /home/competition/details?id=6 */
  url: string;
  host: string;
  /** the visitor's language (its cookie), zh-CN by default */
  lang: string | undefined;
  /** a GET of the API under /prod-api: resolves with the envelope's data, rejects with its message */
  get(url: string, params?: Params): Promise<unknown>;
  /** web/dist/index.html and Vite's manifest of that build (web/dist/.vite/manifest.json) */
  template: string;
  manifest: Record<string, ManifestChunk>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The page's HTML, or null when the path is not one the server renders. */
export async function renderPage(req: PageRequest): Promise<string | null> {
  const path = new URL(req.url, 'http://site').pathname.replace(/\/+$/, '');
  const titleKey = SERVER_RENDERED[path];
  if (!titleKey) return null;
  const lang = normaliseLang(req.lang);
  const t = i18n.getFixedT(lang);
  const i18nOfPage = i18n.cloneInstance({ lng: lang, initAsync: false });
  const fetcher: SsrFetcher = { host: req.host, settled: new Map(), get: memo(req.get) };

  const { prelude } = await prerenderToNodeStream(
    <SsrContext.Provider value={fetcher}>
      <I18nextProvider i18n={i18nOfPage}>
        <ConfigProvider locale={lang === 'en' ? enUS : zhCN} componentSize="middle">
          <StaticRouter location={req.url}>
            <Routes>
              <Route path="/home" element={<HomeLayout />}>
                <Route path="homepage" element={<HomePage />} />
                <Route path="competition" element={<CompetitionListPage />} />
                <Route path="competition/details" element={<CompetitionDetailPage />} />
              </Route>
            </Routes>
          </StaticRouter>
        </ConfigProvider>
      </I18nextProvider>
    </SsrContext.Provider>,
    // Every boundary in place in the HTML: no hidden parts moved in by script (and their reveal held back) later.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const body = await text(prelude);
  return page(req, lang, `${t(titleKey)} - ${t('app.title')}`, body, LANDING[path]);
}

/** Equal reads of one render share one request. */
function memo(get: PageRequest['get']): SsrFetcher['get'] {
  const asked = new Map<string, Promise<unknown>>();
  return (url, params) => {
    const key = `${url}?${JSON.stringify(params ?? {})}`;
    if (!asked.has(key)) asked.set(key, get(url, params));
    return asked.get(key)!;
  };
}

function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  const out = stream.pipe(new PassThrough());
  return new Promise((resolve, reject) => {
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    out.on('error', reject);
  });
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html around the rendered body: the page's own style sheets linked (the layout's and the page's, which the
 * browser build keeps in lazy chunks), the app's script and preloads taken out, and a few lines that load the app
 * when the visitor first acts on the page (or at once for a signed-in visitor, whose header differs).
 */
function page(req: PageRequest, lang: string, title: string, body: string, modules: string[]): string {
  const entry = ENTRY_SCRIPT.exec(req.template)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const css = pageStyles(req.manifest, modules);
  return req.template
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}" data-ssr>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join('')}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-ssr>${body}</div><script>${bootScript(entry)}</script>`);
}

/** The style sheets of the modules' chunks and of what they import, lazily too (a homepage's template). */
function pageStyles(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, lazy: boolean) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const f of chunk.css ?? []) css.add(f);
    for (const i of chunk.imports ?? []) visit(i, lazy);
    // Lazy imports of the page's own module (its templates), not the whole app's.
    if (!lazy) for (const i of chunk.dynamicImports ?? []) if (i.startsWith('src/modules/home/')) visit(i, true);
  };
  for (const m of modules) visit(m, false);
  // The entry's own sheets are linked by index.html already.
  const entry = Object.values(manifest).find((c) => (c as { isEntry?: boolean }).isEntry);
  for (const f of entry?.css ?? []) css.delete(f);
  return [...css];
}

/**
 * Loads the app (`entry`) on the visitor's first pointer, key or focus on the page, or at once when the page as the
 * server drew it is not theirs: signed in (the header shows their name), or, hidden until the app draws it, another
 * language kept in this browser or a site chosen earlier in this tab. A click
 * (or Enter in a field) before the app is ready is held and given again to the same element once it is
 * (app/ssr/takeover.ts); links work as links meanwhile.
 */
function bootScript(entry: string): string {
  return `(function(){var s=0,w=window;w.__ssrHeld=null;function go(){if(s)return;s=1;var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=${JSON.stringify(entry)};document.head.appendChild(e)}
['pointerdown','touchstart','keydown','focusin'].forEach(function(t){addEventListener(t,go,{capture:true,passive:true})});
addEventListener('click',function(e){if(w.__ssrTakenOver)return;var a=e.target.closest&&e.target.closest('a[href]');if(a)return;e.preventDefault();e.stopImmediatePropagation();w.__ssrHeld={el:e.target,enter:0};go()},true);
addEventListener('keydown',function(e){if(w.__ssrTakenOver||e.key!=='Enter'||!/^(INPUT|TEXTAREA)$/.test(e.target.tagName))return;e.preventDefault();w.__ssrHeld={el:e.target,enter:1}},true);
try{var l=localStorage.getItem('language'),d=document.documentElement.lang;if(l&&(/^en/i.test(l)?'en':'zh-CN')!==d||sessionStorage.getItem('siteGroupId')&&!/[?&]groupId=/.test(location.search)){document.getElementById('root').style.visibility='hidden';go()}else if(localStorage.getItem('access_token')||/(^|; )(token|Admin-Token)=/.test(document.cookie))go()}catch(x){go()}})();`;
}

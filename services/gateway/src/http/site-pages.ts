import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { pickLang, type Envelope } from '@cmp/contracts';
import type { PublicCache } from './public-cache';

/** Where nginx sends the public pages it wants rendered (infra/web-server.js): the page's own path follows. */
export const SITE_PAGE_PREFIX = '/site-page';
/** The web app's build beside the gateway's (the repository, or /app in the image). */
const WEB_DIR = path.resolve(__dirname, '../../../../web');

interface PageRenderer {
  renderPage(req: {
    url: string;
    host: string;
    lang: string | undefined;
    get(url: string, params?: Record<string, unknown>): Promise<unknown>;
    template: string;
    manifest: Record<string, unknown>;
  }): Promise<string | null>;
}

/**
 * The public site's landing pages as HTML, so a visitor's phone paints them before any script (web/src/ssr). The web
 * app's server build renders them; their reads go through this gateway's own routes (Fastify's inject: the same
 * validation, site by host, cache and logs as the browser's reads), as the visitor, in the visitor's language (its
 * `lang` cookie, as the web app keeps it). A rendered page is kept with the public reads and dropped with them.
 * Without the web build, or when rendering fails, the answer is 404 or 500 and nginx serves the browser-rendered app.
 */
export function registerSitePages(fastify: FastifyInstance, apiPrefix: string, cache: PublicCache, logger: FastifyBaseLogger): void {
  let renderer: { module: PageRenderer; template: string; manifest: Record<string, unknown> } | null | undefined;
  const load = () => {
    if (renderer !== undefined) return renderer;
    try {
      renderer = {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        module: require(path.join(WEB_DIR, 'dist-ssr', 'entry-server.cjs')) as PageRenderer,
        template: fs.readFileSync(path.join(WEB_DIR, 'dist', 'index.html'), 'utf8'),
        manifest: JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, unknown>,
      };
    } catch (err) {
      logger.warn(`public pages are rendered in the browser only: no web build at ${WEB_DIR} (${(err as Error).message})`);
      renderer = null;
    }
    return renderer;
  };

  fastify.get(`/${apiPrefix}${SITE_PAGE_PREFIX}/*`, async (req, reply) => {
    const page = load();
    const url = req.url.slice(`/${apiPrefix}${SITE_PAGE_PREFIX}`.length);
    const lang = langCookie(req.headers.cookie);
    if (!page) return reply.status(404).type('text/plain').send('not rendered here');
    const html = await cache.keep(`page ${url} ${req.hostname} ${lang}`, async () => {
      let broken: Error | undefined;
      const get = (path: string, params?: Record<string, unknown>) =>
        read(fastify, req, apiPrefix, lang, path, params).catch((err: Error) => {
          if (err instanceof Unavailable) broken = err;
          throw err;
        });
      const html = await page.module.renderPage({ url, host: req.hostname, lang, get, template: page.template, manifest: page.manifest });
      // A page missing what a service could not give is neither kept nor sent: the app draws it and says what failed.
      if (broken) throw broken;
      return html;
    });
    if (html === null) return reply.status(404).type('text/plain').send('not rendered here');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}

/** One of the page's reads, through this gateway as the visitor made it. */
async function read(fastify: FastifyInstance, visitor: FastifyRequest, apiPrefix: string, lang: string, url: string, params: Record<string, unknown> = {}): Promise<unknown> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') query.append(k, String(v));
  const res = await fastify.inject({
    method: 'GET',
    url: `/${apiPrefix}${url}?${query}`,
    headers: { host: visitor.hostname, 'accept-language': lang },
    remoteAddress: visitor.ip,
  });
  const body = res.json<Envelope<unknown>>();
  if (res.statusCode >= 500) throw new Unavailable(body.msg);
  if (body.code !== 0) throw new Error(body.msg);
  return body.data;
}

/** A read the platform could not answer (a service down), as opposed to an answer such as "not found". */
class Unavailable extends Error {}

/** The web app's language cookie (zh-CN without one, as the app). */
function langCookie(header: string | undefined): string {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(header ?? '')?.[1];
  return pickLang(value ? decodeURIComponent(value) : undefined);
}

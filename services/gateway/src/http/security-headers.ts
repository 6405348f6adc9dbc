import type { FastifyInstance } from 'fastify';

// Fixed once: an API answers JSON and files, never pages to frame or scripts to run.
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
};
// The API's own pages (the OpenAPI page, the queue board) run their own scripts and styles.
const PAGE_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";
// A work's PDF by its named link, and a PDF behind a signed link (/preview, /pdf), are shown in the web app's own
// frame (same origin, behind the same proxy).
const FRAMED_FILE = /\/review\/sheet\/file\/view\/|\/file\/link\?/;
const FRAMED_HEADERS = { 'content-security-policy': "default-src 'none'; frame-ancestors 'self'", 'x-frame-options': 'SAMEORIGIN' };

/**
 * Security headers on every response, set from constants rather than rebuilt per request, and the request's id
 * (x-request-id), in one callback hook: no promise per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, pagePrefixes: string[], appPagePrefixes: string[] = []): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    void reply.headers(API_HEADERS);
    void reply.header('x-request-id', req.id);
    if (pagePrefixes.some((p) => req.url.startsWith(p))) void reply.header('content-security-policy', PAGE_CSP);
    // The web app's own pages rendered here (site-pages.ts) run the app, served by nginx without a policy of ours.
    else if (appPagePrefixes.some((p) => req.url.startsWith(p))) reply.removeHeader('content-security-policy');
    else if (FRAMED_FILE.test(req.url)) void reply.headers(FRAMED_HEADERS);
    done(null, payload);
  });
}

import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { KioskWire, type KioskDevice, type KioskPairing, type KioskPairStatus } from '@cmp/contracts';
import { api, login } from './support/api';
import { KIOSK_URL, REPO, WEB_URL } from './support/platform';
import { makeOnsiteRound, ok } from './support/scene';

/**
 * Issue 28: the web apps are served as production serves them (nginx, infra/web-server.js), here through the addresses
 * the browser tests use: compressed hashed assets cached for good, index.html revalidated, the single-page fallback,
 * /prod-api proxied to the gateway, the kiosk's socket.io upgraded to WebSocket.
 */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as a client sends it, the body as it came over the wire (fetch would decompress it). */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Raw>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

/** The entry script index.html names (hashed by the build), e.g. /assets/index-Ab12Cd.js. */
function entryScript(app: 'web' | 'kiosk'): string {
  const html = fs.readFileSync(path.join(REPO, app, 'dist', 'index.html'), 'utf8');
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error(`${app}/dist/index.html names no /assets script`);
  return src;
}

describe('the web apps as served in production', () => {
  const script = entryScript('web');
  const onDisk = fs.readFileSync(path.join(REPO, 'web', 'dist', script));

  it('sends a hashed asset brotli-compressed to a client that takes it, cached for a year as immutable', async () => {
    const r = await get(`${WEB_URL}${script}`, { 'accept-encoding': 'br, gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.body.length).toBeLessThan(onDisk.length);
    expect(zlib.brotliDecompressSync(r.body).equals(onDisk)).toBe(true);
  });

  it('sends it gzipped to a client that takes only gzip, and as it is to one that takes neither', async () => {
    const gz = await get(`${WEB_URL}${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(gz.body).equals(onDisk)).toBe(true);
    const plain = await get(`${WEB_URL}${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);
  });

  it('has the browser revalidate index.html, and answers a deep link with it', async () => {
    const index = fs.readFileSync(path.join(REPO, 'web', 'dist', 'index.html'));
    for (const url of ['/', '/index.html', '/home/news/newsList', '/home/competition/detail/1?tab=news', '/home/competition/']) {
      const r = await get(`${WEB_URL}${url}`);
      expect({ url, status: r.status, cache: r.headers['cache-control'] }).toEqual({ url, status: 200, cache: 'no-cache' });
      expect(r.body.equals(index)).toBe(true);
    }
  });

  it("renders the public landing pages on the server: the organisation's content, in the visitor's language, no app script", async () => {
    for (const host of ['u1.localhost', 'localhost']) {
      const site = (await api<{ groupId: number; groupName: string }>('/web/competitionWebsite/getWebsiteSetting', { headers: { 'x-forwarded-host': host } })).data;
      const newest = (await api<{ list: { id: number; name: string; nameEn: string | null }[] }>(`/home/competition/page?groupId=${site.groupId}&pageSize=1`)).data.list[0];
      const list = await get(`${WEB_URL}/home/competition`, { host });
      const html = list.body.toString();
      expect({ status: list.status, type: list.headers['content-type'], cache: list.headers['cache-control'] }).toEqual({ status: 200, type: 'text/html; charset=utf-8', cache: 'no-cache' });
      expect(html).toContain('<html lang="zh-CN" data-ssr>');
      expect(html).toContain('<title>竞赛 - 竞赛管理系统</title>');
      expect(html).toContain(site.groupName);
      expect(html).toContain(newest.name);
      // The app's script is loaded by the page when the visitor acts, not by the document; the page's own sheets are linked.
      expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/site-[^"]+\.css">/);
      // Served as the API is not: no policy forbidding the app's own scripts.
      expect(list.headers['content-security-policy']).toBeUndefined();

      const en = (await get(`${WEB_URL}/home/competition/details?id=${newest.id}`, { host, cookie: 'lang=en' })).body.toString();
      expect(en).toContain('<html lang="en" data-ssr>');
      expect(en).toContain(newest.nameEn ?? newest.name);
      expect(en).toContain('Sign-up');
    }
    const missing = await get(`${WEB_URL}/home/competition/details?id=987654`);
    expect(missing.status).toBe(200);
    expect(missing.body.toString()).toContain('竞赛不存在或尚未发布');
    // The build's manifest (the renderer's) is not for visitors.
    expect((await get(`${WEB_URL}/.vite/manifest.json`)).status).toBe(404);
  });

  it('answers a missing asset with 404, never with the app (nor caches the 404 for good)', async () => {
    for (const url of ['/assets/index-doesnotexist.js', '/assets/gone.css', '/missing-logo.png']) {
      const r = await get(`${WEB_URL}${url}`);
      expect({ url, status: r.status }).toEqual({ url, status: 404 });
      expect(r.body.toString()).not.toContain('id="root"');
      expect(r.headers['cache-control'] ?? '').not.toContain('immutable');
    }
  });

  it('proxies /prod-api to the gateway, the API never falling back to the app', async () => {
    const health = await fetch(`${WEB_URL}/prod-api/health`);
    expect(((await health.json()) as { code: number }).code).toBe(0);
    const unknown = await fetch(`${WEB_URL}/prod-api/no-such-route`);
    expect(unknown.headers.get('content-type')).toMatch(/json/);
    expect(await unknown.text()).not.toContain('id="root"');
  });

  it('serves the kiosk app the same way', async () => {
    const kioskScript = entryScript('kiosk');
    const r = await get(`${KIOSK_URL}${kioskScript}`, { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const deep = await get(`${KIOSK_URL}/screen/call`);
    expect(deep.status).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it("upgrades the kiosk's socket.io to WebSocket through the kiosk's address", async () => {
    const admin1 = await login('admin1');
    const round = await makeOnsiteRound(admin1, 1, [{ name: '网页服务室', nameEn: 'Web room' }], `web${String(Date.now()).slice(-6)}`);
    const pairing = ok(await api<KioskPairing>('/kiosk/pair', { method: 'POST' }), 'pair');
    const bind = { code: pairing.code, roundId: round.round.id, roomIds: [round.setting.rooms[0].id], name: '网页服务屏', layout: 'room' };
    ok(await api<KioskDevice>('/review/scene/kiosk/bind', { token: admin1, body: bind }), 'bind');
    const { token } = ok(await api<KioskPairStatus>('/kiosk/pair/status', { body: { pairingKey: pairing.pairingKey } }), 'bound');

    const socket: Socket = io(`${KIOSK_URL}${KioskWire.namespace}`, { path: KioskWire.path, auth: { token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('websocket');
    } finally {
      socket.close();
    }
    // A screen the gateway refuses is refused through the proxy too: the answer is the gateway's, not nginx's.
    const refused = io(`${KIOSK_URL}${KioskWire.namespace}`, { path: KioskWire.path, auth: { token: 'not-a-token' }, transports: ['websocket'], reconnection: false });
    await expect(
      new Promise((resolve, reject) => {
        refused.once('connect', resolve);
        refused.once('connect_error', reject);
      }).finally(() => refused.close()),
    ).rejects.toThrow(KioskWire.denied);
  }, 120_000);
});

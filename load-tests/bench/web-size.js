'use strict';
// What the browser downloads: gzipped JavaScript that /home/homepage loads for a visitor, and that
// the back office (the users screen, logged in) loads, each with an empty cache, measured in
// Chromium against the built web app (vite preview) and the real platform. Issue 3's target:
// under 250 KB for the homepage.

const path = require('node:path');
const zlib = require('node:zlib');
const puppeteer = require('puppeteer-core');
const { startPlatform } = require('./lib/platform');
const { start, freePort, waitUntil } = require('./lib/processes');

const TARGET_HOME_KB = 250;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Loads `url` in a fresh browser context and sums the JS it fetched: raw and gzipped (level 9) bytes. */
async function jsLoadedBy(browser, url, localStorage = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const files = new Map();
  page.on('response', async (res) => {
    if (!/\.js(\?|$)/.test(res.url())) return;
    const body = await res.buffer().catch(() => null);
    if (body) files.set(res.url(), { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  if (Object.keys(localStorage).length) {
    await page.evaluateOnNewDocument((items) => Object.entries(items).forEach(([k, v]) => globalThis.localStorage.setItem(k, v)), localStorage);
  }
  await page.goto(url, { waitUntil: 'networkidle0' });
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const sum = (k) => [...files.values()].reduce((n, f) => n + f[k], 0);
  return { files: files.size, raw: sum('raw'), gzip: sum('gzip'), finalPath };
}

const kb = (n) => (n / 1024).toFixed(1);

module.exports = {
  name: 'web-size',
  description:
    'Gzipped JavaScript the browser downloads for the public homepage (a visitor) and for the back office (admin1 on the users ' +
    'screen), each with an empty cache, from the production build served by vite preview.',

  async run(ctx) {
    const root = path.resolve(__dirname, '..', '..');
    const platform = await startPlatform(ctx, { database: 'cmp_bench' });
    const port = await freePort();
    const web = start('web', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'preview', path.join(root, 'web'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      ...platform.env,
      GATEWAY_URL: platform.url,
    });
    const webUrl = `http://127.0.0.1:${port}`;
    await waitUntil('vite preview', async () => (await fetch(`${webUrl}/home/homepage`)).ok, [web]);

    const login = await (await fetch(`${platform.url}/prod-api/auth/login/pwd`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin1', password: 'Demo@2026' }),
    })).json();
    const token = login.data.token;
    const select = await (await fetch(`${platform.url}/prod-api/competition/group/user/getSelect`, { headers: { authorization: `Bearer ${token}` } })).json();

    const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const home = await jsLoadedBy(browser, `${webUrl}/home/homepage`);
      const office = await jsLoadedBy(browser, `${webUrl}/system/user`, { access_token: token, groupId: String(select.data.groupId) });
      if (office.finalPath !== '/system/user') ctx.note(`WARNING: the back-office page ended on ${office.finalPath}, not /system/user.`);
      const homeKb = home.gzip / 1024;
      ctx.note(`Target: homepage under ${TARGET_HOME_KB} KB gzipped: ${kb(home.gzip)} KB (${homeKb < TARGET_HOME_KB ? 'met' : 'NOT met'}).`);
      ctx.note('Sizes are of the JavaScript files as served, gzipped here at level 9; CSS-in-JS (antd) is inside the JS.');
      const row = (page, r) => ({ Page: page, 'JS files': r.files, 'Raw KB': kb(r.raw), 'Gzipped KB': kb(r.gzip) });
      return [row('/home/homepage (visitor)', home), row('/system/user (organiser, logged in)', office)];
    } finally {
      await browser.close();
    }
  },
};

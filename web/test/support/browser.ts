import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD, freshIp } from '../../../services/gateway/test/support/api';
import { LOG_DIR, SHOT_DIR, WEB_URL } from '../../../services/gateway/test/support/platform';

/**
 * Browser tests drive the built web app (served by the e2e global setup on WEB_URL) in Chromium.
 * One browser per test file: `const b = useBrowser('name')` at the top of the file.
 */
export { WEB_URL };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--lang=zh-CN',
];

const safe = (s: string) => s.replace(/[^\w\u4e00-\u9fff-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);

export interface BrowserSuite {
  /** The file's browser (launched in beforeAll). */
  readonly browser: Browser;
  /**
   * A fresh incognito-like context and page (own storage and cookies), desktop sized, with its own
   * client address so the gateway's per-address login limit of one page does not touch another.
   */
  newPage(): Promise<Page>;
  /** Saves a screenshot of the page as test-artifacts/screenshots/<suite>-<nn>-<name>.png. */
  shot(page: Page, name: string): Promise<void>;
  /**
   * `it` for browser tests: on failure it screenshots every open page (…-FAILED.png); a test that
   * left uncaught errors in a page fails.
   */
  it(name: string, fn: () => Promise<void>, timeout?: number): void;
}

/** Registers beforeAll/afterAll that launch and close one Chromium for the file. */
export function useBrowser(suite: string): BrowserSuite {
  let browser: Browser | null = null;
  let userDataDir = '';
  let counter = 0;
  const pageErrors: string[] = [];
  let log: fs.WriteStream | null = null;

  const shot = async (page: Page, name: string) => {
    fs.mkdirSync(SHOT_DIR, { recursive: true });
    await settle(page).catch(() => undefined);
    counter += 1;
    const file = path.join(SHOT_DIR, `${safe(suite)}-${String(counter).padStart(2, '0')}-${safe(name)}.png`);
    // The viewport only: a full-page capture makes Chromium resize the window (to 1 px wide for a moment),
    // which the app rightly takes for a phone.
    await page.screenshot({ path: file as `${string}.png` });
  };

  beforeAll(async () => {
    fs.mkdirSync(LOG_DIR, { recursive: true });
    log = fs.createWriteStream(path.join(LOG_DIR, `browser-${safe(suite)}.log`), { flags: 'w' });
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      userDataDir,
      defaultViewport: { width: 1440, height: 900 },
    });
  });

  afterAll(async () => {
    await browser?.close();
    browser = null;
    log?.end();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  return {
    get browser() {
      if (!browser) throw new Error('the browser is started in beforeAll');
      return browser;
    },
    shot,
    it(name, fn, timeout) {
      it(
        name,
        async () => {
          const before = pageErrors.length;
          try {
            await fn();
          } catch (e) {
            for (const page of browser ? await browser.pages() : []) {
              if (page.url() !== 'about:blank') await shot(page, `${name}-FAILED`).catch(() => undefined);
            }
            throw e;
          }
          const fresh = pageErrors.slice(before);
          if (fresh.length) throw new Error(`Uncaught errors in the page:\n${fresh.join('\n')}`);
        },
        timeout,
      );
    },
    async newPage() {
      if (!browser) throw new Error('the browser is started in beforeAll');
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1440, height: 900 });
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshIp() });
      page.on('pageerror', (err) => {
        const text = `[pageerror] ${page.url()} ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
        pageErrors.push(text);
        log?.write(`${text}\n`);
      });
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warn') log?.write(`[console.${msg.type()}] ${page.url()} ${msg.text()}\n`);
      });
      page.on('requestfailed', (req) => log?.write(`[requestfailed] ${req.url()} ${req.failure()?.errorText ?? ''}\n`));
      page.on('response', (res) => {
        if (res.status() >= 400) log?.write(`[http ${res.status()}] ${res.request().method()} ${res.url()}\n`);
      });
      return page;
    },
  };
}

// ---- page helpers ----

/**
 * Waits until no finite CSS animation or transition is running (antd's motions), so the page is at rest.
 * Spinners (infinite) and the two-second click ripple (ant-wave, decoration only) do not count.
 */
export async function settle(page: Page, timeout = 5000): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target as Element | null | undefined;
        return a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity || !!target?.classList.contains('ant-wave');
      }),
    { timeout },
  );
}

/** Opens a path of the web app and waits until the app has rendered something. */
export async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${WEB_URL}${pathname}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the location's path is `pathname` (or matches it). */
export async function waitForPath(page: Page, pathname: string | RegExp, timeout = 20000): Promise<void> {
  const source = typeof pathname === 'string' ? `^${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : pathname.source;
  await page.waitForFunction((src: string) => new RegExp(src).test(window.location.pathname), { timeout }, source);
}

/** Waits until the visible text of `selector` (default the body) contains every one of `texts`. */
export async function waitForText(page: Page, texts: string | string[], selector = 'body', timeout = 20000): Promise<void> {
  const list = Array.isArray(texts) ? texts : [texts];
  await page.waitForFunction(
    (sel: string, wanted: string[]) => {
      const el = document.querySelector<HTMLElement>(sel);
      return !!el && wanted.every((w) => el.innerText.includes(w));
    },
    { timeout },
    selector,
    list,
  );
}

/** Waits until no element matching `selector` shows `text` (or none is visible at all when `text` is omitted). */
export async function waitForGone(page: Page, selector: string, text?: string, timeout = 20000): Promise<void> {
  await page.waitForFunction(
    (sel: string, t: string | null) =>
      [...document.querySelectorAll<HTMLElement>(sel)].every((el) => {
        const visible = !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && getComputedStyle(el).visibility !== 'hidden';
        return !visible || (t !== null && !el.innerText.includes(t));
      }),
    { timeout },
    selector,
    text ?? null,
  );
}

/** Visible text of the page (or of `selector`). */
export async function textOf(page: Page, selector = 'body'): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText);
}

/**
 * Clicks the element matching `selector` whose text contains `text`, once antd's motions are over (an
 * opening sub-menu clips its items while it grows) and it is visible and enabled.
 */
export async function clickText(page: Page, selector: string, text: string): Promise<void> {
  await settle(page);
  // The text matches the label inside a button, so the button's own state is checked (a click guard
  // disables a button for a moment after each click).
  await page
    .locator(`${selector} ::-p-text(${JSON.stringify(text).slice(1, -1)})`)
    .filter((el) => !el.closest('button')?.disabled)
    .click();
}

/** Fills an input: clears it, then types like a person. */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  const el = await page.locator(selector).waitHandle();
  await el.click({ count: 3 });
  await el.press('Backspace');
  await el.type(value);
}

/** On /role, enters the organisation with exactly this name. */
export async function chooseOrganisation(page: Page, name: string): Promise<void> {
  await waitForPath(page, '/role');
  await page.locator(`::-p-xpath(//div[contains(@class,"role-list")]//strong[normalize-space()=${JSON.stringify(name)}])`).click();
}

/** Logs in through the password form and waits for the organisation choice (/role). */
export async function loginWithPassword(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (pathOf(page) !== '/neibu/login') await open(page, '/neibu/login');
  await fill(page, '#username', username);
  await fill(page, '#password', password);
  await page.locator('.auth__card button.ant-btn-primary').click();
  await waitForPath(page, '/role');
}

/** The token the app stored after login. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  if (!token) throw new Error('no token in local storage');
  return token;
}

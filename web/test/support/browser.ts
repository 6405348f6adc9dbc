import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type HTTPResponse, type Page } from 'puppeteer-core';
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
      // CSS animations and transitions (antd's zooms, slides and fades) at ten times their speed, on every load of
      // this page: the tests wait for them to end before acting (`ready`, `settle`), and their end events still come.
      const cdp = await page.createCDPSession();
      await cdp.send('Animation.enable');
      await cdp.send('Animation.setPlaybackRate', { playbackRate: 10 });
      // A loaded CI machine can take longer than puppeteer's 30 s to leave a page showing a PDF inline.
      page.setDefaultNavigationTimeout(60_000);
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

/**
 * Makes every load of the page start in `lang`, whatever an earlier test switched to: a test that switches
 * the language then holds it until the next load.
 */
export async function loadsIn(page: Page, lang: 'zh-CN' | 'en'): Promise<void> {
  await page.evaluateOnNewDocument((l: string) => {
    if (window === window.top) localStorage.setItem('language', l);
  }, lang);
}

/** Opens a path of the web app and waits until the app has rendered something. */
export async function open(page: Page, pathname: string): Promise<void> {
  // Leaving a page that shows a PDF inline, Chromium (156) can load the next page without ever telling puppeteer that
  // its document loaded, or (under load) never leave at all. So the inline viewers go first, the new document is awaited
  // by itself (the old one is marked) rather than through goto's lifecycle, and a navigation that went nowhere is tried once more.
  for (let attempt = 1; ; attempt++) {
    await page
      .evaluate(() => {
        document.querySelectorAll('iframe, embed, object').forEach((el) => el.remove());
        (window as { leaving?: boolean }).leaving = true;
      })
      .catch(() => undefined);
    const navigation = page.goto(`${WEB_URL}${pathname}`, { waitUntil: 'domcontentloaded' }).catch((e: Error) => e);
    try {
      await page.waitForFunction(() => !(window as { leaving?: boolean }).leaving && (document.getElementById('root')?.childElementCount ?? 0) > 0, { timeout: attempt === 1 ? 30_000 : 60_000 });
      return;
    } catch (e) {
      if (attempt === 1) continue;
      // A navigation that failed (the server refused it) says more than the wait.
      const failed = await Promise.race([navigation, Promise.resolve(null)]);
      throw failed instanceof Error ? failed : e;
    }
  }
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the location's path is `pathname` (or matches it). */
export async function waitForPath(page: Page, pathname: string | RegExp, timeout = 20000): Promise<void> {
  const source = typeof pathname === 'string' ? `^${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : pathname.source;
  await page.waitForFunction((src: string) => new RegExp(src).test(window.location.pathname), { timeout }, source);
}

/** Waits until the visible text of an element matching `selector` (default the body) contains every one of `texts`. */
export async function waitForText(page: Page, texts: string | string[], selector = 'body', timeout = 20000): Promise<void> {
  const list = Array.isArray(texts) ? texts : [texts];
  await page.waitForFunction(
    (sel: string, wanted: string[]) => [...document.querySelectorAll<HTMLElement>(sel)].some((el) => wanted.every((w) => el.innerText.includes(w))),
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
 * Waits until the element a person would act on is there and ready, and answers it: visible, enabled (not
 * disabled, not loading), still (the same box across two animation frames, and no antd motion class on it or
 * an ancestor: dialogs, drawers, dropdowns and toasts zoom, move or slide in) and on top at its centre (no
 * mask or toast over it). `selector` is CSS, or XPath when it starts with "//"; with `text`, the deepest
 * visible element under a match whose text contains `text`, one whose whole text is `text` first. An input
 * antd draws over with its own control (a select's search box, a checkbox, a radio, a switch) stands for
 * that control, which is what is seen and clicked.
 */
export async function ready(page: Page, selector: string, text?: string, timeout = 20000): Promise<ElementHandle<Element>> {
  const found = await page.waitForFunction(
    async (sel: string, wanted: string | null) => {
      const roots: Element[] = [];
      if (sel.startsWith('//')) {
        const all = document.evaluate(sel, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        for (let i = 0; i < all.snapshotLength; i += 1) roots.push(all.snapshotItem(i) as Element);
      } else roots.push(...document.querySelectorAll(sel));
      const visible = (e: Element) => e.getClientRects().length > 0 && e.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const seen = (e: Element): Element => {
        const select = e.closest('.ant-select');
        if (select) return select.querySelector('.ant-select-selector') ?? e;
        if (e.matches('input') && getComputedStyle(e).opacity === '0') return e.closest('.ant-checkbox, .ant-radio, .ant-switch, .ant-upload') ?? e;
        return e;
      };
      let candidates = (wanted === null ? roots.map(seen) : roots).filter(visible);
      if (wanted !== null) {
        const has = (e: Element) => (e.textContent ?? '').includes(wanted) && visible(e);
        const holding = [...new Set(candidates.flatMap((r) => [r, ...r.querySelectorAll('*')]))].filter(has);
        candidates = holding.filter((e) => ![...e.children].some(has));
        const whole = candidates.filter((e) => (e.textContent ?? '').trim() === wanted);
        if (whole.length) candidates = whole;
      }
      const el = candidates[0];
      if (!el) return null;
      // Enabled, and not busy with an earlier click.
      if ((el.closest('button, input, textarea, select') as HTMLButtonElement | null)?.disabled) return null;
      if (el.closest('[aria-disabled="true"], .ant-btn-loading')) return null;
      // No motion on the way in or out, on the element or around it.
      const motion = /^ant-(zoom|move|fade|slide)-|-(appear|enter|leave)(-(prepare|start|active))?$/;
      for (let e: Element | null = el; e; e = e.parentElement) if ([...e.classList].some((c) => motion.test(c))) return null;
      const box = el.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      // On top: at its centre is the element, something inside it, or the control it is part of.
      const hit = x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight ? document.elementFromPoint(x, y) : null;
      const control = el.closest('button, a, label, .ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper, .ant-switch, .ant-segmented-item, .ant-upload') ?? el;
      if (!hit || !(control.contains(hit) || hit.contains(el))) {
        // Out of sight in the window or in a scrolled list: scroll it into view (nothing moves when it is in view and covered).
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        return null;
      }
      // Still: the same box two frames later.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const now = el.getBoundingClientRect();
      const still = Math.abs(now.x - box.x) < 0.5 && Math.abs(now.y - box.y) < 0.5 && Math.abs(now.width - box.width) < 0.5 && Math.abs(now.height - box.height) < 0.5;
      return still && el.isConnected ? el : null;
    },
    { timeout },
    selector,
    text ?? null,
  );
  const el = found.asElement() as ElementHandle<Element> | null;
  if (!el) throw new Error(`no element for ${selector}${text ? ` with "${text}"` : ''}`);
  return el;
}

/**
 * Starts waiting for the platform's answer to a call: `api` is the path after /prod-api, optionally after a
 * method ('POST /enroll/work/publish') and with query parameters the call must carry
 * ('/home/school/page?name=华东示范'). Start it before the action that makes the call, await it after.
 */
export function answered(page: Page, api: string, timeout = 30000): Promise<HTTPResponse> {
  const [, method, rest] = /^(?:([A-Z]+) )?(.*)$/.exec(api)!;
  const wanted = new URL(`/prod-api${rest}`, WEB_URL);
  const answer = page.waitForResponse((res) => {
    const url = new URL(res.url());
    const m = res.request().method();
    return (
      m !== 'OPTIONS' &&
      (!method || m === method) &&
      url.pathname === wanted.pathname &&
      [...wanted.searchParams].every(([k, v]) => url.searchParams.get(k) === v)
    );
  }, { timeout });
  // Awaited by the caller; an action that failed first must not leave it behind as an unhandled rejection.
  answer.catch(() => undefined);
  return answer;
}

export interface ClickOptions {
  /** Click the deepest element under `selector` whose text contains this (see `ready`). */
  text?: string;
  /** Wait for the platform's answer to this call after the click (see `answered`). */
  answer?: string;
  /**
   * For a click that can be lost (one landing while antd redraws the element, after a resize or while the page renders
   * its first data): the element is clicked again, up to three times, until the click's effect is seen within 5 s:
   * the answer to `answer` (`until: 'answer'`), or `text` showing in `selector`.
   */
  until?: 'answer' | { selector: string; text: string };
}

/**
 * Clicks an element once it is ready (see `ready`): `click(page, selector)`, `click(page, selector, text)` or
 * `click(page, selector, { text, answer, until })`, which also waits for the answer to the call the click makes.
 * An element re-rendered between the wait and the click is looked for again.
 */
export async function click(page: Page, selector: string, options: string | ClickOptions = {}): Promise<HTTPResponse | null> {
  const o: ClickOptions = typeof options === 'string' ? { text: options } : options;
  for (let attempt = 1; ; attempt += 1) {
    const answer = o.answer ? answered(page, o.answer, o.until === 'answer' ? 5000 : undefined) : null;
    await clickOnce(page, selector, o.text);
    if (!o.until) return answer ? await answer : null;
    const effect = o.until === 'answer' ? answer! : waitForText(page, o.until.text, o.until.selector, 5000);
    if (await effect.then(() => true, () => false)) return answer ? await answer : null;
    if (attempt === 3) throw new Error(`clicking ${selector}${o.text ? ` (${o.text})` : ''} three times had no effect`);
  }
}

async function clickOnce(page: Page, selector: string, text?: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const el = await ready(page, selector, text);
    try {
      await el.click();
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    } finally {
      await el.dispose();
    }
  }
}

/**
 * Fills an input or text area like a person: clicks into it once it is ready, selects what is there, types
 * over it, and looks that the field shows what was typed (typing again if the field was re-rendered meanwhile).
 */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await click(page, selector);
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(value);
    const shows = await page
      .waitForFunction(
        (sel: string, v: string) =>
          [...document.querySelectorAll(sel)].some((el) => {
            const input = el.matches('input, textarea') ? el : el.querySelector('input, textarea');
            return ((input as HTMLInputElement | null)?.value ?? '').replace(/\s+/g, '') === v;
          }),
        { timeout: 5000 },
        selector,
        value.replace(/\s+/g, ''),
      )
      .then(() => true, () => false);
    if (shows) return;
    if (attempt >= 3) throw new Error(`${selector} does not show "${value}" after typing it`);
  }
}

/**
 * Picks an option of an antd Select: opens it (`selector` is its input or its selector box), types `text`,
 * clicks the option showing `text` (the one showing exactly `text` first) and waits for the list to close.
 * Options found by a search on the server: `answer` names that call (see `answered`), awaited before picking.
 */
export async function choose(page: Page, selector: string, text: string, answer?: string): Promise<void> {
  await click(page, selector);
  const searched = answer ? answered(page, answer) : null;
  await page.keyboard.type(text);
  await searched;
  await click(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', text);
  await waitForGone(page, '.ant-select-dropdown');
}

/** On /role, enters the organisation with exactly this name. */
export async function chooseOrganisation(page: Page, name: string): Promise<void> {
  await waitForPath(page, '/role');
  await page.locator(`::-p-xpath(//div[contains(@class,"role-list")]//strong[normalize-space()=${JSON.stringify(name)}])`).click();
}

/** Logs in through the password form and waits until the login page is left (for the organisation choice, mostly). */
export async function loginWithPassword(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (pathOf(page) !== '/neibu/login') await open(page, '/neibu/login');
  await fill(page, '#username', username);
  await fill(page, '#password', password);
  await page.locator('.auth__card button.ant-btn-primary').click();
  // The organisation choice (/role), or past it when the site's organisation is the person's.
  await waitForPath(page, /^(?!\/neibu\/login$)/);
}

/** The token the app stored after login. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  if (!token) throw new Error('no token in local storage');
  return token;
}

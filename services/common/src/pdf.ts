import { buffer } from 'node:stream/consumers';
import puppeteer, { type Browser } from 'puppeteer-core';
import { storedImageKey, type StorageBackend } from './storage';

/*
 * Printing HTML to PDF with the host's Chromium (Debian's, with its CJK fonts): the certificates worker prints
 * batches, the payment service prints receipts. The page never fetches anything: images come inlined.
 */

/** Chromium flags of the developers' guide: no sandbox (containers), no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
  // No crash reporter: its handler process outlives the browser.
  '--disable-breakpad',
  '--disable-crash-reporter',
  // Pages render side by side: a tab in the background must still paint, or its screenshot waits forever.
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-background-timer-throttling',
];

/**
 * One Chromium, launched on first use. A crashed or disconnected browser is forgotten (and `onLost` told, so the
 * owner can drop its pages); the next call launches a new one.
 */
export class ChromiumBrowser {
  private browser: Promise<Browser> | null = null;

  constructor(
    private readonly executablePath: string,
    private readonly onLost: () => void = () => undefined,
  ) {}

  get(): Promise<Browser> {
    if (!this.browser) {
      const launching = puppeteer.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, headless: true });
      this.browser = launching;
      launching
        .then((b) => b.on('disconnected', () => this.lost(launching)))
        .catch(() => this.lost(launching));
    }
    return this.browser;
  }

  private lost(which: Promise<Browser>): void {
    if (this.browser !== which) return;
    this.browser = null;
    this.onLost();
  }

  async close(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    if (b) await (await b.catch(() => null))?.close().catch(() => undefined);
  }

  /** Kills the browser (tests of crash recovery use it). */
  async crash(): Promise<void> {
    const b = await this.browser?.catch(() => null);
    b?.process()?.kill('SIGKILL');
  }
}

/** A self-contained HTML document printed to one PDF at the page size its CSS `@page` names. */
export async function printHtmlToPdf(chromium: ChromiumBrowser, html: string): Promise<Buffer> {
  const page = await (await chromium.get()).newPage();
  try {
    await page.setContent(html, { waitUntil: 'load', timeout: 60000 });
    // System CJK fonts load lazily on first use: print only once every face the page uses is ready.
    await page.evaluate('document.fonts.ready.then(() => true)');
    return Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true, timeout: 60000 }));
  } finally {
    await page.close().catch(() => undefined);
  }
}

const IMAGE_MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * An image the gateway stored (a seal, a template's picture), inlined as a data URL so the page fetches nothing;
 * undefined for any other address or a file that is gone.
 */
export async function inlineStoredImage(storage: StorageBackend, url: string | null | undefined): Promise<string | undefined> {
  const key = storedImageKey(url);
  if (!key) return undefined;
  try {
    const file = await storage.get(key);
    if (!file) return undefined;
    return `data:${IMAGE_MIME[key.slice(key.lastIndexOf('.') + 1)]};base64,${(await buffer(file.stream)).toString('base64')}`;
  } catch {
    return undefined;
  }
}

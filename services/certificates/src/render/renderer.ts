import { PDFDocument } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { ChromiumBrowser } from '@cmp/common';
import { certificatePageSize } from '@cmp/contracts';

const MM_TO_PX = 96 / 25.4;

export interface RenderedChunk {
  pdfs: Buffer[];
  pngs: Buffer[];
}

export interface RendererOptions {
  chromiumPath: string;
  /** Pages kept open and reused; also how many chunks render at once. */
  pages: number;
  /** PNG previews' scale against CSS pixels (0.5: a 561×397 preview of an A4 landscape page). */
  previewScale: number;
}

/**
 * One Chromium for the worker, with a small pool of reused pages. Many certificates print in one page load
 * and one page.pdf call, and the PDF is split per page: the page load and the PDF pipeline's set-up are paid
 * once per chunk instead of once per certificate. A crashed or disconnected browser is dropped and relaunched
 * on the next call; the failing chunk is reported to the caller, which retries it.
 */
export class CertificateRenderer {
  private readonly chromium: ChromiumBrowser;
  private idle: Page[] = [];
  private waiting: ((p: Page) => void)[] = [];
  private open = 0;

  constructor(private readonly o: RendererOptions) {
    this.chromium = new ChromiumBrowser(o.chromiumPath, () => this.reset());
  }

  /** Forgets the lost browser's pages; callers waiting for a page get a fresh one. */
  private reset(): void {
    this.idle = [];
    this.open = 0;
    const waiting = this.waiting;
    this.waiting = [];
    for (const w of waiting) void this.acquire().then(w);
  }

  private async acquire(): Promise<Page> {
    const page = this.idle.pop();
    if (page && !page.isClosed()) return page;
    if (this.open < this.o.pages) {
      this.open++;
      try {
        return await (await this.chromium.get()).newPage();
      } catch (e) {
        this.open--;
        throw e;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(page: Page, healthy: boolean): void {
    if (!healthy) {
      this.open = Math.max(0, this.open - 1);
      void page.close().catch(() => undefined);
      if (this.waiting.length) void this.acquire().then(this.waiting.shift()!);
      return;
    }
    const next = this.waiting.shift();
    if (next) next(page);
    else this.idle.push(page);
  }

  /**
   * Prints a document of `count` certificate pages (renderCertificatesHtml) to one PDF per certificate at the
   * exact page size, plus a PNG preview of each page when asked.
   */
  async renderChunk(html: string, count: number, viewportRatio: number, png: boolean): Promise<RenderedChunk> {
    const size = certificatePageSize(viewportRatio);
    const page = await this.acquire();
    let healthy = false;
    try {
      await page.setViewport({
        width: Math.ceil(size.widthMm * MM_TO_PX),
        height: Math.ceil(size.heightMm * MM_TO_PX),
        deviceScaleFactor: this.o.previewScale,
      });
      await page.setContent(html, { waitUntil: 'load', timeout: 60000 });
      // System CJK fonts load lazily on first use: print only once every face the page uses is ready.
      await page.evaluate('document.fonts.ready.then(() => true)');
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, timeout: 120000 });
      const pdfs = await splitPdf(pdf, count);
      const pngs: Buffer[] = [];
      if (png) {
        pngs.push(...(await this.exclusive(() => this.previews(page, count, size.widthMm, size.heightMm))));
      }
      healthy = true;
      return { pdfs, pngs };
    } finally {
      this.release(page, healthy);
    }
  }

  /**
   * Only the tab in front paints, so captures from pages side by side would wait for ever: screenshots take
   * turns, each bringing its page to the front first.
   */
  private shooting: Promise<unknown> = Promise.resolve();
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.shooting.then(fn, fn);
    this.shooting = run.catch(() => undefined);
    return run;
  }

  /** Pages stack on screen one under another, each one viewport tall: one clipped capture per certificate. */
  private async previews(page: Page, count: number, widthMm: number, heightMm: number): Promise<Buffer[]> {
    await page.bringToFront();
    const width = Math.ceil(widthMm * MM_TO_PX);
    const height = heightMm * MM_TO_PX;
    const out: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      // Scrolling the page under the viewport (not clipping far below it) keeps every capture viewport-sized.
      await page.evaluate(`window.scrollTo(0, ${i * height})`);
      out.push(Buffer.from(await page.screenshot({ type: 'png', optimizeForSpeed: true, clip: { x: 0, y: 0, width, height: Math.floor(height) } })));
    }
    return out;
  }

  close(): Promise<void> {
    return this.chromium.close();
  }

  /** Kills the browser (tests of crash recovery use it through the worker's signal handler). */
  crash(): Promise<void> {
    return this.chromium.crash();
  }
}

/** One PDF per page of a printed chunk; refuses a chunk whose page count is off (an overflowing design). */
export async function splitPdf(pdf: Uint8Array, count: number): Promise<Buffer[]> {
  const src = await PDFDocument.load(pdf);
  if (src.getPageCount() !== count) throw new Error(`expected ${count} pages, Chromium printed ${src.getPageCount()}`);
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const doc = await PDFDocument.create();
    const [p] = await doc.copyPages(src, [i]);
    doc.addPage(p);
    out.push(Buffer.from(await doc.save({ useObjectStreams: true })));
  }
  return out;
}

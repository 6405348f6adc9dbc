import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { renderCertificatesHtml, type CertificateDesign } from '@cmp/contracts';
import { DEMO_PASSWORD } from '../../services/gateway/test/support/api';
import { REPO, SHOT_DIR } from '../../services/gateway/test/support/platform';
import { click, fill, loadsIn, open, textOf, useBrowser, waitForGone, waitForText } from './support/browser';
import { gradientPng } from './support/png';

/** Box of the canvas element bound to `code`, in page pixels. */
async function boxOf(page: Page, code: string) {
  return page.$eval(`.cd-canvas .cd-el[data-code="${code}"]`, (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
}

async function codesOnCanvas(page: Page): Promise<string[]> {
  return page.$$eval('.cd-canvas .cd-el[data-code]', (els) => els.map((el) => (el as HTMLElement).dataset.code ?? ''));
}

/** The preview's document (a sandboxed same-origin srcdoc iframe). */
async function previewText(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const doc = document.querySelector<HTMLIFrameElement>('.cd-preview-frame')?.contentDocument;
    return !!doc?.querySelector('.cert-page');
  });
  return page.$eval('.cd-preview-frame', (frame) => (frame as HTMLIFrameElement).contentDocument?.body.innerText ?? '');
}

describe('certificate designer', () => {
  const b = useBrowser('certificate-designer');
  let page: Page;

  beforeAll(async () => {
    page = await b.newPage();
    // Whatever language a test switched to, each test's first load is in Chinese.
    await loadsIn(page, 'zh-CN');
    // admin2's organisation has no subordinates: login enters it without a choice.
    await open(page, '/neibu/login');
    await fill(page, '#username', 'admin2');
    await fill(page, '#password', DEMO_PASSWORD);
    await click(page, '.auth__card button.ant-btn-primary');
    await page.waitForSelector('.back-layout .sidebar');
  });

  /**
   * The designer with no work kept from before (the working copy a reload brings back is dropped): an empty
   * canvas, or the starting template of `category`.
   */
  async function designer(category?: string) {
    // The last page saves its working copy 300 ms after a change, so a save may land after any removal made from it:
    // the key goes as the new page starts, before its own scripts read it.
    const { identifier } = await page.evaluateOnNewDocument(() => {
      try {
        localStorage.removeItem('cmp.certificate.working');
      } catch {
        // a document without storage (about:blank) has no working copy
      }
    });
    await open(page, '/certificate/make');
    await page.removeScriptToEvaluateOnNewDocument(identifier);
    await page.waitForSelector('.cd-canvas');
    if (!category) return;
    await click(page, `[data-category="${category}"]`);
    await page.waitForSelector('.cd-canvas .cd-el[data-code="awardName"]');
  }

  /** A text element bound to 作品名称, as the first test binds it. */
  async function bindWorkName() {
    await click(page, '[data-testid="cd-add-text"]');
    await page.waitForSelector('.cd-el--selected');
    await click(page, '.cd-palette [data-code="workName"]');
    await page.waitForSelector('.cd-el--selected[data-code="workName"]');
  }

  b.it('builds a template from a category, binds a field, drags, undoes and redoes', async () => {
    await designer();
    await waitForText(page, ['证书制作', '模板类别', '绑定字段', '获奖类型四（含团队）']);
    expect(await page.$eval('.cd-title', (el) => (el as HTMLInputElement).value)).toBe('未命名证书');
    await b.shot(page, 'empty');
    await click(page, '[data-category="award4"]');
    await page.waitForSelector('.cd-canvas .cd-el[data-code="awardName"]');
    expect(await codesOnCanvas(page)).toEqual(expect.arrayContaining(['school', 'teamName', 'student', 'teacher', 'awardName', 'seal', 'qrCode', 'randomCode']));
    // The award name starts as 'first prize', big, bold and red.
    const award = await page.$eval('.cd-el[data-code="awardName"] .cd-el__text', (el) => {
      const s = getComputedStyle(el);
      return { text: (el as HTMLElement).innerText, color: s.color, weight: s.fontWeight };
    });
    expect(award).toEqual({ text: '一等奖', color: 'rgb(255, 0, 0)', weight: '700' });
    expect(await page.$eval('.cd-title', (el) => (el as HTMLInputElement).value)).toBe('获奖类型四（含团队）');
    await b.shot(page, 'award4-template');
    // A field's label is set to disappear with its empty field (no blank 指导教师 line on a team without one).
    await click(page, '.cd-canvas .cd-el', '指导教师：');
    await waitForText(page, ['字段为空时隐藏', '指导教师', '不打印这段文字'], '[data-testid="cd-inspector"]');
    await b.shot(page, 'label-hides-when-empty');

    // Bind a field: add a text element, then pick 作品名称 from the palette.
    await click(page, '[data-testid="cd-add-text"]');
    await page.waitForSelector('.cd-el--selected');
    await click(page, '.cd-palette [data-code="workName"]');
    await page.waitForSelector('.cd-el--selected[data-code="workName"]');
    // Style scope: vertical text and another font.
    await click(page, '[data-testid="cd-inspector"] [data-field="vertical"]');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.cd-el--selected .cd-el__text')!).writingMode === 'vertical-rl');
    await b.shot(page, 'bound-workName-vertical');
    await click(page, '[data-testid="cd-undo"]');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.cd-el--selected .cd-el__text')!).writingMode !== 'vertical-rl');

    // Drag the award name 120 px right and 40 px down; undo puts it back, redo moves it again.
    const before = await boxOf(page, 'awardName');
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 6; i += 1) await page.mouse.move(before.x + before.width / 2 + i * 20, before.y + before.height / 2 + (i * 40) / 6);
    await page.mouse.up();
    const moved = await boxOf(page, 'awardName');
    expect(Math.round(moved.x - before.x)).toBe(120);
    expect(Math.round(moved.y - before.y)).toBe(40);
    await page.waitForSelector('.cd-el--selected[data-code="awardName"] .cd-handle--rotate');
    await b.shot(page, 'dragged');

    // Position scope shows the element's place in canvas units.
    await click(page, '[data-testid="cd-inspector"] .ant-tabs-tab', '位置');
    await page.waitForSelector('[data-testid="cd-inspector"] input[aria-label="左"]');

    await click(page, '[data-testid="cd-undo"]');
    const undone = await boxOf(page, 'awardName');
    expect(Math.round(undone.x)).toBe(Math.round(before.x));
    expect(Math.round(undone.y)).toBe(Math.round(before.y));
    await click(page, '[data-testid="cd-redo"]');
    const redone = await boxOf(page, 'awardName');
    expect(Math.round(redone.x)).toBe(Math.round(moved.x));
    // Keyboard too.
    await click(page, '.cd-stage');
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    expect(Math.round((await boxOf(page, 'awardName')).x)).toBe(Math.round(before.x));
  });

  b.it('previews with sample data in Chinese and names the fields the longest names overflow', async () => {
    await designer('award4');
    await bindWorkName();
    await click(page, '[data-testid="cd-preview"]');
    const typical = await previewText(page);
    expect(typical).toContain('北京理工大学');
    expect(typical).toContain('张伟、李娜');
    expect(typical).toContain('一等奖');
    expect(typical).toContain('CMP2026-A3F9K2');
    await b.shot(page, 'preview-zh-typical');

    await click(page, '.ant-modal .ant-segmented-item', '最长数据');
    await page.waitForSelector('[data-testid="cd-overflow"]');
    const warning = await textOf(page, '[data-testid="cd-overflow"]');
    expect(warning).toContain('学校');
    expect(warning).toContain('团队名称');
    expect(await previewText(page)).toContain('阿卜杜热西提·买买提艾力');
    await b.shot(page, 'preview-zh-longest-overflow');
    await click(page, '.ant-modal-close');
    await waitForGone(page, '.ant-modal');

    // Save the draft and find it again in the drafts list.
    await fill(page, '.cd-title', '2026 创新大赛获奖证书');
    // Saved to the certificates service when the platform has it, else as a draft in this browser.
    await click(page, '[data-testid="cd-save"]');
    await waitForText(page, '“2026 创新大赛获奖证书”', '.ant-message');
    await click(page, '[data-testid="cd-drafts"]');
    await waitForText(page, '2026 创新大赛获奖证书', '.ant-drawer');
    await b.shot(page, 'drafts');
    const design: CertificateDesign = await page.evaluate(() => JSON.parse(localStorage.getItem('cmp.certificate.working') ?? '{}').design);
    expect(design.slides[0].elements.some((el) => el.code === 'workName')).toBe(true);

    // Leaving the screen keeps the work: a reload brings the same design back.
    await open(page, '/certificate/make');
    await page.waitForSelector('.cd-canvas .cd-el[data-code="workName"]');
    expect(await page.$eval('.cd-title', (el) => (el as HTMLInputElement).value)).toBe('2026 创新大赛获奖证书');
    expect(await codesOnCanvas(page)).toEqual(expect.arrayContaining(['school', 'teamName', 'awardName']));
  });

  b.it('works in English: portrait members template with its note, and the English preview', async () => {
    await designer('award4');
    await click(page, '.navbar__right .ant-btn:has(.anticon-translation)');
    await waitForText(page, ['Certificate designer', 'Template categories', 'Fields', 'Portrait: members', 'Drafts', 'Preview']);
    // Replacing a design that has elements asks first.
    await click(page, '[data-category="portraitMembers"]');
    await waitForText(page, 'Replace the current design with the "Portrait: members" starting template?', '.ant-modal');
    await click(page, '.ant-modal .ant-btn-primary', 'Confirm');
    await page.waitForSelector('.cd-canvas .cd-el[data-code="student_Portrait"]');
    expect(await page.$eval('.cd-title', (el) => (el as HTMLInputElement).value)).toBe('Portrait: members');
    await page.waitForSelector('.cd-canvas .cd-el[data-code="student_Portrait"]');
    await waitForText(page, '(Listed in no particular order, not by rank)', '.cd-canvas');
    await b.shot(page, 'portrait-members-en');
    await click(page, '[data-testid="cd-preview"]');
    const text = await previewText(page);
    expect(text).toContain('Wei Zhang');
    expect(text).toContain('(Listed in no particular order, not by rank)');
    expect(text).toContain('First Prize');
    await b.shot(page, 'preview-en');
    await click(page, '.ant-modal .ant-segmented-item', 'Longest data');
    await page.waitForSelector('[data-testid="cd-overflow"], [data-testid="cd-fits"]');
    await b.shot(page, 'preview-en-longest');
    await click(page, '.ant-modal-close');
    await waitForGone(page, '.ant-modal');
    await click(page, '.navbar__right .ant-btn:has(.anticon-translation)');
    await waitForText(page, ['证书制作', '模板类别']);
  });

  b.it('resizes, rotates, aligns, layers and edits text in place', async () => {
    await designer('award4');
    await click(page, '[data-category="awardName"]');
    await waitForText(page, '用“奖项名称”起始模板替换当前设计？', '.ant-modal');
    // antd spaces two-character Chinese button labels (确 定).
    await click(page, '.ant-modal .ant-btn-primary', '确');
    await page.waitForSelector('[data-category="awardName"].cd-category--active');
    const canvas = await page.$eval('.cd-canvas', (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width };
    });
    const award = await boxOf(page, 'awardName');
    await page.mouse.click(award.x + 10, award.y + 10);
    await page.waitForSelector('.cd-el--selected[data-code="awardName"]');

    // Resize from the bottom-right handle.
    const se = await page.$eval('.cd-el--selected .cd-handle--se', (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await page.mouse.move(se.x, se.y);
    await page.mouse.down();
    await page.mouse.move(se.x - 60, se.y + 10, { steps: 4 });
    await page.mouse.move(se.x - 100, se.y + 30, { steps: 4 });
    await page.mouse.up();
    const resized = await boxOf(page, 'awardName');
    expect(Math.round(resized.width)).toBe(Math.round(award.width - 100));
    expect(Math.round(resized.height)).toBe(Math.round(award.height + 30));

    // Rotate: drag the handle to the element's right, a quarter turn.
    const rotate = await page.$eval('.cd-el--selected .cd-handle--rotate', (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    const centre = { x: resized.x + resized.width / 2, y: resized.y + resized.height / 2 };
    await page.mouse.move(rotate.x, rotate.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 100, centre.y - 100, { steps: 4 });
    await page.mouse.move(centre.x + 200, centre.y, { steps: 4 });
    await page.mouse.up();
    await click(page, '[data-testid="cd-inspector"] .ant-tabs-tab', '位置');
    await page.waitForFunction(() => (document.querySelector('[data-testid="cd-inspector"] input[aria-label="旋转（度）"]') as HTMLInputElement)?.value === '90');
    await b.shot(page, 'resized-rotated');
    // Typing a rotation in the position scope; 0 puts it upright again.
    await fill(page, '[data-testid="cd-inspector"] input[aria-label="旋转（度）"]', '0');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !(document.querySelector('.cd-el--selected') as HTMLElement).style.transform);

    // Align to the canvas's left edge, then send to the back.
    await click(page, '.cd-toolbar button[aria-label="左对齐"]');
    expect(Math.round((await boxOf(page, 'awardName')).x)).toBe(Math.round(canvas.x));
    await click(page, '.cd-toolbar button[aria-label="置于底层"]');
    expect(await page.$eval('.cd-canvas .cd-el', (el) => (el as HTMLElement).dataset.code)).toBe('awardName');
    await click(page, '.cd-toolbar button[aria-label="置于顶层"]');
    expect(await page.$$eval('.cd-canvas .cd-el', (els) => (els[els.length - 1] as HTMLElement).dataset.code)).toBe('awardName');

    // Edit the heading in place: double-click, type, leave.
    const heading = await page.$eval('.cd-canvas .cd-el:not([data-code])', (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2, text: (el as HTMLElement).innerText };
    });
    expect(heading.text).toBe('荣誉证书');
    await page.mouse.click(heading.x, heading.y, { count: 2 });
    await page.waitForSelector('.cd-el__text--editing');
    await page.keyboard.type('优秀证书');
    // Rich text: select the word and make it italic with the in-place toolbar.
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await click(page, '.cd-rte__italic');
    await page.mouse.click(canvas.x + 5, canvas.y + 5);
    await page.waitForFunction(() => !document.querySelector('.cd-el__text--editing'));
    await waitForText(page, '优秀证书', '.cd-canvas');
    expect(await page.$$eval('.cd-canvas .cd-el:not([data-code]) span, .cd-canvas .cd-el:not([data-code]) i, .cd-canvas .cd-el:not([data-code]) em', (els) =>
      els.some((el) => getComputedStyle(el).fontStyle === 'italic' && (el as HTMLElement).innerText.includes('优秀证书')),
    )).toBe(true);
    await b.shot(page, 'edited-in-place');
    await click(page, '[data-testid="cd-undo"]');
    await waitForText(page, '荣誉证书', '.cd-canvas');

    // An uploaded image (a border, a logo) lands on the canvas and shows in the preview.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cert-image-')), 'logo.png');
    fs.writeFileSync(file, gradientPng(240, 120));
    const input = (await page.waitForSelector('.cd-side--left input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await page.waitForSelector('.cd-el--selected.cd-el--image img[src^="/prod-api/"]');
    await page.waitForFunction(() => (document.querySelector('.cd-el--selected img') as HTMLImageElement).naturalWidth === 240);
    await click(page, '[data-testid="cd-preview"]');
    await previewText(page);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLIFrameElement>('.cd-preview-frame')?.contentDocument?.querySelector<HTMLImageElement>('.cert-image img[src^="/prod-api/"]');
      return !!img && img.complete && img.naturalWidth === 240;
    });
    await b.shot(page, 'uploaded-image-preview');
    await click(page, '.ant-modal-close');
    await waitForGone(page, '.ant-modal');

    // Duplicate the image (toolbar), then undo the copy.
    const count = async () => page.$$eval('.cd-canvas .cd-el', (els) => els.length);
    const before = await count();
    await click(page, '.cd-toolbar button[aria-label="复制一份（Ctrl+D）"]');
    expect(await count()).toBe(before + 1);
    await click(page, '[data-testid="cd-undo"]');
    expect(await count()).toBe(before);

    // With nothing selected the inspector sets up the canvas: portrait turns the page upright.
    await page.mouse.click(canvas.x + 5, canvas.y + 5);
    await page.waitForSelector('[data-testid="cd-canvas-settings"]');
    await click(page, '[data-testid="cd-canvas-settings"] .ant-segmented-item', '竖版');
    await page.waitForFunction(() => {
      const r = document.querySelector('.cd-canvas')!.getBoundingClientRect();
      return r.height > r.width * 1.4;
    });
    await b.shot(page, 'canvas-portrait');
    await click(page, '[data-testid="cd-undo"]');
    await page.waitForFunction(() => {
      const r = document.querySelector('.cd-canvas')!.getBoundingClientRect();
      return r.height < r.width;
    });

    // A blank certificate, after a confirm.
    await click(page, '[data-testid="cd-new"]');
    await waitForText(page, '清空画布，新建一个空白证书？', '.ant-modal');
    await click(page, '.ant-modal .ant-btn-primary', '确');
    await page.waitForFunction(() => document.querySelectorAll('.cd-canvas .cd-el').length === 0);
    expect(await page.$eval('.cd-title', (el) => (el as HTMLInputElement).value)).toBe('未命名证书');
  });

  b.it('prints the saved design in Chromium: one A4 landscape page per certificate, names in the text', async () => {
    // A design as the designer keeps it: the starting template with 作品名称 bound, once written to the working copy.
    await designer('award4');
    await bindWorkName();
    await page.waitForFunction(() =>
      (JSON.parse(localStorage.getItem('cmp.certificate.working') ?? '{}').design?.slides?.[0]?.elements ?? []).some((el: { code?: string }) => el.code === 'workName'),
    );
    const design: CertificateDesign = await page.evaluate(() => JSON.parse(localStorage.getItem('cmp.certificate.working') ?? '{}').design);
    const printer = await b.newPage();
    const values = ['欧阳娜娜', '司马相如', '诸葛孔明'].map((student, i) => ({
      school: '北京理工大学',
      student,
      teacher: '王芳',
      teamName: '星火队',
      workName: '校园垃圾分类系统',
      awardName: '二等奖',
      certCodePrefix: 'CMP-',
      randomCode: `00${i + 1}`,
    }));
    await printer.setContent(renderCertificatesHtml(design, values), { waitUntil: 'load' });
    await printer.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await printer.$$eval('.cert-page', (pages) => pages.length)).toBe(3);
    expect(await printer.$eval('body', (el) => el.innerText)).toContain('司马相如');
    // The family the page uses for Chinese is really installed (no fallback to another face).
    const fontOk = await printer.evaluate(() => document.fonts.check('20px "Noto Sans CJK SC"', '证书'));
    expect(fontOk).toBe(true);
    const pdf = Buffer.from(await printer.pdf({ preferCSSPageSize: true, printBackground: true }));
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
    // A4 landscape (841.89 x 595.28 pt); Chromium rounds the page to whole CSS pixels, a fraction of a millimetre.
    const boxes = [...text.matchAll(/\/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes).toHaveLength(3);
    for (const [w, h] of boxes) {
      expect(Math.abs(w - 841.89)).toBeLessThan(1);
      expect(Math.abs(h - 595.28)).toBeLessThan(1);
    }
    fs.mkdirSync(SHOT_DIR, { recursive: true });
    await printer.setViewport({ width: 1123, height: 794 });
    await printer.setContent(renderCertificatesHtml(design, values.slice(0, 1)), { waitUntil: 'load' });
    await printer.evaluate(() => document.fonts.ready.then(() => undefined));
    await printer.screenshot({ path: path.join(SHOT_DIR, 'certificate-designer-printed.png') as `${string}.png` });
    await printer.close();
  });

  it('keeps the designer out of the public homepage bundle (lazy chunk)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; isDynamicEntry?: boolean }>;
    const entry = manifest['src/modules/certificate-designer/pages/CertificateDesignerPage.tsx'];
    expect(entry?.isDynamicEntry).toBe(true);
    const staticFiles = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || staticFiles.has(chunk.file)) return;
      staticFiles.add(chunk.file);
      (chunk.imports ?? []).forEach(walk);
    };
    walk('index.html');
    expect(staticFiles.has(entry.file)).toBe(false);
  });
});

/**
 * Certificate designs (spec sections 3, 4 and 9) and the one renderer shared by the web preview and the
 * certificates worker. The designer saves a {@link CertificateDesign}; the worker fills its bound fields with
 * {@link CertificateValues} and prints the HTML from {@link renderCertificateHtml} / {@link renderCertificatesHtml}
 * with Chromium. Keeping a single renderer here is what makes the preview show exactly what gets printed.
 *
 * Pure TypeScript with no runtime dependencies and no DOM: it runs in the browser and in Node alike.
 */

// ---------------------------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------------------------

/** Element coordinates, sizes and font sizes are in canvas units on a canvas this many units wide. */
export const CERTIFICATE_VIEWPORT_SIZE = 1000;
/** Canvas height / width of a landscape certificate (spec section 9), close to A4's 210 / 297. */
export const CERTIFICATE_DEFAULT_VIEWPORT_RATIO = 0.7085;
/** The portrait counterpart: the same proportions turned upright. */
export const CERTIFICATE_PORTRAIT_VIEWPORT_RATIO = 1.4114;

export type CertificateOrientation = 'landscape' | 'portrait';

export interface CertificatePageSize {
  orientation: CertificateOrientation;
  /** Exact paper size in millimetres (A4). */
  widthMm: number;
  heightMm: number;
  /** Millimetres per canvas unit. */
  mmPerUnit: number;
}

/**
 * The paper a design prints on: A4 landscape when the canvas is wider than tall, A4 portrait otherwise. The
 * canvas width maps onto the paper width; the paper keeps its exact A4 height (the ratio 0.7085 is a hair taller
 * than A4, so the last 0.4 mm of canvas is clipped rather than spilling onto a second PDF page).
 */
export function certificatePageSize(viewportRatio: number): CertificatePageSize {
  const portrait = Number.isFinite(viewportRatio) && viewportRatio > 1;
  const widthMm = portrait ? 210 : 297;
  const heightMm = portrait ? 297 : 210;
  return { orientation: portrait ? 'portrait' : 'landscape', widthMm, heightMm, mmPerUnit: widthMm / CERTIFICATE_VIEWPORT_SIZE };
}

// ---------------------------------------------------------------------------------------------------------------
// Binding codes, edit scopes, fonts
// ---------------------------------------------------------------------------------------------------------------

/** Text fields a template can bind (spec section 3). `_Portrait` variants list one name per line. */
export const CERTIFICATE_TEXT_CODES = [
  'school',
  'student',
  'teacher',
  'workName',
  'teamName',
  'awardName',
  'workName_Portrait',
  'student_Portrait',
  'school_Portrait',
  'teacher_Portrait',
  'teacher_school_Portrait',
  'userSchool',
  'userName',
  'userName_mid',
  'companyName',
  /** The batch's issuing organisation (证书设置 / 发证机构), filled by the worker, never by a winner's row. */
  'issuerName',
  /** The batch's competition, filled by the worker like the issuer. */
  'competitionName',
] as const;

/** Certificate-number parts. The body codes are the numbering variants of spec section 9. */
export const CERTIFICATE_NUMBER_CODES = [
  'certCodePrefix',
  'randomCode',
  'certCodeSuffix',
  'allAutoincrementThree',
  'allAutoincrementFour',
  'autoincrementThree',
  'autoincrementFour',
] as const;

/** Number codes that carry the number itself; an element bound to one prints prefix + number + suffix. */
export const CERTIFICATE_NUMBER_BODY_CODES = [
  'randomCode',
  'allAutoincrementThree',
  'allAutoincrementFour',
  'autoincrementThree',
  'autoincrementFour',
] as const;

/** Image fields: the trace QR code and the issuing organisation's seal, both supplied as data URLs. */
export const CERTIFICATE_IMAGE_CODES = ['qrCode', 'seal'] as const;

export type CertificateTextCode = (typeof CERTIFICATE_TEXT_CODES)[number];
export type CertificateNumberCode = (typeof CERTIFICATE_NUMBER_CODES)[number];
export type CertificateNumberBodyCode = (typeof CERTIFICATE_NUMBER_BODY_CODES)[number];
export type CertificateImageCode = (typeof CERTIFICATE_IMAGE_CODES)[number];
export type CertificateBindingCode = CertificateTextCode | CertificateNumberCode | CertificateImageCode;

export const isCertificateTextCode = (code: unknown): code is CertificateTextCode =>
  (CERTIFICATE_TEXT_CODES as readonly unknown[]).includes(code);
export const isCertificateNumberCode = (code: unknown): code is CertificateNumberCode =>
  (CERTIFICATE_NUMBER_CODES as readonly unknown[]).includes(code);
export const isCertificateImageCode = (code: unknown): code is CertificateImageCode =>
  (CERTIFICATE_IMAGE_CODES as readonly unknown[]).includes(code);

/** What the designer lets a user change on a selected element: its look, or where it sits. */
export const CERTIFICATE_EDIT_SCOPES = ['elStyle', 'elPosition'] as const;
export type CertificateEditScope = (typeof CERTIFICATE_EDIT_SCOPES)[number];

export interface CertificateFontOption {
  /** Stored in elements' fontFamily; the names of spec section 3. */
  value: 'SourceHanSans' | 'SimSun' | 'SimHei' | 'KaiTi' | 'FangSong';
  /**
   * CSS families in order. The first entry installed on the rendering host wins, in the browser and in Chromium
   * alike; each stack ends in a Debian CJK family (fonts-noto-cjk, fonts-wqy-zenhei) that is installed, so Chinese
   * never falls back to tofu.
   */
  families: string[];
  generic: 'sans-serif' | 'serif';
}

/**
 * The five font options mapped to real fonts. Source Han Sans is Noto Sans CJK (same glyphs); SimSun is a Song
 * face, like Noto Serif CJK; SimHei is a Hei face, like WenQuanYi Zen Hei. No free Kai or FangSong face is
 * installed here: they name AR PL UKai (fonts-arphic-ukai) first, so installing that package upgrades them in
 * preview and PDF together, and otherwise print in Noto Serif CJK.
 */
export const CERTIFICATE_FONTS: readonly CertificateFontOption[] = [
  { value: 'SourceHanSans', families: ['Noto Sans CJK SC'], generic: 'sans-serif' },
  { value: 'SimSun', families: ['Noto Serif CJK SC'], generic: 'serif' },
  { value: 'SimHei', families: ['WenQuanYi Zen Hei', 'Noto Sans CJK SC'], generic: 'sans-serif' },
  { value: 'KaiTi', families: ['AR PL UKai CN', 'Noto Serif CJK SC'], generic: 'serif' },
  { value: 'FangSong', families: ['AR PL UKai CN', 'Noto Serif CJK SC'], generic: 'serif' },
];
export type CertificateFontName = CertificateFontOption['value'];
export const CERTIFICATE_DEFAULT_FONT: CertificateFontName = 'SourceHanSans';

/** The CSS font-family value for a font option; unknown names get the default font (never raw user CSS). */
export function certificateFontCss(fontName: string | undefined): string {
  const option = CERTIFICATE_FONTS.find((font) => font.value === fontName) ?? CERTIFICATE_FONTS[0];
  return [...option.families.map((family) => `"${family}"`), option.generic].join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// Design entities (spec section 3)
// ---------------------------------------------------------------------------------------------------------------

/** Rich-text defaults of spec section 9. */
export const CERTIFICATE_TEXT_DEFAULTS = { color: '#000000', fontSize: 20, align: 'left', defaultColor: '#333' } as const;

export interface CertificateTextElement {
  name: string;
  type: 'text';
  id: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Rich-text HTML (p, span, strong, em, u, br ... with inline colour/alignment); sanitised when rendered. */
  content: string;
  rotate: number;
  /** In canvas units (the canvas is 1000 units wide). */
  fontSize: number;
  /** One of CERTIFICATE_FONTS' values. */
  fontFamily: string;
  bold: boolean;
  /** Characters run top to bottom, columns right to left. */
  vertical: boolean;
  /** The content as plain text (what the element shows when no value is bound). */
  contentText: string;
  defaultColor: string;
  defaultFontName: string;
  color: string;
  /** Template tag the element came from (e.g. the starting template's role for it). */
  source?: string;
  /** Binding key: when set, the element prints this field's value instead of its content. */
  code?: CertificateTextCode | CertificateNumberCode | '';
  /** Horizontal alignment; left by default. */
  align?: 'left' | 'center' | 'right';
  /**
   * Leave this element out when the named field has no value: set on a label ("指导教师：") with its value's
   * code, so a team without an adviser gets no empty label line.
   */
  hideWhenEmpty?: CertificateTextCode | CertificateNumberCode | '';
}

export interface CertificateImageElement {
  name: string;
  type: 'image';
  id: string;
  src: string;
  width: number;
  height: number;
  left: number;
  top: number;
  /** Binding key: qrCode or seal take their image from the values. */
  code?: CertificateImageCode | '';
  fixedRatio: boolean;
  rotate: number;
}

export type CertificateElement = CertificateTextElement | CertificateImageElement;

export interface CertificateSlide {
  id: string;
  elements: CertificateElement[];
  /** Optional canvas colour; white when absent. */
  background?: string;
}

/** The slide store state, which is also what a saved template holds. The first slide is the certificate. */
export interface CertificateDesign {
  title: string;
  slides: CertificateSlide[];
  viewportRatio: number;
  slideIndex: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Template categories (spec section 9)
// ---------------------------------------------------------------------------------------------------------------

export interface CertificateTemplateCategory {
  id: string;
  orientation: CertificateOrientation;
  /** The fields its starting template binds. */
  codes: readonly CertificateBindingCode[];
  /** Names are printed as "name (school)", for award-winner type 2. */
  namesWithSchool?: boolean;
}

const NUMBER_AND_IMAGES = ['certCodePrefix', 'randomCode', 'certCodeSuffix', 'qrCode', 'seal'] as const;

export const CERTIFICATE_TEMPLATE_CATEGORIES = [
  { id: 'award1', orientation: 'landscape', codes: ['school', 'student', 'teacher', 'workName', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'award2', orientation: 'landscape', codes: ['student', 'teacher', 'workName', 'awardName', ...NUMBER_AND_IMAGES], namesWithSchool: true },
  { id: 'award3', orientation: 'landscape', codes: ['school', 'student', 'teacher', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'award4', orientation: 'landscape', codes: ['school', 'student', 'teacher', 'teamName', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'awardName', orientation: 'landscape', codes: ['awardName', ...NUMBER_AND_IMAGES] },
  { id: 'portraitWork', orientation: 'portrait', codes: ['workName_Portrait', 'school_Portrait', 'student_Portrait', 'teacher_Portrait', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'portraitMembers', orientation: 'portrait', codes: ['student_Portrait', 'school_Portrait', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'portraitTeachers', orientation: 'portrait', codes: ['teacher_Portrait', 'teacher_school_Portrait', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'teacherPersonal1', orientation: 'landscape', codes: ['userName', 'userSchool', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'organisationName', orientation: 'landscape', codes: ['companyName', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'individual2', orientation: 'landscape', codes: ['userName', 'userSchool', 'awardName', ...NUMBER_AND_IMAGES] },
  { id: 'individual3', orientation: 'landscape', codes: ['userName_mid', 'awardName', ...NUMBER_AND_IMAGES] },
] as const satisfies readonly CertificateTemplateCategory[];
export type CertificateTemplateCategoryId = (typeof CERTIFICATE_TEMPLATE_CATEGORIES)[number]['id'];

// ---------------------------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------------------------

/**
 * Field values for one certificate, keyed by binding code. Lists (several students...) may be arrays: portrait
 * codes print one entry per line, others join them with '、'. Image codes take data URLs.
 */
export type CertificateValues = Partial<Record<CertificateBindingCode, string | readonly string[]>>;

export interface CertificateRenderOptions {
  /** Document title (defaults to the design's title). */
  title?: string;
  /**
   * Screen-only framing for previews (grey backdrop, page shadow, gap between pages). Print output is unaffected,
   * so leave it off for PNG screenshots of the page.
   */
  previewChrome?: boolean;
  /** Base URL for relative image paths (emitted as <base href>). */
  baseUrl?: string;
  /**
   * Decides which image sources may be loaded. By default only data:image URLs and paths relative to baseUrl
   * are kept: a template must not make the rendering host fetch arbitrary URLs.
   */
  resolveImageSrc?: (src: string) => string | undefined;
  /** Outline elements whose bound value is missing (designer preview). */
  markMissing?: boolean;
  /**
   * Print a bound element's own content (its 【field】 placeholder) when its value is missing. Only for the
   * designer's own canvas: certificates and their previews print nothing for an empty field.
   */
  placeholders?: boolean;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const mm = (value: number): string => `${Math.round(value * 1000) / 1000}mm`;

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/-]+\)|[a-z]{3,20})$/i;
const safeColor = (value: unknown, fallback: string): string => (typeof value === 'string' && COLOR.test(value.trim()) ? value.trim() : fallback);

const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,[a-z0-9+/=\s]+$/i;

function defaultResolveImageSrc(src: string): string | undefined {
  if (SAFE_DATA_IMAGE.test(src)) return src;
  // Relative paths only (not protocol-relative "//host"), resolved against baseUrl.
  if (/^\/(?!\/)/.test(src) || /^[\w-][\w./-]*$/.test(src)) return src;
  return undefined;
}

// --- rich-text sanitising -------------------------------------------------------------------------------------

const ALLOWED_TAGS = new Set(['p', 'div', 'span', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup']);
const VOID_TAGS = new Set(['br']);
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|template|textarea|title|noscript|svg|math|xmp)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const ALLOWED_STYLE = new Set(['color', 'background-color', 'font-weight', 'font-style', 'text-decoration', 'text-align', 'letter-spacing', 'line-height']);
const SAFE_STYLE_VALUE = /^[#\w\s.,%()-]+$/;

function sanitizeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!ALLOWED_STYLE.has(property) || !SAFE_STYLE_VALUE.test(value) || /url|expression|image/i.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Keeps text and existing entities, escaping any stray markup characters. */
function sanitizeText(text: string): string {
  return text
    .replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Whitelists the editor's rich text: formatting tags with a style attribute limited to colours, weight and
 * alignment. Everything else (scripts, handlers, links, images, url() styles) is dropped, and open tags are
 * closed so content can never break out of its element.
 */
export function sanitizeCertificateRichText(html: string): string {
  const source = String(html ?? '')
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(DROP_WITH_CONTENT, '');
  const out: string[] = [];
  const open: string[] = [];
  const tagPattern = /<\/?([a-z][a-z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  let last = 0;
  for (let match = tagPattern.exec(source); match; match = tagPattern.exec(source)) {
    out.push(sanitizeText(source.slice(last, match.index)));
    last = tagPattern.lastIndex;
    const tag = match[1].toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (match[0].startsWith('</')) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const styleMatch = /(?:^|\s)style\s*=\s*("([^"]*)"|'([^']*)')/i.exec(match[2]);
    const style = styleMatch ? sanitizeStyle(decodeAttribute(styleMatch[2] ?? styleMatch[3] ?? '')) : '';
    out.push(style ? `<${tag} style="${escapeHtml(style)}">` : `<${tag}>`);
    if (!VOID_TAGS.has(tag)) open.push(tag);
  }
  out.push(sanitizeText(source.slice(last)));
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

// --- values ---------------------------------------------------------------------------------------------------

const isNumberBody = (code: string): boolean => (CERTIFICATE_NUMBER_BODY_CODES as readonly string[]).includes(code);

/** The escaped HTML a bound text element prints, or undefined when the value is not supplied. */
export function certificateBoundText(code: string, values: CertificateValues): string | undefined {
  const raw = values[code as CertificateBindingCode];
  if (raw === undefined || raw === null) return undefined;
  const list = Array.isArray(raw) ? (raw as readonly string[]) : [raw as string];
  if (isNumberBody(code)) {
    const part = (key: CertificateNumberCode): string => {
      const value = values[key];
      return Array.isArray(value) ? value.join('') : String(value ?? '');
    };
    return escapeHtml(`${part('certCodePrefix')}${list.join('')}${part('certCodeSuffix')}`);
  }
  const separator = code.endsWith('_Portrait') ? '<br>' : '、';
  return list.map((entry) => escapeHtml(entry)).join(separator);
}

/** True when a field prints nothing for these values (missing, blank, or an empty list). */
export function certificateFieldEmpty(code: string, values: CertificateValues): boolean {
  const text = certificateBoundText(code, values);
  return text === undefined || !text.replace(/<br>|、/g, '').trim();
}

/**
 * The text fields a design binds that print nothing for one certificate's values (number codes always print):
 * what the check screen lists before issuing.
 */
export function certificateEmptyFields(design: CertificateDesign, values: CertificateValues): CertificateTextCode[] {
  const out: CertificateTextCode[] = [];
  for (const el of certificateSlide(design).elements ?? []) {
    if (el.type === 'text' && isCertificateTextCode(el.code) && !out.includes(el.code) && certificateFieldEmpty(el.code, values)) out.push(el.code);
  }
  return out;
}

/** The certificate face of a design: its first slide. */
export function certificateSlide(design: CertificateDesign): CertificateSlide {
  return design.slides?.[0] ?? { id: '1', elements: [] };
}

function renderElement(element: CertificateElement, values: CertificateValues, page: CertificatePageSize, options: CertificateRenderOptions): string {
  const unit = page.mmPerUnit;
  const box = [
    `left: ${mm(num(element.left) * unit)}`,
    `top: ${mm(num(element.top) * unit)}`,
    `width: ${mm(Math.max(0, num(element.width)) * unit)}`,
    `height: ${mm(Math.max(0, num(element.height)) * unit)}`,
  ];
  const rotate = num(element.rotate);
  if (rotate) box.push(`transform: rotate(${rotate}deg)`);
  const code = typeof element.code === 'string' ? element.code : '';
  const attrs = `data-el-id="${escapeHtml(element.id)}"${code ? ` data-code="${escapeHtml(code)}"` : ''}`;

  if (element.type === 'image') {
    const bound = code && isCertificateImageCode(code) ? values[code] : undefined;
    const raw = typeof bound === 'string' ? bound : code ? '' : String(element.src ?? '');
    const resolve = options.resolveImageSrc ?? defaultResolveImageSrc;
    const src = raw ? resolve(raw) : undefined;
    const missing = options.markMissing && code && bound === undefined ? ' cert-missing' : '';
    if (!src) return `<div class="cert-el cert-image${missing}" ${attrs} style="${escapeHtml(box.join('; '))}"></div>`;
    const fit = element.fixedRatio === false ? 'fill' : 'contain';
    return `<div class="cert-el cert-image${missing}" ${attrs} style="${escapeHtml(box.join('; '))}"><img src="${escapeHtml(src)}" alt="" style="object-fit: ${fit}"></div>`;
  }

  // A label of an empty field is left out altogether (hideWhenEmpty); see CertificateTextElement.
  if (element.hideWhenEmpty && certificateFieldEmpty(element.hideWhenEmpty, values)) return '';
  const bound = code ? certificateBoundText(code, values) : undefined;
  const own = () => (element.content ? sanitizeCertificateRichText(element.content) : escapeHtml(element.contentText ?? ''));
  // An empty bound field prints nothing: its placeholder is for the designer, never for paper.
  const html = bound ?? (code && !options.placeholders ? '' : own());
  const align = element.align === 'center' || element.align === 'right' ? element.align : CERTIFICATE_TEXT_DEFAULTS.align;
  const style = [
    ...box,
    `font-family: ${certificateFontCss(element.fontFamily || element.defaultFontName)}`,
    `font-size: ${mm(Math.max(1, num(element.fontSize, CERTIFICATE_TEXT_DEFAULTS.fontSize)) * unit)}`,
    `color: ${safeColor(element.color, CERTIFICATE_TEXT_DEFAULTS.color)}`,
    `font-weight: ${element.bold ? 'bold' : 'normal'}`,
    `text-align: ${align}`,
  ];
  if (element.vertical) style.push('writing-mode: vertical-rl', 'text-orientation: upright');
  const missing = options.markMissing && code && bound === undefined ? ' cert-missing' : '';
  // Escaped as an attribute: font stacks carry double quotes.
  return `<div class="cert-el cert-text${missing}" ${attrs} style="${escapeHtml(style.join('; '))}">${html}</div>`;
}

function renderPage(design: CertificateDesign, values: CertificateValues, page: CertificatePageSize, options: CertificateRenderOptions, index: number): string {
  const slide = certificateSlide(design);
  const background = safeColor(slide.background, '#ffffff');
  const elements = (slide.elements ?? []).map((element) => renderElement(element, values, page, options)).join('');
  return `<section class="cert-page" data-index="${index}" style="background: ${escapeHtml(background)}">${elements}</section>`;
}

function documentShell(design: CertificateDesign, pages: string, page: CertificatePageSize, options: CertificateRenderOptions): string {
  const title = escapeHtml(options.title ?? design.title ?? '');
  const base = options.baseUrl ? `<base href="${escapeHtml(options.baseUrl)}">` : '';
  const chrome = options.previewChrome
    ? `@media screen { body { background: #e9ebef; padding: 6mm 0; } .cert-page { margin: 0 auto 6mm; box-shadow: 0 1mm 4mm rgba(0,0,0,.2); } }`
    : '';
  const css = [
    `@page { size: ${page.widthMm}mm ${page.heightMm}mm; margin: 0; }`,
    `html, body { margin: 0; padding: 0; }`,
    `body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }`,
    `.cert-page { position: relative; width: ${page.widthMm}mm; height: ${page.heightMm}mm; overflow: hidden; break-after: page; page-break-after: always; }`,
    `.cert-page:last-child { break-after: auto; page-break-after: auto; }`,
    `.cert-el { position: absolute; box-sizing: border-box; transform-origin: center center; }`,
    // Overflow stays visible: a name longer than its box shows up in the preview instead of being cut silently.
    `.cert-text { line-height: 1.4; white-space: normal; word-break: break-word; overflow: visible; }`,
    `.cert-text p, .cert-text div { margin: 0; }`,
    `.cert-image img { display: block; width: 100%; height: 100%; }`,
    `.cert-missing { outline: 0.4mm dashed #faad14; }`,
    chrome,
  ].join('\n');
  return `<!DOCTYPE html><html><head><meta charset="utf-8">${base}<title>${title}</title><style>\n${css}\n</style></head><body>${pages}</body></html>`;
}

/** One certificate as a complete HTML document: one A4 page, ready for an iframe srcdoc or page.pdf. */
export function renderCertificateHtml(design: CertificateDesign, values: CertificateValues = {}, options: CertificateRenderOptions = {}): string {
  const page = certificatePageSize(design.viewportRatio);
  return documentShell(design, renderPage(design, values, page, options, 0), page, options);
}

/**
 * Many certificates of one design in a single document, one page each and in the order given, so a worker can
 * print a whole chunk with one page load and one page.pdf call, then split the PDF by page.
 */
export function renderCertificatesHtml(design: CertificateDesign, valuesList: readonly CertificateValues[], options: CertificateRenderOptions = {}): string {
  const page = certificatePageSize(design.viewportRatio);
  const pages = valuesList.map((values, index) => renderPage(design, values, page, options, index)).join('');
  return documentShell(design, pages, page, options);
}

// ---------------------------------------------------------------------------------------------------------------
// A sample design
// ---------------------------------------------------------------------------------------------------------------

const text = (id: string, contentText: string, props: Partial<CertificateTextElement>): CertificateTextElement => ({
  name: id,
  type: 'text',
  id,
  left: 100,
  top: 100,
  width: 300,
  height: 40,
  content: `<p>${escapeHtml(contentText)}</p>`,
  rotate: 0,
  fontSize: 24,
  fontFamily: 'SourceHanSans',
  bold: false,
  vertical: false,
  contentText,
  defaultColor: '#333',
  defaultFontName: 'SourceHanSans',
  color: '#000000',
  align: 'left',
  ...props,
});

/**
 * A sample of the format: an award-winner (type 1) certificate in Chinese: the competition, school, students, teachers, work, award name (80, bold,
 * red), the issuing organisation, an auto-increment number (or the given number code), the trace QR code and the seal.
 * Field labels are left out when their field is empty. The demo
 * template, and the design the tests and the bench issue.
 */
export function demoAwardDesign(numberCode: CertificateTextElement['code'] = 'allAutoincrementFour'): CertificateDesign {
  const rows: [string, CertificateTextElement['code']][] = [
    ['学校：', 'school'],
    ['学生：', 'student'],
    ['指导老师：', 'teacher'],
    ['作品名称：', 'workName'],
  ];
  const elements: CertificateElement[] = [
    text('heading', '荣誉证书', { left: 200, top: 40, width: 600, height: 90, fontSize: 64, bold: true, color: '#b8860b', fontFamily: 'SimHei', align: 'center' }),
    text('competition', '【竞赛名称】', { left: 100, top: 128, width: 800, height: 36, fontSize: 24, bold: true, align: 'center', code: 'competitionName' }),
  ];
  rows.forEach(([label, code], i) => {
    const top = 175 + i * 46;
    elements.push(text(`label-${code}`, label, { left: 120, top, width: 200, height: 40, align: 'right', hideWhenEmpty: code }));
    elements.push(text(`value-${code}`, `【${label.replace('：', '')}】`, { left: 330, top, width: 540, height: 40, code }));
  });
  elements.push(
    text('award', '一等奖', { left: 150, top: 370, width: 700, height: 110, fontSize: 80, bold: true, color: '#ff0000', align: 'center', code: 'awardName' }),
    text('congratulate', '特发此证，以资鼓励。', { left: 150, top: 488, width: 700, height: 36, fontSize: 22, align: 'center' }),
    text('issuer', '【发证机构】', { left: 540, top: 600, width: 300, height: 34, fontSize: 20, align: 'center', code: 'issuerName' }),
    text('number-label', '证书编号：', { left: 60, top: 640, width: 130, height: 30, fontSize: 18 }),
    text('number', '【编号】', { left: 190, top: 640, width: 330, height: 30, fontSize: 18, code: numberCode }),
    { name: 'qrCode', type: 'image', id: 'qr', src: '', left: 840, top: 545, width: 120, height: 120, code: 'qrCode', fixedRatio: true, rotate: 0 },
    { name: 'seal', type: 'image', id: 'seal', src: '', left: 610, top: 500, width: 160, height: 160, code: 'seal', fixedRatio: true, rotate: 0 },
  );
  return { title: '获奖证书', viewportRatio: 0.7085, slideIndex: 0, slides: [{ id: '1', elements }] };
}

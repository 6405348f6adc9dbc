import {
  CERTIFICATE_DEFAULT_FONT,
  CERTIFICATE_TEXT_DEFAULTS,
  CERTIFICATE_VIEWPORT_SIZE,
  escapeHtml,
  type CertificateElement,
  type CertificateImageElement,
  type CertificateTextElement,
} from '@cmp/contracts';
import { createId } from '../store/slides';

/** A text element with the rich-text defaults of spec section 9 (black, 20, left) unless told otherwise. */
export function newTextElement(text: string, props: Partial<CertificateTextElement> = {}): CertificateTextElement {
  return {
    name: text.slice(0, 20) || 'text',
    type: 'text',
    id: createId(),
    left: 100,
    top: 100,
    width: 300,
    height: 40,
    content: `<p>${escapeHtml(text)}</p>`,
    rotate: 0,
    fontSize: CERTIFICATE_TEXT_DEFAULTS.fontSize,
    fontFamily: CERTIFICATE_DEFAULT_FONT,
    bold: false,
    vertical: false,
    contentText: text,
    defaultColor: CERTIFICATE_TEXT_DEFAULTS.defaultColor,
    defaultFontName: CERTIFICATE_DEFAULT_FONT,
    color: CERTIFICATE_TEXT_DEFAULTS.color,
    align: CERTIFICATE_TEXT_DEFAULTS.align,
    ...props,
  };
}

export function newImageElement(src: string, props: Partial<CertificateImageElement> = {}): CertificateImageElement {
  return { name: 'image', type: 'image', id: createId(), src, width: 120, height: 120, left: 100, top: 100, fixedRatio: true, rotate: 0, ...props };
}

/** Plain text of rich-text HTML (for contentText), without a DOM. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

export type CanvasAlign = 'left' | 'hcenter' | 'right' | 'top' | 'vcenter' | 'bottom';

/** Where an element goes to line up with the canvas edge or centre. */
export function alignToCanvas(element: CertificateElement, how: CanvasAlign, viewportRatio: number): Pick<CertificateElement, 'left' | 'top'> {
  const width = CERTIFICATE_VIEWPORT_SIZE;
  const height = CERTIFICATE_VIEWPORT_SIZE * viewportRatio;
  const { left, top } = element;
  switch (how) {
    case 'left':
      return { left: 0, top };
    case 'hcenter':
      return { left: round((width - element.width) / 2), top };
    case 'right':
      return { left: round(width - element.width), top };
    case 'top':
      return { left, top: 0 };
    case 'vcenter':
      return { left, top: round((height - element.height) / 2) };
    case 'bottom':
      return { left, top: round(height - element.height) };
  }
}

export type LayerMove = 'top' | 'up' | 'down' | 'bottom';

/** The element list with one element moved in the stacking order (later elements paint on top). */
export function moveLayer(elements: CertificateElement[], id: string, move: LayerMove): CertificateElement[] {
  const from = elements.findIndex((element) => element.id === id);
  if (from < 0) return elements;
  const to = { top: elements.length - 1, up: Math.min(elements.length - 1, from + 1), down: Math.max(0, from - 1), bottom: 0 }[move];
  if (to === from) return elements;
  const next = elements.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export const round = (value: number): number => Math.round(value * 10) / 10;

/**
 * The largest font size up to `max` at which `text` fits on one line of `width` canvas units, estimating
 * CJK characters as one em and others as 0.6 em. Starting templates use it so a heading in English does not
 * wrap where the Chinese one fits.
 */
export function fitFontSize(text: string, width: number, max: number): number {
  let ems = 0;
  for (const ch of text) ems += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.6;
  return ems ? Math.max(8, Math.min(max, Math.floor(width / ems))) : max;
}

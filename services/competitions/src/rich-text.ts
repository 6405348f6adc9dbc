import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for rich text (news, competition introductions and guides): what the back office's editor produces (headings, paragraphs, lists,
 * quotes, code, links, images, tables, inline formatting and a few text styles) and nothing that runs:
 * no scripts, no event handlers, no frames or forms, and only http(s)/mailto links and http(s) or
 * same-site images (so no javascript: or data: URLs).
 */
export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'span',
    'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Styles only as far as the editor sets them; no url() can get through these patterns.
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(\.\d+)?(px|em|rem|%)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
    },
  },
  // Links that leave the site open in a new tab without handing it window.opener.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  disallowedTagsMode: 'discard',
};

/** News HTML made safe to show on the public site. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT_OPTIONS);

/** Plain text of news HTML, for keyword search and for telling an empty body from a real one. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'] });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the body shows anything: text, or at least one image. */
export const hasVisibleContent = (safeHtml: string): boolean => htmlToText(safeHtml).length > 0 || /<img\s/i.test(safeHtml);

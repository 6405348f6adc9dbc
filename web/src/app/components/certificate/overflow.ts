/**
 * Text elements of a rendered certificate document whose content spills out of their box, outlined in red and
 * named by `label(code)` (or their first characters). Call once the document's fonts are in: fallback metrics
 * would give a wrong answer.
 */
export function markOverflow(doc: Document, label: (code: string) => string): string[] {
  const spilled: string[] = [];
  doc.querySelectorAll<HTMLElement>('.cert-text').forEach((node) => {
    if (node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1) {
      node.style.outline = '0.5mm solid #ff4d4f';
      const code = node.dataset.code;
      const name = code ? label(code) : (node.textContent ?? '').trim().slice(0, 12);
      if (!spilled.includes(name)) spilled.push(name);
    }
  });
  return spilled;
}

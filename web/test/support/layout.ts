import type { Page } from 'puppeteer-core';

/**
 * What a reader of the page's tables would find broken, one line each (empty when nothing is):
 * - a cell whose text is cut off (content wider than the cell, or an element inside it scrolled or clipped),
 *   unless the cell is deliberately ellipsised and says its whole text in a tooltip (a `title`);
 * - a cell only partly in sight: under a fixed column or at the edge of a table that scrolls sideways (a date
 *   showing "2026" of "2026/11/23 22:18"). Cells scrolled wholly out of sight are the table's scrolling;
 * - a date (2026/11/23 … or 23 Nov 2026 …) wrapped onto two lines;
 * - a word broken across lines ("Complet/e?"): Latin words and numbers never break mid-word (a hyphen is a
 *   place to break; codes longer than 16 characters and wider than their cell cannot be kept whole).
 * `scope` narrows the check to the tables under it.
 */
export function tableProblems(page: Page, scope = 'body'): Promise<string[]> {
  return page.$$eval(`${scope} .ant-table-wrapper .ant-table-cell`, (cells) => {
    const problems: string[] = [];
    const DATE = /^(\d{4}\/\d{2}\/\d{2}|\d{1,2} [A-Z][a-z]{2,4} \d{4})/;
    const WORD = /[^\s\-\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{2,}/g;
    /** Distinct lines a range's text takes. */
    const lines = (r: Range) => new Set([...r.getClientRects()].filter((x) => x.width > 0.5).map((x) => Math.round(x.top))).size;
    for (const cell of cells as HTMLElement[]) {
      if (!cell.getClientRects().length || cell.closest('.ant-table-placeholder, .ant-table-measure-row')) continue;
      if (cell.matches('.ant-table-selection-column, .ant-table-row-expand-icon-cell')) continue;
      const text = cell.innerText.trim();
      if (!text) continue;
      const head = cell.matches('th');
      const name = `${head ? 'header' : 'cell'} "${text.replace(/\s+/g, ' ').slice(0, 40)}"`;
      const box = cell.getBoundingClientRect();
      const tooltip = !!cell.closest('[title]') || !!cell.querySelector('[title]');
      const ellipsised = cell.classList.contains('ant-table-cell-ellipsis') || !!cell.querySelector('.ant-typography-ellipsis');
      // Cut off: the text reaches past the cell, or an element in it has more to show than it shows.
      const all = document.createRange();
      all.selectNodeContents(cell);
      const reach = all.getBoundingClientRect();
      let clipped = reach.right > box.right + 1 || reach.left < box.left - 1;
      for (const el of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
        if (!el.getClientRects().length || el.matches('svg, svg *, input, textarea, .ant-checkbox, .ant-checkbox *')) continue;
        const style = getComputedStyle(el);
        if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) clipped = true;
        if (style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1 && style.whiteSpace !== 'nowrap') clipped = true;
      }
      if (clipped && !(ellipsised && tooltip)) problems.push(`${name} is cut off (${Math.round(box.width)} px wide)`);
      // Partly in sight: what the scrolling area and the fixed columns of its row leave of it.
      if (!cell.matches('.ant-table-cell-fix-left, .ant-table-cell-fix-right')) {
        const area = cell.closest('.ant-table-content, .ant-table-body, .ant-table-header')?.getBoundingClientRect();
        const row = [...(cell.parentElement?.children ?? [])];
        let left = Math.max(box.left, area?.left ?? -Infinity);
        let right = Math.min(box.right, area?.right ?? Infinity);
        for (const f of row.filter((c) => c.matches('.ant-table-cell-fix-left'))) left = Math.max(left, f.getBoundingClientRect().right);
        for (const f of row.filter((c) => c.matches('.ant-table-cell-fix-right'))) right = Math.min(right, f.getBoundingClientRect().left);
        const shown = right - left;
        if (shown > 0.5 && shown < box.width - 1) problems.push(`${name} is partly hidden (${Math.round(shown)} of ${Math.round(box.width)} px in sight)`);
      }
      if (!head && DATE.test(text)) {
        if (lines(all) > 1) problems.push(`${name}: the date wraps onto ${lines(all)} lines`);
      }
      // Words broken mid-word.
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        for (const m of value.matchAll(WORD)) {
          const r = document.createRange();
          r.setStart(node, m.index!);
          r.setEnd(node, m.index! + m[0].length);
          // A code or number longer than any word (a test's "1795477240889-893697") that is wider than the
          // cell has to break; a word that could fit on a line of its own must not.
          const width = [...r.getClientRects()].reduce((sum, x) => sum + x.width, 0);
          const unbreakable = m[0].length > 16 && width > cell.clientWidth;
          if (lines(r) > 1 && !unbreakable) problems.push(`${name}: "${m[0]}" is broken across lines`);
        }
      }
    }
    return problems;
  });
}

/** Sidebar labels cut off ("Certificate tem…"): every sub-menu must be open for its items to be measured. */
export function sidebarProblems(page: Page): Promise<string[]> {
  return page.$$eval('.sidebar .ant-menu-title-content', (titles) =>
    (titles as HTMLElement[])
      .filter((t) => t.getClientRects().length && t.scrollWidth > t.clientWidth + 1)
      .map((t) => `sidebar "${t.innerText.trim()}" is cut off (${t.clientWidth} of ${t.scrollWidth} px shown)`),
  );
}

/**
 * What a phone's reader would find broken on the page, one line each (empty when nothing is):
 * - the page scrolls sideways (wider than the screen);
 * - something reaches past the screen's edge, or a box scrolls sideways (a table wider than the phone hides its
 *   last columns, and with them the row's actions); tabs and carousels scroll by design;
 * - text cut off by its box (a clipped tag), unless ellipsised with a tooltip;
 * - text squeezed into a column a character or two wide (a title wrapped one character a line), or a word or
 *   number broken across lines.
 * Each problem is named by its outermost element; what is inside it is not reported again.
 */
export function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const page = document.scrollingElement!;
    if (page.scrollWidth > width + 1) problems.push(`the page scrolls sideways (${page.scrollWidth} px for a ${width} px screen)`);
    const SCROLLS_BY_DESIGN = '.ant-tabs-nav, .ant-tabs-nav *, .slick-list, .slick-track, .ant-carousel *, .ant-select-selection-overflow, .ant-image-preview-root *, .ant-picker-dropdown *, .ant-select-dropdown *, .ant-tooltip *, .ant-popover *';
    const WORD = /[^\s\-\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{2,}/g;
    /** Distinct lines a range's text takes. */
    const lines = (r: Range) => new Set([...r.getClientRects()].filter((x) => x.width > 0.5).map((x) => Math.round(x.top))).size;
    const reported: Element[] = [];
    const name = (el: Element) => {
      const text = ((el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${text ? ` "${text}"` : ''}`;
    };
    const report = (el: Element, what: string) => {
      if (reported.some((r) => r.contains(el))) return;
      reported.push(el);
      problems.push(`${name(el)} ${what}`);
    };
    /** Whether a box above the element hides what sticks out of it sideways (the box itself is judged instead). */
    const clippedAbove = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.matches('svg *, script, style, br') || el.matches(SCROLLS_BY_DESIGN)) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' && !clippedAbove(el) && (box.right > width + 1 || box.left < -1)) {
        report(el, `reaches past the screen (${Math.round(box.left)}…${Math.round(box.right)} px of ${width})`);
        continue;
      }
      const ellipsised = style.textOverflow === 'ellipsis' && (!!el.closest('[title]') || !!el.querySelector('[title]'));
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && !ellipsised && !el.matches('input, textarea')) {
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        report(el, scrolls ? `scrolls sideways (${el.scrollWidth} px in ${el.clientWidth})` : `cuts its content off (${el.scrollWidth} px in ${el.clientWidth})`);
        continue;
      }
      // Squeezed: its own text of four characters or more, at most two characters a line, over three lines or more;
      // or a word or number of its own text broken across lines ("A0/01"), unless longer than any word and wider than
      // the element.
      const texts = [...el.childNodes].filter((n): n is Text => n.nodeType === Node.TEXT_NODE && !!n.nodeValue!.trim());
      if (texts.map((n) => n.nodeValue!.trim()).join('').length >= 4) {
        const r = document.createRange();
        r.selectNodeContents(el);
        if (lines(r) >= 3 && box.width < 2.5 * parseFloat(style.fontSize)) report(el, `is squeezed to ${Math.round(box.width)} px, ${lines(r)} lines`);
      }
      for (const node of texts) {
        for (const m of node.nodeValue!.matchAll(WORD)) {
          const r = document.createRange();
          r.setStart(node, m.index!);
          r.setEnd(node, m.index! + m[0].length);
          const width = [...r.getClientRects()].reduce((sum, x) => sum + x.width, 0);
          if (lines(r) > 1 && !(m[0].length > 16 && width > el.clientWidth)) report(el, `breaks "${m[0]}" across lines`);
        }
      }
    }
    return problems;
  });
}

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

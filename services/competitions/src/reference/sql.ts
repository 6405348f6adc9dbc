import { MAX_PAGE_SIZE, type PageQuery } from '@cmp/contracts';

/** LIMIT and OFFSET of a page; the gateway has validated the numbers, this only fills the defaults. */
export function paging(q: PageQuery): { pageNum: number; pageSize: number; limit: number; offset: number } {
  const pageNum = Math.max(1, Math.floor(q.pageNum ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(q.pageSize ?? 10)));
  return { pageNum, pageSize, limit: pageSize, offset: (pageNum - 1) * pageSize };
}

/** An ILIKE pattern matching `text` anywhere, with its own % _ and \ taken literally; null for no filter. */
export function containsPattern(text: string | undefined | null): string | null {
  const t = text?.trim();
  if (!t) return null;
  return `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows an UPDATE or DELETE changed: TypeORM's DataSource.query answers those with [rows, count]. */
export const changedRows = (result: unknown): number => (Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0);

import { yuanOf, type Lang } from '@cmp/contracts';

/**
 * A date and time in the interface language, not the browser's: 2026/11/21 23:50:28 in Chinese,
 * 21 Nov 2026, 23:50:28 in English. Empty or unreadable values give '-'.
 */
export function formatDateTime(value: string | number | Date | null | undefined, lang: Lang, precision: 'second' | 'minute' | 'day' = 'second'): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const time: Intl.DateTimeFormatOptions =
    precision === 'day' ? {} : { hour: '2-digit', minute: '2-digit', ...(precision === 'second' && { second: '2-digit' }), hourCycle: 'h23' };
  return lang === 'en'
    ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', ...time }).format(date)
    : new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', ...time }).format(date);
}

/** An amount in fen as ¥88.00 (yuanOf: from the integer, never through floating point). */
export const formatMoney = (fen: number): string => (fen < 0 ? `-¥${yuanOf(-fen)}` : `¥${yuanOf(fen)}`);

import { yuanOf, type Lang } from '@cmp/contracts';

/**
 * A date and time in the interface language, not the browser's: 2026/11/21 23:50:28 in Chinese,
 * 21 Nov 2026, 23:50:28 in English. Empty or unreadable values give '-'.
 */
export function formatDateTime(value: string | number | Date | null | undefined, lang: Lang, precision: 'second' | 'minute' | 'day' = 'second'): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return dateTimeFormat(lang, precision).format(date);
}

/** Making a formatter costs far more than using one (a list of dates made one per date): one per language and precision. */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(lang: Lang, precision: 'second' | 'minute' | 'day'): Intl.DateTimeFormat {
  const key = `${lang}:${precision}`;
  let format = formats.get(key);
  if (!format) {
    const time: Intl.DateTimeFormatOptions =
      precision === 'day' ? {} : { hour: '2-digit', minute: '2-digit', ...(precision === 'second' && { second: '2-digit' }), hourCycle: 'h23' };
    format =
      lang === 'en'
        ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', ...time })
        : new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', ...time });
    formats.set(key, format);
  }
  return format;
}

/** An amount in fen as ¥88.00 (yuanOf: from the integer, never through floating point). */
/** Today's date in Beijing (YYYY-MM-DD), whatever the browser's zone: the day the server counts figures and money in. */
export const beijingToday = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

export const formatMoney = (fen: number): string => (fen < 0 ? `-¥${yuanOf(-fen)}` : `¥${yuanOf(fen)}`);

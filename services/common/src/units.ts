/** A size for people: "5 MB", "512 KB" (limits are round numbers, so no decimals). */
export const formatBytes = (n: number) => (n >= 1048576 ? `${Math.round(n / 1048576)} MB` : `${Math.round(n / 1024)} KB`);

/** A count for people, grouped by thousands ("10,000"), the same in Chinese and English. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** Integer fen to Alipay's yuan text ("12.30"). */
export const yuanOf = (fen: number): string => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** Alipay's yuan text to integer fen, exactly (no floating point); null when it is not an amount. */
export function fenOf(yuan: unknown): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(yuan ?? '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Money is integer fen everywhere; yuan text ("88.00") only where people or Alipay read or write it. */

/** Integer fen to yuan text ("12.30"). */
export const yuanOf = (fen: number): string => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** Yuan text (Alipay's, or typed by a person) to integer fen, exactly (no floating point); null when it is not an amount. */
export function fenOf(yuan: unknown): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(yuan ?? '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

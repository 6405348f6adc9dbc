const pad = (n: number) => String(n).padStart(2, '0');

/** Alipay's time format, Beijing time: yyyy-MM-dd HH:mm:ss. */
export function beijingTime(date: Date): string {
  const d = new Date(date.getTime() + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Alipay's Beijing-time text back to a Date (null when absent or malformed). */
export function fromBeijingTime(text: unknown): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(String(text ?? ''));
  if (!m) return null;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 8, +m[5], +m[6]));
}

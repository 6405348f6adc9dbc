/**
 * Masking of personal data for answers that should not carry it whole: names on an invitation page,
 * identity numbers in organisers' views (the full number is a separate, logged call).
 */

/** Keeps the first and last character of a word and stars the middle (张三丰 → 张*丰, 张三 → 张*). */
function maskWord(word: string): string {
  const chars = [...word];
  if (chars.length <= 1) return word;
  if (chars.length === 2) return `${chars[0]}*`;
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}

/** A person's name masked 张*三 style: 张小三 → 张*三, 欧阳小明 → 欧**明, Alice Wang → A***e W**g. */
export function maskPersonName(name: string): string {
  const trimmed = name.trim();
  // Latin names are masked word by word, so the shape of the name stays recognisable.
  if (/^[\x20-\x7e]+$/.test(trimmed)) return trimmed.split(/\s+/).map(maskWord).join(' ');
  return maskWord(trimmed);
}

/** A name masked for public pages (certificate trace, a site's team list): only the first character kept (张三 → 张*, Alice Wang → A**** W***). */
export function maskName(name: string): string {
  const trimmed = name.trim();
  if (/^[\x20-\x7e]+$/.test(trimmed)) return trimmed.split(/\s+/).map((w) => w[0] + '*'.repeat(Math.max(1, w.length - 1))).join(' ');
  const chars = [...trimmed];
  if (chars.length <= 1) return trimmed;
  return chars[0] + '*'.repeat(chars.length - 1);
}

/** An identity number with only its first and last four characters shown: 1101**********1234. */
export function maskIdNumber(id: string): string {
  const chars = [...id.trim()];
  if (chars.length <= 8) return '*'.repeat(chars.length);
  return chars.slice(0, 4).join('') + '*'.repeat(chars.length - 8) + chars.slice(-4).join('');
}

/** Amounts in Chinese capitals (大写金额), as receipts and invoices print them beside the figures. */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
/** Every four digits: 万, 亿, then 万亿 (a fee never gets there, but the numbers stay right). */
const SECTIONS = ['', '万', '亿', '万亿'];

/** Whole yuan in capitals: a zero between digits is written once (1005 壹仟零伍), trailing zeros never. */
function yuanInCapitals(yuan: number): string {
  const digits = String(yuan);
  let out = '';
  let zero = false;
  let sectionHasDigit = false;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const pos = digits.length - 1 - i;
    if (pos % 4 === 3) sectionHasDigit = false;
    if (d === 0) zero = true;
    else {
      if (zero && out) out += '零';
      zero = false;
      sectionHasDigit = true;
      out += DIGITS[d] + UNITS[pos % 4];
    }
    if (pos % 4 === 0 && sectionHasDigit) out += SECTIONS[pos / 4];
  }
  return out;
}

/** Integer fen in capitals: 12000 壹佰贰拾元整, 12030 壹佰贰拾元叁角整, 105 壹元零伍分, 5 伍分, 0 零元整. */
export function amountInCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan ? `${yuanInCapitals(yuan)}元` : '';
  if (jiao) out += `${DIGITS[jiao]}角`;
  else if (cents && yuan) out += '零';
  out += cents ? `${DIGITS[cents]}分` : '整';
  return out;
}

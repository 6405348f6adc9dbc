import * as iconv from 'iconv-lite';
import JSZip from 'jszip';
import { AppError, checkZipLimits, type SheetLimits } from '@cmp/common';
import { fenOf } from '@cmp/contracts';

/** One line of Alipay's daily trade bill (业务明细): a payment or a refund, amounts in fen (a refund's positive). */
export interface BillRow {
  tradeNo: string;
  orderNo: string;
  kind: 'trade' | 'refund';
  amountFen: number;
  /** A refund's request number (退款批次号/请求号), as the platform sent it. */
  requestNo: string;
  finishedAt: string;
}

export interface ParsedBill {
  /** The bill's day (yyyy-MM-dd, Beijing time), from its header; null when the file does not say. */
  day: string | null;
  rows: BillRow[];
}

const MAX_ROWS = 100_000;
/**
 * A bill's zip holds a detail and a summary CSV. A detail line is 200 to 300 bytes (260 with a 30-character subject),
 * so 20 MB holds a day of about 70,000 payments: a busy day (30,000) with room to spare, as much as an upload may be.
 * Row and cell counts are for .xlsx only.
 */
const BILL_ZIP_LIMITS: SheetLimits = { maxEntries: 10, maxUnpackedBytes: 20 * 1024 * 1024, maxRows: Infinity, maxCells: Infinity };

/**
 * Reads Alipay's trade bill as the merchant platform hands it out: the downloaded zip (GBK file names, a detail
 * and a summary CSV) or the detail CSV alone, in GBK or UTF-8. Lines starting with # (the header block, the
 * 合计 totals, the export time) are not data; the column header row is found by name, so added or reordered
 * columns do not matter. The totals line is checked against the rows, so a cut-off file is refused.
 */
export async function parseAlipayBill(file: Buffer): Promise<ParsedBill> {
  const text = decode(await detailCsv(file));
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.includes('支付宝交易号') && l.includes('商户订单号'));
  if (headerAt < 0) throw AppError.badRequest('payment.billNoHeader');
  const header = cells(lines[headerAt]);
  const col = (...names: string[]) => names.map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1;
  const at = {
    tradeNo: col('支付宝交易号'),
    orderNo: col('商户订单号'),
    kind: col('业务类型'),
    amount: col('商家实收（元）', '订单金额（元）', '商家实收(元)', '订单金额(元)'),
    requestNo: col('退款批次号/请求号'),
    finishedAt: col('完成时间'),
  };
  if (at.kind < 0 || at.amount < 0) throw AppError.badRequest('payment.billNoColumns');
  const rows: BillRow[] = [];
  for (const [i, line] of lines.slice(headerAt + 1).entries()) {
    if (line.startsWith('#')) break;
    if (!line.trim()) continue;
    const c = cells(line);
    const type = c[at.kind];
    if (type !== '交易' && type !== '退款') continue;
    const amount = fenOf((c[at.amount] ?? '').replace(/^-/, ''));
    if (amount === null) throw AppError.badRequest('payment.billBadAmount', { line: headerAt + i + 2, amount: c[at.amount] ?? '' });
    rows.push({
      tradeNo: c[at.tradeNo] ?? '',
      orderNo: c[at.orderNo] ?? '',
      kind: type === '交易' ? 'trade' : 'refund',
      amountFen: amount,
      requestNo: at.requestNo >= 0 ? (c[at.requestNo] ?? '') : '',
      finishedAt: at.finishedAt >= 0 ? (c[at.finishedAt] ?? '') : '',
    });
    if (rows.length > MAX_ROWS) throw AppError.badRequest('payment.billTooLong', { max: MAX_ROWS });
  }
  const declared = /#交易合计：(\d+)笔/.exec(text);
  const trades = rows.filter((r) => r.kind === 'trade').length;
  if (declared && Number(declared[1]) !== trades) {
    throw AppError.badRequest('payment.billCutOff', { declared: declared[1], found: trades });
  }
  const day = /#起始日期：\[(\d{4})年(\d{2})月(\d{2})日/.exec(text);
  return { day: day ? `${day[1]}-${day[2]}-${day[3]}` : null, rows };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The detail CSV's bytes: the file itself, or the zip entry named 业务明细 (not its 汇总 summary). */
async function detailCsv(file: Buffer): Promise<Buffer> {
  if (!file.subarray(0, 4).equals(ZIP_MAGIC)) return file;
  let zip: JSZip;
  try {
    // Inflated under a byte budget before JSZip sees it, so a zip bomb is refused (with the guard's own message).
    await checkZipLimits(file, BILL_ZIP_LIMITS);
    zip = await JSZip.loadAsync(file, { decodeFileName: (bytes) => iconv.decode(Buffer.from(bytes as Uint8Array), 'gbk') });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw AppError.badRequest('payment.billZipDamaged');
  }
  const csvs = Object.values(zip.files).filter((f) => !f.dir && f.name.toLowerCase().endsWith('.csv'));
  const detail = csvs.find((f) => f.name.includes('业务明细') && !f.name.includes('汇总')) ?? csvs.find((f) => !f.name.includes('汇总'));
  if (!detail) throw AppError.badRequest('payment.billNoDetail');
  return detail.async('nodebuffer');
}

/** UTF-8 when the bytes are valid UTF-8 (a re-saved file), GBK otherwise (as Alipay writes it). */
function decode(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = iconv.decode(bytes, 'gbk');
  }
  return text.replace(/^\uFEFF/, '');
}

/** A CSV line's cells, quotes honoured, each trimmed of the tabs Alipay appends to keep numbers as text. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur.trim());
  return out;
}

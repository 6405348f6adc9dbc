import * as path from 'node:path';
import * as iconv from 'iconv-lite';
import JSZip from 'jszip';
import { parseAlipayBill } from './alipay-bill';

// The sandbox writes the bill as Alipay's merchant platform does (GBK, header block, totals, zip with GBK names).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const bill = require(path.resolve(__dirname, '../../../../infra/alipay-sandbox/bill.js'));

const rows = [
  { tradeNo: '2026112422001100000001', outTradeNo: 'CP202611240000000001', kind: '交易', subject: '测试赛, A组 报名费', createdAt: '2026-11-24 10:00:00', finishedAt: '2026-11-24 10:01:00', buyer: 'a***@x.com', amountFen: 8800 },
  { tradeNo: '2026112422001100000002', outTradeNo: 'CP202611240000000002', kind: '交易', subject: 'B', createdAt: '2026-11-24 11:00:00', finishedAt: '2026-11-24 11:00:30', buyer: 'b***@x.com', amountFen: 1 },
  { tradeNo: '2026112422001100000001', outTradeNo: 'CP202611240000000001', kind: '退款', subject: 'A', createdAt: '2026-11-24 10:00:00', finishedAt: '2026-11-24 12:00:00', buyer: 'a***@x.com', amountFen: -4400, requestNo: 'RF202611240000000001' },
];
const args = { account: '2088000000000001', day: '2026-11-24', nextDay: '2026-11-25', rows, exportedAt: '2026年11月25日 09:00:00' };

describe('parseAlipayBill', () => {
  it('reads the downloaded zip: the detail CSV in GBK, its day, payments and refunds in fen', async () => {
    const parsed = await parseAlipayBill(bill.billZip({ account: args.account, day: args.day, rows, exportedAt: args.exportedAt }));
    expect(parsed.day).toBe('2026-11-24');
    expect(parsed.rows).toEqual([
      { tradeNo: '2026112422001100000001', orderNo: 'CP202611240000000001', kind: 'trade', amountFen: 8800, requestNo: '', finishedAt: '2026-11-24 10:01:00' },
      { tradeNo: '2026112422001100000002', orderNo: 'CP202611240000000002', kind: 'trade', amountFen: 1, requestNo: '', finishedAt: '2026-11-24 11:00:30' },
      { tradeNo: '2026112422001100000001', orderNo: 'CP202611240000000001', kind: 'refund', amountFen: 4400, requestNo: 'RF202611240000000001', finishedAt: '2026-11-24 12:00:00' },
    ]);
  });

  it('reads the CSV alone, in GBK or re-saved as UTF-8 with a BOM', async () => {
    const csv = bill.detailCsv(args);
    expect((await parseAlipayBill(iconv.encode(csv, 'gbk'))).rows).toHaveLength(3);
    expect((await parseAlipayBill(Buffer.from(`\uFEFF${csv}`, 'utf8'))).rows).toHaveLength(3);
  });

  it('refuses a cut-off file, a file without the header and a damaged zip, saying why', async () => {
    const csv: string = bill.detailCsv(args);
    const cut = csv.split('\r\n').filter((l) => !l.includes('CP202611240000000002')).join('\r\n');
    await expect(parseAlipayBill(iconv.encode(cut, 'gbk'))).rejects.toMatchObject({ key: 'payment.billCutOff', params: { declared: '2', found: 1 } });
    await expect(parseAlipayBill(Buffer.from('a,b,c\n1,2,3\n'))).rejects.toMatchObject({ key: 'payment.billNoHeader' });
    await expect(parseAlipayBill(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(50)]))).rejects.toMatchObject({ key: 'payment.billZipDamaged' });
  });

  it('refuses a zip that inflates beyond the budget before unpacking it', async () => {
    const zip = new JSZip();
    zip.file('业务明细.csv', Buffer.alloc(30 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    await expect(parseAlipayBill(bomb)).rejects.toMatchObject({ key: 'import.unpacksTooLarge' });
  });
});

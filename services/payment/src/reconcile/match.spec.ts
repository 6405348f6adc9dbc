import { matchBill, type BookPayment, type BookRefund } from './match';

const pay = (orderNo: string, amountFen: number, status = 'paid', onDay = true): BookPayment => ({ orderId: orderNo.slice(-1), groupId: 2, orderNo, tradeNo: `T${orderNo}`, amountFen, status, onDay });
const trade = (orderNo: string, amountFen: number) => ({ tradeNo: `T${orderNo}`, orderNo, kind: 'trade' as const, amountFen, requestNo: '', finishedAt: '' });
const refundRow = (orderNo: string, requestNo: string, amountFen: number) => ({ tradeNo: `T${orderNo}`, orderNo, kind: 'refund' as const, amountFen, requestNo, finishedAt: '' });
const refund = (orderNo: string, refundNo: string, amountFen: number, status = 'succeeded', onDay = true): BookRefund => ({ orderId: orderNo.slice(-1), groupId: 2, orderNo, refundNo, amountFen, status, onDay });

describe('matchBill', () => {
  it('puts every bill line and every book entry of the day in exactly one kind', () => {
    const lines = matchBill(
      [trade('CP1', 8800), trade('CP2', 8800), trade('CP3', 8800), trade('CPX', 100), refundRow('CP1', 'RF1', 4400), refundRow('CP1', 'RF9', 100)],
      [pay('CP1', 8800), pay('CP2', 9900), pay('CP3', 8800, 'unpaid'), pay('CP4', 5000), pay('CP5', 5000, 'paid', false)],
      [refund('CP1', 'RF1', 4400), refund('CP4', 'RF4', 1000)],
    );
    const summary = lines.map((l) => `${l.side} ${l.kind} ${l.orderNo}${l.requestNo ? `/${l.requestNo}` : ''}`);
    expect(summary).toEqual([
      'trade matched CP1',
      'trade amountDiff CP2',
      'trade alipayOnly CP3',
      'trade alipayOnly CPX',
      'refund matched CP1/RF1',
      'refund alipayOnly CP1/RF9',
      'trade platformOnly CP4',
      'refund platformOnly CP4/RF4',
    ]);
    // An order the books do not know has no organisation; one they do keeps its own.
    expect(lines.find((l) => l.orderNo === 'CPX')).toMatchObject({ orderId: null, groupId: null, platformFen: null, alipayFen: 100 });
    expect(lines.find((l) => l.orderNo === 'CP3')).toMatchObject({ orderId: '3', groupId: 2, platformStatus: 'unpaid' });
  });

  it('finds nothing to say about a quiet day', () => {
    expect(matchBill([], [pay('CP5', 5000, 'paid', false)], [refund('CP5', 'RF5', 1, 'pending')])).toEqual([]);
  });
});

import type { OrderFact } from '@cmp/contracts';
import { feeDeltas } from './order-model';

const order = (o: Partial<OrderFact>): OrderFact => ({
  id: 1, competitionId: 9, groupId: 2, amountFen: 8800, channel: 'alipay', paidAt: '2026-11-26T17:00:00.000Z', refunds: [], version: 1, epoch: 'e', ...o,
});

describe('feeDeltas', () => {
  it('counts a payment on its Beijing day, and a refund on the day it went through', () => {
    // 17:00 UTC is 01:00 the next day in Beijing.
    expect(feeDeltas([{ after: order({}) }])).toEqual([{ competitionId: 9, dimension: 'paidDay', day: '2026-11-27', count: 1, fen: 8800 }]);
    const refunded = order({ refunds: [{ at: '2026-11-28T02:00:00.000Z', fen: 3000 }], version: 2 });
    expect(feeDeltas([{ before: order({}), after: refunded }])).toEqual([{ competitionId: 9, dimension: 'refundDay', day: '2026-11-28', count: 1, fen: 3000 }]);
  });

  it('moves nothing for a repeated state, and everything when an order moves to another competition', () => {
    expect(feeDeltas([{ before: order({}), after: order({ version: 2 }) }])).toEqual([]);
    expect(feeDeltas([{ before: order({}), after: order({ competitionId: 10, version: 2 }) }]).map((d) => [d.competitionId, d.count, d.fen])).toEqual([
      [10, 1, 8800],
      [9, -1, -8800],
    ]);
  });
});

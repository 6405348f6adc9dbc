import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { beijingDay } from '@cmp/common';
import type { OrderFact } from '@cmp/contracts';
import { COMPETITION_PARTITIONS, FactModel, isoTime, type FactChange } from './fact-model';
import { FigureChanges } from './figure-changes';

/** What fees are counted by: the Beijing day a payment was made, and the day a refund went through. */
export type FeeDimension = 'paidDay' | 'refundDay';

export interface FeeDelta {
  competitionId: number;
  dimension: FeeDimension;
  day: string;
  count: number;
  fen: number;
}

/** How the fee counts move when orders change from `before` to `after`: what the old state counted taken off, the new added. In key order (lock order). */
export function feeDeltas(changes: FactChange<OrderFact>[]): FeeDelta[] {
  const deltas = new Map<string, FeeDelta>();
  const add = (o: OrderFact, dimension: FeeDimension, at: string, fen: number, sign: 1 | -1) => {
    const day = beijingDay(at);
    const id = `${o.competitionId}\u0000${dimension}\u0000${day}`;
    const d = deltas.get(id) ?? { competitionId: o.competitionId, dimension, day, count: 0, fen: 0 };
    d.count += sign;
    d.fen += sign * fen;
    deltas.set(id, d);
  };
  const count = (o: OrderFact, sign: 1 | -1) => {
    add(o, 'paidDay', o.paidAt, o.amountFen, sign);
    for (const r of o.refunds) add(o, 'refundDay', r.at, r.fen, sign);
  };
  for (const { before, after } of changes) {
    if (before) count(before, -1);
    count(after, 1);
  }
  return [...deltas.entries()]
    .filter(([, d]) => d.count !== 0 || d.fen !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
}

/** Paid orders' facts (payment.order.changed): each order kept, its payment and refunds counted per day. */
@Injectable()
export class OrderModel extends FactModel<OrderFact> {
  protected readonly epochColumn = 'order_epoch';
  protected readonly lockClass = 7002;
  protected override readonly partitions = COMPETITION_PARTITIONS;

  constructor(ds: DataSource, changes: FigureChanges) {
    super(ds, changes);
  }

  protected isFact(f: OrderFact | null | undefined): f is OrderFact {
    return (
      !!f &&
      [f.id, f.competitionId, f.groupId, f.amountFen, f.version].every(Number.isInteger) &&
      typeof f.paidAt === 'string' &&
      Array.isArray(f.refunds) &&
      f.refunds.every((r) => typeof r?.at === 'string' && Number.isInteger(r.fen)) &&
      typeof f.epoch === 'string'
    );
  }

  protected async stored(m: EntityManager, ids: number[]): Promise<OrderFact[]> {
    const rows: OrderFact[] = await m.query(
      `SELECT id::float8 AS id, competition_id AS "competitionId", group_id AS "groupId", amount_fen AS "amountFen", channel, paid_at AS "paidAt", refunds, version::float8 AS version
       FROM orders WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return rows.map((o) => ({ ...o, paidAt: isoTime(o.paidAt)! }));
  }

  protected async write(m: EntityManager, changes: FactChange<OrderFact>[]): Promise<void> {
    await m.query(
      `INSERT INTO orders (id, competition_id, group_id, amount_fen, channel, paid_at, refunds, version)
       SELECT id, "competitionId", "groupId", "amountFen", left(channel, 16), "paidAt", refunds, version
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, "competitionId" int, "groupId" int, "amountFen" int, channel text, "paidAt" timestamptz, refunds jsonb, version bigint)
       ON CONFLICT (id) DO UPDATE SET competition_id = EXCLUDED.competition_id, group_id = EXCLUDED.group_id, amount_fen = EXCLUDED.amount_fen,
         channel = EXCLUDED.channel, paid_at = EXCLUDED.paid_at, refunds = EXCLUDED.refunds, version = EXCLUDED.version`,
      [JSON.stringify(changes.map((c) => c.after))],
    );
    const deltas = feeDeltas(changes);
    if (!deltas.length) return;
    await m.query(
      `INSERT INTO fee_counts (competition_id, dimension, day, count, fen)
       SELECT "competitionId", dimension, day, count, fen FROM jsonb_to_recordset($1::jsonb) AS x("competitionId" int, dimension text, day text, count int, fen bigint)
       ON CONFLICT (competition_id, dimension, day) DO UPDATE SET count = fee_counts.count + EXCLUDED.count, fen = fee_counts.fen + EXCLUDED.fen`,
      [JSON.stringify(deltas)],
    );
  }
}

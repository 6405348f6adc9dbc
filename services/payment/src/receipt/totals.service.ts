import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, factPage, Scopes } from '@cmp/common';
import { TOTALS_MAX_DAYS, type CompetitionTotals, type DayTotals, type FactPage, type FactPageQuery, type FinanceTotals, type OrderFact, type RpcRequest, type Totals, type TotalsQuery } from '@cmp/contracts';

const DAY_MS = 86_400_000;

interface TotalsRow extends Totals {
  /** Which sum the row is (GROUPING): 1 a day, 2 a competition, 3 the whole period. */
  grouping: number;
  day: string | null;
  competitionId: number | null;
  competitionName: string | null;
}

/**
 * Finance's totals over a period of Beijing days: orders count on the day they were paid, and what was refunded of
 * them since is taken off that order (so a day's net is what its payments are still worth, and the days add up to
 * the competitions). Online is every Alipay channel; offline the payments finance recorded with a voucher.
 */
@Injectable()
export class TotalsService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
  ) {}

  async totals(req: RpcRequest<TotalsQuery>): Promise<FinanceTotals> {
    const { from, to, competitionId } = req.payload;
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (!(days >= 1 && days <= TOTALS_MAX_DAYS)) throw AppError.badRequest('payment.totalsRange', { max: TOTALS_MAX_DAYS });
    const rows: TotalsRow[] = await this.ds.query(
      `WITH paid AS (
         SELECT o.*, to_char(o.paid_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day FROM orders o
         WHERE o.paid_at IS NOT NULL AND ($1::int[] IS NULL OR o.group_id = ANY($1))
           AND o.paid_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Shanghai') AND o.paid_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')
           AND ($4::int IS NULL OR o.competition_id = $4))
       SELECT GROUPING(day, competition_id)::int AS grouping, day, competition_id AS "competitionId", max(competition_name) AS "competitionName",
         count(*)::int AS "paidCount", sum(amount_fen)::float8 AS "grossFen", sum(refunded_fen)::float8 AS "refundedFen",
         sum(amount_fen - refunded_fen)::float8 AS "netFen",
         COALESCE(sum(amount_fen - refunded_fen) FILTER (WHERE channel IS DISTINCT FROM 'offline'), 0)::float8 AS "onlineFen",
         COALESCE(sum(amount_fen - refunded_fen) FILTER (WHERE channel = 'offline'), 0)::float8 AS "offlineFen"
       FROM paid GROUP BY GROUPING SETS ((day), (competition_id), ())
       ORDER BY day, "netFen" DESC, competition_id`,
      [await this.scopes.of(req), from, to, competitionId ?? null],
    );
    const sums = ({ paidCount, grossFen, refundedFen, netFen, onlineFen, offlineFen }: TotalsRow): Totals => ({ paidCount, grossFen, refundedFen, netFen, onlineFen, offlineFen });
    const whole = rows.find((r) => r.grouping === 3);
    return {
      from,
      to,
      days: rows.filter((r) => r.grouping === 1).map((r): DayTotals => ({ day: r.day!, ...sums(r) })),
      competitions: rows.filter((r) => r.grouping === 2).map((r): CompetitionTotals => ({ competitionId: r.competitionId!, competitionName: r.competitionName!, ...sums(r) })),
      total: whole ? sums(whole) : { paidCount: 0, grossFen: 0, refundedFen: 0, netFen: 0, onlineFen: 0, offlineFen: 0 },
    };
  }

  /** Paid orders' facts in id order after `afterId` (the statistics' rebuild), as the outbox carries them. */
  facts(q: FactPageQuery): Promise<FactPage<OrderFact>> {
    return factPage<OrderFact>(this.ds, 'order_facts', q);
  }
}

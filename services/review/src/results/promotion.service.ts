import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, OutboxRelay, writeEvent } from '@cmp/common';
import {
  EventSubject,
  type PromotionConfirmedEvent,
  type PromotionPreviewRow,
  type PromotionReply,
  type PromotionRequest,
  type RpcRequest,
  type TieBreak,
} from '@cmp/contracts';
import { RoundService } from '../round/round.service';
import { eventNameIn } from '../round/round.sql';
import { promote } from './ranking';
import { ResultsService } from './results.service';

export interface ScoredWork {
  workId: number;
  title: string;
  eventId: number | null;
  eventName: string;
  /** Eliminated by the round's confirmed promotion. */
  eliminated: boolean;
  score: number;
  schoolIds: number[];
  schoolNames: string[];
  /** The tie-breaks' values, in order (see TieBreak). */
  tieBreak: number[];
}

/**
 * A finished version's works with their round scores and tie-break values, grouped by event (each event's works
 * compete among themselves), or all in one group when `byEvent` is false. A column's value is its experts' mean over the work's submitted sheets; another
 * round's is its published score, or its latest finished version's.
 */
export async function scoredWorksByEvent(
  ds: DataSource,
  results: ResultsService,
  rounds: RoundService,
  req: RpcRequest,
  versionId: number,
  tie: TieBreak = {},
  byEvent = true,
): Promise<{ events: ScoredWork[][]; roundId: number }> {
  const v = await results.scopedVersion(req, versionId);
  if (v.status !== 'done') throw AppError.badRequest('result.versionNotDone');
  const round = await rounds.scoped(req, v.roundId);
  const column = tie.column ?? null;
  if (column !== null && !(column >= 0 && column < round.scoreColumns.length)) throw AppError.badRequest('result.badTieColumn', { n: column + 1 });
  const other = tie.roundId ? await rounds.scoped(req, tie.roundId) : null;
  if (other && other.competitionId !== round.competitionId) throw AppError.badRequest('result.tieRoundOther');
  const works: ScoredWork[] = await ds.query(
    `SELECT r.work_id AS "workId", w.title, w.event_id AS "eventId", coalesce(${eventNameIn(req.meta?.lang)}, '') AS "eventName", r.score::float8 AS score,
       (EXISTS (SELECT 1 FROM promotions p WHERE p.round_id = $2) AND NOT w.promoted) AS eliminated, w.school_ids AS "schoolIds", w.school_names AS "schoolNames",
       array_remove(ARRAY[
         CASE WHEN $3::int IS NOT NULL THEN COALESCE((SELECT avg((s.scores->>$3::int)::float8) FROM assignments a JOIN score_sheets s ON s.assignment_id = a.id
           WHERE a.round_id = $2 AND a.work_id = r.work_id AND NOT a.declined AND s.status = 'submitted'), -1) END,
         CASE WHEN $4::int IS NOT NULL THEN COALESCE((SELECT o.score::float8 FROM work_results o WHERE o.work_id = r.work_id AND o.version_id = COALESCE(
           (SELECT version_id FROM publications WHERE round_id = $4),
           (SELECT id FROM score_versions WHERE round_id = $4 AND status = 'done' ORDER BY number DESC LIMIT 1))), -1) END
       ], NULL) AS "tieBreak"
     FROM work_results r JOIN round_works w ON w.round_id = $2 AND w.work_id = r.work_id WHERE r.version_id = $1`,
    [v.id, v.roundId, column, other?.id ?? null],
  );
  const events = new Map<number | null, ScoredWork[]>();
  for (const w of works) {
    const key = byEvent ? w.eventId : null;
    events.set(key, [...(events.get(key) ?? []), w]);
  }
  return { events: [...events.values()], roundId: v.roundId };
}

/**
 * 晋级: who of a round goes on to the next stage, per event or across the round (the rule's scope), from a finished score version: previewed by a rule,
 * then confirmed once. Confirming marks the round's works promoted (the next round takes them) and publishes
 * review.promotion.confirmed through the outbox; enrollment marks the sign-ups and tells the participants.
 */
@Injectable()
export class PromotionService {
  constructor(
    private readonly ds: DataSource,
    private readonly results: ResultsService,
    private readonly rounds: RoundService,
    private readonly relay: OutboxRelay,
  ) {}

  async preview(req: RpcRequest<PromotionRequest>): Promise<PromotionReply> {
    const { rows } = await this.compute(req);
    const [done] = await this.ds.query(`SELECT confirmed_at AS "confirmedAt" FROM promotions WHERE round_id = (SELECT round_id FROM score_versions WHERE id = $1)`, [
      req.payload.versionId,
    ]);
    return summary(rows, done?.confirmedAt ?? null);
  }

  async confirm(req: RpcRequest<PromotionRequest>): Promise<PromotionReply> {
    const { rows, roundId } = await this.compute(req);
    const round = await this.rounds.scoped(req, roundId);
    const promoted = rows.filter((r) => r.promoted).map((r) => r.workId);
    const eliminated = rows.filter((r) => !r.promoted).map((r) => r.workId);
    const confirmedAt = await this.ds.transaction(async (m) => {
      // Once per round: the primary key refuses a second confirmation, even two at once.
      const [made] = await m.query(
        `INSERT INTO promotions (round_id, version_id, rule, promoted_count, eliminated_count, confirmed_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (round_id) DO NOTHING RETURNING confirmed_at AS "confirmedAt"`,
        [roundId, req.payload.versionId, JSON.stringify({ rule: req.payload.rule, scope: req.payload.scope ?? 'event', schoolCap: req.payload.schoolCap ?? null, ties: req.payload.ties, tieBreak: req.payload.tieBreak ?? null }), promoted.length, eliminated.length, callerOf(req).username],
      );
      if (!made) throw AppError.conflict('result.promotionDone');
      await m.query(`UPDATE round_works SET promoted = (work_id = ANY($2::int[])) WHERE round_id = $1`, [roundId, promoted]);
      await writeEvent(m, EventSubject.promotionConfirmed, {
        roundId,
        roundName: round.name,
        competitionId: round.competitionId,
        promotedWorkIds: promoted,
        eliminatedWorkIds: eliminated,
      } satisfies PromotionConfirmedEvent);
      return made.confirmedAt as string;
    });
    this.relay.kick();
    return summary(rows, confirmedAt);
  }

  /** The version's works with the rule applied, event by event (each event's works compete among themselves) or across the round. */
  private async compute(req: RpcRequest<PromotionRequest>): Promise<{ rows: PromotionPreviewRow[]; roundId: number }> {
    const byEvent = (req.payload.scope ?? 'event') === 'event';
    const { events, roundId } = await scoredWorksByEvent(this.ds, this.results, this.rounds, req, req.payload.versionId, req.payload.tieBreak, byEvent);
    const rows: PromotionPreviewRow[] = [];
    for (const list of events) {
      const byId = new Map(list.map((w) => [w.workId, w]));
      const decided = promote(
        list.map((w) => ({ workId: w.workId, score: w.score, schoolId: w.schoolIds[0] ?? null, tieBreak: w.tieBreak })),
        { rule: req.payload.rule, schoolCap: req.payload.schoolCap ?? null, ties: req.payload.ties },
      );
      for (const d of decided) {
        const w = byId.get(d.workId)!;
        rows.push({ workId: w.workId, title: w.title, eventId: w.eventId, eventName: w.eventName, score: w.score, rank: d.rank, schoolNames: w.schoolNames, promoted: d.promoted, cappedBySchool: d.cappedBySchool });
      }
    }
    return { rows, roundId };
  }
}

const summary = (rows: PromotionPreviewRow[], confirmedAt: string | null): PromotionReply => ({
  rows,
  promoted: rows.filter((r) => r.promoted).length,
  eliminated: rows.filter((r) => !r.promoted).length,
  confirmedAt,
});

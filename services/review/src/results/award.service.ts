import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf } from '@cmp/common';
import type { AwardReply, AwardRequest, AwardRow, RpcRequest } from '@cmp/contracts';
import { scoredWorksByEvent } from './promotion.service';
import { award } from './ranking';
import { RoundService } from '../round/round.service';
import { ResultsService } from './results.service';

/**
 * 奖项: award levels per event from a finished score version (best level first, each by a count, a percent of the
 * event's works or a score band; works tied at a level's edge share it), previewed (with a warning for events where
 * more than half the works would win), then confirmed once per round. Works the round's promotion eliminated win
 * nothing unless the organiser includes them.
 * Publication (the next part of issue 16) sends the confirmed list on.
 */
@Injectable()
export class AwardService {
  constructor(
    private readonly ds: DataSource,
    private readonly results: ResultsService,
    private readonly rounds: RoundService,
  ) {}

  async preview(req: RpcRequest<AwardRequest>): Promise<AwardReply> {
    const { rows, roundId } = await this.compute(req);
    const [done] = await this.ds.query(`SELECT confirmed_at AS "confirmedAt" FROM award_sets WHERE round_id = $1`, [roundId]);
    return this.reply(req, rows, done?.confirmedAt ?? null);
  }

  async confirm(req: RpcRequest<AwardRequest>): Promise<AwardReply> {
    const { rows, roundId } = await this.compute(req);
    const awarded = rows.filter((r) => r.level !== null);
    const confirmedAt = await this.ds.transaction(async (m) => {
      // Once per round: the primary key refuses a second confirmation, even two at once.
      const [made] = await m.query(
        `INSERT INTO award_sets (round_id, version_id, levels, confirmed_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (round_id) DO NOTHING RETURNING confirmed_at AS "confirmedAt"`,
        [roundId, req.payload.versionId, JSON.stringify({ levels: req.payload.levels, ties: req.payload.ties, tieBreak: req.payload.tieBreak ?? null }), callerOf(req).username.slice(0, 64)],
      );
      if (!made) throw AppError.conflict('result.awardsDone');
      if (awarded.length) {
        await m.query(`INSERT INTO work_awards (round_id, work_id, level, level_en, rank) SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::int[])`, [
          roundId, awarded.map((r) => r.workId), awarded.map((r) => r.level), awarded.map((r) => r.levelEn ?? ''), awarded.map((r) => r.rank),
        ]);
      }
      return made.confirmedAt as string;
    });
    return this.reply(req, rows, confirmedAt);
  }

  private reply(req: RpcRequest<AwardRequest>, rows: AwardRow[], confirmedAt: string | null): AwardReply {
    const counts = req.payload.levels.map((l) => ({ level: l.name, levelEn: l.nameEn ?? '', works: rows.filter((r) => r.level === l.name).length }));
    const events = new Map<number | null, AwardRow[]>();
    for (const r of rows) events.set(r.eventId, [...(events.get(r.eventId) ?? []), r]);
    const manyWinners = [...events.values()]
      .map((list) => ({ eventId: list[0].eventId, eventName: list[0].eventName, works: list.length, winners: list.filter((r) => r.level !== null).length }))
      .filter((e) => e.winners * 2 > e.works);
    return { rows, counts, manyWinners, confirmedAt };
  }

  private async compute(req: RpcRequest<AwardRequest>): Promise<{ rows: AwardRow[]; roundId: number }> {
    const { events, roundId } = await scoredWorksByEvent(this.ds, this.results, this.rounds, req, req.payload.versionId, req.payload.tieBreak);
    const rows: AwardRow[] = [];
    const english = new Map(req.payload.levels.map((l) => [l.name, l.nameEn?.trim() ?? '']));
    for (const list of events) {
      const byId = new Map(list.map((w) => [w.workId, w]));
      // Works the round's promotion eliminated win nothing unless the organiser says so.
      const eligible = (workId: number) => req.payload.includeEliminated === true || !byId.get(workId)!.eliminated;
      const ranked = list.map((w) => ({ workId: w.workId, score: w.score, schoolId: w.schoolIds[0] ?? null, tieBreak: w.tieBreak }));
      for (const d of award(ranked, req.payload.levels, req.payload.ties === 'break', eligible)) {
        const w = byId.get(d.workId)!;
        rows.push({ workId: w.workId, title: w.title, eventId: w.eventId, eventName: w.eventName, score: w.score, rank: d.rank, level: d.level, levelEn: d.level === null ? null : (english.get(d.level) ?? ''), eliminated: w.eliminated });
      }
    }
    return { rows, roundId };
  }
}

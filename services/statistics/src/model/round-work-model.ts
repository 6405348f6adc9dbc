import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { RoundWorkFact } from '@cmp/contracts';
import { FactModel } from './fact-model';
import { FigureChanges } from './figure-changes';

const FACT_COLUMNS = `id::float8 AS id, competition_id AS "competitionId", round_id AS "roundId", round_name AS "roundName", work_id AS "workId", title, live, scene,
  checked_in AS "checkedIn", late, votes, late_votes AS "lateVotes", version::float8 AS version`;

const FACT_RECORD = `x(id bigint, "competitionId" int, "roundId" int, "roundName" text, "workId" int, title text, live boolean, scene text, "checkedIn" boolean,
  late boolean, votes int, "lateVotes" int, version bigint)`;

/**
 * Round-work facts (review.roundwork.changed): each work in a round kept as last told, its queue state and votes;
 * the vote and check-in figures count them when asked. A work taken out of its round stays as a row that is not
 * live, so an older fact arriving after it changes nothing.
 */
@Injectable()
export class RoundWorkModel extends FactModel<RoundWorkFact> {
  protected readonly epochColumn = 'round_work_epoch';
  protected readonly lockClass = 7004;

  constructor(ds: DataSource, changes: FigureChanges) {
    super(ds, changes);
  }

  protected isFact(f: RoundWorkFact | null | undefined): f is RoundWorkFact {
    if (!f || ![f.id, f.version].every(Number.isInteger) || typeof f.epoch !== 'string') return false;
    return f.gone === true || ([f.competitionId, f.roundId, f.workId, f.votes, f.lateVotes].every(Number.isInteger) && typeof f.live === 'boolean');
  }

  protected stored(m: EntityManager, ids: number[]): Promise<RoundWorkFact[]> {
    return m.query(`SELECT ${FACT_COLUMNS} FROM round_works WHERE id = ANY($1::bigint[])`, [ids]);
  }

  protected async write(m: EntityManager, changes: { after: RoundWorkFact }[]): Promise<void> {
    const facts = changes.map(({ after: f }) => (f.gone ? { id: f.id, live: false, votes: 0, lateVotes: 0, version: f.version } : f));
    await m.query(
      `INSERT INTO round_works (id, competition_id, round_id, round_name, work_id, title, live, scene, checked_in, late, votes, late_votes, version)
       SELECT id, "competitionId", "roundId", left(COALESCE("roundName", ''), 100), "workId", left(COALESCE(title, ''), 200), live, left(scene, 12),
              COALESCE("checkedIn", false), COALESCE(late, false), votes, "lateVotes", version
       FROM jsonb_to_recordset($1::jsonb) AS ${FACT_RECORD}
       ON CONFLICT (id) DO UPDATE SET competition_id = EXCLUDED.competition_id, round_id = EXCLUDED.round_id, round_name = EXCLUDED.round_name,
         work_id = EXCLUDED.work_id, title = EXCLUDED.title, live = EXCLUDED.live, scene = EXCLUDED.scene, checked_in = EXCLUDED.checked_in,
         late = EXCLUDED.late, votes = EXCLUDED.votes, late_votes = EXCLUDED.late_votes, version = EXCLUDED.version`,
      [JSON.stringify(facts)],
    );
  }
}

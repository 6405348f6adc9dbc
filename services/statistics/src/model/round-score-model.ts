import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { RoundScoreFact } from '@cmp/contracts';
import { FactModel } from './fact-model';
import { FigureChanges } from './figure-changes';

const FACT_COLUMNS = `id::float8 AS id, competition_id AS "competitionId", round_name AS "roundName", live, version_id AS "versionId", version_number AS "versionNumber",
  published, bands, version::float8 AS version`;

const FACT_RECORD = `x(id bigint, "competitionId" int, "roundName" text, live boolean, "versionId" int, "versionNumber" int, published boolean, bands jsonb, version bigint)`;

/** The well-formed bands of a fact. */
const validBands = (list: RoundScoreFact['bands'] | undefined): RoundScoreFact['bands'] =>
  (Array.isArray(list) ? list : []).filter((b) => Number.isInteger(b?.band) && Number.isInteger(b.count)).map((b) => ({ band: b.band, count: b.count }));

/**
 * Round-score facts (review.roundscore.changed): each round's final scores as last told, the version they come from
 * and its works per band of 10. A round taken out stays as a row that is not live, so an older fact arriving after it
 * changes nothing.
 */
@Injectable()
export class RoundScoreModel extends FactModel<RoundScoreFact> {
  protected readonly epochColumn = 'round_score_epoch';
  protected readonly lockClass = 7005;

  constructor(ds: DataSource, changes: FigureChanges) {
    super(ds, changes);
  }

  protected isFact(f: RoundScoreFact | null | undefined): f is RoundScoreFact {
    if (!f || ![f.id, f.version].every(Number.isInteger) || typeof f.epoch !== 'string') return false;
    return f.gone === true || (Number.isInteger(f.competitionId) && typeof f.live === 'boolean' && (f.versionId === null || Number.isInteger(f.versionId)));
  }

  protected stored(m: EntityManager, ids: number[]): Promise<RoundScoreFact[]> {
    return m.query(`SELECT ${FACT_COLUMNS} FROM round_scores WHERE id = ANY($1::bigint[])`, [ids]);
  }

  protected async write(m: EntityManager, changes: { after: RoundScoreFact }[]): Promise<void> {
    const facts = changes.map(({ after: f }) =>
      f.gone ? { id: f.id, live: false, versionId: null, published: false, bands: [], version: f.version } : { ...f, bands: validBands(f.bands), published: f.published === true },
    );
    await m.query(
      `INSERT INTO round_scores (id, competition_id, round_name, live, version_id, version_number, published, bands, version)
       SELECT id, "competitionId", left(COALESCE("roundName", ''), 100), live, "versionId", "versionNumber", published, bands, version
       FROM jsonb_to_recordset($1::jsonb) AS ${FACT_RECORD}
       ON CONFLICT (id) DO UPDATE SET competition_id = EXCLUDED.competition_id, round_name = EXCLUDED.round_name, live = EXCLUDED.live,
         version_id = EXCLUDED.version_id, version_number = EXCLUDED.version_number, published = EXCLUDED.published, bands = EXCLUDED.bands, version = EXCLUDED.version`,
      [JSON.stringify(facts)],
    );
  }
}

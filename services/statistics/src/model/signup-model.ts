import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SignupAward, SignupFact } from '@cmp/contracts';
import { COMPETITION_PARTITIONS, FactModel, isoTime, type FactChange } from './fact-model';
import { FigureChanges } from './figure-changes';
import { countDeltas } from './signup-counts';

/** The stored sign-up in the fact's shape (bigint columns come back as text). */
const FACT_COLUMNS = `id::float8 AS id, competition_id AS "competitionId", group_id AS "groupId", item_id AS "itemId", item_name AS "itemName", item_name_en AS "itemNameEn",
  school_id AS "schoolId", school_name AS "schoolName", college, major, grade, status, pay_status AS "payStatus", fee_fen AS "feeFen",
  created_at AS "createdAt", work_submitted_at AS "workSubmittedAt", awards, version::float8 AS version`;

/** The recordset a batch of facts is written from (one statement per table, whatever the batch's size). */
const FACT_RECORD = `x(id bigint, "competitionId" int, "groupId" int, "itemId" int, "itemName" text, "itemNameEn" text, "schoolId" int, "schoolName" text,
  college text, major text, grade text, status smallint, "payStatus" smallint, "feeFen" int, "createdAt" timestamptz, "workSubmittedAt" timestamptz, awards jsonb, version bigint)`;

/** The awards of a fact as stored: the well-formed ones (a fact published before awards were has none). */
const validAwards = (list: SignupAward[] | undefined): SignupAward[] =>
  (Array.isArray(list) ? list : [])
    .filter((a) => Number.isInteger(a?.roundId) && Number.isInteger(a.rank) && typeof a.level === 'string')
    .map((a) => ({ roundId: a.roundId, level: a.level.slice(0, 50), levelEn: typeof a.levelEn === 'string' ? a.levelEn.slice(0, 50) : '', rank: a.rank }));

/** Sign-up facts (enrollment.signup.changed): each sign-up kept, counted by the figures' dimensions. */
@Injectable()
export class SignupModel extends FactModel<SignupFact> {
  protected readonly epochColumn = 'signup_epoch';
  protected readonly lockClass = 7001;
  protected override readonly partitions = COMPETITION_PARTITIONS;

  constructor(ds: DataSource, changes: FigureChanges) {
    super(ds, changes);
  }

  protected isFact(f: SignupFact | null | undefined): f is SignupFact {
    return !!f && [f.id, f.competitionId, f.groupId, f.itemId, f.status, f.payStatus, f.feeFen, f.version].every(Number.isInteger) && typeof f.createdAt === 'string' && typeof f.epoch === 'string';
  }

  protected async stored(m: EntityManager, ids: number[]): Promise<SignupFact[]> {
    const rows: SignupFact[] = await m.query(`SELECT ${FACT_COLUMNS} FROM signups WHERE id = ANY($1::bigint[])`, [ids]);
    return rows.map((s) => ({ ...s, createdAt: isoTime(s.createdAt)!, workSubmittedAt: isoTime(s.workSubmittedAt) }));
  }

  protected async write(m: EntityManager, changes: FactChange<SignupFact>[]): Promise<void> {
    const facts = changes.map((c) => ({ ...c.after, awards: validAwards(c.after.awards) }));
    // Each competition's organisation, for scoping the figures (a competition moved to another organisation follows).
    const groups = [...new Map(facts.map((f) => [f.competitionId, f.groupId])).entries()].sort(([a], [b]) => a - b);
    // One statement (one round trip) for the rows, their counts and their competitions.
    await m.query(
      `WITH kept AS (
         INSERT INTO signups (id, competition_id, group_id, item_id, item_name, item_name_en, school_id, school_name, college, major, grade, status, pay_status, fee_fen, created_at, work_submitted_at, awards, version)
         SELECT id, "competitionId", "groupId", "itemId", left("itemName", 100), left(COALESCE("itemNameEn", ''), 200), "schoolId", left("schoolName", 100), left(college, 100), left(major, 100), left(grade, 50),
                status, "payStatus", "feeFen", "createdAt", "workSubmittedAt", awards, version
         FROM jsonb_to_recordset($1::jsonb) AS ${FACT_RECORD}
         ON CONFLICT (id) DO UPDATE SET competition_id = EXCLUDED.competition_id, group_id = EXCLUDED.group_id, item_id = EXCLUDED.item_id,
           item_name = EXCLUDED.item_name, item_name_en = EXCLUDED.item_name_en, school_id = EXCLUDED.school_id, school_name = EXCLUDED.school_name, college = EXCLUDED.college,
           major = EXCLUDED.major, grade = EXCLUDED.grade, status = EXCLUDED.status, pay_status = EXCLUDED.pay_status, fee_fen = EXCLUDED.fee_fen,
           created_at = EXCLUDED.created_at, work_submitted_at = EXCLUDED.work_submitted_at, awards = EXCLUDED.awards, version = EXCLUDED.version
       ), counted AS (
         INSERT INTO signup_counts (competition_id, dimension, key, label, label_en, count)
         SELECT "competitionId", dimension, key, label, "labelEn", delta
         FROM jsonb_to_recordset($2::jsonb) AS x("competitionId" int, dimension text, key text, label text, "labelEn" text, delta int)
         ON CONFLICT (competition_id, dimension, key) DO UPDATE SET count = signup_counts.count + EXCLUDED.count,
           label = CASE WHEN EXCLUDED.count > 0 THEN EXCLUDED.label ELSE signup_counts.label END,
           label_en = CASE WHEN EXCLUDED.count > 0 THEN EXCLUDED.label_en ELSE signup_counts.label_en END
       )
       INSERT INTO competitions (id, group_id) SELECT * FROM unnest($3::int[], $4::int[]) ON CONFLICT (id) DO UPDATE SET group_id = EXCLUDED.group_id
       WHERE competitions.group_id <> EXCLUDED.group_id`,
      [JSON.stringify(facts), JSON.stringify(countDeltas(changes)), groups.map(([c]) => c), groups.map(([, g]) => g)],
    );
  }
}

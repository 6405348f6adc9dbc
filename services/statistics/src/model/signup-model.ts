import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SignupFact } from '@cmp/contracts';
import { countDeltas } from './signup-counts';

/** The stored sign-up in the fact's shape (bigint columns come back as text). */
const FACT_COLUMNS = `id::float8 AS id, competition_id AS "competitionId", group_id AS "groupId", item_id AS "itemId", item_name AS "itemName", item_name_en AS "itemNameEn",
  school_id AS "schoolId", school_name AS "schoolName", college, major, grade, status, pay_status AS "payStatus", fee_fen AS "feeFen",
  created_at AS "createdAt", work_submitted_at AS "workSubmittedAt", version::float8 AS version`;

/** The recordset a batch of facts is written from (one statement per table, whatever the batch's size). */
const FACT_RECORD = `x(id bigint, "competitionId" int, "groupId" int, "itemId" int, "itemName" text, "itemNameEn" text, "schoolId" int, "schoolName" text,
  college text, major text, grade text, status smallint, "payStatus" smallint, "feeFen" int, "createdAt" timestamptz, "workSubmittedAt" timestamptz, version bigint)`;

const isFact = (f: SignupFact | null | undefined): f is SignupFact =>
  !!f && [f.id, f.competitionId, f.groupId, f.itemId, f.status, f.payStatus, f.feeFen, f.version].every(Number.isInteger) && typeof f.createdAt === 'string' && typeof f.epoch === 'string';

/**
 * Applies sign-up facts to the read model: a fact newer than the one kept replaces it and moves the counts by the
 * difference, in one transaction; an older or repeated fact changes nothing, so events delivered twice, out of
 * order, or beside a rebuild's snapshot leave the same figures. Facts of another enrollment database than the one the
 * model was built from (or any, before it is built) are not applied: its rebuild reads what they describe.
 */
@Injectable()
export class SignupModel {
  constructor(private readonly ds: DataSource) {}

  async apply(facts: (SignupFact | null | undefined)[]): Promise<number> {
    const latest = new Map<number, SignupFact>();
    for (const f of facts) if (isFact(f) && (latest.get(f.id)?.version ?? -Infinity) < f.version) latest.set(f.id, f);
    if (!latest.size) return 0;
    return this.ds.transaction(async (m) => {
      const [{ epoch }]: { epoch: string | null }[] = await m.query(`SELECT signup_epoch AS epoch FROM model_state WHERE id = 1`);
      for (const [id, f] of latest) if (f.epoch !== epoch) latest.delete(id);
      if (!latest.size) return 0;
      const ids = [...latest.keys()].sort((a, b) => a - b);
      // Replicas applying the same new sign-up at once: the second waits and then sees the first's row.
      await m.query(`SELECT pg_advisory_xact_lock(7001, (x % 2147483647)::int) FROM unnest($1::bigint[]) x ORDER BY x`, [ids]);
      const stored: SignupFact[] = await m.query(`SELECT ${FACT_COLUMNS} FROM signups WHERE id = ANY($1::bigint[])`, [ids]);
      const iso = (t: string | null) => (t ? new Date(t).toISOString() : null);
      const before = new Map(stored.map((s) => [s.id, { ...s, createdAt: iso(s.createdAt)!, workSubmittedAt: iso(s.workSubmittedAt) }]));
      const changes = ids.map((id) => ({ before: before.get(id), after: latest.get(id)! })).filter((c) => !c.before || c.before.version < c.after.version);
      if (!changes.length) return 0;
      await this.write(m, changes);
      return changes.length;
    });
  }

  private async write(m: EntityManager, changes: { before?: SignupFact; after: SignupFact }[]): Promise<void> {
    const facts = changes.map((c) => c.after);
    await m.query(
      `INSERT INTO signups (id, competition_id, group_id, item_id, item_name, item_name_en, school_id, school_name, college, major, grade, status, pay_status, fee_fen, created_at, work_submitted_at, version)
       SELECT id, "competitionId", "groupId", "itemId", left("itemName", 100), left(COALESCE("itemNameEn", ''), 200), "schoolId", left("schoolName", 100), left(college, 100), left(major, 100), left(grade, 50),
              status, "payStatus", "feeFen", "createdAt", "workSubmittedAt", version
       FROM jsonb_to_recordset($1::jsonb) AS ${FACT_RECORD}
       ON CONFLICT (id) DO UPDATE SET competition_id = EXCLUDED.competition_id, group_id = EXCLUDED.group_id, item_id = EXCLUDED.item_id,
         item_name = EXCLUDED.item_name, item_name_en = EXCLUDED.item_name_en, school_id = EXCLUDED.school_id, school_name = EXCLUDED.school_name, college = EXCLUDED.college,
         major = EXCLUDED.major, grade = EXCLUDED.grade, status = EXCLUDED.status, pay_status = EXCLUDED.pay_status, fee_fen = EXCLUDED.fee_fen,
         created_at = EXCLUDED.created_at, work_submitted_at = EXCLUDED.work_submitted_at, version = EXCLUDED.version`,
      [JSON.stringify(facts)],
    );
    const deltas = countDeltas(changes);
    if (deltas.length) {
      await m.query(
        `INSERT INTO signup_counts (competition_id, dimension, key, label, label_en, count)
         SELECT "competitionId", dimension, key, label, "labelEn", delta
         FROM jsonb_to_recordset($1::jsonb) AS x("competitionId" int, dimension text, key text, label text, "labelEn" text, delta int)
         ON CONFLICT (competition_id, dimension, key) DO UPDATE SET count = signup_counts.count + EXCLUDED.count,
           label = CASE WHEN EXCLUDED.count > 0 THEN EXCLUDED.label ELSE signup_counts.label END,
           label_en = CASE WHEN EXCLUDED.count > 0 THEN EXCLUDED.label_en ELSE signup_counts.label_en END`,
        [JSON.stringify(deltas)],
      );
    }
    // Each competition's organisation, for scoping the figures (a competition moved to another organisation follows).
    const groups = [...new Map(facts.map((f) => [f.competitionId, f.groupId])).entries()].sort(([a], [b]) => a - b);
    await m.query(
      `INSERT INTO competitions (id, group_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT (id) DO UPDATE SET group_id = EXCLUDED.group_id
       WHERE competitions.group_id <> EXCLUDED.group_id`,
      [groups.map(([c]) => c), groups.map(([, g]) => g)],
    );
    await m.query(`UPDATE model_state SET applied_at = now() WHERE id = 1`);
  }
}

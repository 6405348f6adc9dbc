import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The default award levels' names in both languages (as contracts' DEFAULT_AWARD_LEVELS names them). */
const DEFAULTS = `(VALUES ('特等奖', 'Grand prize'), ('一等奖', 'First prize'), ('二等奖', 'Second prize'), ('三等奖', 'Third prize'),
  ('优秀奖', 'Honourable mention')) AS d(name, name_en)`;

/**
 * Award levels in English (issue 26): each awarded work keeps its level's English name beside the Chinese one, and
 * award sets confirmed before levels had English names get the default levels' English names (the only ones known).
 */
export class AwardLevelNamesEn1767150000000 implements MigrationInterface {
  name = 'AwardLevelNamesEn1767150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE work_awards ADD COLUMN level_en varchar(50) NOT NULL DEFAULT ''`);
    await q.query(`
      UPDATE award_sets s SET levels = jsonb_set(s.levels, '{levels}', (
        SELECT jsonb_agg(CASE WHEN COALESCE(l->>'nameEn', '') = '' AND d.name IS NOT NULL THEN l || jsonb_build_object('nameEn', d.name_en) ELSE l END ORDER BY i)
        FROM jsonb_array_elements(s.levels->'levels') WITH ORDINALITY AS e(l, i) LEFT JOIN ${DEFAULTS} ON d.name = l->>'name'))
      WHERE jsonb_typeof(s.levels->'levels') = 'array' AND jsonb_array_length(s.levels->'levels') > 0`);
    await q.query(`UPDATE work_awards a SET level_en = d.name_en FROM ${DEFAULTS} WHERE a.level = d.name AND a.level_en = ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE work_awards DROP COLUMN level_en`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The default award levels' names in both languages (as contracts' DEFAULT_AWARD_LEVELS names them). */
const DEFAULTS = `(VALUES ('特等奖', 'Grand prize'), ('一等奖', 'First prize'), ('二等奖', 'Second prize'), ('三等奖', 'Third prize'),
  ('优秀奖', 'Honourable mention')) AS d(name, name_en)`;

/**
 * Award levels in English (issue 26): each sign-up's award keeps its level's English name (review.results.published
 * carries it now); awards kept before get the default levels' English names (the only ones known).
 */
export class AwardLevelNamesEn1767450000000 implements MigrationInterface {
  name = 'AwardLevelNamesEn1767450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signup_awards ADD COLUMN level_en varchar(50) NOT NULL DEFAULT ''`);
    await q.query(`UPDATE signup_awards a SET level_en = d.name_en FROM ${DEFAULTS} WHERE a.level = d.name AND a.level_en = ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signup_awards DROP COLUMN level_en`);
  }
}

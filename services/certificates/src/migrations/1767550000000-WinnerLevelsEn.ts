import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The default award levels' names in both languages (as contracts' DEFAULT_AWARD_LEVELS names them). */
const DEFAULTS = `(VALUES ('特等奖', 'Grand prize'), ('一等奖', 'First prize'), ('二等奖', 'Second prize'), ('三等奖', 'Third prize'),
  ('优秀奖', 'Honourable mention')) AS d(name, name_en)`;

/**
 * Published winners keep their level's English name (issue 26; review.results.published carries it now), for the
 * winners picker in English; winners kept before get the default levels' English names (the only ones known).
 */
export class WinnerLevelsEn1767550000000 implements MigrationInterface {
  name = 'WinnerLevelsEn1767550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE published_winners ADD COLUMN level_en varchar(50) NOT NULL DEFAULT ''`);
    await q.query(`UPDATE published_winners w SET level_en = d.name_en FROM ${DEFAULTS} WHERE w.level = d.name AND w.level_en = ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE published_winners DROP COLUMN level_en`);
  }
}

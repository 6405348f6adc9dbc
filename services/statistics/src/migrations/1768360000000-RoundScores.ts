import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Final scores in the read model (issue 29): each review round's last round-score fact (the score version its figures
 * come from, published or latest, and its works' final scores in bands of 10); a round's score distribution reads
 * them where a version exists, else the submitted sheets' totals. round_score_epoch: the review database they come
 * from. The model is built again on the next start, so that the versions computed before this reach it.
 */
export class RoundScores1768360000000 implements MigrationInterface {
  name = 'RoundScores1768360000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE round_scores (
        id bigint PRIMARY KEY,
        competition_id int,
        round_name varchar(100) NOT NULL DEFAULT '',
        live boolean NOT NULL,
        version_id int,
        version_number int,
        published boolean NOT NULL DEFAULT false,
        bands jsonb NOT NULL DEFAULT '[]',
        version bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX round_scores_competition ON round_scores (competition_id) WHERE live AND version_id IS NOT NULL`);
    await q.query(`ALTER TABLE model_state ADD COLUMN round_score_epoch uuid`);
    await q.query(`UPDATE model_state SET rebuilt_at = NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE model_state DROP COLUMN round_score_epoch`);
    await q.query(`DROP TABLE round_scores`);
  }
}

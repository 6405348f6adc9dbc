import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Votes and check-ins in the read model (issue 29): each work in a round as last told (its on-site queue state and
 * its votes), counted at read time per round. round_work_epoch: the review database they come from. The model is
 * built again on the next start, so that the works queued and voted for before this reach it.
 */
export class RoundWorks1768340000000 implements MigrationInterface {
  name = 'RoundWorks1768340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE round_works (
        id bigint PRIMARY KEY,
        competition_id int,
        round_id int,
        round_name varchar(100) NOT NULL DEFAULT '',
        work_id int,
        title varchar(200) NOT NULL DEFAULT '',
        live boolean NOT NULL,
        scene varchar(12),
        checked_in boolean NOT NULL DEFAULT false,
        late boolean NOT NULL DEFAULT false,
        votes int NOT NULL DEFAULT 0,
        late_votes int NOT NULL DEFAULT 0,
        version bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX round_works_competition ON round_works (competition_id, round_id) WHERE live`);
    await q.query(`ALTER TABLE model_state ADD COLUMN round_work_epoch uuid`);
    await q.query(`UPDATE model_state SET rebuilt_at = NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE model_state DROP COLUMN round_work_epoch`);
    await q.query(`DROP TABLE round_works`);
  }
}

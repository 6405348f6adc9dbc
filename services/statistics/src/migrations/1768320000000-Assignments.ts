import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Review progress and scores in the read model (issue 29): each assignment's last fact (its expert, review group,
 * sheet state and submitted total), counted at read time per round, group and expert. assignment_epoch: the review
 * database they come from. The model is built again on the next start (rebuilt_at cleared), so that the assignments
 * made before this reach it.
 */
export class Assignments1768320000000 implements MigrationInterface {
  name = 'Assignments1768320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE assignments (
        id bigint PRIMARY KEY,
        competition_id int,
        group_id int,
        round_id int,
        round_name varchar(100) NOT NULL DEFAULT '',
        review_group_id int,
        review_group_name varchar(50) NOT NULL DEFAULT '',
        expert_id int,
        expert_name varchar(50) NOT NULL DEFAULT '',
        live boolean NOT NULL,
        gone boolean NOT NULL DEFAULT false,
        sheet varchar(10) NOT NULL DEFAULT 'none',
        total numeric(8, 2),
        submitted_at timestamptz,
        version bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX assignments_competition ON assignments (competition_id, round_id) WHERE live`);
    await q.query(`ALTER TABLE model_state ADD COLUMN assignment_epoch uuid`);
    await q.query(`UPDATE model_state SET rebuilt_at = NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE model_state DROP COLUMN assignment_epoch`);
    await q.query(`DROP TABLE assignments`);
  }
}

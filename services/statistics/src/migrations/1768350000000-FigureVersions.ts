import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version of each competition's figures (issue 29, reads): every transaction that applies facts touching a
 * competition (its sign-ups, orders, assignments, round works, round scores) gives it a new number from one sequence,
 * in the same transaction, so a reader that sees the number sees the state it names. The figures computed for a
 * number are kept by the service and answered again while the number stands. The sequence never starts over (a
 * rebuild gives every competition a new number), so a number never names two states.
 */
export class FigureVersions1768350000000 implements MigrationInterface {
  name = 'FigureVersions1768350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE figure_version`);
    await q.query(`CREATE TABLE figure_versions (competition_id int PRIMARY KEY, version bigint NOT NULL)`);
    await q.query(`
      INSERT INTO figure_versions (competition_id, version)
      SELECT id, nextval('figure_version') FROM (
        SELECT competition_id FROM signups UNION SELECT competition_id FROM orders
        UNION SELECT competition_id FROM assignments WHERE competition_id IS NOT NULL
        UNION SELECT competition_id FROM round_works WHERE competition_id IS NOT NULL
      ) x(id) ORDER BY id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE figure_versions`);
    await q.query(`DROP SEQUENCE figure_version`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scoring: what experts see of a work (member and adviser names unless the round is blind, the event's name, the
 * submitted files, copied when the round loads its works) and a captain's confirmation of the group's scoring.
 */
export class Scoring1766300000000 implements MigrationInterface {
  name = 'Scoring1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE round_works ADD COLUMN member_names text[] NOT NULL DEFAULT '{}', ADD COLUMN adviser_names text[] NOT NULL DEFAULT '{}',
      ADD COLUMN event_name varchar(100) NOT NULL DEFAULT '', ADD COLUMN files jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`ALTER TABLE review_groups ADD COLUMN confirmed_at timestamptz, ADD COLUMN confirmed_by int`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE review_groups DROP COLUMN confirmed_at, DROP COLUMN confirmed_by`);
    await q.query(`ALTER TABLE round_works DROP COLUMN member_names, DROP COLUMN adviser_names, DROP COLUMN event_name, DROP COLUMN files`);
  }
}

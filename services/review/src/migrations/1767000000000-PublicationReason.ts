import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why a round's results were published although its review was not finished (open round, unconfirmed groups, unscored sheets). */
export class PublicationReason1767000000000 implements MigrationInterface {
  name = 'PublicationReason1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE publications ADD COLUMN IF NOT EXISTS reason varchar(500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE publications DROP COLUMN reason`);
  }
}

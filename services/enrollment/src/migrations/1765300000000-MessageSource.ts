import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a message announces (`certificate:<id>`), unique when set: an event delivered twice, or a batch sent
 * twice, still gives one message per certificate.
 */
export class MessageSource1765300000000 implements MigrationInterface {
  name = 'MessageSource1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages ADD COLUMN source varchar(100)`);
    await q.query(`CREATE UNIQUE INDEX messages_source_uq ON messages (source) WHERE source IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages DROP COLUMN source`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The certificates outbox (issue 25): certificates.batch.sent is written in the transaction that sends the batch. */
export class Outbox1767400000000 implements MigrationInterface {
  name = 'Outbox1767400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        subject varchar(200) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Promotion (issue 16): a round's confirmed promotion, once per round, and the review outbox for its event. */
export class Promotions1766500000000 implements MigrationInterface {
  name = 'Promotions1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE promotions (
        round_id int PRIMARY KEY REFERENCES rounds(id) ON DELETE CASCADE,
        version_id int NOT NULL REFERENCES score_versions(id),
        rule jsonb NOT NULL,
        promoted_count int NOT NULL,
        eliminated_count int NOT NULL,
        confirmed_by varchar(64) NOT NULL,
        confirmed_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The outbox, inlined: a migration imports nothing that can change after it landed.
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
    await q.query(`DROP TABLE outbox, promotions`);
  }
}

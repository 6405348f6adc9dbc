import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Templates, seals, batches, certificates and numbering counters.
 * Numbers are guarded twice: counters hand out consecutive sequence numbers inside the numbering
 * transaction, and unique indexes refuse any repeat (a live sequence number per counter, a live printed
 * number per organisation). A reissued certificate keeps its number; the revoked one steps aside.
 */
export class Certificates1764000000000 implements MigrationInterface {
  name = 'Certificates1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE templates (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        name varchar(100) NOT NULL,
        category varchar(50) NOT NULL,
        design jsonb NOT NULL,
        numbering jsonb NOT NULL,
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX templates_group ON templates (group_id) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE seals (
        group_id int PRIMARY KEY,
        image_url varchar(300) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE counters (
        counter_key varchar(60) PRIMARY KEY,
        last_value int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE batches (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        template_id int NOT NULL REFERENCES templates(id),
        name varchar(100) NOT NULL,
        competition_id int,
        competition_name varchar(200) NOT NULL DEFAULT '',
        item_id int,
        item_name varchar(200) NOT NULL DEFAULT '',
        issuer_name varchar(200) NOT NULL,
        numbering jsonb NOT NULL,
        design jsonb,
        seal_url varchar(300),
        status varchar(10) NOT NULL DEFAULT 'draft',
        error text,
        runs int NOT NULL DEFAULT 0,
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        numbered_at timestamptz,
        issued_at timestamptz,
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX batches_group ON batches (group_id)`);
    await q.query(`
      CREATE TABLE certificates (
        id serial PRIMARY KEY,
        batch_id int NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        group_id int NOT NULL,
        position int NOT NULL,
        holder_name varchar(100) NOT NULL,
        username varchar(64),
        award_name varchar(100) NOT NULL DEFAULT '',
        "values" jsonb NOT NULL DEFAULT '{}',
        counter_key varchar(60),
        seq int,
        number varchar(80),
        token varchar(40) NOT NULL UNIQUE,
        status varchar(10) NOT NULL DEFAULT 'pending',
        error text,
        attempts int NOT NULL DEFAULT 0,
        pdf_path varchar(200),
        png_path varchar(200),
        rendered_at timestamptz,
        revoked_at timestamptz,
        revoked_reason varchar(200),
        replaced_by int REFERENCES certificates(id),
        reissue_of int REFERENCES certificates(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A reissue shares its position with the revoked original; among live ones a position is taken once.
    await q.query(`CREATE UNIQUE INDEX certificates_position ON certificates (batch_id, position) WHERE revoked_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX certificates_seq ON certificates (counter_key, seq) WHERE seq IS NOT NULL AND revoked_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX certificates_number ON certificates (group_id, number) WHERE number IS NOT NULL AND revoked_at IS NULL`);
    await q.query(`CREATE INDEX certificates_batch_status ON certificates (batch_id, status)`);
    await q.query(`CREATE INDEX certificates_holder ON certificates (username) WHERE username IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE certificates`);
    await q.query(`DROP TABLE batches`);
    await q.query(`DROP TABLE counters`);
    await q.query(`DROP TABLE seals`);
    await q.query(`DROP TABLE templates`);
  }
}

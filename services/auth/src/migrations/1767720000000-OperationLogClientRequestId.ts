import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: an entry's request_id is the gateway's own id for the call; the X-Request-Id the caller sent, if any, is
 * kept beside it for tracing and never de-duplicates anything.
 */
export class OperationLogClientRequestId1767720000000 implements MigrationInterface {
  name = 'OperationLogClientRequestId1767720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE operation_logs ADD COLUMN client_request_id varchar(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE operation_logs DROP COLUMN client_request_id`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OperationLogs1763900000000 implements MigrationInterface {
  name = 'OperationLogs1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operation_logs (
        id bigserial PRIMARY KEY,
        request_id varchar(64) NOT NULL,
        user_id int,
        username varchar(64),
        group_id int,
        method varchar(10) NOT NULL,
        path varchar(300) NOT NULL,
        title varchar(200) NOT NULL,
        result_code int NOT NULL,
        message varchar(500),
        duration_ms int NOT NULL,
        ip varchar(64) NOT NULL,
        user_agent varchar(300),
        params text,
        occurred_at timestamptz NOT NULL,
        -- Events arrive at least once: the request id makes a redelivery a no-op.
        CONSTRAINT operation_logs_request_uq UNIQUE (request_id)
      )`);
    await q.query(`CREATE INDEX operation_logs_time_idx ON operation_logs (occurred_at DESC)`);
    await q.query(`CREATE INDEX operation_logs_group_time_idx ON operation_logs (group_id, occurred_at DESC)`);
    // Organisation administrators of existing installations read the log too (the seed grants it to new ones).
    await q.query(`UPDATE roles SET permissions = array_append(permissions, 'system:log:list')
                    WHERE key = 'admin' AND NOT ('system:log:list' = ANY(permissions))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permissions = array_remove(permissions, 'system:log:list') WHERE key = 'admin'`);
    await q.query(`DROP TABLE IF EXISTS operation_logs`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public site address a batch's QR codes point at, fixed when it is issued (reissues print the same). */
export class BatchPublicUrl1765200000000 implements MigrationInterface {
  name = 'BatchPublicUrl1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE batches ADD COLUMN public_url varchar(300)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE batches DROP COLUMN public_url`);
  }
}

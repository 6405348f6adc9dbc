import type { MigrationInterface, QueryRunner } from 'typeorm';

/** 数据中心 is a data centre, not a database (issue 13): the seed names it so; this renames existing menus. */
export class DataCentreName1765413000000 implements MigrationInterface {
  name = 'DataCentreName1765413000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menus SET name_en = 'Data centre' WHERE name = '数据中心' AND name_en = 'Database'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menus SET name_en = 'Database' WHERE name = '数据中心' AND name_en = 'Data centre'`);
  }
}

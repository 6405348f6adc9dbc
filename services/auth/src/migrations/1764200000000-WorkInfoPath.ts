import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's work detail page moves from /works/detail to /works/info: /works/detail is the spec's
 * public (open) path of a published work, and a hidden menu page on the same path would shadow it for anyone
 * logged in. New databases get 'info' from the seed; this moves the menu row of existing ones.
 */
export class WorkInfoPath1764200000000 implements MigrationInterface {
  name = 'WorkInfoPath1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menus SET path = 'info' WHERE component = 'works/detail/index' AND path = 'detail'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menus SET path = 'detail' WHERE component = 'works/detail/index' AND path = 'info'`);
  }
}

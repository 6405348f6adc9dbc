import type { MigrationInterface, QueryRunner } from 'typeorm';

/** 奖励管理 (issue 30): an organisation's award levels and rules kept under a name, which a round's awards start from. */
export class AwardPresets1768340000000 implements MigrationInterface {
  name = 'AwardPresets1768340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE award_presets (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        name varchar(50) NOT NULL,
        levels jsonb NOT NULL,
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (group_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE award_presets`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each on-site room's minutes per team (a team's time slot is the room's start plus the minutes of the places before
 * it). The column was added to Scene1766800000000 after it had landed, so databases that ran its first version lack
 * it; those that ran the edited version have it already, hence IF NOT EXISTS and the constraint's check.
 */
export class RoomMinutesPerTeam1766900000000 implements MigrationInterface {
  name = 'RoomMinutesPerTeam1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scene_rooms ADD COLUMN IF NOT EXISTS minutes_per_team int NOT NULL DEFAULT 10`);
    await q.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'scene_rooms_minutes' AND conrelid = 'scene_rooms'::regclass) THEN
          ALTER TABLE scene_rooms ADD CONSTRAINT scene_rooms_minutes CHECK (minutes_per_team BETWEEN 1 AND 240);
        END IF;
      END $$`);
  }

  async down(): Promise<void> {
    // Nothing: databases that ran the edited Scene1766800000000 had the column before this migration.
  }
}

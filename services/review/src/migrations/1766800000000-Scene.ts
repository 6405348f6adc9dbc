import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On-site review (issue 17): a round's venue and rooms, the order of appearance, check-in, each room's queue (its seq
 * numbers the room's changes for the screens) and the kiosks bound to rooms.
 */
export class Scene1766800000000 implements MigrationInterface {
  name = 'Scene1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scene_settings (
        round_id int PRIMARY KEY REFERENCES rounds(id) ON DELETE CASCADE,
        venue varchar(100) NOT NULL DEFAULT '',
        notice varchar(500) NOT NULL DEFAULT '',
        show_score boolean NOT NULL DEFAULT false,
        bilingual boolean NOT NULL DEFAULT false,
        checkin_key bytea NOT NULL,
        draw_method varchar(10),
        draw_seed varchar(64),
        drawn_at timestamptz,
        published_at timestamptz,
        CONSTRAINT scene_settings_method CHECK (draw_method IN ('random', 'signup', 'manual'))
      )`);
    await q.query(`
      CREATE TABLE scene_rooms (
        id serial PRIMARY KEY,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        name varchar(50) NOT NULL,
        name_en varchar(50) NOT NULL DEFAULT '',
        code char(1) NOT NULL,
        review_group_id int REFERENCES review_groups(id) ON DELETE SET NULL,
        starts_at timestamptz,
        ends_at timestamptz,
        sort int NOT NULL DEFAULT 0,
        paused boolean NOT NULL DEFAULT false,
        seq bigint NOT NULL DEFAULT 0,
        UNIQUE (round_id, name),
        UNIQUE (round_id, code)
      )`);
    await q.query(`
      CREATE TABLE scene_queue (
        round_id int NOT NULL,
        work_id int NOT NULL,
        room_id int NOT NULL REFERENCES scene_rooms(id) ON DELETE CASCADE,
        number varchar(8) NOT NULL,
        position int NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'waiting',
        checked_in_at timestamptz,
        late boolean NOT NULL DEFAULT false,
        called_at timestamptz,
        calls int NOT NULL DEFAULT 0,
        skips int NOT NULL DEFAULT 0,
        started_at timestamptz,
        ended_at timestamptz,
        PRIMARY KEY (round_id, work_id),
        FOREIGN KEY (round_id, work_id) REFERENCES round_works(round_id, work_id) ON DELETE CASCADE,
        UNIQUE (round_id, number),
        CONSTRAINT scene_queue_status CHECK (status IN ('waiting', 'called', 'presenting', 'done', 'skipped', 'absent'))
      )`);
    await q.query(`CREATE INDEX scene_queue_room ON scene_queue (room_id, position)`);
    // One team at the door or on stage per room, whatever the staff press at once.
    await q.query(`CREATE UNIQUE INDEX scene_queue_one_current ON scene_queue (room_id) WHERE status IN ('called', 'presenting')`);
    await q.query(`
      CREATE TABLE kiosk_devices (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        room_ids int[] NOT NULL,
        name varchar(50) NOT NULL,
        layout varchar(10) NOT NULL DEFAULT 'room',
        token_hash bytea NOT NULL UNIQUE,
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz,
        revoked_at timestamptz,
        CONSTRAINT kiosk_devices_layout CHECK (layout IN ('room', 'venue'))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['kiosk_devices', 'scene_queue', 'scene_rooms', 'scene_settings']) await q.query(`DROP TABLE ${t}`);
  }
}

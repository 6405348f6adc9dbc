import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1763740000000 implements MigrationInterface {
  name = 'Init1763740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE groups (
        id serial PRIMARY KEY,
        code varchar(64) NOT NULL,
        name varchar(100) NOT NULL,
        parent_id int REFERENCES groups(id),
        hosts text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT groups_code_uq UNIQUE (code),
        CONSTRAINT groups_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id)
      )`);
    await q.query(`CREATE INDEX groups_parent_idx ON groups (parent_id)`);
    await q.query(`
      CREATE TABLE depts (
        id serial PRIMARY KEY,
        group_id int NOT NULL REFERENCES groups(id),
        parent_id int REFERENCES depts(id),
        name varchar(100) NOT NULL,
        order_num int NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX depts_group_idx ON depts (group_id)`);
    await q.query(`
      CREATE TABLE roles (
        id serial PRIMARY KEY,
        key varchar(64) NOT NULL,
        name varchar(100) NOT NULL,
        permissions text[] NOT NULL DEFAULT '{}',
        builtin boolean NOT NULL DEFAULT false,
        CONSTRAINT roles_key_uq UNIQUE (key)
      )`);
    await q.query(`
      CREATE TABLE menus (
        id serial PRIMARY KEY,
        parent_id int REFERENCES menus(id),
        name varchar(64) NOT NULL,
        name_en varchar(64) NOT NULL,
        menu_type smallint NOT NULL CHECK (menu_type IN (1, 2, 4)),
        path varchar(200) NOT NULL,
        component varchar(200),
        query varchar(500),
        icon varchar(64),
        visible smallint NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
        order_num int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE role_menus (
        role_id int NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        menu_id int NOT NULL REFERENCES menus(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, menu_id)
      )`);
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        group_id int NOT NULL REFERENCES groups(id),
        dept_id int REFERENCES depts(id),
        username varchar(32) NOT NULL,
        password_hash varchar(200) NOT NULL,
        real_name varchar(50) NOT NULL,
        phone varchar(20),
        email varchar(100),
        avatar varchar(300),
        status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    // Unique among live users only: a deleted account frees its name and phone.
    await q.query(`CREATE UNIQUE INDEX users_username_uq ON users (lower(username)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX users_phone_uq ON users (phone) WHERE deleted_at IS NULL AND phone IS NOT NULL`);
    await q.query(`CREATE INDEX users_group_idx ON users (group_id) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE user_roles (
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role_id int NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      )`);
    await q.query(`CREATE INDEX user_roles_role_idx ON user_roles (role_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['user_roles', 'users', 'role_menus', 'menus', 'roles', 'depts', 'groups']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}

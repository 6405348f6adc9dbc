import type { MigrationInterface, QueryRunner } from 'typeorm';

/** News, favourites, subscriptions and subscription messages. */
export class News1763763000000 implements MigrationInterface {
  name = 'News1763763000000';

  async up(q: QueryRunner): Promise<void> {
    // competition_id has no foreign key yet: the competitions table arrives in another migration.
    await q.query(`
      CREATE TABLE news (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        title varchar(200) NOT NULL,
        summary varchar(500) NOT NULL DEFAULT '',
        cover_url text,
        content text NOT NULL,
        content_text text NOT NULL DEFAULT '',
        category smallint NOT NULL CHECK (category BETWEEN 1 AND 5),
        competition_id int,
        status varchar(16) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'pending', 'published', 'rejected')),
        reject_reason varchar(500),
        top boolean NOT NULL DEFAULT false,
        views int NOT NULL DEFAULT 0,
        author_id int NOT NULL,
        author_name varchar(64) NOT NULL,
        applied_at timestamptz,
        checked_by int,
        checked_at timestamptz,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX news_public_idx ON news (group_id, category, top DESC, published_at DESC) WHERE status = 'published'`);
    await q.query(`CREATE INDEX news_competition_idx ON news (competition_id) WHERE competition_id IS NOT NULL`);
    await q.query(`CREATE INDEX news_group_status_idx ON news (group_id, status, updated_at DESC)`);
    await q.query(`CREATE INDEX news_author_idx ON news (author_id)`);
    await q.query(`
      CREATE TABLE news_collects (
        user_id int NOT NULL,
        news_id int NOT NULL REFERENCES news (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, news_id)
      )`);
    await q.query(`CREATE INDEX news_collects_news_idx ON news_collects (news_id)`);
    await q.query(`
      CREATE TABLE user_subscriptions (
        user_id int PRIMARY KEY,
        group_id int NOT NULL,
        competition_ids int[] NOT NULL DEFAULT '{}',
        categories smallint[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX user_subscriptions_competitions_idx ON user_subscriptions USING gin (competition_ids)`);
    await q.query(`CREATE INDEX user_subscriptions_group_idx ON user_subscriptions (group_id)`);
    // One message per subscriber and news item, so publishing again never repeats it.
    await q.query(`
      CREATE TABLE subscribe_messages (
        id serial PRIMARY KEY,
        user_id int NOT NULL,
        news_id int NOT NULL REFERENCES news (id) ON DELETE CASCADE,
        title varchar(200) NOT NULL,
        link text NOT NULL,
        read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, news_id)
      )`);
    await q.query(`CREATE INDEX subscribe_messages_user_idx ON subscribe_messages (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS subscribe_messages`);
    await q.query(`DROP TABLE IF EXISTS user_subscriptions`);
    await q.query(`DROP TABLE IF EXISTS news_collects`);
    await q.query(`DROP TABLE IF EXISTS news`);
  }
}

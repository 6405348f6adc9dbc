import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, pageOf } from '@cmp/common';
import {
  NEWS_CATEGORIES,
  type IdsPayload,
  type MessagePageQuery,
  type Page,
  type RpcRequest,
  type SubscribeMessage,
  type Subscription,
} from '@cmp/contracts';

const SUBSCRIPTION_SQL = `
  SELECT group_id AS "groupId", competition_ids AS "competitionIds", categories::int[] AS "categories"
    FROM user_subscriptions WHERE user_id = $1`;

/** A person's subscriptions and the messages publishing news leaves them (see NewsService.notifySubscribers). */
@Injectable()
export class SubscriptionService {
  constructor(private readonly ds: DataSource) {}

  /** Nothing followed yet: the categories of the caller's own organisation's site, none chosen. */
  async get(req: RpcRequest): Promise<Subscription> {
    const caller = callerOf(req);
    const [row] = await this.ds.query(SUBSCRIPTION_SQL, [caller.userId]);
    return row ?? { groupId: caller.groupId, competitionIds: [], categories: [] };
  }

  async save(req: RpcRequest<Partial<Subscription>>): Promise<Subscription> {
    const caller = callerOf(req);
    const p = req.payload;
    const categories = [...new Set(p.categories ?? [])].sort();
    const bad = categories.find((c) => !(NEWS_CATEGORIES as readonly number[]).includes(c));
    if (bad !== undefined) throw AppError.badRequest('news.badCategory', { category: String(bad) });
    const competitionIds = [...new Set(p.competitionIds ?? [])].sort((a, b) => a - b);
    // Only competitions the public can see can be followed.
    const known: { id: number }[] = await this.ds.query(`SELECT id FROM competitions WHERE id = ANY($1::int[]) AND status IN (1, 2)`, [competitionIds]);
    const unknown = competitionIds.find((id) => !known.some((k) => k.id === id));
    if (unknown !== undefined) throw AppError.notFound('competition.notFound', { id: unknown });
    await this.ds.query(
      `INSERT INTO user_subscriptions (user_id, group_id, competition_ids, categories) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
         SET group_id = EXCLUDED.group_id, competition_ids = EXCLUDED.competition_ids, categories = EXCLUDED.categories, updated_at = now()`,
      [caller.userId, p.groupId ?? caller.groupId, competitionIds, categories],
    );
    return this.get(req);
  }

  async messagePage(req: RpcRequest<MessagePageQuery>): Promise<Page<SubscribeMessage> & { unread: number }> {
    const caller = callerOf(req);
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const args = [caller.userId, q.read ?? null];
    const filter = `user_id = $1 AND ($2::boolean IS NULL OR read = $2)`;
    const [{ total, unread }] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE ${filter})::int AS total, count(*) FILTER (WHERE user_id = $1 AND NOT read)::int AS unread
         FROM subscribe_messages WHERE user_id = $1`,
      args,
    );
    const list = await this.ds.query(
      `SELECT id, news_id AS "newsId", title, link, read, created_at AS "createdAt" FROM subscribe_messages
        WHERE ${filter} ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      args,
    );
    return { list, total, pageNum, pageSize, unread };
  }

  /** Only the caller's own messages are touched; others' ids are ignored. */
  async delete(req: RpcRequest<IdsPayload>): Promise<{ count: number }> {
    const caller = callerOf(req);
    const p = req.payload;
    // TypeORM answers DELETE and UPDATE with [rows, affected].
    const [, count] = await this.ds.query(`DELETE FROM subscribe_messages WHERE user_id = $1 AND id = ANY($2::int[])`, [caller.userId, p.ids]);
    return { count };
  }

  async markRead(req: RpcRequest<IdsPayload>): Promise<{ count: number }> {
    const caller = callerOf(req);
    const p = req.payload;
    const [, count] = await this.ds.query(`UPDATE subscribe_messages SET read = true WHERE user_id = $1 AND id = ANY($2::int[]) AND NOT read`, [
      caller.userId,
      p.ids,
    ]);
    return { count };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, likePattern, NatsRpcClient, pageOf, RPC, Scopes } from '@cmp/common';
import {
  hasAnyPermission,
  NEWS_CATEGORIES,
  newsLink,
  Perm,
  type CollectedNews,
  type Identity,
  type NewsCheckPayload,
  type NewsCollectPayload,
  type NewsDetail,
  type NewsItem,
  type NewsPageQuery,
  type NewsSavePayload,
  type NewsStatus,
  type Page,
  type PublicNewsDetail,
  type PublicNewsItem,
  type PublicNewsPageQuery,
  type RpcRequest,
} from '@cmp/contracts';
import { hasVisibleContent, htmlToText, sanitizeRichText } from '../rich-text';
import { invalidatePublicCache } from '../public-cache';
import { publicGroupOf } from '../public-group';

const ITEM_COLUMNS = `
  n.id, n.group_id AS "groupId", n.title, n.summary, n.cover_url AS "coverUrl", n.category,
  n.competition_id AS "competitionId", n.status, n.reject_reason AS "rejectReason", n.top, n.views,
  n.author_id AS "authorId", n.author_name AS "authorName", n.published_at AS "publishedAt",
  n.applied_at AS "appliedAt", n.created_at AS "createdAt", n.updated_at AS "updatedAt"`;
const PUBLIC_COLUMNS = `
  n.id, n.group_id AS "groupId", n.title, n.summary, n.cover_url AS "coverUrl", n.category,
  n.competition_id AS "competitionId", n.top, n.views, n.author_name AS "authorName", n.published_at AS "publishedAt"`;

/** Who may publish without approval: holders of news:check (and ROOT). */
const isChecker = (caller: Identity) => hasAnyPermission(caller, [Perm.newsCheck]);

@Injectable()
export class NewsService {
  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly scopes: Scopes,
  ) {}

  /** An item the caller may see in the back office; others' items answer "not found". */
  private async load(m: EntityManager | DataSource, id: number, scope: number[] | null, forUpdate = false): Promise<NewsDetail> {
    const [row] = await m.query(
      `SELECT ${ITEM_COLUMNS}, n.content FROM news n WHERE n.id = $1 AND ($2::int[] IS NULL OR n.group_id = ANY($2))${forUpdate ? ' FOR UPDATE' : ''}`,
      [id, scope],
    );
    if (!row) throw AppError.notFound('news.notFound', { id });
    return row;
  }

  async page(req: RpcRequest<NewsPageQuery>): Promise<Page<NewsItem>> {
    const caller = callerOf(req);
    const q = req.payload;
    const scope = await this.scopes.of(req);
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = [`($1::int[] IS NULL OR n.group_id = ANY($1))`];
    const args: unknown[] = [scope];
    const add = (sql: string, value: unknown) => {
      args.push(value);
      where.push(sql.replace(/\?/g, `$${args.length}`));
    };
    const keyword = likePattern(q.keyword);
    if (keyword) add(`(n.title ILIKE ? OR n.summary ILIKE ? OR n.content_text ILIKE ?)`, keyword);
    if (q.category) add(`n.category = ?`, q.category);
    if (q.status) add(`n.status = ?`, q.status);
    if (q.competitionId) add(`n.competition_id = ?`, q.competitionId);
    if (q.groupId) add(`n.group_id = ?`, q.groupId);
    if (q.mine) add(`n.author_id = ?`, caller.userId);
    const filter = where.join(' AND ');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM news n WHERE ${filter}`, args);
    const order = q.status === 'pending' ? 'n.applied_at ASC, n.id' : 'n.top DESC, n.updated_at DESC, n.id DESC';
    const list = await this.ds.query(`SELECT ${ITEM_COLUMNS} FROM news n WHERE ${filter} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`, args);
    return { list, total, pageNum, pageSize };
  }

  async get(req: RpcRequest<{ id: number }>): Promise<NewsDetail> {
    const caller = callerOf(req);
    const item = await this.load(this.ds, req.payload.id, await this.scopes.of(req));
    const [c] = await this.ds.query(`SELECT 1 FROM news_collects WHERE user_id = $1 AND news_id = $2`, [caller.userId, item.id]);
    return { ...item, collected: !!c };
  }

  /**
   * Adds or edits an item. Checkers keep a draft or publish; everyone else keeps a draft or submits it
   * to the superior organisation (pending). Published items are the checkers' to change.
   */
  async save(req: RpcRequest<NewsSavePayload>): Promise<NewsDetail> {
    const caller = callerOf(req);
    const p = req.payload;
    if (!(NEWS_CATEGORIES as readonly number[]).includes(p.category)) throw AppError.badRequest('news.badCategory', { category: String(p.category) });
    const content = sanitizeRichText(p.content ?? '');
    if (!hasVisibleContent(content)) throw AppError.badRequest('news.emptyContent');
    const groupId = p.groupId ?? caller.groupId;
    await this.scopes.assertGroup(req, groupId);
    const scope = await this.scopes.of(req);
    if (p.competitionId) {
      // The competition must be one the caller's organisations run (same schema, so checked here).
      const [c] = await this.ds.query(`SELECT 1 FROM competitions WHERE id = $1 AND ($2::int[] IS NULL OR group_id = ANY($2))`, [p.competitionId, scope]);
      if (!c) throw AppError.notFound('competition.notFound', { id: p.competitionId });
    }
    const checker = isChecker(caller);
    const status: NewsStatus = !p.publish ? 'draft' : checker ? 'published' : 'pending';
    const fields = [
      groupId, p.title.trim(), (p.summary ?? '').trim(), p.coverUrl || null, content, htmlToText(content), p.category,
      p.competitionId ?? null, checker ? !!p.top : false, status,
    ];

    return this.changed(this.ds.transaction(async (m) => {
      let id = p.id;
      if (id === undefined) {
        const [row] = await m.query(
          `INSERT INTO news (group_id, title, summary, cover_url, content, content_text, category, competition_id, top, status,
                             author_id, author_name, applied_at, published_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::varchar, $11, $12,
                   CASE WHEN $10::varchar = 'pending' THEN now() END, CASE WHEN $10::varchar = 'published' THEN now() END)
           RETURNING id`,
          [...fields, caller.userId, caller.username],
        );
        id = row.id as number;
      } else {
        const old = await this.load(m, id, scope, true);
        if (old.status === 'published' && !checker) throw AppError.badRequest('news.publishedLocked');
        // Non-checkers cannot set the top flag; an edit keeps what a checker chose.
        const top = checker ? !!p.top : old.top;
        await m.query(
          `UPDATE news SET group_id = $1, title = $2, summary = $3, cover_url = $4, content = $5, content_text = $6, category = $7,
                  competition_id = $8, top = $9, status = $10::varchar, reject_reason = CASE WHEN $10::varchar = 'draft' THEN reject_reason END,
                  applied_at = CASE WHEN $10::varchar = 'pending' THEN now() ELSE applied_at END,
                  published_at = CASE WHEN $10::varchar = 'published' THEN COALESCE(published_at, now()) ELSE published_at END,
                  updated_at = now()
            WHERE id = $11`,
          [...fields.slice(0, 8), top, status, id],
        );
      }
      if (status === 'published') await this.notifySubscribers(m, id);
      return this.load(m, id, null);
    }));
  }

  /** Publishes (checkers) or submits for approval (others). */
  async publish(req: RpcRequest<{ id: number }>): Promise<NewsDetail> {
    const caller = callerOf(req);
    const scope = await this.scopes.of(req);
    return this.changed(this.ds.transaction(async (m) => {
      const item = await this.load(m, req.payload.id, scope, true);
      if (item.status === 'published') throw AppError.badRequest('news.alreadyPublished');
      if (isChecker(caller)) {
        await m.query(
          `UPDATE news SET status = 'published', reject_reason = NULL, published_at = COALESCE(published_at, now()), updated_at = now() WHERE id = $1`,
          [item.id],
        );
        await this.notifySubscribers(m, item.id);
      } else {
        if (item.status === 'pending') throw AppError.badRequest('news.alreadyPending');
        await m.query(`UPDATE news SET status = 'pending', reject_reason = NULL, applied_at = now(), updated_at = now() WHERE id = $1`, [item.id]);
      }
      return this.load(m, item.id, null);
    }));
  }

  /** Takes a published item off the public site; it becomes a draft again. */
  async unpublish(req: RpcRequest<{ id: number }>): Promise<NewsDetail> {
    const scope = await this.scopes.of(req);
    return this.changed(this.ds.transaction(async (m) => {
      const item = await this.load(m, req.payload.id, scope, true);
      if (item.status !== 'published') throw AppError.badRequest('news.notPublished');
      await m.query(`UPDATE news SET status = 'draft', updated_at = now() WHERE id = $1`, [item.id]);
      return this.load(m, item.id, null);
    }));
  }

  /** The superior organisation's organiser approves (publishes) or rejects an application. */
  async check(req: RpcRequest<NewsCheckPayload>): Promise<NewsDetail> {
    const caller = callerOf(req);
    const p = req.payload;
    const reason = p.reason?.trim();
    if (!p.approve && !reason) throw AppError.badRequest('news.reasonRequired');
    const scope = await this.scopes.of(req);
    return this.changed(this.ds.transaction(async (m) => {
      const item = await this.load(m, p.id, scope, true);
      if (item.status !== 'pending') throw AppError.badRequest('news.notPending');
      if (p.approve) {
        await m.query(
          `UPDATE news SET status = 'published', reject_reason = NULL, checked_by = $2, checked_at = now(),
                  published_at = COALESCE(published_at, now()), updated_at = now() WHERE id = $1`,
          [item.id, caller.userId],
        );
        await this.notifySubscribers(m, item.id);
      } else {
        await m.query(
          `UPDATE news SET status = 'rejected', reject_reason = $3, checked_by = $2, checked_at = now(), updated_at = now() WHERE id = $1`,
          [item.id, caller.userId, reason],
        );
      }
      return this.load(m, item.id, null);
    }));
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const caller = callerOf(req);
    const scope = await this.scopes.of(req);
    await this.changed(
      this.ds.transaction(async (m) => {
        const item = await this.load(m, req.payload.id, scope, true);
        if (item.status === 'published' && !isChecker(caller)) throw AppError.badRequest('news.publishedLocked');
        await m.query(`DELETE FROM news WHERE id = $1`, [item.id]);
        return item;
      }),
    );
    return null;
  }

  /** Favourites: published news anyone may keep, or any item of the caller's organisations. */
  async collect(req: RpcRequest<NewsCollectPayload>): Promise<{ collected: boolean }> {
    const caller = callerOf(req);
    const { id, collect } = req.payload;
    if (!collect) {
      await this.ds.query(`DELETE FROM news_collects WHERE user_id = $1 AND news_id = $2`, [caller.userId, id]);
      return { collected: false };
    }
    const scope = await this.scopes.of(req);
    const [row] = await this.ds.query(`SELECT 1 FROM news n WHERE n.id = $1 AND (n.status = 'published' OR $2::int[] IS NULL OR n.group_id = ANY($2))`, [id, scope]);
    if (!row) throw AppError.notFound('news.notFound', { id });
    await this.ds.query(`INSERT INTO news_collects (user_id, news_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [caller.userId, id]);
    return { collected: true };
  }

  async collectPage(req: RpcRequest<NewsPageQuery>): Promise<Page<CollectedNews>> {
    const caller = callerOf(req);
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const args: unknown[] = [caller.userId, likePattern(q.keyword), q.category ?? null];
    const filter = `c.user_id = $1 AND ($2::text IS NULL OR n.title ILIKE $2 OR n.summary ILIKE $2) AND ($3::int IS NULL OR n.category = $3)`;
    const from = `FROM news_collects c JOIN news n ON n.id = c.news_id WHERE ${filter}`;
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total ${from}`, args);
    const list = await this.ds.query(
      `SELECT ${ITEM_COLUMNS}, c.created_at AS "collectedAt" ${from} ORDER BY c.created_at DESC, n.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      args,
    );
    return { list, total, pageNum, pageSize };
  }

  /** Public site: published news of one organisation's site (by id, else by the visitor's host name). */
  async publicPage(req: RpcRequest<PublicNewsPageQuery>): Promise<Page<PublicNewsItem>> {
    const q = req.payload;
    const groupId = await publicGroupOf(this.rpc, req);
    const { pageNum, pageSize, offset } = pageOf(q);
    const args: unknown[] = [groupId, q.category ?? null, q.competitionId ?? null, likePattern(q.keyword)];
    const filter = `n.status = 'published' AND n.group_id = $1 AND ($2::int IS NULL OR n.category = $2)
      AND ($3::int IS NULL OR n.competition_id = $3)
      AND ($4::text IS NULL OR n.title ILIKE $4 OR n.summary ILIKE $4 OR n.content_text ILIKE $4)`;
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM news n WHERE ${filter}`, args);
    const list = await this.ds.query(
      `SELECT ${PUBLIC_COLUMNS} FROM news n WHERE ${filter} ORDER BY n.top DESC, n.published_at DESC, n.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      args,
    );
    return { list, total, pageNum, pageSize };
  }

  /** A published item for the public site; each call counts one view. */
  async publicGet(req: RpcRequest<{ id: number }>): Promise<PublicNewsDetail> {
    const { id } = req.payload;
    // TypeORM answers an UPDATE ... RETURNING with [rows, affected].
    const [[row]] = await this.ds.query(
      `UPDATE news n SET views = views + 1 WHERE n.id = $1 AND n.status = 'published' RETURNING ${PUBLIC_COLUMNS}, n.content`,
      [id],
    );
    if (!row) throw AppError.notFound('news.notFound', { id });
    return row;
  }

  /** After a change: the public site's cached lists are dropped in every gateway before the reply goes out. */
  private async changed<T extends { groupId: number }>(change: Promise<T>): Promise<T> {
    const done = await change;
    await invalidatePublicCache(this.rpc, done.groupId);
    return done;
  }

  /**
   * A message for everyone who follows the item's competition, or its category on its organisation's site.
   * Runs in the publishing transaction; the unique (user, news) pair makes a second publish add nothing.
   */
  private async notifySubscribers(m: EntityManager, newsId: number): Promise<void> {
    const [n] = await m.query(`SELECT id, group_id, title, category, competition_id FROM news WHERE id = $1`, [newsId]);
    await m.query(
      `INSERT INTO subscribe_messages (user_id, news_id, title, link)
       SELECT s.user_id, $1, $2, $3 FROM user_subscriptions s
        WHERE ($4::int IS NOT NULL AND $4 = ANY(s.competition_ids))
           OR (s.group_id = $5 AND $6::smallint = ANY(s.categories))
       ON CONFLICT (user_id, news_id) DO NOTHING`,
      [n.id, n.title, newsLink(n.id), n.competition_id, n.group_id, n.category],
    );
  }
}

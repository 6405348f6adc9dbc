import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { likePattern, pageOf, preparedQuery, Scopes } from '@cmp/common';
import type { OperationLoggedEvent, OperationLogQuery, OperationLogView, Page, RpcRequest } from '@cmp/contracts';

const clip = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? s.slice(0, n) : s);

@Injectable()
export class OperationLogService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
  ) {}

  /**
   * Stores events in one statement; a redelivered event (same request id, which the gateway generates for every
   * call) changes nothing. A login attempt
   * comes without user and organisation: they are taken from the account named, so its organisation's
   * administrators see it. A named prepared statement: planned once per connection, not on every batch.
   */
  async record(events: OperationLoggedEvent[]): Promise<void> {
    const column = <K extends keyof OperationLoggedEvent, V>(key: K, f: (v: OperationLoggedEvent[K]) => V) => events.map((e) => f(e[key]));
    await preparedQuery(this.ds, {
      name: 'auth.operation-log.record',
      text: `INSERT INTO operation_logs (request_id, user_id, username, group_id, method, path, title, result_code, message,
                                   duration_ms, ip, user_agent, params, occurred_at, client_request_id)
       SELECT e.request_id, COALESCE(e.user_id, a.id), e.username, COALESCE(e.group_id, a.group_id), e.method, e.path, e.title,
              e.result_code, e.message, e.duration_ms, e.ip, e.user_agent, e.params, e.occurred_at, e.client_request_id
         FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::int[],
                     $11::text[], $12::text[], $13::text[], $14::timestamptz[], $15::text[])
              AS e(request_id, user_id, username, group_id, method, path, title, result_code, message, duration_ms, ip, user_agent, params,
                   occurred_at, client_request_id)
         LEFT JOIN users a ON e.user_id IS NULL AND e.username IS NOT NULL AND lower(a.username) = lower(e.username) AND a.deleted_at IS NULL
       ON CONFLICT (request_id) DO NOTHING`,
      values: [
        column('requestId', (v) => clip(v, 64)),
        column('userId', (v) => v),
        column('username', (v) => clip(v, 64)),
        column('groupId', (v) => v),
        column('method', (v) => clip(v, 10)),
        column('path', (v) => clip(v, 300)),
        column('title', (v) => clip(v, 200) ?? ''),
        column('resultCode', (v) => v),
        column('message', (v) => clip(v, 500)),
        column('durationMs', (v) => Math.max(0, Math.round(v))),
        column('ip', (v) => clip(v, 64)),
        column('userAgent', (v) => clip(v, 300)),
        column('params', (v) => v),
        column('at', (v) => v),
        column('clientRequestId', (v) => clip(v, 64)),
      ],
    });
  }

  /** Entries of the caller's organisation and its subordinates, newest first; ROOT sees all. */
  async page(req: RpcRequest<OperationLogQuery>): Promise<Page<OperationLogView>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const scope = await this.scopes.of(req);
    if (scope) where.push(`l.group_id = ANY(${arg(scope)})`);
    const username = likePattern(q.username);
    if (username) where.push(`l.username ILIKE ${arg(username)}`);
    const keyword = likePattern(q.keyword);
    if (keyword) {
      const p = arg(keyword);
      where.push(`(l.path ILIKE ${p} OR l.title ILIKE ${p} OR l.title = ANY(${arg(q.titles ?? [])}::text[]))`);
    }
    if (q.result === 'success') where.push(`l.result_code = 0`);
    if (q.result === 'failure') where.push(`l.result_code <> 0`);
    if (q.from) where.push(`l.occurred_at >= ${arg(q.from)}`);
    if (q.to) where.push(`l.occurred_at < ${arg(q.to)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM operation_logs l ${filter}`, args);
    const list: OperationLogView[] = await this.ds.query(
      `SELECT l.id::int AS id, l.request_id AS "requestId", l.client_request_id AS "clientRequestId", l.user_id AS "userId", l.username, l.group_id AS "groupId",
              ${req.meta.lang === 'en' ? `COALESCE(NULLIF(g.name_en, ''), g.name)` : 'g.name'} AS "groupName", l.method, l.path, l.title, l.result_code AS "resultCode", l.result_code = 0 AS success,
              l.message, l.duration_ms AS "durationMs", l.ip, l.user_agent AS "userAgent", l.params, l.occurred_at AS "occurredAt"
         FROM operation_logs l LEFT JOIN groups g ON g.id = l.group_id
         ${filter}
        ORDER BY l.occurred_at DESC, l.id DESC
        LIMIT ${arg(pageSize)} OFFSET ${arg(offset)}`,
      args,
    );
    return { list, total, pageNum, pageSize };
  }
}

import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { MAX_PAGE_SIZE, type Identity, type OperationLoggedEvent, type OperationLogQuery, type OperationLogView, type Page } from '@cmp/contracts';
import { AccessService } from '../access/access.service';

const clip = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? s.slice(0, n) : s);

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b" only. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class OperationLogService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: AccessService,
  ) {}

  /**
   * Stores one event; a redelivered event (same request id) changes nothing. A login attempt comes without
   * user and organisation: they are taken from the account named, so its organisation's administrators see it.
   */
  async record(e: OperationLoggedEvent): Promise<void> {
    // A named prepared statement on TypeORM's pg pool: one row per call of the platform, planned once per
    // connection rather than on every call (the database's cost of logging a sign-up in the sign-up rush).
    const pool = (this.ds.driver as unknown as { master: Pool }).master;
    await pool.query({
      name: 'auth.operation-log.record',
      text: `INSERT INTO operation_logs (request_id, user_id, username, group_id, method, path, title, result_code, message,
                                   duration_ms, ip, user_agent, params, occurred_at)
       SELECT $1, COALESCE($2, a.id), $3, COALESCE($4, a.group_id), $5, $6, $7, $8, $9, $10, $11, $12, $13, $14
         FROM (SELECT NULL) AS one
         LEFT JOIN users a ON $2::int IS NULL AND $3::text IS NOT NULL AND lower(a.username) = lower($3) AND a.deleted_at IS NULL
       ON CONFLICT (request_id) DO NOTHING`,
      values: [
        clip(e.requestId, 64),
        e.userId,
        clip(e.username, 64),
        e.groupId,
        clip(e.method, 10),
        clip(e.path, 300),
        clip(e.title, 200) ?? '',
        e.resultCode,
        clip(e.message, 500),
        Math.max(0, Math.round(e.durationMs)),
        clip(e.ip, 64),
        clip(e.userAgent, 300),
        e.params,
        e.at,
      ],
    });
  }

  /** Entries of the caller's organisation and its subordinates, newest first; ROOT sees all. */
  async page(caller: Identity, q: OperationLogQuery): Promise<Page<OperationLogView>> {
    const pageNum = Math.max(1, q.pageNum ?? 1);
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, q.pageSize ?? 10));
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const scope = await this.access.scopeGroupIds(caller);
    if (scope) where.push(`l.group_id = ANY(${arg(scope)})`);
    if (q.username?.trim()) where.push(`l.username ILIKE ${arg(likePattern(q.username.trim()))}`);
    if (q.keyword?.trim()) {
      const p = arg(likePattern(q.keyword.trim()));
      where.push(`(l.path ILIKE ${p} OR l.title ILIKE ${p})`);
    }
    if (q.result === 'success') where.push(`l.result_code = 0`);
    if (q.result === 'failure') where.push(`l.result_code <> 0`);
    if (q.from) where.push(`l.occurred_at >= ${arg(q.from)}`);
    if (q.to) where.push(`l.occurred_at < ${arg(q.to)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM operation_logs l ${filter}`, args);
    const list: OperationLogView[] = await this.ds.query(
      `SELECT l.id::int AS id, l.request_id AS "requestId", l.user_id AS "userId", l.username, l.group_id AS "groupId",
              g.name AS "groupName", l.method, l.path, l.title, l.result_code AS "resultCode", l.result_code = 0 AS success,
              l.message, l.duration_ms AS "durationMs", l.ip, l.user_agent AS "userAgent", l.params, l.occurred_at AS "occurredAt"
         FROM operation_logs l LEFT JOIN groups g ON g.id = l.group_id
         ${filter}
        ORDER BY l.occurred_at DESC, l.id DESC
        LIMIT ${arg(pageSize)} OFFSET ${arg((pageNum - 1) * pageSize)}`,
      args,
    );
    return { list, total, pageNum, pageSize };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, isUniqueViolation, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import { GROUP_TREE_CHANGED, GroupStatus, isRoot, type GroupKind, type GroupNode, type GroupSelection, type GroupStatusPayload, type RpcRequest } from '@cmp/contracts';
import { buildTree } from '../tree';
import { SessionService } from '../session/session.service';

export interface GroupSavePayload {
  id?: number;
  code: string;
  name: string;
  nameEn?: string;
  parentId: number | null;
  hosts?: string[];
  kind?: GroupKind;
}

/** Host names as stored: trimmed, lower case, once each. */
export const cleanHosts = (hosts?: string[]) => [...new Set((hosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean))];

/** Ids of an organisation and everything under it. */
export const SUBTREE_SQL = `WITH RECURSIVE tree AS (SELECT id FROM groups WHERE id = $1
   UNION ALL SELECT g.id FROM groups g JOIN tree t ON g.parent_id = t.id) SELECT id FROM tree`;

@Injectable()
export class GroupService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly sessions: SessionService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  /**
   * Tells every service that keeps scopes per organisation (common, caller.ts) to drop them: called after the
   * transaction that made, moved or deleted an organisation committed, and before the change is answered. The flush
   * waits until the NATS server has the message, so it reaches them before any request sent after that answer.
   */
  async treeChanged(): Promise<void> {
    this.rpc.connection.publish(GROUP_TREE_CHANGED);
    await this.rpc.connection.flush();
  }

  /** The caller's organisation and the ones directly under it (spec: getSelect). */
  async select(req: RpcRequest): Promise<GroupSelection> {
    const caller = callerOf(req);
    const rows: { id: number; code: string; name: string; parent_id: number | null }[] = await this.ds.query(
      `SELECT id, code, name, parent_id FROM groups WHERE id = $1 OR parent_id = $1 ORDER BY id`,
      [caller.groupId],
    );
    const own = rows.find((r) => r.id === caller.groupId);
    if (!own) throw AppError.notFound('group.notFound', { id: caller.groupId });
    const direct = rows.filter((r) => r.parent_id === caller.groupId);
    return {
      groupId: own.id,
      groupCode: own.code,
      directGroups: direct.map((g) => g.id),
      directGroupCodes: direct.map((g) => g.code),
      groupName: own.name,
      directGroupNames: direct.map((g) => g.name),
    };
  }

  /**
   * The organisation whose public site a host name or code names; null when none does. With `within`, only that
   * organisation or one of its superiors counts (whose site lists its competitions): a payer's return address.
   */
  async resolve(req: RpcRequest<{ host?: string; code?: string; within?: number }>): Promise<{ groupId: number } | null> {
    const q = req.payload;
    const [row] = await this.ds.query(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id, 0 AS depth FROM groups WHERE id = $3
         UNION ALL SELECT g.id, g.parent_id, up.depth + 1 FROM groups g JOIN up ON g.id = up.parent_id WHERE up.depth < 20)
       SELECT id FROM groups WHERE ($1::text = ANY(hosts) OR code = $2) AND ($3::int IS NULL OR id IN (SELECT id FROM up)) ORDER BY id LIMIT 1`,
      [q.host?.toLowerCase() ?? null, q.code ?? null, q.within ?? null],
    );
    return row ? { groupId: row.id } : null;
  }

  /**
   * Public site hosts of an organisation, else of its nearest ancestor that has some (a college prints its
   * university's site), nearest first; empty when none up the tree has one.
   */
  async hosts(req: RpcRequest<{ id: number }>): Promise<string[]> {
    const rows: { hosts: string[] }[] = await this.ds.query(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id, hosts, 0 AS depth FROM groups WHERE id = $1
         UNION ALL SELECT g.id, g.parent_id, g.hosts, up.depth + 1 FROM groups g JOIN up ON g.id = up.parent_id WHERE up.depth < 20)
       SELECT hosts FROM up WHERE cardinality(hosts) > 0 ORDER BY depth LIMIT 1`,
      [req.payload.id],
    );
    return rows[0]?.hosts ?? [];
  }

  async names(req: RpcRequest<{ ids: number[] }>): Promise<{ id: number; code: string; name: string; nameEn: string; parentId: number | null }[]> {
    return this.ds.query(`SELECT id, code, name, name_en AS "nameEn", parent_id AS "parentId" FROM groups WHERE id = ANY($1::int[]) ORDER BY id`, [req.payload.ids]);
  }

  async tree(req: RpcRequest): Promise<GroupNode[]> {
    const scope = await this.scopes.of(req);
    const rows: Omit<GroupNode, 'children'>[] = await this.ds.query(
      `SELECT g.id, g.code, g.name, g.name_en AS "nameEn", g.parent_id AS "parentId", g.hosts, g.kind, g.status,
              (SELECT count(*)::int FROM users u WHERE u.group_id = g.id AND u.deleted_at IS NULL) AS "userCount",
              ARRAY(SELECT COALESCE(NULLIF(u.real_name, ''), u.username) FROM users u
                      JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id AND r.key = 'admin'
                     WHERE u.group_id = g.id AND u.deleted_at IS NULL ORDER BY u.id) AS admins
         FROM groups g
        WHERE $1::int[] IS NULL OR g.id = ANY($1) ORDER BY g.id`,
      [scope],
    );
    return buildTree(
      rows.map((r) => ({ ...r, children: [] as GroupNode[] })),
      (r) => r.id,
    );
  }

  async save(req: RpcRequest<GroupSavePayload>): Promise<{ id: number }> {
    const caller = callerOf(req);
    const p = req.payload;
    // New organisations go under one the caller manages; only ROOT creates top-level ones.
    if (p.parentId === null) {
      if (!isRoot(caller)) throw AppError.noAccess();
    } else {
      await this.scopes.assertGroup(req, p.parentId);
    }
    const nameEn = p.nameEn?.trim() ?? '';
    const hosts = cleanHosts(p.hosts);
    try {
      if (!p.id) {
        const id = await this.insert(this.ds.manager, { ...p, nameEn, hosts });
        await this.treeChanged();
        return { id };
      }
      await this.scopes.assertGroup(req, p.id);
      if (p.id === caller.groupId && p.parentId !== (await this.parentOf(p.id)) && !isRoot(caller)) throw AppError.noAccess();
      if (p.parentId !== null && (await this.isInSubtree(p.parentId, p.id))) throw AppError.badRequest('group.badParent');
      await this.ds.query(`UPDATE groups SET code = $2, name = $3, name_en = $4, parent_id = $5, hosts = $6, kind = COALESCE($7, kind) WHERE id = $1`, [
        p.id,
        p.code,
        p.name,
        nameEn,
        p.parentId,
        hosts,
        p.kind ?? null,
      ]);
      await this.treeChanged();
      return { id: p.id };
    } catch (e) {
      throw isUniqueViolation(e, 'groups_code_uq') ? AppError.conflict('group.codeTaken', { code: p.code }) : e;
    }
  }

  /** A new organisation (its code taken: a conflict naming it); the caller checks where it may go, and calls treeChanged after committing. */
  async insert(m: EntityManager, p: GroupSavePayload & { nameEn: string; hosts: string[] }): Promise<number> {
    try {
      const [row] = await m.query(`INSERT INTO groups (code, name, name_en, parent_id, hosts, kind) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
        p.code,
        p.name,
        p.nameEn,
        p.parentId,
        p.hosts,
        p.kind ?? 'university',
      ]);
      return row.id;
    } catch (e) {
      throw isUniqueViolation(e, 'groups_code_uq') ? AppError.conflict('group.codeTaken', { code: p.code }) : e;
    }
  }

  /**
   * Disables or enables an organisation. Disabled, nobody of it or under it logs in (login checks the way up), and
   * their live sessions end now. The caller's own organisation cannot be disabled by the caller.
   */
  async setStatus(req: RpcRequest<GroupStatusPayload>): Promise<null> {
    const { id, status } = req.payload;
    await this.scopes.assertGroup(req, id);
    if (id === callerOf(req).groupId) throw AppError.badRequest('group.cannotDisableOwn');
    await this.ds.query(`UPDATE groups SET status = $2 WHERE id = $1`, [id, status]);
    if (status === GroupStatus.disabled) {
      const users: { id: number }[] = await this.ds.query(`SELECT id FROM users WHERE group_id IN (${SUBTREE_SQL}) AND deleted_at IS NULL`, [id]);
      for (const u of users) await this.sessions.closeAll(u.id);
    }
    return null;
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const caller = callerOf(req);
    const { id } = req.payload;
    await this.scopes.assertGroup(req, id);
    if (id === caller.groupId) throw AppError.noAccess();
    const [used] = await this.ds.query(
      `SELECT 1 FROM groups WHERE parent_id = $1
       UNION ALL SELECT 1 FROM users WHERE group_id = $1 AND deleted_at IS NULL
       UNION ALL SELECT 1 FROM depts WHERE group_id = $1 LIMIT 1`,
      [id],
    );
    if (used) throw AppError.badRequest('group.hasChildren');
    await this.ds.query(`DELETE FROM groups WHERE id = $1`, [id]);
    await this.treeChanged();
    return null;
  }

  async assertExists(id: number): Promise<void> {
    if (!(await this.ds.query(`SELECT 1 FROM groups WHERE id = $1`, [id])).length) throw AppError.notFound('group.notFound', { id });
  }

  private async parentOf(id: number): Promise<number | null> {
    const [row] = await this.ds.query(`SELECT parent_id FROM groups WHERE id = $1`, [id]);
    return row?.parent_id ?? null;
  }

  /** True when `candidate` is `root` or lies under it, which would make a cycle. */
  private async isInSubtree(candidate: number, root: number): Promise<boolean> {
    const [row] = await this.ds.query(`SELECT 1 FROM (${SUBTREE_SQL}) t WHERE id = $2`, [root, candidate]);
    return !!row;
  }
}

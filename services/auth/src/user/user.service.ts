import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, isUniqueViolation, likePattern, pageOf, Scopes } from '@cmp/common';
import {
  isRoot,
  isStrongPassword,
  ROOT_ROLE,
  type Identity,
  type Page,
  type RpcRequest,
  type UserAddPayload,
  type UserInfo,
  type UserPageQuery,
  type UserPasswordPayload,
  type UserProfilePayload,
  type UserRoleSetPayload,
  type UserUpdatePayload,
  type UserView,
} from '@cmp/contracts';
import { AccessService } from '../access/access.service';
import { SessionService } from '../session/session.service';

// argon2id at OWASP's recommended cost (19 MiB, 2 passes): strong, and a bulk import stays bearable.
export const hashPassword = (pwd: string) =>
  argon2.hash(pwd, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });

const USER_VIEW_SQL = `
  SELECT u.id, u.username, u.real_name AS "realName", u.phone, u.email, u.avatar, u.status,
         u.group_id AS "groupId", g.name AS "groupName", u.dept_id AS "deptId",
         COALESCE((SELECT array_agg(r.key ORDER BY r.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                    WHERE ur.user_id = u.id), '{}') AS "roleKeys",
         u.created_at AS "createdAt"
    FROM users u JOIN groups g ON g.id = u.group_id`;

@Injectable()
export class UserService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: AccessService,
    private readonly sessions: SessionService,
    private readonly scopes: Scopes,
  ) {}

  /** Ids of live accounts by user name (at most 10000 names); names without an account are left out. */
  async idsByName(req: RpcRequest<{ usernames: string[] }>): Promise<{ id: number; username: string }[]> {
    const names = [...new Set((req.payload.usernames ?? []).filter((u) => typeof u === 'string'))].slice(0, 10000);
    if (!names.length) return [];
    return this.ds.query(`SELECT id, username FROM users WHERE username = ANY($1::text[]) AND deleted_at IS NULL`, [names]);
  }

  /** Live, enabled accounts that a role grants `permission` (ROOT excluded), optionally in some organisations only. */
  async idsWithPermission(req: RpcRequest<{ permission: string; groupIds?: number[] }>): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(
      `SELECT DISTINCT u.id FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
       WHERE $1 = ANY(r.permissions) AND r.key <> '${ROOT_ROLE}' AND u.deleted_at IS NULL AND u.status = 1 AND ($2::int[] IS NULL OR u.group_id = ANY($2))
       ORDER BY u.id LIMIT 1000`,
      [String(req.payload.permission ?? ''), req.payload.groupIds ?? null],
    );
    return rows.map((r) => r.id);
  }

  /** The caller's own profile, roles and permissions. */
  async info(req: RpcRequest): Promise<UserInfo> {
    const { userId } = callerOf(req);
    const info = await this.access.loadUser(userId);
    if (!info) throw AppError.notFound('user.notFound', { id: userId });
    const { status: _status, ...rest } = info;
    return rest;
  }

  async page(req: RpcRequest<UserPageQuery>): Promise<Page<UserView>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where: string[] = ['u.deleted_at IS NULL'];
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const scope = await this.scopes.of(req);
    if (scope) where.push(`u.group_id = ANY(${arg(scope)})`);
    if (q.groupId) where.push(`u.group_id = ${arg(q.groupId)}`);
    if (q.status !== undefined) where.push(`u.status = ${arg(q.status)}`);
    const keyword = likePattern(q.keyword);
    if (keyword) {
      const kw = arg(keyword);
      where.push(`(u.username ILIKE ${kw} OR u.real_name ILIKE ${kw} OR u.phone ILIKE ${kw})`);
    }
    if (q.roleKey) {
      where.push(`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.key = ${arg(q.roleKey)})`);
    }
    const cond = where.join(' AND ');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM users u WHERE ${cond}`, args);
    const list = await this.ds.query(
      `${USER_VIEW_SQL} WHERE ${cond} ORDER BY u.id DESC LIMIT ${arg(pageSize)} OFFSET ${arg(offset)}`,
      args,
    );
    return { list, total, pageNum, pageSize };
  }

  get(req: RpcRequest<{ id: number }>): Promise<UserView> {
    return this.visible(req, req.payload.id);
  }

  /** A user the caller may see; others' users answer "not found", so their existence is not revealed. */
  private async visible(req: RpcRequest, id: number): Promise<UserView> {
    const scope = await this.scopes.of(req);
    const rows: UserView[] = await this.ds.query(
      `${USER_VIEW_SQL} WHERE u.id = $1 AND u.deleted_at IS NULL AND ($2::int[] IS NULL OR u.group_id = ANY($2))`,
      [id, scope],
    );
    if (!rows[0]) throw AppError.notFound('user.notFound', { id });
    return rows[0];
  }

  async add(req: RpcRequest<UserAddPayload>): Promise<UserView> {
    const caller = callerOf(req);
    const p = req.payload;
    const groupId = p.groupId ?? caller.groupId;
    await this.scopes.assertGroup(req, groupId);
    if (!isStrongPassword(p.password)) throw AppError.badRequest('user.weakPassword');
    const roleIds = await this.assignableRoleIds(caller, p.roleKeys ?? []);
    if (p.deptId) await this.assertDeptInGroup(p.deptId, groupId);
    const hash = await hashPassword(p.password);
    const id = await this.ds.transaction(async (m) => {
      const [row] = await this.insertUser(m, { ...p, groupId }, hash);
      await this.setRoles(m, row.id, roleIds);
      return row.id as number;
    });
    return this.visible(req, id);
  }

  async insertUser(m: EntityManager, p: UserAddPayload & { groupId: number }, hash: string): Promise<{ id: number }[]> {
    try {
      return await m.query(
        `INSERT INTO users (group_id, dept_id, username, password_hash, real_name, phone, email)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [p.groupId, p.deptId ?? null, p.username, hash, p.realName, p.phone || null, p.email || null],
      );
    } catch (e) {
      throw this.mapUniqueViolation(e, p);
    }
  }

  async update(req: RpcRequest<UserUpdatePayload>): Promise<UserView> {
    const p = req.payload;
    const user = await this.visible(req, p.id);
    if (p.deptId) await this.assertDeptInGroup(p.deptId, user.groupId);
    await this.applyChanges(p);
    if (p.status === 0) await this.sessions.closeAll(p.id);
    return this.visible(req, p.id);
  }

  /** Anyone's own name, phone, email and avatar; nothing that grants or removes access. */
  async updateProfile(req: RpcRequest<UserProfilePayload>): Promise<UserView> {
    const caller = callerOf(req);
    const { realName, phone, email, avatar } = req.payload;
    await this.applyChanges({ id: caller.userId, realName, phone, email, avatar });
    const [view] = await this.ds.query(`${USER_VIEW_SQL} WHERE u.id = $1`, [caller.userId]);
    return view;
  }

  private async applyChanges(p: UserUpdatePayload): Promise<void> {
    const sets: string[] = [];
    const args: unknown[] = [p.id];
    const set = (col: string, v: unknown) => (args.push(v), sets.push(`${col} = $${args.length}`));
    if (p.realName !== undefined) set('real_name', p.realName);
    if (p.phone !== undefined) set('phone', p.phone || null);
    if (p.email !== undefined) set('email', p.email || null);
    if (p.avatar !== undefined) set('avatar', p.avatar || null);
    if (p.status !== undefined) set('status', p.status);
    if (p.deptId !== undefined) set('dept_id', p.deptId);
    if (!sets.length) return;
    try {
      await this.ds.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`, args);
    } catch (e) {
      throw this.mapUniqueViolation(e, { phone: p.phone ?? undefined });
    }
  }

  async setUserRoles(req: RpcRequest<UserRoleSetPayload>): Promise<UserView> {
    const p = req.payload;
    await this.visible(req, p.id);
    const roleIds = await this.assignableRoleIds(callerOf(req), p.roleKeys);
    await this.ds.transaction((m) => this.setRoles(m, p.id, roleIds));
    await this.refreshSessions(p.id);
    return this.visible(req, p.id);
  }

  /** Own password (old one required) when no id is given; an administrator's reset otherwise. */
  async updatePassword(req: RpcRequest<UserPasswordPayload>): Promise<null> {
    const caller = callerOf(req);
    const p = req.payload;
    if (!isStrongPassword(p.newPassword)) throw AppError.badRequest('user.weakPassword');
    const own = p.id === undefined || p.id === caller.userId;
    const id = own ? caller.userId : p.id!;
    if (own) {
      const [row] = await this.ds.query(`SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
      if (!row || !p.oldPassword || !(await argon2.verify(row.password_hash, p.oldPassword))) {
        throw AppError.badRequest('user.wrongOldPassword');
      }
    } else {
      await this.visible(req, id);
    }
    await this.ds.query(`UPDATE users SET password_hash = $2, password_one_time = false, updated_at = now() WHERE id = $1`, [id, await hashPassword(p.newPassword)]);
    // Other sessions end; the caller stays logged in when changing their own password.
    await this.sessions.closeAll(id, own ? caller.sessionId : undefined);
    return null;
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    if (id === callerOf(req).userId) throw AppError.badRequest('user.cannotDeleteSelf');
    await this.visible(req, id);
    await this.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [id]);
    await this.sessions.closeAll(id);
    return null;
  }

  /** A user's department belongs to the user's own organisation. */
  private async assertDeptInGroup(deptId: number, groupId: number): Promise<void> {
    const [dept] = await this.ds.query(`SELECT 1 FROM depts WHERE id = $1 AND group_id = $2`, [deptId, groupId]);
    if (!dept) throw AppError.badRequest('dept.notFound', { id: deptId });
  }

  /**
   * Role ids for the keys, refusing unknown roles and roles the caller could not hold themselves:
   * only ROOT grants ROOT, and nobody grants permissions they do not have.
   */
  async assignableRoleIds(caller: Identity, keys: string[]): Promise<number[]> {
    const unique = [...new Set(keys)];
    if (!unique.length) return [];
    const roles: { id: number; key: string; permissions: string[] }[] = await this.ds.query(
      `SELECT id, key, permissions FROM roles WHERE key = ANY($1)`,
      [unique],
    );
    const missing = unique.filter((k) => !roles.some((r) => r.key === k));
    if (missing.length) throw AppError.badRequest('role.unknown', { roles: missing.join(', ') });
    if (!isRoot(caller)) {
      const denied = roles.filter((r) => r.key === ROOT_ROLE || r.permissions.some((p) => !caller.permissions.includes(p)));
      if (denied.length) throw AppError.noAccess('role.notAssignable', { roles: denied.map((r) => r.key).join(', ') });
    }
    return roles.map((r) => r.id);
  }

  async setRoles(m: EntityManager, userId: number, roleIds: number[]): Promise<void> {
    await m.query(`DELETE FROM user_roles WHERE user_id = $1`, [userId]);
    if (roleIds.length) {
      await m.query(`INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[])`, [userId, roleIds]);
    }
  }

  /** Live sessions pick up new roles and permissions at once. */
  async refreshSessions(userId: number): Promise<void> {
    const info = await this.access.loadUser(userId);
    if (info) await this.sessions.refresh(userId, this.access.toSessionIdentity(info));
  }

  mapUniqueViolation(e: unknown, p: { username?: string; phone?: string | null }): unknown {
    if (isUniqueViolation(e, 'users_username_uq')) return AppError.conflict('user.usernameTaken', { username: p.username ?? '' });
    if (isUniqueViolation(e, 'users_phone_uq')) return AppError.conflict('user.phoneTaken', { phone: p.phone ?? '' });
    return e;
  }
}

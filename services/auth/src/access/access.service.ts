import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedQuery, type Scope } from '@cmp/common';
import { DEFAULT_ROLE, isRoot, type Identity, type UserInfo } from '@cmp/contracts';

export type SessionIdentity = Omit<Identity, 'sessionId'>;

interface UserRow {
  id: number;
  username: string;
  real_name: string;
  avatar: string | null;
  group_id: number;
  status: number;
  role_ids: number[] | null;
  role_keys: string[] | null;
  permissions: string[] | null;
  created_at: Date;
}

/** Exported for the user-info benchmark's baseline, which runs the same query. */
export const LOAD_USER_SQL = `SELECT u.id, u.username, u.real_name, u.avatar, u.group_id, u.status, u.created_at,
              array_agg(r.id ORDER BY r.id) FILTER (WHERE r.id IS NOT NULL) AS role_ids,
              array_agg(r.key ORDER BY r.id) FILTER (WHERE r.id IS NOT NULL) AS role_keys,
              (SELECT array_agg(DISTINCT p) FROM user_roles ur2 JOIN roles r2 ON r2.id = ur2.role_id,
                      unnest(r2.permissions) p WHERE ur2.user_id = u.id) AS permissions
         FROM users u
         LEFT JOIN user_roles ur ON ur.user_id = u.id
         LEFT JOIN roles r ON r.id = ur.role_id
        WHERE u.id = $1 AND u.deleted_at IS NULL
        GROUP BY u.id`;

/** Who a user is and what they may do, and which organisations a caller may touch. */
@Injectable()
export class AccessService {
  constructor(private readonly ds: DataSource) {}

  /** Identity and profile of a live, active user; null when there is none. */
  async loadUser(userId: number): Promise<(UserInfo & { status: number }) | null> {
    // A named prepared statement: planned once per connection, not on every call of this hot path.
    const [u] = await preparedQuery<UserRow>(this.ds, { name: 'auth.loadUser', text: LOAD_USER_SQL, values: [userId] });
    if (!u) return null;
    return {
      userId: u.id,
      username: u.username,
      realName: u.real_name,
      avatar: u.avatar,
      groupId: u.group_id,
      roleIds: u.role_ids ?? [],
      // The spec's clients treat a user with no role as the single role 't'.
      roleKeys: u.role_keys?.length ? u.role_keys : [DEFAULT_ROLE],
      permissions: (u.permissions ?? []).sort(),
      createdAt: u.created_at.toISOString(),
      status: u.status,
    };
  }

  toSessionIdentity(info: UserInfo): SessionIdentity {
    return {
      userId: info.userId,
      username: info.username,
      groupId: info.groupId,
      roleKeys: info.roleKeys,
      permissions: info.permissions,
      createdAt: info.createdAt,
    };
  }

  /** Ids of the caller's organisation and all its subordinates; null means every organisation (ROOT). */
  async scopeGroupIds(caller: Identity): Promise<Scope> {
    if (isRoot(caller)) return null;
    const rows: { id: number }[] = await this.ds.query(
      `WITH RECURSIVE tree AS (
         SELECT id FROM groups WHERE id = $1
         UNION ALL
         SELECT g.id FROM groups g JOIN tree t ON g.parent_id = t.id
       ) SELECT id FROM tree`,
      [caller.groupId],
    );
    return rows.map((r) => r.id);
  }
}

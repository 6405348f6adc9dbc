import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, isUniqueViolation } from '@cmp/common';
import { ALL_PERMISSIONS, type Role, type RpcRequest } from '@cmp/contracts';
import { UserService } from '../user/user.service';

export type RoleSavePayload = Omit<Role, 'id' | 'builtin'> & { id?: number };

@Injectable()
export class RoleService {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UserService,
  ) {}

  list(): Promise<Role[]> {
    return this.ds.query(
      `SELECT r.id, r.key, r.name, r.permissions, r.builtin,
              COALESCE(array_agg(rm.menu_id ORDER BY rm.menu_id) FILTER (WHERE rm.menu_id IS NOT NULL), '{}') AS "menuIds"
         FROM roles r LEFT JOIN role_menus rm ON rm.role_id = r.id
        GROUP BY r.id ORDER BY r.id`,
    );
  }

  async save(req: RpcRequest<RoleSavePayload>): Promise<{ id: number }> {
    const p = req.payload;
    const unknown = p.permissions.filter((x) => !ALL_PERMISSIONS.includes(x));
    if (unknown.length) throw AppError.badRequest('error.validation', { detail: `permissions: ${unknown.join(', ')}` });
    const id = await this.ds
      .transaction(async (m) => {
        let roleId = p.id;
        if (roleId) {
          const [current] = await m.query(`SELECT key, builtin FROM roles WHERE id = $1 FOR UPDATE`, [roleId]);
          if (!current) throw AppError.notFound('role.notFound', { id: roleId });
          if (current.builtin && current.key !== p.key) throw AppError.badRequest('role.builtin');
          await m.query(`UPDATE roles SET key = $2, name = $3, permissions = $4 WHERE id = $1`, [roleId, p.key, p.name, p.permissions]);
        } else {
          [{ id: roleId }] = await m.query(`INSERT INTO roles (key, name, permissions) VALUES ($1, $2, $3) RETURNING id`, [
            p.key,
            p.name,
            p.permissions,
          ]);
        }
        await m.query(`DELETE FROM role_menus WHERE role_id = $1`, [roleId]);
        await m.query(
          `INSERT INTO role_menus (role_id, menu_id) SELECT $1, id FROM menus WHERE id = ANY($2::int[])`,
          [roleId, p.menuIds],
        );
        return roleId!;
      })
      .catch((e) => {
        throw isUniqueViolation(e, 'roles_key_uq') ? AppError.conflict('role.keyTaken', { key: p.key }) : e;
      });
    await this.refreshHolders(id);
    return { id };
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    const [role] = await this.ds.query(`SELECT builtin FROM roles WHERE id = $1`, [id]);
    if (!role) throw AppError.notFound('role.notFound', { id });
    if (role.builtin) throw AppError.badRequest('role.builtin');
    const holders = await this.holders(id);
    await this.ds.query(`DELETE FROM roles WHERE id = $1`, [id]);
    for (const userId of holders) await this.users.refreshSessions(userId);
    return null;
  }

  /** Users holding the role see its new permissions without logging in again. */
  private async refreshHolders(roleId: number): Promise<void> {
    for (const userId of await this.holders(roleId)) await this.users.refreshSessions(userId);
  }

  private async holders(roleId: number): Promise<number[]> {
    const rows: { user_id: number }[] = await this.ds.query(`SELECT user_id FROM user_roles WHERE role_id = $1`, [roleId]);
    return rows.map((r) => r.user_id);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf } from '@cmp/common';
import { isRoot, type MenuEntry, type RpcRequest } from '@cmp/contracts';
import { buildTree } from '../tree';

const MENU_SQL = `
  SELECT m.id AS "menuId", m.parent_id AS "parentId", m.name AS "menuName", m.name_en AS "menuNameEn",
         m.menu_type AS "menuType", m.path, m.component, m.query, m.icon, m.visible, m.order_num AS "orderNum"
    FROM menus m`;

export type MenuSavePayload = Omit<MenuEntry, 'children' | 'menuId'> & { menuId?: number };

@Injectable()
export class MenuService {
  constructor(private readonly ds: DataSource) {}

  /** The caller's menu: entries granted to their roles plus the directories above them; ROOT sees all. */
  async userMenu(req: RpcRequest): Promise<MenuEntry[]> {
    const caller = callerOf(req);
    if (isRoot(caller)) return this.tree();
    const rows: Omit<MenuEntry, 'children'>[] = await this.ds.query(
      `WITH RECURSIVE granted AS (
         SELECT rm.menu_id AS id FROM role_menus rm JOIN roles r ON r.id = rm.role_id WHERE r.key = ANY($1)
         UNION
         SELECT m.parent_id FROM menus m JOIN granted g ON m.id = g.id WHERE m.parent_id IS NOT NULL
       )
       ${MENU_SQL} WHERE m.id IN (SELECT id FROM granted) ORDER BY m.parent_id NULLS FIRST, m.order_num, m.id`,
      [caller.roleKeys],
    );
    return this.nest(rows);
  }

  async tree(): Promise<MenuEntry[]> {
    return this.nest(await this.ds.query(`${MENU_SQL} ORDER BY m.parent_id NULLS FIRST, m.order_num, m.id`));
  }

  async save(req: RpcRequest<MenuSavePayload>): Promise<{ menuId: number }> {
    const p = req.payload;
    if (p.parentId !== null) {
      const [parent] = await this.ds.query(`SELECT menu_type FROM menus WHERE id = $1`, [p.parentId]);
      // A leaf page (type 4) has no children (spec section 4), nor may an entry sit under itself.
      if (!parent || parent.menu_type === 4 || p.parentId === p.menuId) throw AppError.badRequest('menu.badParent');
    }
    const values = [p.parentId, p.menuName, p.menuNameEn, p.menuType, p.path, p.component, p.query, p.icon, p.visible, p.orderNum];
    if (p.menuId) {
      // TypeORM answers an UPDATE with [rows, affectedCount].
      const [updated] = await this.ds.query(
        `UPDATE menus SET parent_id=$2, name=$3, name_en=$4, menu_type=$5, path=$6, component=$7, query=$8, icon=$9,
                visible=$10, order_num=$11 WHERE id=$1 RETURNING id`,
        [p.menuId, ...values],
      );
      if (!updated.length) throw AppError.notFound('menu.notFound', { id: p.menuId });
      return { menuId: p.menuId };
    }
    const [row] = await this.ds.query(
      `INSERT INTO menus (parent_id, name, name_en, menu_type, path, component, query, icon, visible, order_num)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
      values,
    );
    return { menuId: row.id };
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    const [child] = await this.ds.query(`SELECT 1 FROM menus WHERE parent_id = $1 LIMIT 1`, [id]);
    if (child) throw AppError.badRequest('menu.hasChildren');
    const [, count] = await this.ds.query(`DELETE FROM menus WHERE id = $1`, [id]);
    if (!count) throw AppError.notFound('menu.notFound', { id });
    return null;
  }

  private nest(rows: Omit<MenuEntry, 'children'>[]): MenuEntry[] {
    return buildTree(
      rows.map((r) => ({ ...r, children: [] as MenuEntry[] })),
      (r) => r.menuId,
    );
  }
}

import type { EntityManager } from 'typeorm';
import { ALL_PERMISSIONS, Perm, ROOT_ROLE } from '@cmp/contracts';
import { hashPassword } from '../user/user.service';
import { BACK_OFFICE_MENU, type SeedMenu } from './menus';

export const DEMO_PASSWORD = 'Demo@2026';

/** What other services' demo seeds need to know: ids by code. */
export interface DemoIds {
  groups: Record<string, number>;
  /** User ids by account name, for demo data that names its author. */
  users: Record<string, number>;
}

export const DEMO_GROUPS = [
  { code: 'PLATFORM', name: '平台运营中心', en: 'Platform Operations Centre', kind: 'company', parent: null, hosts: ['localhost', '127.0.0.1'] as string[] },
  { code: 'DEMO-U1', name: '华东示范大学', en: 'East China Demonstration University', kind: 'university', parent: 'PLATFORM', hosts: ['u1.localhost'] },
  { code: 'DEMO-U1-CS', name: '华东示范大学计算机学院', en: '', kind: 'college', parent: 'DEMO-U1', hosts: [] },
  { code: 'DEMO-U2', name: '西部测试大学', en: 'Western Test University', kind: 'university', parent: 'PLATFORM', hosts: ['u2.localhost'] },
];

const ORG_ADMIN_PERMS = [
  Perm.userList, Perm.userAdd, Perm.userEdit, Perm.userDelete, Perm.userResetPwd, Perm.userRoleSet,
  Perm.userImport, Perm.userExport, Perm.roleList, Perm.deptList, Perm.deptEdit, Perm.groupList, Perm.groupEdit,
  Perm.websiteEdit, Perm.competitionList, Perm.competitionEdit, Perm.logList,
  // Schools, colleges and majors of their own organisation; dictionaries only to look at (ROOT edits them).
  Perm.schoolList, Perm.schoolEdit, Perm.schoolImport, Perm.collegeEdit, Perm.majorEdit, Perm.dictList,
  Perm.websiteEdit, Perm.newsList, Perm.newsEdit, Perm.newsCheck,
  // Sign-up management and works of their own organisation's competitions.
  Perm.enrollList, Perm.enrollCheck, Perm.enrollExport, Perm.workList, Perm.workPublish,
  Perm.certificateList, Perm.certificateEdit, Perm.certificateIssue, Perm.certificateRevoke,
  Perm.expertList, Perm.expertEdit,
  Perm.reviewList, Perm.reviewEdit,
  Perm.financeList, Perm.financeEdit,
  Perm.statisticsView,
  Perm.summaryManage, Perm.summarySubmit,
];
/** An expert reads the organisation's competitions (options, events, stages) and keeps their own profile. */
const EXPERT_PERMS = [Perm.competitionList, Perm.expertSelf];
/** Finance staff: orders, refunds, reconciliation of their organisation, and its competitions for the filters (FinanceRole migration for older databases). */
const FINANCE_PERMS = [Perm.competitionList, Perm.financeList, Perm.financeEdit];
/** A school's or college's news editor: writes news that its superior organisation approves (no news:check). */
const NEWS_EDITOR_PERMS = [Perm.newsList, Perm.newsEdit];

/** A school's or college's contact for summaries: hands in what its superior organisation asks (总结提交). */
const SCHOOL_CONTACT_PERMS = [Perm.summarySubmit];

/**
 * Built-in roles; `menus` lists top-level menu paths granted (with all their children), '*' for all, or a page's
 * component (granted with its directory).
 */
const ROLES = [
  { key: ROOT_ROLE, name: '超级管理员', permissions: [...ALL_PERMISSIONS], menus: ['*'] },
  { key: 'admin', name: '机构管理员', permissions: ORG_ADMIN_PERMS, menus: ['*'] },
  { key: 'newsEditor', name: '资讯编辑', permissions: NEWS_EDITOR_PERMS, menus: ['newsManagement'] },
  { key: 'expert', name: '评审专家', permissions: EXPERT_PERMS, menus: ['dashboard', 'review'] },
  { key: 'finance', name: '财务人员', permissions: FINANCE_PERMS, menus: ['dashboard', 'finance'] },
  { key: 'schoolContact', name: '学校联系人', permissions: SCHOOL_CONTACT_PERMS, menus: ['summary/submissions/index'] },
  { key: 'teacher', name: '指导老师', permissions: [], menus: [] },
  { key: 'student', name: '学生', permissions: [], menus: [] },
];

export const DEMO_USERS = [
  { username: 'root', realName: '平台管理员', group: 'PLATFORM', roles: [ROOT_ROLE], phone: '13800000000' },
  { username: 'admin1', realName: '张组织', group: 'DEMO-U1', roles: ['admin'], phone: '13800000001' },
  { username: 'admin2', realName: '李组织', group: 'DEMO-U2', roles: ['admin'], phone: '13800000002' },
  { username: 'expert1', realName: '王专家', group: 'DEMO-U1', roles: ['expert'], phone: '13800000003' },
  { username: 'finance1', realName: '钱财务', group: 'DEMO-U1', roles: ['finance'], phone: '13800000006' },
  { username: 'teacher1', realName: '赵老师', group: 'DEMO-U1', roles: ['teacher'], phone: '13800000004' },
  { username: 'student1', realName: '陈同学', group: 'DEMO-U1', roles: ['student'], phone: '13800000011' },
  { username: 'college1', realName: '孙老师', group: 'DEMO-U1-CS', roles: ['newsEditor', 'schoolContact'], phone: '13800000005' },
  { username: 'student2', realName: '刘同学', group: 'DEMO-U1-CS', roles: ['student'], phone: '13800000012' },
  { username: 'student3', realName: '黄同学', group: 'DEMO-U2', roles: ['student'], phone: '13800000013' },
  { username: 'student4', realName: '周同学', group: 'DEMO-U2', roles: ['student'], phone: '13800000014' },
];

interface SeededMenu {
  /** The top-level path a role's grant names; null for ROOT-only entries. */
  top: string | null;
  component: string | null;
  parentId: number | null;
}

async function insertMenus(m: EntityManager, menus: SeedMenu[], parentId: number | null, topPath: string | null, out: Map<number, SeededMenu>) {
  for (const [i, menu] of menus.entries()) {
    const type = menu.type ?? (menu.children ? 1 : 2);
    const [{ id }] = await m.query(
      `INSERT INTO menus (parent_id, name, name_en, menu_type, path, component, icon, visible, order_num)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [parentId, menu.name, menu.en, type, menu.path, menu.component ?? (type === 1 ? 'Layout' : null), menu.icon ?? null, menu.hidden ? 0 : 1, i + 1],
    );
    out.set(id, { top: menu.rootOnly ? null : (topPath ?? menu.path), component: menu.component ?? null, parentId });
    if (menu.children) await insertMenus(m, menu.children, id, topPath ?? menu.path, out);
  }
}

/** Demo data: organisations, the full back-office menu, built-in roles and demo accounts. Expects empty tables. */
export async function seed(m: EntityManager): Promise<DemoIds> {
  const groupIds = new Map<string, number>();
  for (const g of DEMO_GROUPS) {
    const [{ id }] = await m.query(`INSERT INTO groups (code, name, name_en, kind, parent_id, hosts) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
      g.code, g.name, g.en, g.kind, g.parent ? groupIds.get(g.parent) : null, g.hosts,
    ]);
    groupIds.set(g.code, id);
  }
  await m.query(`INSERT INTO depts (group_id, name, order_num) VALUES ($1, '教务处', 1), ($1, '团委', 2)`, [groupIds.get('DEMO-U1')]);

  const seeded = new Map<number, SeededMenu>();
  await insertMenus(m, BACK_OFFICE_MENU, null, null, seeded);

  const roleIds = new Map<string, number>();
  for (const r of ROLES) {
    const [{ id }] = await m.query(`INSERT INTO roles (key, name, permissions, builtin) VALUES ($1, $2, $3, true) RETURNING id`, [
      r.key, r.name, r.permissions,
    ]);
    roleIds.set(r.key, id);
    const pages = [...seeded].filter(([, s]) => s.top !== null && s.component !== null && r.menus.includes(s.component));
    const granted = (id: number, s: SeededMenu) =>
      s.top !== null && (r.menus.includes('*') || r.menus.includes(s.top) || pages.some(([pageId, page]) => pageId === id || page.parentId === id));
    const menuIds = [...seeded].filter(([id, s]) => granted(id, s)).map(([menuId]) => menuId);
    if (menuIds.length) await m.query(`INSERT INTO role_menus (role_id, menu_id) SELECT $1, unnest($2::int[])`, [id, menuIds]);
  }

  const hash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, number>();
  for (const u of DEMO_USERS) {
    const [{ id }] = await m.query(
      `INSERT INTO users (group_id, username, password_hash, real_name, phone) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [groupIds.get(u.group), u.username, hash, u.realName, u.phone],
    );
    await m.query(`INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[])`, [id, u.roles.map((k) => roleIds.get(k))]);
    userIds.set(u.username, id);
  }
  return { groups: Object.fromEntries(groupIds), users: Object.fromEntries(userIds) };
}

import type { EntityManager } from 'typeorm';

/** Demo data: the demo expert account (expert1 of DEMO-U1) has an expert profile in the library. */
export async function seed(m: EntityManager, demo: { groups: Record<string, number>; users?: Record<string, number> }): Promise<void> {
  const groupId = demo.groups['DEMO-U1'];
  const userId = demo.users?.expert1;
  if (!groupId || !userId) return;
  await m.query(
    `INSERT INTO experts (user_id, group_id, name, title, unit, phone, subjects, keywords, source)
     VALUES ($1, $2, '王专家', '教授', '华东示范大学', '13800000003', '{计算机}', '{人工智能}', 'library')`,
    [userId, groupId],
  );
}

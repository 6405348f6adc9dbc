import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { PayStatus, SignupStatus, SignupType, type MemberProfile } from '@cmp/contracts';
import { syncQuotas } from '../settings/competition-settings';
import { claimSlot } from '../signup/quota';

/** What the competitions seed answers of each demo competition (see its seed.ts). */
export interface SeededCompetition {
  id: number;
  groupId: number;
  name: string;
  nameEn: string;
  items: { id: number; name: string; nameEn: string; quota: number | null; feeFen: number }[];
}

export interface Demo {
  users?: Record<string, number>;
  competitions?: Record<string, SeededCompetition>;
}

const PROFILES: Record<string, MemberProfile> = {
  student1: { realName: '陈同学', gender: 1, phone: '13800000011', schoolName: '华东示范大学', college: '计算机学院', major: '软件工程', studentNo: '2023001', grade: '2023' },
  student2: { realName: '刘同学', gender: 2, phone: '13800000012', schoolName: '华东示范大学', college: '计算机学院', major: '人工智能', studentNo: '2023002', grade: '2023' },
  student3: { realName: '周同学', gender: 1, phone: '13800000013', schoolName: '华东示范大学', college: '经济学院', major: '金融学', studentNo: '2022003', grade: '2022' },
  student4: { realName: '吴同学', gender: 2, phone: '13800000014', schoolName: '西部测试大学', college: '外国语学院', major: '英语', studentNo: '2024004', grade: '2024' },
};

/**
 * Demo sign-ups for the enrolling demo competition (互联网+): a team of two waiting for review, an approved
 * individual sign-up, and one waiting for its fee. Places are taken the way the service takes them.
 */
export async function seed(m: EntityManager, demo: Demo): Promise<void> {
  const users = demo.users ?? {};
  for (const [username, profile] of Object.entries(PROFILES)) {
    if (users[username]) await m.query(`INSERT INTO profiles (user_id, profile) VALUES ($1, $2)`, [users[username], JSON.stringify(profile)]);
  }
  const c = demo.competitions?.['2026 Internet+ Innovation and Entrepreneurship Competition'];
  if (!c || !users.student1) return;
  await syncQuotas(m, { id: c.id, items: c.items.map((i) => ({ ...i, competitionId: c.id, description: '', orderNum: 0 })) });
  const [idea, startUp, social] = c.items;

  const add = async (item: SeededCompetition['items'][number], type: number, teamName: string | null, members: string[], status: number) => {
    const captain = members[0];
    const [{ id }] = await m.query(
      `INSERT INTO signups (competition_id, item_id, group_id, competition_name, item_name, type, team_name, captain_user_id, school_name,
              status, pay_status, fee_fen, member_count, teachers, invite_code, competition_name_en, item_name_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id::int AS id`,
      [
        c.id, item.id, c.groupId, c.name, item.name, type, teamName, users[captain], PROFILES[captain].schoolName, status,
        item.feeFen > 0 ? PayStatus.unpaid : PayStatus.free, item.feeFen, members.length,
        JSON.stringify(type === SignupType.team ? [{ name: '赵老师', phone: '13800000004' }] : []), randomBytes(16).toString('hex'),
        c.nameEn, item.nameEn,
      ],
    );
    for (const [i, u] of members.entries()) {
      await m.query(`INSERT INTO signup_members (signup_id, item_id, user_id, username, captain, profile) VALUES ($1, $2, $3, $4, $5, $6)`, [
        id, item.id, users[u], u, i === 0, JSON.stringify(PROFILES[u]),
      ]);
    }
    if (item.quota !== null) await claimSlot(m, item.id, id);
    return id;
  };
  await add(idea, SignupType.team, '星火队', ['student1', 'student2'], SignupStatus.pending);
  await add(social, SignupType.individual, null, ['student3'], SignupStatus.approved);
  await add(startUp, SignupType.individual, null, ['student4'], SignupStatus.pending);
}

import type { EntityManager } from 'typeorm';
import type { NavigationSetting } from '@cmp/contracts';
import { seedReference } from '../reference/reference.seed';
import { seedNews } from '../news/news.seed';

const nav = (name: string, tem: string, children: [string, string, string][] = []): NavigationSetting => ({
  name,
  tem,
  children: children.map(([path, dictValue, childName]) => ({ path, dictValue, name: childName })),
});

const NEWS = nav('新闻中心', 'news', [
  ['/home/news/newsList', '1', '新闻列表'],
  ['/home/news/previousWorks', '2', '往届作品'],
  ['/home/news/competitionInfo', '3', '竞赛资讯'],
  ['/home/news/competitionGuide', '4', '竞赛指南'],
  ['/home/news/operatingManual', '5', '操作手册'],
]);

/** Demo public sites: each organisation its own template and navigation. */
const SITES: { code: string; templateType: 1 | 2 | 3; description: string; navigation: NavigationSetting[] }[] = [
  {
    code: 'DEMO-U1',
    templateType: 1,
    description: '华东示范大学学科竞赛平台：创新创业、程序设计与数学建模竞赛的报名、提交与评审。',
    navigation: [nav('首页', 'home'), nav('竞赛', 'competition'), NEWS, nav('平台介绍', 'introductionPlatform')],
  },
  {
    code: 'DEMO-U2',
    templateType: 2,
    description: '西部测试大学竞赛中心：面向全校学生的学科竞赛服务。',
    navigation: [nav('首页', 'home'), nav('赛事', 'competition'), NEWS, nav('解决方案', 'solve', [['/home/solve/could', '1', '云平台'], ['/home/solve/highSchool', '2', '高校'], ['/home/solve/dataBase', '3', '数据库']])],
  },
  {
    code: 'PLATFORM',
    templateType: 3,
    description: '竞赛管理系统：为高校提供竞赛全流程管理。',
    navigation: [nav('首页', 'home'), nav('竞赛', 'competition'), NEWS, nav('拓展服务', 'expendingServices')],
  },
];

/** `groups` maps organisation codes to ids (and `users` account names to ids), as the auth service's demo seed created them. */
export async function seed(m: EntityManager, groups: Record<string, number>, users: Record<string, number> = {}): Promise<{ competitions: Record<string, SeededCompetition> }> {
  for (const s of SITES) {
    await m.query(`INSERT INTO website_settings (group_id, template_type, description, navigation_settings) VALUES ($1, $2, $3, $4)`, [
      groups[s.code],
      s.templateType,
      s.description,
      JSON.stringify(s.navigation),
    ]);
  }
  await seedReference(m, groups);
  await seedNews(m, { groups, users });
  const competitions = await seedCompetitions(m, groups);
  await seedSummaries(m, groups, users);
  return { competitions };
}

/** One summary the demo university asks of its college (总结设置 and the college contact's 总结提交 have something to show). */
async function seedSummaries(m: EntityManager, groups: Record<string, number>, users: Record<string, number>): Promise<void> {
  await m.query(
    `INSERT INTO summary_requirements (group_id, title, description, deadline, target_group_ids, created_by)
     VALUES ($1, '2026 年度学科竞赛工作总结', '请总结本学院组织参赛、指导教师投入与获奖情况，附典型案例；导出为 PDF 后上传。', now() + interval '30 days', $2, $3)`,
    [groups['DEMO-U1'], [groups['DEMO-U1-CS']], users.admin1 ?? 0],
  );
}

/** What later services' demo seeds need of a demo competition (keyed by its English name). */
export interface SeededCompetition {
  id: number;
  groupId: number;
  name: string;
  nameEn: string;
  items: { id: number; name: string; nameEn: string; quota: number | null; feeFen: number }[];
}

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

interface SeedCompetition {
  code: string;
  name: string;
  nameEn: string;
  level: string;
  summary: string;
  /** Days from today of the sign-up window; the stages follow it. */
  enroll: [number, number];
  mode: 1 | 2 | 3;
  team: [number, number];
  items: [string, string, number | null, number][];
  published: boolean;
}

/**
 * Demo competitions: one enrolling now, one upcoming, one over, one draft, across the demo organisations.
 * Levels are values of the competition_level dictionary (1 national, 2 provincial, 3 university, 4 college).
 */
const COMPETITIONS: SeedCompetition[] = [
  {
    code: 'DEMO-U1', name: '2026年“互联网+”大学生创新创业大赛', nameEn: '2026 Internet+ Innovation and Entrepreneurship Competition',
    level: '2', summary: '面向全校本科生与研究生的创新创业赛事，分创意组、初创组和公益组。', enroll: [-10, 20], mode: 3, team: [1, 5],
    items: [['创意组', 'Idea track', 300, 0], ['初创组', 'Start-up track', 200, 5000], ['公益组', 'Social impact track', null, 0]], published: true,
  },
  {
    code: 'DEMO-U1', name: '第十二届程序设计竞赛', nameEn: '12th Programming Contest', level: '3',
    summary: '三人一队，五小时内解决算法问题。', enroll: [15, 45], mode: 2, team: [3, 3],
    items: [['本科组', 'Undergraduate', 120, 0], ['研究生组', 'Graduate', 60, 0]], published: true,
  },
  {
    code: 'DEMO-U1', name: '2025年数学建模校内选拔赛', nameEn: '2025 Mathematical Modelling Selection', level: '3',
    summary: '选拔优秀队伍参加全国大学生数学建模竞赛。', enroll: [-120, -90], mode: 2, team: [3, 3],
    items: [['A题', 'Problem A', null, 0], ['B题', 'Problem B', null, 0]], published: true,
  },
  {
    code: 'DEMO-U1', name: '2027年电子设计竞赛（筹备中）', nameEn: '2027 Electronic Design Contest (draft)', level: '1',
    summary: '筹备中的赛事。', enroll: [60, 90], mode: 2, team: [2, 3], items: [['控制类', 'Control', 80, 0]], published: false,
  },
  {
    code: 'DEMO-U2', name: '西部大学生英语演讲比赛', nameEn: 'Western Universities English Speaking Contest', level: '2',
    summary: '个人赛，初赛提交视频，决赛现场演讲。', enroll: [-5, 25], mode: 1, team: [1, 1],
    items: [['本科组', 'Undergraduate', 500, 2000], ['研究生组', 'Graduate', 200, 2000]], published: true,
  },
  {
    code: 'PLATFORM', name: '全国高校创新设计邀请赛', nameEn: 'National Universities Design Invitational', level: '1',
    summary: '平台组织的跨校邀请赛，欢迎各高校组队参加。', enroll: [-3, 40], mode: 2, team: [2, 5],
    items: [['产品设计', 'Product design', 400, 10000], ['视觉传达', 'Visual communication', 400, 10000]], published: true,
  },
];

export async function seedCompetitions(m: EntityManager, groups: Record<string, number>): Promise<Record<string, SeededCompetition>> {
  const seeded: Record<string, SeededCompetition> = {};
  for (const c of COMPETITIONS) {
    const [start, end] = c.enroll;
    const [{ id }] = await m.query(
      `INSERT INTO competitions (group_id, name, name_en, level, year, summary, intro, guide, status, published_at,
              enroll_start_at, enroll_end_at, mode, team_min, team_max, teacher_max, submit_start_at, submit_end_at, review_rounds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 2, $16, $17, $18) RETURNING id`,
      [
        groups[c.code], c.name, c.nameEn, c.level, new Date(at(start)).getFullYear(), c.summary,
        `<p>${c.summary}</p><p>竞赛旨在激发学生的创新意识，提升实践能力。</p>`,
        '<h3>参赛流程</h3><ol><li>在线报名</li><li>提交作品</li><li>专家评审</li><li>公布结果</li></ol>',
        c.published ? 1 : 0, c.published ? at(Math.min(start, 0) - 1) : null, at(start), at(end), c.mode, c.team[0], c.team[1],
        at(end), at(end + 15),
        JSON.stringify([{ name: '初赛', expertsPerWork: 3, scoreColumns: [{ name: '创新性', maxScore: 100, weight: 40 }, { name: '完成度', maxScore: 100, weight: 60 }] }]),
      ],
    );
    seeded[c.nameEn] = { id, groupId: groups[c.code], name: c.name, nameEn: c.nameEn, items: [] };
    for (const [i, [name, nameEn, quota, fee]] of c.items.entries()) {
      const [item] = await m.query(
        `INSERT INTO competition_items (competition_id, name, name_en, quota, fee_fen, order_num) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [id, name, nameEn, quota, fee, i + 1],
      );
      seeded[c.nameEn].items.push({ id: item.id, name, nameEn, quota, feeFen: fee });
    }
    const stages: [string, string, number, number][] = [
      ['初赛', 'Preliminary round', end + 16, end + 30],
      ['决赛', 'Final', end + 35, end + 36],
    ];
    for (const [i, [name, nameEn, s, e]] of stages.entries()) {
      await m.query(`INSERT INTO competition_stages (competition_id, name, name_en, start_at, end_at, order_num) VALUES ($1, $2, $3, $4, $5, $6)`, [
        id, name, nameEn, at(s), at(e), i + 1,
      ]);
    }
  }
  return seeded;
}

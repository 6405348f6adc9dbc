import type { EntityManager } from 'typeorm';
import type { NavigationSetting } from '@cmp/contracts';
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
export async function seed(m: EntityManager, groups: Record<string, number>, users: Record<string, number> = {}): Promise<void> {
  for (const s of SITES) {
    await m.query(`INSERT INTO website_settings (group_id, template_type, description, navigation_settings) VALUES ($1, $2, $3, $4)`, [
      groups[s.code],
      s.templateType,
      s.description,
      JSON.stringify(s.navigation),
    ]);
  }
  await seedNews(m, { groups, users });
}

import type { EntityManager } from 'typeorm';
import { htmlToText, sanitizeRichText } from '../rich-text';

interface SeedNews {
  group: string;
  author: string;
  category: 1 | 2 | 3 | 4 | 5;
  title: string;
  summary: string;
  paragraphs: string[];
  top?: boolean;
  daysAgo: number;
  views: number;
}

/** Published demo news: each organisation's site has every category filled. */
const NEWS: SeedNews[] = [
  {
    group: 'DEMO-U1', author: 'admin1', category: 1, top: true, daysAgo: 1, views: 356,
    title: '华东示范大学第十届“创新杯”大学生创新创业大赛正式启动',
    summary: '大赛面向全校本科生与研究生，设创意组、初创组和公益组，报名截止日期为 12 月 20 日。',
    paragraphs: [
      '为深入推进创新创业教育改革，学校决定举办第十届“创新杯”大学生创新创业大赛。',
      '大赛设创意组、初创组和公益组三个组别，每支团队 3 至 5 人，可配备 1 至 2 名指导老师。',
      '请有意参赛的同学登录竞赛平台完成报名，并按时提交商业计划书。',
    ],
  },
  {
    group: 'DEMO-U1', author: 'admin1', category: 1, daysAgo: 6, views: 198,
    title: '我校学子在全国大学生数学建模竞赛中获一等奖 2 项',
    summary: '在 2025 年全国大学生数学建模竞赛中，我校 12 支队伍获奖，其中国家一等奖 2 项、二等奖 4 项。',
    paragraphs: ['本届竞赛共有来自全国 1,800 余所高校的 6 万余支队伍参赛。', '学校将对获奖团队及指导老师予以表彰。'],
  },
  {
    group: 'DEMO-U1', author: 'admin1', category: 2, daysAgo: 20, views: 421,
    title: '往届作品展示：基于深度学习的校园垃圾分类助手',
    summary: '第九届“创新杯”创意组金奖作品，团队来自计算机学院与环境学院。',
    paragraphs: ['作品通过手机拍照识别垃圾类别，识别准确率达 96%。', '团队在校内 12 个宿舍楼完成了为期两个月的试点。'],
  },
  {
    group: 'DEMO-U1', author: 'admin1', category: 3, daysAgo: 3, views: 87,
    title: '2026 年程序设计竞赛校内选拔赛安排',
    summary: '选拔赛将于 1 月 10 日在信息楼机房举行，采用 ACM-ICPC 赛制。',
    paragraphs: ['比赛时长 5 小时，三人一队，使用一台计算机。', '前 10 名队伍将代表学校参加省赛。'],
  },
  {
    group: 'DEMO-U1', author: 'admin1', category: 4, daysAgo: 9, views: 143,
    title: '竞赛指南：如何撰写一份出色的商业计划书',
    summary: '从市场分析、产品方案到财务预测，评审专家最关注的八个要点。',
    paragraphs: ['商业计划书应突出痛点、方案与团队优势。', '财务预测要有依据，切忌空泛。'],
  },
  {
    group: 'DEMO-U1', author: 'admin1', category: 5, daysAgo: 30, views: 512,
    title: '操作手册：竞赛平台报名与作品提交流程',
    summary: '图文讲解注册登录、组建团队、填写报名信息和上传作品的完整步骤。',
    paragraphs: ['第一步：使用手机号注册并完善个人信息。', '第二步：在竞赛详情页选择赛项并组建团队。', '第三步：在提交期内上传作品文件。'],
  },
  {
    group: 'DEMO-U2', author: 'admin2', category: 1, top: true, daysAgo: 2, views: 233,
    title: '西部测试大学“挑战杯”课外学术科技作品竞赛校赛通知',
    summary: '校赛作品征集即日起开始，自然科学类、哲学社会科学类和科技发明制作类均可申报。',
    paragraphs: ['本次校赛将推荐优秀作品参加省级比赛。', '作品申报截止时间为 2026 年 1 月 15 日。'],
  },
  {
    group: 'DEMO-U2', author: 'admin2', category: 2, daysAgo: 40, views: 176,
    title: '往届作品：黄土高原水土保持监测无人机系统',
    summary: '上届“挑战杯”特等奖作品，实现了坡面侵蚀的自动监测。',
    paragraphs: ['系统由无人机、地面站与数据分析平台三部分组成。'],
  },
  {
    group: 'DEMO-U2', author: 'admin2', category: 3, daysAgo: 5, views: 64,
    title: '电子设计竞赛赛前培训报名开始',
    summary: '培训内容包括模拟电路、单片机和 FPGA，共 8 次课程。',
    paragraphs: ['培训时间为每周六下午，地点在电子楼 302。'],
  },
  {
    group: 'DEMO-U2', author: 'admin2', category: 4, daysAgo: 12, views: 91,
    title: '竞赛指南：学科竞赛学分认定办法',
    summary: '获奖学生可按竞赛级别申请创新实践学分。',
    paragraphs: ['国家级竞赛一等奖可认定 4 学分，省级一等奖可认定 2 学分。'],
  },
  {
    group: 'PLATFORM', author: 'root', category: 1, top: true, daysAgo: 1, views: 1024,
    title: '竞赛管理系统全新上线：报名、提交、评审一站完成',
    summary: '平台支持多机构独立门户、在线评审、证书发放与溯源。',
    paragraphs: ['各高校可为本校竞赛配置独立的门户网站与模板。', '评审专家可在线打分，结果自动汇总。'],
  },
  {
    group: 'PLATFORM', author: 'root', category: 5, daysAgo: 15, views: 340,
    title: '操作手册：机构管理员快速入门',
    summary: '十分钟了解如何创建竞赛、配置赛程和发布资讯。',
    paragraphs: ['登录后台后，在“竞赛管理”中新建竞赛并设置赛段。', '在“资讯管理”中撰写并发布竞赛资讯。'],
  },
];

/** One application from the college, waiting for the university's organiser. */
const PENDING: SeedNews = {
  group: 'DEMO-U1-CS', author: 'college1', category: 3, daysAgo: 0, views: 0,
  title: '计算机学院关于组织参加蓝桥杯软件设计大赛的通知',
  summary: '学院将组织集中报名与赛前辅导，欢迎各年级同学参加。',
  paragraphs: ['报名截止时间为 12 月 15 日，请通过学院竞赛群提交报名信息。', '学院将为参赛同学报销报名费。'],
};

const html = (n: SeedNews) => sanitizeRichText(n.paragraphs.map((p) => `<p>${p}</p>`).join(''));

async function insert(m: EntityManager, n: SeedNews, status: 'published' | 'pending', ids: { groups: Record<string, number>; users: Record<string, number> }) {
  const content = html(n);
  const at = `now() - interval '${n.daysAgo} days'`;
  await m.query(
    `INSERT INTO news (group_id, title, summary, content, content_text, category, status, top, views, author_id, author_name,
                       published_at, applied_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::varchar, $8, $9, $10, $11,
             CASE WHEN $7::varchar = 'published' THEN ${at} END, CASE WHEN $7::varchar = 'pending' THEN ${at} END, ${at}, ${at})`,
    [ids.groups[n.group], n.title, n.summary, content, htmlToText(content), n.category, status, !!n.top, n.views, ids.users[n.author] ?? 0, n.author],
  );
}

export async function seedNews(m: EntityManager, ids: { groups: Record<string, number>; users?: Record<string, number> }): Promise<void> {
  const all = { groups: ids.groups, users: ids.users ?? {} };
  for (const n of NEWS) await insert(m, n, 'published', all);
  await insert(m, PENDING, 'pending', all);
}

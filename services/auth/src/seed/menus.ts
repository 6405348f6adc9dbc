import { MenuType } from '@cmp/contracts';

export interface SeedMenu {
  name: string;
  en: string;
  path: string;
  type?: MenuType;
  component?: string;
  icon?: string;
  hidden?: boolean;
  /** Seen by ROOT administrators only (ROOT sees every menu): granted to no role. */
  rootOnly?: boolean;
  children?: SeedMenu[];
}

const page = (name: string, en: string, path: string, component: string, hidden = false): SeedMenu => ({
  name,
  en,
  path,
  component,
  type: MenuType.page,
  hidden,
});

/** The back-office menu of spec section 2. Components name the web's page modules. */
export const BACK_OFFICE_MENU: SeedMenu[] = [
  { name: '工作台', en: 'Workbench', path: 'dashboard', icon: 'dashboard', children: [page('工作台', 'Workbench', 'index', 'dashboard/index')] },
  {
    name: '竞赛管理', en: 'Competitions', path: 'competition', icon: 'trophy',
    children: [
      page('竞赛列表', 'Competition list', 'list', 'competition/list/index'),
      page('新增/编辑竞赛', 'Add or edit competition', 'addEdit', 'competition/addEdit/index', true),
      page('竞赛详情', 'Competition details', 'details', 'competition/details/index', true),
      page('赛程设置', 'Schedule settings', 'scheduleSet', 'competition/scheduleSet/index', true),
      page('作品提交设置', 'Work submission settings', 'workSubSet', 'competition/workSubSet/index', true),
      page('报名设置', 'Sign-up settings', 'enrollSet', 'competition/enrollSet/index', true),
      page('评审设置', 'Review settings', 'reviewSet', 'competition/reviewSet/index', true),
    ],
  },
  {
    name: '作品管理', en: 'Works', path: 'works', icon: 'file',
    children: [page('作品列表', 'Work list', 'list', 'works/list/index'), page('作品详情', 'Work details', 'info', 'works/detail/index', true)],
  },
  { name: '报名管理', en: 'Sign-ups', path: 'signUp', icon: 'form', children: [page('报名管理', 'Sign-ups', 'index', 'signUp/index')] },
  {
    name: '专家管理', en: 'Experts', path: 'experts', icon: 'team',
    children: [
      page('专家库', 'Expert library', 'library', 'experts/library/index'),
      page('专家账号', 'Expert accounts', 'account', 'experts/account/index'),
      page('专家分组', 'Expert groups', 'groups', 'experts/groups/index'),
      page('专家管理', 'Expert management', 'manage', 'experts/manage/index'),
      page('专家推荐', 'Expert recommendations', 'recommend', 'experts/recommend/index'),
      page('专家招募', 'Expert recruitment', 'recruitment', 'experts/recruitment/index'),
      page('临时专家', 'Temporary experts', 'temporary', 'experts/temporary/index'),
    ],
  },
  {
    name: '评审管理', en: 'Review', path: 'review', icon: 'audit',
    children: [
      page('我的评审', 'My reviews', 'mine', 'review/mine/index'),
      page('评分', 'Scoring', 'score', 'review/mine/score', true),
      page('回避声明', 'Conflicts of interest', 'conflicts', 'experts/account/index'),
      page('竞赛评审', 'Competition review', 'competition', 'review/competition/index'),
      page('评审分配', 'Review assignment', 'distribution', 'review/distribution/index'),
      page('淘汰晋级', 'Elimination', 'elimination', 'review/elimination/index'),
      page('评审结果', 'Review results', 'result', 'review/result/index'),
      page('现场评审', 'On-site review', 'scene', 'review/scene/index'),
      page('评审统计', 'Review statistics', 'statistics', 'review/statistics/index'),
    ],
  },
  { name: '叫号管理', en: 'Queue call', path: 'screenCall', icon: 'sound', children: [page('叫号管理', 'Queue call', 'index', 'screenCall/index')] },
  {
    name: '成绩奖励', en: 'Results and awards', path: 'competitionReward', icon: 'gift',
    children: [
      page('获奖列表', 'Award list', 'list', 'competitionReward/list/index'),
      page('获奖明细', 'Award details', 'detailedList', 'competitionReward/detailedList/index', true),
      page('奖励管理', 'Rewards', 'reward', 'reward/index'),
    ],
  },
  {
    name: '证书管理', en: 'Certificates', path: 'certificate', icon: 'safety-certificate',
    children: [
      page('证书模板', 'Certificate templates', 'template', 'certificate/template/index'),
      page('证书制作', 'Certificate designer', 'make', 'certificate/make/index'),
      page('证书设置', 'Certificate settings', 'setting', 'certificate/setting/index'),
      page('证书列表', 'Certificate list', 'list', 'certificate/list/index'),
      page('证书审核', 'Certificate check', 'check', 'certificate/check/index'),
      page('证书发放', 'Certificate sending', 'send', 'certificate/send/index'),
      page('证书溯源', 'Certificate trace', 'trace', 'certificate/trace/index'),
    ],
  },
  {
    name: '资讯管理', en: 'News', path: 'newsManagement', icon: 'read',
    children: [
      page('资讯列表', 'News list', 'list', 'newsManagement/list/index'),
      page('新增/编辑资讯', 'Add or edit news', 'addEdit', 'newsManagement/addEdit/index', true),
      page('资讯详情', 'News details', 'detail', 'newsManagement/detail/index', true),
      page('资讯申请', 'News applications', 'apply', 'newsManagement/apply/index'),
      page('资讯收藏', 'Saved news', 'collect', 'newsManagement/collect/index'),
      page('竞赛资讯审核', 'Competition news check', 'competitionCheck', 'newsManagement/competitionCheck/index'),
    ],
  },
  {
    name: '财务管理', en: 'Finance', path: 'finance', icon: 'account-book',
    children: [
      page('财务列表', 'Finance list', 'list', 'finance/list/index'),
      page('订单管理', 'Orders', 'order', 'finance/order/index'),
      page('财务操作', 'Finance actions', 'action', 'finance/action/index'),
    ],
  },
  {
    name: '机构管理', en: 'Organisations', path: 'organization', icon: 'apartment',
    children: [
      page('机构列表', 'Organisation list', 'list', 'organization/list/index'),
      page('机构用户', 'Organisation users', 'users', 'organization/users/index'),
      { ...page('试用申请', 'Trial applications', 'trial', 'organization/trial/index'), rootOnly: true },
    ],
  },
  {
    name: '数据中心', en: 'Data centre', path: 'database', icon: 'database',
    children: [
      page('云统计', 'Cloud statistics', 'cloud', 'database/cloud/index'),
      page('数据预览', 'Data preview', 'preview', 'database/preview/index'),
      page('数据报告', 'Reports', 'report', 'database/report/index'),
    ],
  },
  {
    name: '总结管理', en: 'Summaries', path: 'summary', icon: 'profile',
    children: [
      page('学校总结', 'School summaries', 'school', 'summary/school/index'),
      page('总结设置', 'Summary settings', 'setting', 'summary/setting/index'),
      page('提交记录', 'Submission records', 'records', 'summary/records/index'),
      page('总结提交', 'Submissions', 'submissions', 'summary/submissions/index'),
    ],
  },
  { name: '网站设置', en: 'Website settings', path: 'website', icon: 'global', children: [page('网站设置', 'Website settings', 'index', 'website/index')] },
  {
    name: '系统管理', en: 'System', path: 'system', icon: 'setting',
    children: [
      page('用户管理', 'Users', 'user', 'system/user/index'),
      page('角色管理', 'Roles', 'role', 'system/role/index'),
      page('菜单管理', 'Menus', 'menu', 'system/menu/index'),
      page('部门管理', 'Departments', 'dept', 'system/dept/index'),
      page('机构管理', 'Organisations', 'groudDetail', 'system/groud/groudDetail/index'),
      page('学校信息', 'School information', 'schoolInfo', 'system/groud/schoolInfo/index'),
      page('学院管理', 'Colleges', 'college', 'system/groud/college/index'),
      page('专业管理', 'Majors', 'major', 'system/groud/major/index'),
      page('字典管理', 'Dictionary', 'dict', 'system/dict/index'),
      page('操作日志', 'Operation log', 'log', 'system/log/index'),
      page('网站横幅', 'Website banners', 'banner', 'system/banner/index'),
      { ...page('任务队列', 'Job queues', 'queues', 'system/queues/index'), rootOnly: true },
    ],
  },
  { name: '操作手册', en: 'Manual', path: 'manualAdmin', icon: 'question', children: [{ ...page('操作手册', 'Manual', 'index', 'manual/index'), type: MenuType.leaf, icon: 'moc' }] },
];

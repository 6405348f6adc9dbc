import type { Lang } from './lang';
import type { PageQuery } from './rpc';

/**
 * One finished mutating call (or login attempt) as the gateway saw it. It never carries passwords,
 * codes or tokens: `params` is a redacted summary of the body (see redactParams in the gateway).
 */
export interface OperationLoggedEvent {
  /** The gateway's own id of the call (a fresh UUID): it alone de-duplicates the event. */
  requestId: string;
  /** The X-Request-Id the caller sent, kept for tracing only (absent from events of older gateways). */
  clientRequestId?: string | null;
  userId: number | null;
  username: string | null;
  groupId: number | null;
  method: string;
  path: string;
  /** "<module> / <action>" of the route, e.g. "system: users / add". */
  title: string;
  /** The envelope's code: 0 is success. */
  resultCode: number;
  /** The message the caller got when the call failed (in the caller's language); null on success. */
  message: string | null;
  durationMs: number;
  ip: string;
  userAgent: string | null;
  params: string | null;
  /** ISO time the call ended. */
  at: string;
}

export interface OperationLogView extends Omit<OperationLoggedEvent, 'at' | 'clientRequestId'> {
  id: number;
  clientRequestId: string | null;
  success: boolean;
  groupName: string | null;
  occurredAt: string;
  /** The title in the caller's language (operationLabel). */
  label: string;
}

export interface OperationLogQuery extends PageQuery {
  username?: string;
  /** Part of the path, of the title or of its label in either language. */
  keyword?: string;
  /** Internal (set by the gateway from the keyword): titles whose label contains it. */
  titles?: string[];
  /** 'success' or 'failure'; absent means both. */
  result?: 'success' | 'failure';
  /** ISO dates or times, inclusive start, exclusive end. */
  from?: string;
  to?: string;
}

/** The operation log's modules (a route's first OpenAPI tag) in both languages. */
const LOG_MODULES: Record<string, [zh: string, en: string]> = {
  assistant: ['智能问答', 'Help assistant'],
  auth: ['登录与注册', 'Sign-in'],
  centre: ['个人中心', 'Personal centre'],
  certificates: ['证书', 'Certificates'],
  competition: ['竞赛管理', 'Competitions'],
  enrollment: ['报名', 'Sign-up'],
  'enrollment-admin': ['报名管理', 'Sign-up management'],
  files: ['文件', 'Files'],
  finance: ['财务', 'Finance'],
  kiosk: ['叫号屏', 'Venue screen'],
  news: ['资讯', 'News'],
  payment: ['支付', 'Payment'],
  'public competition': ['竞赛门户', 'Public site'],
  'review: assignment': ['评审分配', 'Review assignment'],
  'review: award presets': ['奖励管理', 'Award presets'],
  'review: bids': ['专家选题', 'Expert bids'],
  'review: expert recruitment and recommendation': ['专家招募与推荐', 'Expert recruitment'],
  'review: experts': ['专家库', 'Experts'],
  'review: groups': ['评审分组', 'Review groups'],
  'review: on-site': ['现场评审', 'On-site review'],
  'review: publication': ['结果公布', 'Publication'],
  'review: results': ['评审结果', 'Review results'],
  'review: rounds': ['评审轮次', 'Review rounds'],
  'review: scoring': ['评分', 'Scoring'],
  statistics: ['数据中心', 'Data centre'],
  subscriptions: ['消息订阅', 'Subscriptions'],
  system: ['系统管理', 'System'],
  'system: colleges and majors': ['院系专业', 'Colleges and majors'],
  'system: dictionaries': ['字典管理', 'Dictionaries'],
  'system: job queues': ['任务队列', 'Job queues'],
  'system: schools': ['学校管理', 'Schools'],
  'system: trial applications': ['试用申请', 'Trial applications'],
  'system: users': ['用户管理', 'Users'],
  summaries: ['总结管理', 'Summaries'],
  website: ['门户设置', 'Website'],
  works: ['作品', 'Works'],
};

/**
 * Every recorded action ("<module> / <action>", as the gateway titles a route: see routeTitles) in both languages.
 * The log stores the title; the log screen shows this label in the reader's language (a gateway unit test checks
 * that every recorded route has one).
 */
export const LOG_ACTIONS: Record<string, [zh: string, en: string]> = {
  // Public questions change nothing, but every POST is recorded: the help assistant's are labelled like any other.
  'assistant / ask': ['提问', 'Ask a question'],
  'assistant / stream': ['提问（流式回答）', 'Ask a question (streamed answer)'],
  'auth / login code': ['验证码登录', 'Sign in with a code'],
  'auth / login first': ['首次登录设置密码', 'Set the password at first sign-in'],
  'auth / login password': ['密码登录', 'Sign in with a password'],
  'auth / logout': ['退出登录', 'Sign out'],
  'auth / register': ['注册', 'Register'],
  'auth / retrieve': ['找回密码', 'Reset the password'],
  'auth / send code': ['发送登录验证码', 'Send a sign-in code'],
  'auth / send register code': ['发送注册验证码', 'Send a registration code'],
  'auth / send retrieve code': ['发送找回密码验证码', 'Send a password reset code'],
  'centre / appeal': ['提交复议', 'Appeal'],
  'certificates / batch add': ['新建证书批次', 'Add a batch'],
  'certificates / batch delete': ['删除证书批次', 'Delete a batch'],
  'certificates / issue': ['生成证书', 'Issue certificates'],
  'certificates / recipients add': ['添加获证人', 'Add recipients'],
  'certificates / recipients from signups': ['从报名添加获证人', 'Add recipients from sign-ups'],
  'certificates / recipients import': ['导入获证人', 'Import recipients'],
  'certificates / reissue': ['补发证书', 'Reissue a certificate'],
  'certificates / retry': ['重新生成失败的证书', 'Retry failed certificates'],
  'certificates / revoke': ['撤销证书', 'Revoke a certificate'],
  'certificates / seal save': ['保存印章', 'Save a seal'],
  'certificates / send': ['发放证书', 'Send certificates'],
  'certificates / template add': ['新建证书模板', 'Add a template'],
  'certificates / template delete': ['删除证书模板', 'Delete a template'],
  'certificates / template update': ['修改证书模板', 'Edit a template'],
  'competition / add': ['新建竞赛', 'Add a competition'],
  'competition / archive': ['归档竞赛', 'Archive a competition'],
  'competition / copy': ['复制竞赛', 'Copy a competition'],
  'competition / delete item': ['删除赛项', 'Delete an event'],
  'competition / delete stage': ['删除赛段', 'Delete a stage'],
  'competition / publish': ['发布竞赛', 'Publish a competition'],
  'competition / remove': ['删除竞赛', 'Delete a competition'],
  'competition / save enroll': ['保存报名设置', 'Save sign-up settings'],
  'competition / save item': ['保存赛项', 'Save an event'],
  'competition / save review': ['保存评审设置', 'Save review settings'],
  'competition / save stage': ['保存赛段', 'Save a stage'],
  'competition / save work submit': ['保存作品提交设置', 'Save work submission settings'],
  'competition / update': ['修改竞赛', 'Edit a competition'],
  'enrollment / copy': ['复制报名', 'Copy a sign-up'],
  'enrollment / delete bank card': ['删除银行卡', 'Delete a bank card'],
  'enrollment / dissolve': ['解散队伍', 'Dissolve a team'],
  'enrollment / join': ['加入队伍', 'Join a team'],
  'enrollment / leave': ['退出队伍', 'Leave a team'],
  'enrollment / member profile': ['保存队员信息', 'Save member details'],
  'enrollment / read': ['标记消息已读', 'Mark messages read'],
  'enrollment / remove member': ['移除队员', 'Remove a member'],
  'enrollment / save bank card': ['保存银行卡', 'Save a bank card'],
  'enrollment / save user detail': ['保存个人信息', 'Save personal details'],
  'enrollment / sign up': ['报名', 'Sign up'],
  'enrollment / teachers': ['保存指导教师', 'Save advisers'],
  'enrollment / transfer': ['转让队长', 'Hand over the captaincy'],
  'enrollment / withdraw': ['撤回报名', 'Withdraw a sign-up'],
  'enrollment-admin / check': ['审核报名', 'Review a sign-up'],
  'enrollment-admin / publish': ['公开作品', 'Publish a work'],
  'enrollment-admin / reveal id number': ['查看完整证件号', 'Reveal an ID number'],
  'files / upload banner': ['上传横幅图片', 'Upload a banner image'],
  'files / upload image': ['上传图片', 'Upload an image'],
  'finance / apply': ['处理对账差异', 'Settle a reconciliation difference'],
  'finance / close': ['关闭订单', 'Close an order'],
  'finance / create': ['登记线下缴费', 'Record an offline payment'],
  'finance / decide': ['审核线下缴费', 'Decide an offline payment'],
  'finance / decide refund': ['审批退款', 'Approve or reject a refund'],
  'finance / fetch': ['下载支付宝账单', 'Fetch the Alipay statement'],
  'finance / import': ['导入对账单', 'Import a statement'],
  'finance / refund': ['退款', 'Refund'],
  'finance / save settings': ['保存财务设置', 'Save finance settings'],
  'kiosk / pair': ['叫号屏申请配对', 'Screen asks to pair'],
  'kiosk / status': ['叫号屏查询配对', 'Screen checks its pairing'],
  'news / add': ['新建资讯', 'Add news'],
  'news / check': ['审核资讯', 'Review news'],
  'news / collect': ['收藏资讯', 'Save news'],
  'news / delete': ['删除资讯', 'Delete news'],
  'news / publish': ['发布资讯', 'Publish news'],
  'news / unpublish': ['撤下资讯', 'Unpublish news'],
  'news / update': ['修改资讯', 'Edit news'],
  'payment / notify': ['支付宝通知', 'Alipay notification'],
  'payment / pay': ['发起支付', 'Pay'],
  'public competition / cast': ['投票', 'Vote'],
  'review: award presets / delete': ['删除奖项预设', 'Delete an award preset'],
  'review: award presets / save': ['保存奖项预设', 'Save an award preset'],
  'review: assignment / add': ['添加分配', 'Assign an expert'],
  'review: assignment / arbitrate': ['仲裁', 'Arbitrate'],
  'review: assignment / cancel': ['取消分配', 'Cancel the assignment'],
  'review: assignment / decline': ['回避作品', 'Decline a work'],
  'review: assignment / lock': ['锁定分配', 'Lock an assignment'],
  'review: assignment / remove': ['移除分配', 'Remove an assignment'],
  'review: assignment / run': ['自动分配', 'Assign automatically'],
  'review: assignment / swap': ['调换专家', 'Swap experts'],
  'review: bids / save': ['保存选题意向', 'Save bids'],
  'review: expert recruitment and recommendation / apply': ['申请成为专家', 'Apply as an expert'],
  'review: expert recruitment and recommendation / close call': ['结束专家招募', 'Close a call for experts'],
  'review: expert recruitment and recommendation / decide recommendation': ['审核专家推荐', 'Decide a recommendation'],
  'review: expert recruitment and recommendation / decide': ['审核专家申请', 'Decide an application'],
  'review: expert recruitment and recommendation / recommend': ['推荐专家', 'Recommend an expert'],
  'review: expert recruitment and recommendation / save call': ['保存专家招募', 'Save a call for experts'],
  'review: expert recruitment and recommendation / upload cv': ['上传简历', 'Upload a CV'],
  'review: experts / message': ['给专家发送站内信', 'Message experts'],
  'review: experts / reassign': ['改派专家未评的作品', "Hand on an expert's unscored works"],
  'review: experts / check': ['检查专家导入文件', 'Check an expert file'],
  'review: experts / delete conflict': ['删除回避关系', 'Delete a conflict'],
  'review: experts / import': ['导入专家', 'Import experts'],
  'review: experts / save conflict': ['保存回避关系', 'Save a conflict'],
  'review: experts / save': ['保存专家', 'Save an expert'],
  'review: experts / status': ['启用或停用专家', 'Enable or disable an expert'],
  'review: experts / temporary': ['新建临时专家', 'Add a temporary expert'],
  'review: groups / auto': ['自动分组', 'Group automatically'],
  'review: groups / remove': ['删除评审分组', 'Delete a review group'],
  'review: groups / save': ['保存评审分组', 'Save a review group'],
  'review: on-site / absent': ['标记缺席', 'Mark absent'],
  'review: on-site / bind': ['绑定叫号屏', 'Bind a screen'],
  'review: on-site / call': ['叫号', 'Call the next team'],
  'review: on-site / check in': ['签到', 'Check in'],
  'review: on-site / draw': ['抽签', 'Draw the order'],
  'review: on-site / end': ['结束答辩', 'End a presentation'],
  'review: on-site / move': ['调换考场', 'Move to another room'],
  'review: on-site / pause': ['暂停或继续叫号', 'Pause or resume calls'],
  'review: on-site / publish': ['公布出场顺序', 'Publish the order'],
  'review: on-site / recall': ['重新叫号', 'Call again'],
  'review: on-site / revoke': ['解绑叫号屏', 'Revoke a screen'],
  'review: on-site / save': ['保存现场评审设置', 'Save on-site settings'],
  'review: on-site / skip': ['过号', 'Skip a team'],
  'review: on-site / start': ['开始答辩', 'Start a presentation'],
  'review: publication / handle': ['处理复议', 'Handle an appeal'],
  'review: publication / publish': ['公布结果', 'Publish the results'],
  'review: publication / vote open': ['设置投票', 'Open voting'],
  'review: results / award confirm': ['确认奖项', 'Confirm the awards'],
  'review: results / award preview': ['预览奖项', 'Preview the awards'],
  'review: results / calculate': ['计算成绩', 'Calculate the scores'],
  'review: results / competition score': ['计算综合成绩', 'Calculate the final score'],
  'review: results / promotion confirm': ['确认晋级', 'Confirm the promotion'],
  'review: results / promotion preview': ['预览晋级', 'Preview the promotion'],
  'review: rounds / close': ['结束评审轮次', 'Close a round'],
  'review: rounds / open': ['开启评审轮次', 'Open a round'],
  'review: rounds / remove': ['删除评审轮次', 'Delete a round'],
  'review: rounds / save': ['保存评审轮次', 'Save a round'],
  'review: rounds / sync works': ['载入作品', 'Load works'],
  'review: scoring / confirm': ['组长确认评分', 'Captain confirms the scores'],
  'review: scoring / give back': ['退回评分', 'Return a score sheet'],
  'review: scoring / remind': ['提醒专家评分', 'Remind experts'],
  'review: scoring / save': ['暂存评分', 'Save scores'],
  'review: scoring / submit': ['提交评分', 'Submit scores'],
  'statistics / create report': ['生成数据报告', 'Make a report'],
  'subscriptions / delete': ['删除订阅消息', 'Delete a message'],
  'summaries / remind': ['提醒提交总结', 'Remind organisations to hand in'],
  'summaries / remove': ['删除总结要求', 'Delete a summary requirement'],
  'summaries / review': ['审核总结', 'Accept or return a summary'],
  'summaries / save': ['保存总结要求', 'Save a summary requirement'],
  'summaries / upload template': ['上传总结模板', 'Upload a summary template'],
  'summaries / upload': ['提交总结', 'Hand in a summary'],
  'subscriptions / read': ['标记订阅消息已读', 'Mark a message read'],
  'subscriptions / save': ['保存订阅设置', 'Save subscriptions'],
  'system / delete dept': ['删除部门', 'Delete a department'],
  'system: job queues / board action': ['任务队列面板操作（重试、清理等，见地址）', 'Job queue board action (retry, clean…: see the address)'],
  'system: job queues / board session': ['打开任务队列面板', 'Open the job queue board'],
  'system / delete group': ['删除机构', 'Delete an organisation'],
  'system / delete menu': ['删除菜单', 'Delete a menu'],
  'system / delete role': ['删除角色', 'Delete a role'],
  'system / save dept': ['保存部门', 'Save a department'],
  'system / save group': ['保存机构', 'Save an organisation'],
  'system / group status': ['启用或停用机构', 'Enable or disable an organisation'],
  'system / save menu': ['保存菜单', 'Save a menu'],
  'system / save role': ['保存角色', 'Save a role'],
  'system: colleges and majors / college delete': ['删除学院', 'Delete a college'],
  'system: colleges and majors / college save': ['保存学院', 'Save a college'],
  'system: colleges and majors / major delete': ['删除专业', 'Delete a major'],
  'system: colleges and majors / major save': ['保存专业', 'Save a major'],
  'system: dictionaries / item delete': ['删除字典项', 'Delete a dictionary item'],
  'system: dictionaries / item save': ['保存字典项', 'Save a dictionary item'],
  'system: dictionaries / type delete': ['删除字典类型', 'Delete a dictionary type'],
  'system: dictionaries / type save': ['保存字典类型', 'Save a dictionary type'],
  'system: schools / check': ['检查学校导入文件', 'Check a school file'],
  'system: schools / delete': ['删除学校', 'Delete a school'],
  'system: schools / import': ['导入学校', 'Import schools'],
  'system: schools / save': ['保存学校', 'Save a school'],
  'system: schools / status': ['启用或停用学校', 'Enable or disable a school'],
  'system: trial applications / convert': ['由试用申请创建机构', 'Create the organisation of a trial application'],
  'system: trial applications / note': ['跟进试用申请', 'Follow up a trial application'],
  'system: trial applications / save': ['提交试用申请', 'Apply for a trial'],
  'system: trial applications / send code': ['发送试用申请验证码', 'Send a trial application code'],
  'system: users / add': ['新增用户', 'Add a user'],
  'system: users / check': ['检查用户导入文件', 'Check a user file'],
  'system: users / delete': ['删除用户', 'Delete a user'],
  'system: users / import': ['导入用户', 'Import users'],
  'system: users / profile': ['修改个人资料', 'Edit own profile'],
  'system: users / role set': ['分配角色', 'Set roles'],
  'system: users / update password': ['修改密码', 'Change the password'],
  'system: users / update': ['修改用户', 'Edit a user'],
  'website / save': ['保存门户设置', 'Save the website settings'],
  'website / save banners': ['保存网站横幅', 'Save the website banners'],
  'works / delete file': ['删除作品文件', 'Delete a work file'],
  'works / save': ['保存作品', 'Save a work'],
  'works / submit': ['提交作品', 'Submit a work'],
  'works / upload': ['上传作品文件', 'Upload a work file'],
  'works / withdraw': ['撤回作品', 'Withdraw a work'],
};

/**
 * An operation log title in `lang`: "模块 / 动作" or "Module / action" from the catalogues, else the title as
 * recorded (an entry older than a route's renaming).
 */
export function operationLabel(title: string, lang: Lang): string {
  const action = LOG_ACTIONS[title];
  const module = LOG_MODULES[title.slice(0, title.lastIndexOf(' / '))];
  if (!action || !module) return title;
  const i = lang === 'en' ? 1 : 0;
  return `${module[i]} / ${action[i]}`;
}

/** Titles whose label, in either language, contains `keyword` (case-insensitive): the log is searched by what it shows. */
export function titlesLabelled(keyword: string): string[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  return Object.keys(LOG_ACTIONS).filter((title) => (['zh-CN', 'en'] as const).some((lang) => operationLabel(title, lang).toLowerCase().includes(k)));
}

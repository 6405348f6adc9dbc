import type { Lang } from './lang';
import { newsMessages } from './news';
import { enrollMessages } from './enrollment';
import { certificateMessages } from './certificates';
import { expertMessages } from './review-experts';
import { reviewMessages } from './review';
import { resultMessages } from './review-results';
import { sceneMessages } from './review-scene';
import { scoringMessages } from './review-scoring';
import { paymentMessages } from './payment';
import { receiptMessages } from './payment-receipt';
import { assistantMessages } from './assistant';
import { summaryMessages } from './summary';

type Catalogue = Record<string, { 'zh-CN': string; en: string }>;

/**
 * Server messages shown to people, in both languages. Services send keys;
 * the gateway renders them in the caller's language. `{name}` marks a parameter.
 */
export const messages = {
  ok: { 'zh-CN': '操作成功', en: 'Success' },
  'error.system': { 'zh-CN': '系统错误，请稍后再试', en: 'System error, please try again later' },
  'error.conflict': {
    'zh-CN': '数据已存在或已被他人修改，请刷新后重试',
    en: 'This already exists or was just changed by someone else; refresh and try again',
  },
  'error.notFound': { 'zh-CN': '请求的地址不存在：{path}', en: 'No such address: {path}' },
  'error.serviceUnavailable': {
    'zh-CN': '服务暂时不可用（{service}），请稍后重试',
    en: 'The {service} service is temporarily unavailable, please try again shortly',
  },
  'error.tooManyRequests': { 'zh-CN': '请求过于频繁，请 {seconds} 秒后再试', en: 'Too many requests, try again in {seconds} seconds' },
  'error.badJson': { 'zh-CN': '请求体不是合法的 JSON，请检查格式', en: 'The request body is not valid JSON; check its syntax' },
  'error.payloadTooLarge': { 'zh-CN': '请求体过大，最大 {limit}', en: 'The request is too large; the limit is {limit}' },
  'error.unsupportedMedia': { 'zh-CN': '不支持的内容类型：{type}', en: 'Unsupported content type: {type}' },
  'error.validation': { 'zh-CN': '参数错误：{detail}', en: 'Invalid input: {detail}' },
  'error.jsonTooDeep': { 'zh-CN': '请求体嵌套过深（最多 {max} 层）', en: 'The request body is nested too deeply (at most {max} levels)' },
  'error.controlCharacter': {
    'zh-CN': '{field} 含有控制字符或无效字符，请删除后重试',
    en: '{field} contains a control character or broken text; remove it and try again',
  },
  'error.siteLink': {
    'zh-CN': '{field} 只能是 http(s) 地址或以单个 / 开头的站内路径（如 /home/news）',
    en: '{field} must be an http(s) address or a path of the site starting with a single / (such as /home/news)',
  },
  'error.bodyNotObject': { 'zh-CN': '请求体必须是 JSON 对象', en: 'The request body must be a JSON object' },
  'error.malformedRequest': { 'zh-CN': '请求格式不正确', en: 'The request is malformed' },
  'error.headersTooLarge': { 'zh-CN': '请求地址或请求头过长', en: 'The address or the request headers are too long' },
  'error.numberTooLarge': { 'zh-CN': '{field} 不能大于 {max}', en: '{field} must not be greater than {max}' },
  'error.noSuchRecord': { 'zh-CN': '{field} 为 {value} 的记录不存在', en: 'There is no record with {field} {value}' },
  'error.referenceMissing': {
    'zh-CN': '关联的数据不存在或仍在使用中，请刷新后重试',
    en: 'Something it refers to does not exist or is still in use; refresh and try again',
  },
  'error.badValue': {
    'zh-CN': '提交的数据超出允许范围或格式不正确，请检查后重试',
    en: 'A value is out of range or not in the right form; check what you entered and try again',
  },
  'auth.expired': { 'zh-CN': '当前登录已过期，请重新登录', en: 'The current login has expired, please log in again' },
  'auth.noAccess': { 'zh-CN': '当前账号没有访问权限，请联系管理员', en: 'This account has no access, contact the administrator' },
  'auth.badCredentials': { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  'auth.passwordNotOneTime': {
    'zh-CN': '该账号的密码不是一次性密码，请直接登录',
    en: 'This account\'s password is not a one-time password; log in with it directly',
  },
  'auth.newPasswordSame': { 'zh-CN': '新密码不能与一次性密码相同', en: 'The new password must differ from the one-time password' },
  'auth.accountDisabled': { 'zh-CN': '账号已停用，请联系管理员', en: 'This account is disabled, contact the administrator' },
  'auth.groupDisabled': {
    'zh-CN': '您所在的机构已停用，暂时无法登录，请联系上级机构的管理员',
    en: 'Your organisation is disabled, so you cannot log in for now; contact the administrator of the organisation above it',
  },
  'auth.badCredentialsWait': {
    'zh-CN': '账号或密码错误；该账号从您的网络地址需等待 {seconds} 秒后才能再次尝试',
    en: 'Wrong account or password; wait {seconds} seconds before trying this account again from your address',
  },
  'auth.loginWait': {
    'zh-CN': '该账号从您的网络地址登录失败次数过多，请 {seconds} 秒后再试（也可用验证码登录或找回密码）',
    en: 'Too many failed logins to this account from your address; try again in {seconds} seconds (or log in with a phone code or recover the password)',
  },
  'auth.ipThrottled': {
    'zh-CN': '登录尝试过于频繁，请 {seconds} 秒后再试',
    en: 'Too many login attempts from this address, try again in {seconds} seconds',
  },
  'auth.codeSent': { 'zh-CN': '验证码已发送', en: 'The verification code has been sent' },
  'auth.codeTooSoon': { 'zh-CN': '验证码发送过于频繁，请 {seconds} 秒后再试', en: 'A code was just sent; try again in {seconds} seconds' },
  'auth.codeInvalid': { 'zh-CN': '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  'auth.codeAttempts': {
    'zh-CN': '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes; request a new verification code',
  },
  // Text messages (SMS), in the language of the request that asked for them.
  'sms.login': {
    'zh-CN': '您的登录验证码为 {code}，{minutes} 分钟内有效。请勿告诉他人。',
    en: 'Your login code is {code}, valid for {minutes} minutes. Do not share it.',
  },
  'sms.register': {
    'zh-CN': '您正在注册账号，验证码为 {code}，{minutes} 分钟内有效。请勿告诉他人。',
    en: 'Your sign-up code is {code}, valid for {minutes} minutes. Do not share it.',
  },
  'sms.retrieve': {
    'zh-CN': '您正在找回密码，验证码为 {code}，{minutes} 分钟内有效。请勿告诉他人。',
    en: 'Your password recovery code is {code}, valid for {minutes} minutes. Do not share it.',
  },
  'sms.trial': {
    'zh-CN': '您正在申请试用竞赛管理平台，验证码为 {code}，{minutes} 分钟内有效。请勿告诉他人。',
    en: 'Your code for the platform trial application is {code}, valid for {minutes} minutes. Do not share it.',
  },
  'sms.alreadyRegistered': {
    'zh-CN': '本手机号已注册账号 {username}，无需再次注册：请直接登录（也可用手机验证码登录），忘记密码请在登录页点击“忘记密码”找回。如非本人操作，请忽略本短信。',
    en: 'This phone number is already registered to the account {username}, so there is no need to sign up again: log in (a phone code works too), or use "Forgot password" on the login page. If this was not you, ignore this message.',
  },
  'register.unknownGroup': {
    'zh-CN': '请选择可注册的机构（{groupId} 不在可选列表中）',
    en: 'Choose an organisation open to sign-up ({groupId} is not one of them)',
  },
  'register.phoneTaken': {
    'zh-CN': '手机号 {phone} 已注册，请直接登录或找回密码',
    en: 'The phone number {phone} is already registered; log in or recover the password instead',
  },
  'register.noStudentRole': {
    'zh-CN': '注册暂不可用：系统缺少学生角色，请联系管理员',
    en: 'Sign-up is unavailable: the student role is missing, contact the administrator',
  },
  'auth.unknownGroup': { 'zh-CN': '无权访问机构 {groupId}', en: 'You have no access to organisation {groupId}' },
  'user.notFound': { 'zh-CN': '用户不存在：{id}', en: 'No such user: {id}' },
  'user.usernameTaken': { 'zh-CN': '账号 {username} 已存在', en: 'The account name {username} is already taken' },
  'user.phoneTaken': { 'zh-CN': '手机号 {phone} 已被使用', en: 'The phone number {phone} is already in use' },
  'user.wrongOldPassword': { 'zh-CN': '原密码错误', en: 'The old password is wrong' },
  'user.weakPassword': {
    'zh-CN': '密码须为 8 至 64 位，且同时包含字母和数字',
    en: 'The password must be 8 to 64 characters and contain both letters and digits',
  },
  'user.cannotDeleteSelf': { 'zh-CN': '不能删除当前登录的账号', en: 'You cannot delete the account you are logged in with' },
  'role.notFound': { 'zh-CN': '角色不存在：{id}', en: 'No such role: {id}' },
  'role.unknown': { 'zh-CN': '角色不存在：{roles}', en: 'No such role: {roles}' },
  'role.notAssignable': { 'zh-CN': '无权分配角色：{roles}', en: 'You may not assign the role: {roles}' },
  'role.keyTaken': { 'zh-CN': '角色标识 {key} 已存在', en: 'The role key {key} is already taken' },
  'role.builtin': { 'zh-CN': '内置角色不能删除或修改标识', en: 'Built-in roles cannot be deleted or renamed' },
  'menu.notFound': { 'zh-CN': '菜单不存在：{id}', en: 'No such menu entry: {id}' },
  'menu.hasChildren': { 'zh-CN': '请先删除下级菜单', en: 'Delete the sub-entries first' },
  'menu.badParent': { 'zh-CN': '上级菜单无效', en: 'The parent menu entry is invalid' },
  'dept.notFound': { 'zh-CN': '部门不存在：{id}', en: 'No such department: {id}' },
  'dept.hasChildren': { 'zh-CN': '请先删除下级部门或移出其用户', en: 'Remove its sub-departments and users first' },
  'group.notFound': { 'zh-CN': '机构不存在：{id}', en: 'No such organisation: {id}' },
  'group.codeTaken': { 'zh-CN': '机构编码 {code} 已存在', en: 'The organisation code {code} is already taken' },
  'group.hasChildren': { 'zh-CN': '请先删除下级机构和用户', en: 'Delete its subordinate organisations and users first' },
  'group.badParent': { 'zh-CN': '上级机构无效（不能是自身或下级）', en: 'Invalid superior organisation (not itself or a subordinate)' },
  'group.cannotDisableOwn': {
    'zh-CN': '不能停用或启用自己所在的机构，请由上级机构的管理员操作',
    en: 'You cannot disable or enable your own organisation; an administrator of the one above it can',
  },
  'trial.openExists': {
    'zh-CN': '该手机号已有一份试用申请正在跟进，我们会尽快与您联系；如需补充，请直接回复我们的来电',
    en: 'An application from this phone is already being followed up; we will contact you soon, and you can add details then',
  },
  'trial.notFound': { 'zh-CN': '试用申请不存在：{id}', en: 'No such trial application: {id}' },
  'trial.alreadyConverted': {
    'zh-CN': '该申请已创建机构（{groupName}），不能再次创建',
    en: 'An organisation ({groupName}) was already created from this application',
  },
  'trial.closed': { 'zh-CN': '该申请已关闭，请先重新跟进后再创建机构', en: 'This application is closed; follow it up again before creating its organisation' },
  'import.failed': { 'zh-CN': '导入失败！', en: 'Import failed!' },
  'import.badFile': {
    'zh-CN': '文件不是有效的 Excel（.xlsx）表格：请在 Excel 或 WPS 中另存为 .xlsx 格式，或重新下载模板填写后再上传',
    en: 'The file is not a valid Excel (.xlsx) workbook: save it from Excel or WPS as .xlsx, or download the template again and fill it in',
  },
  'import.tooManyParts': {
    'zh-CN': '文件内部包含超过 {max} 个部件，不是正常的表格文件：请在 Excel 或 WPS 中另存为 .xlsx 格式，或重新下载模板填写',
    en: 'The file holds more than {max} internal parts, far more than a spreadsheet has: save it from Excel or WPS as .xlsx, or download the template again',
  },
  'import.unpacksTooLarge': {
    'zh-CN': '文件解压后超过 {limit}：请删除多余的工作表、图片和格式，或分成几个文件导入',
    en: 'The file unpacks to more than {limit}: remove extra sheets, pictures and formatting, or split it into several files',
  },
  'import.tooManyCells': {
    'zh-CN': '文件中的单元格超过 {max} 个：请删除多余的列和格式，或分成几个文件导入',
    en: 'The file has more than {max} cells: remove unused columns and formatting, or split it into several files',
  },
  'import.tooHeavy': {
    'zh-CN': '读取文件需要超过 {memory} 内存或 {seconds} 秒：请删除富文本、多余的格式和空白单元格，或分成几个文件导入',
    en: 'Reading the file needs more than {memory} of memory or {seconds} seconds: remove rich text, formatting and unused cells, or split it into several files',
  },
  'import.sheetTooManyRows': {
    'zh-CN': '工作表超过 {max} 行：请分成几个文件导入',
    en: 'A sheet has more than {max} rows: split it into several files',
  },
  'import.empty': { 'zh-CN': '表格中没有数据行', en: 'The sheet has no data rows' },
  'import.tooManyRows': { 'zh-CN': '一次最多导入 {max} 行', en: 'At most {max} rows can be imported at once' },
  'import.badHeader': {
    'zh-CN': '表头不符合模板，缺少列：{columns}',
    en: 'The header does not match the template; missing columns: {columns}',
  },
  'import.row.required': { 'zh-CN': '{field}不能为空', en: '{field} is required' },
  'import.row.username': {
    'zh-CN': '账号须为 3 至 32 位字母、数字或 _ . @ -',
    en: 'The account must be 3 to 32 letters, digits or _ . @ -',
  },
  'import.row.realName': { 'zh-CN': '姓名不能超过 50 个字符', en: 'The name must be at most 50 characters' },
  'import.row.phone': { 'zh-CN': '手机号格式不正确（11 位，以 1 开头）', en: 'The phone number must be 11 digits starting with 1' },
  'import.row.email': { 'zh-CN': '邮箱格式不正确', en: 'The email address is not valid' },
  'import.row.duplicate': { 'zh-CN': '与第 {row} 行重复', en: 'Duplicates row {row}' },
  'import.row.exists': { 'zh-CN': '{value} 已存在', en: '{value} already exists' },
  'import.ok': { 'zh-CN': '成功导入 {count} 个用户', en: '{count} users imported' },
  'website.notFound': { 'zh-CN': '该机构尚未设置门户网站', en: 'This organisation has no public site set up yet' },
  'banner.tooSmall': {
    'zh-CN': '横幅图片至少需要 {minWidth}×{minHeight} 像素，这张只有 {width}×{height}，放到首页会模糊：请换一张更大的图片',
    en: 'A banner image needs at least {minWidth}×{minHeight} pixels; this one is {width}×{height} and would look blurred on the homepage: choose a larger image',
  },
  'banner.unreadable': {
    'zh-CN': '图片无法读取（文件可能已损坏），请重新导出后上传',
    en: 'The image cannot be read (the file may be damaged); export it again and upload it',
  },
  'website.unknownHost': { 'zh-CN': '没有机构使用域名 {host}', en: 'No organisation uses the host name {host}' },
  'competition.notFound': { 'zh-CN': '竞赛不存在：{id}', en: 'No such competition: {id}' },
  'review.awardPresetName': { 'zh-CN': '已有同名的奖项预设：请换一个名称', en: 'A preset of that name exists: choose another name' },
  'review.awardPresetNotFound': { 'zh-CN': '奖项预设不存在', en: 'No such preset' },
  'statistics.reportNotReady': { 'zh-CN': '报告还未生成完成，请稍后下载', en: 'The report is not ready yet: download it once it is done' },
  'statistics.reportNotFound': { 'zh-CN': '报告不存在', en: 'No such report' },
  'statistics.ownRowsOnly': { 'zh-CN': '数据预览只能查看本机构的竞赛（下级机构的竞赛请看云统计）', en: 'Data preview shows only your own organisation\'s competitions (see Cloud statistics for subordinate ones)' },
  'statistics.figureKey': { 'zh-CN': '请同时选择统计图和其中的一项', en: 'Choose both a figure and one of its bars' },
  'competition.unknownItem': { 'zh-CN': '该竞赛没有这个赛项：{id}', en: 'This competition has no event {id}' },
  'competition.unknownStage': { 'zh-CN': '该竞赛没有这个阶段：{id}', en: 'This competition has no stage {id}' },
  'competition.itemNameTaken': { 'zh-CN': '赛项名称已存在：{name}', en: 'An event named {name} already exists' },
  'competition.lastItem': { 'zh-CN': '已发布的竞赛至少保留一个赛项', en: 'A published competition keeps at least one event' },
  'competition.windowIncomplete': { 'zh-CN': '{what}：请同时填写开始和结束时间', en: '{what}: give both the start and the end' },
  'competition.endBeforeStart': { 'zh-CN': '{what}：结束时间必须晚于开始时间', en: '{what}: the end must be after the start' },
  'competition.teamSize': {
    'zh-CN': '团队最少人数（{min}）不能大于最多人数（{max}）',
    en: 'The smallest team size ({min}) cannot be above the largest ({max})',
  },
  'competition.schoolRepeated': { 'zh-CN': '学校 {id} 的名额重复设置了', en: 'School {id} has more than one quota' },
  'competition.unknownSchools': { 'zh-CN': '学校不存在：{ids}', en: 'No such school: {ids}' },
  'competition.weightSum': {
    'zh-CN': '评审轮次“{round}”的评分项权重之和须为 100，当前为 {sum}',
    en: 'The score weights of review round "{round}" must add up to 100; they add up to {sum}',
  },
  'competition.publishIncomplete': { 'zh-CN': '发布前请先设置：{missing}', en: 'Before publishing, set up {missing}' },
  // What publishing still needs, listed in publishIncomplete.
  'competition.missing.item': { 'zh-CN': '至少一个赛项', en: 'at least one event' },
  'competition.missing.enroll': { 'zh-CN': '报名时间', en: 'the sign-up window' },
  'competition.missing.workSubmit': { 'zh-CN': '作品提交时间', en: 'the work-submission window' },
  'competition.missing.separator': { 'zh-CN': '、', en: ', ' },
  'competition.notDraft': { 'zh-CN': '只有草稿状态的竞赛可以发布', en: 'Only a draft competition can be published' },
  'competition.notPublished': { 'zh-CN': '只有已发布的竞赛可以归档', en: 'Only a published competition can be archived' },
  'competition.archived': { 'zh-CN': '已归档的竞赛不能修改', en: 'An archived competition cannot be changed' },
  'competition.deleteNotDraft': {
    'zh-CN': '只有草稿可以删除，已发布的竞赛请归档',
    en: 'Only drafts can be deleted; archive a published competition instead',
  },
  'province.unknown': { 'zh-CN': '省份不存在：{province}', en: 'No such province: {province}' },
  'school.notFound': { 'zh-CN': '学校不存在：{id}', en: 'No such school: {id}' },
  'school.codeTaken': { 'zh-CN': '学校代码 {code} 已存在', en: 'The school code {code} is already taken' },
  'school.badCode': {
    'zh-CN': '学校代码须为 2 至 32 位字母、数字、_ 或 -',
    en: 'The school code must be 2 to 32 letters, digits, _ or -',
  },
  'school.unknownType': { 'zh-CN': '办学类型不存在：{type}', en: 'No such school type: {type}' },
  'school.notYours': {
    'zh-CN': '学校“{name}”不属于您管理的机构',
    en: 'The school "{name}" does not belong to an organisation you manage',
  },
  'school.hasColleges': { 'zh-CN': '请先删除该学校下的学院', en: 'Delete the colleges of this school first' },
  'school.disabled': { 'zh-CN': '学校“{name}”已停用', en: 'The school "{name}" is disabled' },
  'school.importOk': { 'zh-CN': '成功导入 {count} 所学校', en: '{count} schools imported' },
  'college.notFound': { 'zh-CN': '学院不存在：{id}', en: 'No such college: {id}' },
  'college.nameTaken': { 'zh-CN': '该学校已有学院“{name}”', en: 'This school already has a college named "{name}"' },
  'college.hasMajors': { 'zh-CN': '请先删除该学院下的专业', en: 'Delete the majors of this college first' },
  'major.notFound': { 'zh-CN': '专业不存在：{id}', en: 'No such major: {id}' },
  'major.nameTaken': { 'zh-CN': '该学院已有专业“{name}”', en: 'This college already has a major named "{name}"' },
  'major.unknownLevel': { 'zh-CN': '学历层次不存在：{level}', en: 'No such education level: {level}' },
  'dict.unknownType': { 'zh-CN': '字典类型不存在：{type}', en: 'No such dictionary type: {type}' },
  'dict.typeTaken': { 'zh-CN': '字典类型 {type} 已存在', en: 'The dictionary type {type} already exists' },
  'dict.valueTaken': { 'zh-CN': '字典 {type} 中已有值 {value}', en: 'The dictionary {type} already has the value {value}' },
  'dict.builtin': {
    'zh-CN': '系统内置的字典类型不能删除或修改类型标识',
    en: 'Built-in dictionary types cannot be deleted or have their type key changed',
  },
  'dict.typeHasItems': { 'zh-CN': '请先删除该字典类型下的字典项', en: 'Delete the items of this dictionary type first' },
  'dict.itemNotFound': { 'zh-CN': '字典项不存在：{id}', en: 'No such dictionary item: {id}' },
  'import.row.tooLong': { 'zh-CN': '{field}不能超过 {max} 个字符', en: '{field} must be at most {max} characters' },
  'idcard.length': { 'zh-CN': '身份证号无效：必须为 18 位字符串', en: 'invalid ID number: must be an 18-character string' },
  'idcard.birth': { 'zh-CN': '出生日期无效', en: 'invalid birth date' },
  ...newsMessages,
  ...enrollMessages,
  ...certificateMessages,
  ...expertMessages,
  ...reviewMessages,
  ...resultMessages,
  ...sceneMessages,
  ...scoringMessages,
  ...paymentMessages,
  ...receiptMessages,
  ...assistantMessages,
  ...summaryMessages,
} satisfies Catalogue;

export type MessageKey = keyof typeof messages;

/** How much of a value someone sent an error message repeats: enough to recognise it, never a whole upload. */
export const ECHO_MAX = 60;
/** Parameters that are sentences the server composed (their own echoed values already cut): a longer cap. */
const COMPOSED_PARAMS = new Set(['detail', 'problems', 'reasonText', 'why', 'missing', 'names', 'columns', 'ids', 'allowed', 'what']);
export const COMPOSED_MAX = 600;

/** A value cut to `max` characters (whole characters, never half a surrogate pair), marked with … when cut. */
export function echoed(value: string | number, max = ECHO_MAX): string {
  const text = String(value);
  if (text.length <= max) return text;
  const chars: string[] = [];
  for (const c of text) {
    if (chars.length === max) return chars.slice(0, max - 1).join('') + '…';
    chars.push(c);
  }
  return chars.join('');
}

/** An error's parameters with every value cut: the one place error messages are kept from echoing huge input. */
export function echoParams(params?: Record<string, string | number>): Record<string, string | number> | undefined {
  if (!params) return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, v]) => [name, typeof v === 'number' ? v : echoed(v, COMPOSED_PARAMS.has(name) ? COMPOSED_MAX : ECHO_MAX)]),
  );
}

/** An error message in `lang`: translate with the values cut (echoParams). */
export function translateError(key: string, lang: Lang, params?: Record<string, string | number>): string {
  return translate(key, lang, echoParams(params));
}

export function translate(key: string, lang: Lang, params?: Record<string, string | number>): string {
  const entry = (messages as Catalogue)[key];
  const text = entry ? entry[lang] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

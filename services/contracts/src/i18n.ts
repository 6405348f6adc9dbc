export type Lang = 'zh-CN' | 'en';
export const DEFAULT_LANG: Lang = 'zh-CN';

/** Picks a supported language from an Accept-Language style header or a `lang` value. */
export function pickLang(header?: string | null): Lang {
  if (!header) return DEFAULT_LANG;
  const first = header.split(',')[0].trim().toLowerCase();
  return first.startsWith('en') ? 'en' : DEFAULT_LANG;
}

import { newsMessages } from './news';

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
  'auth.expired': { 'zh-CN': '当前登录已过期，请重新登录', en: 'The current login has expired, please log in again' },
  'auth.noAccess': { 'zh-CN': '当前账号没有访问权限，请联系管理员', en: 'This account has no access, contact the administrator' },
  'auth.badCredentials': { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  'auth.accountDisabled': { 'zh-CN': '账号已停用，请联系管理员', en: 'This account is disabled, contact the administrator' },
  'auth.accountLocked': {
    'zh-CN': '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'Too many wrong passwords; the account is locked for {minutes} minutes',
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
  'import.failed': { 'zh-CN': '导入失败！', en: 'Import failed!' },
  'import.badFile': {
    'zh-CN': '文件不是有效的 Excel（.xlsx）表格：{detail}',
    en: 'The file is not a valid Excel (.xlsx) workbook: {detail}',
  },
  'import.noFile': { 'zh-CN': '请上传文件（字段名 file）', en: 'Upload a file in the field named "file"' },
  'import.fileTooLarge': { 'zh-CN': '文件过大，最大 {limit}', en: 'The file is too large; the limit is {limit}' },
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
  'website.unknownHost': { 'zh-CN': '没有机构使用域名 {host}', en: 'No organisation uses the host name {host}' },
  'idcard.length': { 'zh-CN': '身份证号无效：必须为 18 位字符串', en: 'invalid ID number: must be an 18-character string' },
  'idcard.birth': { 'zh-CN': '出生日期无效', en: 'invalid birth date' },
  ...newsMessages,
} satisfies Catalogue;

export type MessageKey = keyof typeof messages;

export function translate(key: string, lang: Lang, params?: Record<string, string | number>): string {
  const entry = (messages as Catalogue)[key];
  const text = entry ? entry[lang] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

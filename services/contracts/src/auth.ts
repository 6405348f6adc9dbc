/** Payloads and replies of the auth service. Field names follow spec section 3. */

export interface LoginPasswordPayload {
  username: string;
  password: string;
}

export interface LoginCodeSendPayload {
  phone: string;
}

export interface LoginCodePayload {
  phone: string;
  code: string;
}

/** An organisation people may pick when they sign up (public list). */
export interface RegisterGroup {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
}

export interface RegisterPayload {
  username: string;
  realName: string;
  phone: string;
  code: string;
  password: string;
  groupId: number;
}

export interface RetrievePayload {
  phone: string;
  code: string;
  password: string;
}

export interface LoginReply {
  token: string;
  expiresIn: number;
}

/** The password was a one-time password (an expert's login slip): no session until a new one is set. */
export interface PasswordChangeRequired {
  passwordChangeRequired: true;
}

export type PasswordLoginReply = LoginReply | PasswordChangeRequired;

/** The first login with a one-time password: the same account and password, and the password that replaces it. */
export interface FirstLoginPayload extends LoginPasswordPayload {
  newPassword: string;
}

export interface UserInfo {
  userId: number;
  username: string;
  realName: string;
  avatar: string | null;
  groupId: number;
  roleIds: number[];
  roleKeys: string[];
  permissions: string[];
  /** When the account was made. */
  createdAt: string;
}

export const MenuType = { directory: 1, page: 2, leaf: 4 } as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];

export interface MenuEntry {
  menuId: number;
  parentId: number | null;
  menuName: string;
  /** English label, so the web can show the menu in either language. */
  menuNameEn: string;
  menuType: MenuType;
  path: string;
  component: string | null;
  query: string | null;
  icon: string | null;
  /** 1 means shown (spec section 3). */
  visible: 0 | 1;
  orderNum: number;
  children: MenuEntry[];
}

export interface GroupSelection {
  groupId: number;
  groupCode: string;
  directGroups: number[];
  directGroupCodes: string[];
  /** Not in the spec: names, so people can choose an organisation by name. */
  groupName: string;
  directGroupNames: string[];
}

/** What kind of body an organisation is (机构类型). */
export const GROUP_KINDS = ['university', 'college', 'school', 'company', 'other'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
/** A disabled organisation's users (and its subordinates') cannot log in or sign up. */
export const GroupStatus = { active: 1, disabled: 0 } as const;

export interface GroupNode {
  id: number;
  code: string;
  name: string;
  /** The English name ('' when none was entered). */
  nameEn: string;
  parentId: number | null;
  hosts: string[];
  kind: GroupKind;
  status: number;
  /** Live accounts of this organisation itself (not of its subordinates). */
  userCount: number;
  /** Names of its accounts that hold the organisation administrator role. */
  admins: string[];
  children: GroupNode[];
}

export interface GroupStatusPayload {
  id: number;
  status: number;
}

/** A university's application to try the platform (/experience), followed up by ROOT. */
export const TRIAL_SIZES = ['under5k', 'from5kTo20k', 'from20kTo50k', 'over50k'] as const;
export type TrialSize = (typeof TRIAL_SIZES)[number];
export const TRIAL_STATES = ['new', 'following', 'converted', 'closed'] as const;
export type TrialState = (typeof TRIAL_STATES)[number];
/** Open applications: one per phone at a time. */
export const OPEN_TRIAL_STATES: readonly TrialState[] = ['new', 'following'];

export interface TrialApplyPayload {
  university: string;
  contact: string;
  phone: string;
  /** The code texted to the phone (POST /system/product/trial/code/send). */
  code: string;
  size: TrialSize;
  needs?: string;
}

export interface TrialNote {
  id: number;
  authorName: string;
  body: string;
  /** The state the note moved the application to, if it did. */
  state: TrialState | null;
  createdAt: string;
}

export interface TrialApplication {
  id: number;
  university: string;
  contact: string;
  phone: string;
  size: TrialSize;
  needs: string;
  state: TrialState;
  /** The organisation made from it, once converted. */
  groupId: number | null;
  groupName: string | null;
  notes: TrialNote[];
  createdAt: string;
  updatedAt: string;
}

export interface TrialPageQuery {
  pageNum?: number;
  pageSize?: number;
  /** Part of the university's name, the contact's name or the phone. */
  keyword?: string;
  state?: TrialState;
}

export interface TrialNotePayload {
  id: number;
  body: string;
  /** Moves the application to following or closed (converted only comes from converting). */
  state?: 'following' | 'closed';
}

export interface TrialConvertPayload {
  id: number;
  group: { code: string; name: string; nameEn?: string; kind?: GroupKind; parentId: number | null; hosts?: string[] };
  admin: { username: string; realName: string; phone?: string };
}

/** The new organisation and its first administrator, whose one-time password is shown once. */
export interface TrialConvertReply {
  groupId: number;
  username: string;
  password: string;
}

export interface Role {
  id: number;
  key: string;
  name: string;
  permissions: string[];
  menuIds: number[];
  builtin: boolean;
}

export interface Dept {
  id: number;
  groupId: number;
  parentId: number | null;
  name: string;
  orderNum: number;
  children: Dept[];
}

export const UserStatus = { active: 1, disabled: 0 } as const;

export interface UserView {
  id: number;
  username: string;
  realName: string;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  status: number;
  groupId: number;
  groupName: string;
  deptId: number | null;
  roleKeys: string[];
  createdAt: string;
}

export interface UserPageQuery {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  status?: number;
  groupId?: number;
  roleKey?: string;
}

export interface UserAddPayload {
  username: string;
  realName: string;
  password: string;
  phone?: string;
  email?: string;
  groupId?: number;
  deptId?: number;
  roleKeys?: string[];
}

/** What people may change of their own account. */
export interface UserProfilePayload {
  realName?: string;
  phone?: string | null;
  email?: string | null;
  avatar?: string | null;
}

export interface UserUpdatePayload extends UserProfilePayload {
  id: number;
  status?: number;
  deptId?: number | null;
}

export interface UserRoleSetPayload {
  id: number;
  roleKeys: string[];
}

/** Own password when `id` is absent; an administrator's reset of another user when present. */
export interface UserPasswordPayload {
  id?: number;
  oldPassword?: string;
  newPassword: string;
}

/** Columns of the user import template, in order. `key` is the field, the header is shown in both languages. */
export const USER_TEMPLATE_COLUMNS = [
  { key: 'username', zh: '账号', en: 'Account', required: true, width: 18 },
  { key: 'realName', zh: '姓名', en: 'Name', required: true, width: 14 },
  { key: 'phone', zh: '手机号', en: 'Phone', required: false, width: 16 },
  { key: 'email', zh: '邮箱', en: 'Email', required: false, width: 24 },
  { key: 'roleKeys', zh: '角色标识（多个用逗号分隔）', en: 'Role keys (comma separated)', required: true, width: 26 },
  { key: 'password', zh: '初始密码', en: 'Initial password', required: true, width: 18 },
] as const;
export type UserTemplateKey = (typeof USER_TEMPLATE_COLUMNS)[number]['key'];
export type UserImportRow = Partial<Record<UserTemplateKey, string>> & { rowNumber: number };
export const USER_IMPORT_MAX_ROWS = 2000;

export interface ImportRowError {
  rowNumber: number;
  field: string;
  message: string;
}

export interface ImportCheckReply {
  total: number;
  valid: number;
  errors: ImportRowError[];
}

/** Password rule: 8 to 64 characters with letters and digits. */
export const isStrongPassword = (pwd: string): boolean =>
  typeof pwd === 'string' && pwd.length >= 8 && pwd.length <= 64 && /[A-Za-z]/.test(pwd) && /\d/.test(pwd);

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{3,32}$/;

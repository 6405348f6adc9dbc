/**
 * NATS subjects: `<service>.<entity>.<verb>`. Renaming one breaks running replicas: add, never rename.
 * Each service's servers join a queue group named after the service.
 */
export const Service = {
  auth: 'auth',
  competitions: 'competitions',
  enrollment: 'enrollment',
  certificates: 'certificates',
} as const;

export const AuthSubject = {
  loginPassword: 'auth.login.password',
  loginCodeSend: 'auth.login.code-send',
  loginCode: 'auth.login.code',
  logout: 'auth.session.logout',
  /** Self-service sign-up and password recovery (public). */
  registerGroups: 'auth.register.groups',
  registerCodeSend: 'auth.register.code-send',
  register: 'auth.register.submit',
  retrieveCodeSend: 'auth.retrieve.code-send',
  retrieve: 'auth.retrieve.reset',
  /** The operation log, fed by the audit.operation.logged event (see events.ts). */
  logPage: 'auth.log.page',
  userInfo: 'auth.user.info',
  userMenu: 'auth.menu.user',
  groupSelect: 'auth.group.select',
  userPage: 'auth.user.page',
  userGet: 'auth.user.get',
  userAdd: 'auth.user.add',
  userUpdate: 'auth.user.update',
  userProfile: 'auth.user.profile',
  userRoleSet: 'auth.user.role-set',
  userUpdatePassword: 'auth.user.update-password',
  userDelete: 'auth.user.delete',
  userImportCheck: 'auth.user.import-check',
  userImport: 'auth.user.import',
  roleList: 'auth.role.list',
  roleSave: 'auth.role.save',
  roleDelete: 'auth.role.delete',
  menuTree: 'auth.menu.tree',
  menuSave: 'auth.menu.save',
  menuDelete: 'auth.menu.delete',
  deptTree: 'auth.dept.tree',
  deptSave: 'auth.dept.save',
  deptDelete: 'auth.dept.delete',
  groupTree: 'auth.group.tree',
  groupSave: 'auth.group.save',
  groupDelete: 'auth.group.delete',
  /** Organisation id by public host name or code, for the public site. */
  groupResolve: 'auth.group.resolve',
  /** Ids of an organisation and all its subordinates, for other services' scoping. */
  groupScope: 'auth.group.scope',
  /** Names of organisations by id, for other services' public lists. */
  groupNames: 'auth.group.names',
  health: 'auth.health.ping',
} as const;

export const CompetitionsSubject = {
  websiteGet: 'competitions.website.get',
  websiteSave: 'competitions.website.save',
  competitionPage: 'competitions.competition.page',
  competitionDetail: 'competitions.competition.detail',
  competitionAdd: 'competitions.competition.add',
  competitionUpdate: 'competitions.competition.update',
  competitionCopy: 'competitions.competition.copy',
  competitionPublish: 'competitions.competition.publish',
  competitionArchive: 'competitions.competition.archive',
  competitionDelete: 'competitions.competition.delete',
  competitionOptions: 'competitions.competition.options',
  itemOptions: 'competitions.item.options',
  itemSave: 'competitions.item.save',
  itemDelete: 'competitions.item.delete',
  stageList: 'competitions.stage.list',
  stageDetail: 'competitions.stage.detail',
  stageSave: 'competitions.stage.save',
  stageDelete: 'competitions.stage.delete',
  schedule: 'competitions.schedule.get',
  enrollSettingSave: 'competitions.enroll-setting.save',
  workSubmitSettingSave: 'competitions.work-submit-setting.save',
  reviewSettingSave: 'competitions.review-setting.save',
  /** Public reads: published competitions of an organisation chosen by id or host. */
  publicPage: 'competitions.public.page',
  publicDetail: 'competitions.public.detail',
  publicLastRound: 'competitions.public.last-round',
  publicGroups: 'competitions.public.groups',
  publicStages: 'competitions.public.stages',
  health: 'competitions.health.ping',
} as const;

/**
 * Core NATS broadcast (no queue group): every gateway drops its cached public answers of the named
 * organisation when an organiser changes what the public site shows.
 */
export const PUBLIC_CACHE_INVALIDATED = 'competitions.public-cache.invalidated';
/** Reference data, served by the competitions service. */
export const ReferenceSubject = {
  provinceList: 'competitions.province.list',
  schoolPublicPage: 'competitions.school.public-page',
  schoolPage: 'competitions.school.page',
  schoolOptions: 'competitions.school.options',
  schoolSave: 'competitions.school.save',
  schoolStatus: 'competitions.school.status',
  schoolDelete: 'competitions.school.delete',
  schoolImportCheck: 'competitions.school.import-check',
  schoolImport: 'competitions.school.import',
  collegePublicList: 'competitions.college.public-list',
  collegePage: 'competitions.college.page',
  collegeSave: 'competitions.college.save',
  collegeDelete: 'competitions.college.delete',
  majorPublicList: 'competitions.major.public-list',
  majorPage: 'competitions.major.page',
  majorSave: 'competitions.major.save',
  majorDelete: 'competitions.major.delete',
  dictPublicList: 'competitions.dict.public-list',
  dictTypeList: 'competitions.dict.type-list',
  dictTypeSave: 'competitions.dict.type-save',
  dictTypeDelete: 'competitions.dict.type-delete',
  dictItemList: 'competitions.dict.item-list',
  dictItemSave: 'competitions.dict.item-save',
  dictItemDelete: 'competitions.dict.item-delete',
} as const;

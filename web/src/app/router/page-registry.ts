import type { ComponentType } from 'react';
import { Perm } from '@cmp/contracts';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Server menu `component` values that have a screen. A value not listed here renders a placeholder
 * with the menu entry's title, so a new menu entry never shows a blank page.
 */
export const pageRegistry: Record<string, Loader> = {
  'system/user/index': () => import('@/modules/system/pages/UsersPage'),
  'system/role/index': () => import('@/modules/system/pages/RolesPage'),
  'system/menu/index': () => import('@/modules/system/pages/MenusPage'),
  'system/dept/index': () => import('@/modules/system/pages/DeptsPage'),
  // Superior and subordinate organisations (the seed's 机构管理 entry).
  'system/groud/groudDetail/index': () => import('@/modules/system/pages/GroupsPage'),
  'system/group/index': () => import('@/modules/system/pages/GroupsPage'),
  // 机构管理: every organisation in reach (ROOT: all), their users, and the trial applications (ROOT only).
  'organization/list/index': () => import('@/modules/system/pages/GroupsPage'),
  'organization/users/index': () => import('@/modules/system/pages/OrganisationUsersPage'),
  'organization/trial/index': () => import('@/modules/system/pages/TrialApplicationsPage'),
  'website/index': () => import('@/modules/website/pages/WebsitePage'),
  'system/banner/index': () => import('@/modules/website/pages/BannersPage'),
  'system/log/index': () => import('@/modules/system/pages/OperationLogPage'),
  'system/queues/index': () => import('@/modules/system/pages/QueuesPage'),
  // Reference data (services/competitions): schools, colleges, majors, dictionaries.
  'system/groud/schoolInfo/index': () => import('@/modules/reference/pages/SchoolsPage'),
  'system/groud/college/index': () => import('@/modules/reference/pages/CollegesPage'),
  'system/groud/major/index': () => import('@/modules/reference/pages/MajorsPage'),
  'system/dict/index': () => import('@/modules/reference/pages/DictPage'),
  'newsManagement/list/index': () => import('@/modules/news/pages/NewsListPage'),
  'newsManagement/addEdit/index': () => import('@/modules/news/pages/NewsEditPage'),
  'newsManagement/detail/index': () => import('@/modules/news/pages/NewsDetailPage'),
  'newsManagement/apply/index': () => import('@/modules/news/pages/NewsApplyPage'),
  'newsManagement/competitionCheck/index': () => import('@/modules/news/pages/NewsCheckPage'),
  'newsManagement/collect/index': () => import('@/modules/news/pages/NewsCollectPage'),
  'competition/list/index': () => import('@/modules/competition/pages/CompetitionListPage'),
  'competition/addEdit/index': () => import('@/modules/competition/pages/CompetitionEditPage'),
  'competition/details/index': () => import('@/modules/competition/pages/CompetitionDetailsPage'),
  'competition/scheduleSet/index': () => import('@/modules/competition/pages/ScheduleSetPage'),
  'competition/enrollSet/index': () => import('@/modules/competition/pages/EnrollSetPage'),
  'competition/workSubSet/index': () => import('@/modules/competition/pages/WorkSubSetPage'),
  'competition/reviewSet/index': () => import('@/modules/competition/pages/ReviewSetPage'),
  // Sign-up management and works (services/enrollment, back office).
  'signUp/index': () => import('@/modules/enroll-admin/pages/SignupsPage'),
  'works/list/index': () => import('@/modules/enroll-admin/pages/WorksPage'),
  'works/detail/index': () => import('@/modules/enroll-admin/pages/WorkDetailPage'),
  // The workbench (what waits for the caller; an expert's review rounds) and the expert's review screens.
  'dashboard/index': () => import('@/modules/workbench/pages/WorkbenchPage'),
  // 操作手册: the same manual as the public /manual.
  'manual/index': () => import('@/modules/manual/pages/ManualPage'),
  'review/mine/index': () => import('@/modules/review/pages/MyReviewsPage'),
  'review/mine/score': () => import('@/modules/review/pages/ScorePage'),
  'certificate/make/index': () => import('@/modules/certificate-designer/pages/CertificateDesignerPage'),
  'certificate/template/index': () => import('@/modules/certificate-admin/pages/TemplatesPage'),
  'certificate/setting/index': () => import('@/modules/certificate-admin/pages/SettingPage'),
  'certificate/list/index': () => import('@/modules/certificate-admin/pages/BatchListPage'),
  'certificate/check/index': () => import('@/modules/certificate-admin/pages/CheckPage'),
  'certificate/send/index': () => import('@/modules/certificate-admin/pages/SendPage'),
  'certificate/trace/index': () => import('@/modules/certificate-admin/pages/TracePage'),
  // Experts (services/review): the library, recruitment calls, recommendations and temporary experts.
  'experts/library/index': () => import('@/modules/experts/pages/ExpertLibraryPage'),
  'experts/recruitment/index': () => import('@/modules/experts/pages/RecruitmentPage'),
  'experts/recommend/index': () => import('@/modules/experts/pages/RecommendPage'),
  'experts/temporary/index': () => import('@/modules/experts/pages/TemporaryExpertsPage'),
  'experts/account/index': () => import('@/modules/experts/pages/ExpertAccountPage'),
  'experts/manage/index': () => import('@/modules/experts/pages/ExpertManagePage'),
  'summary/school/index': () => import('@/modules/summary/pages/SchoolSummariesPage'),
  'summary/setting/index': () => import('@/modules/summary/pages/SummarySettingsPage'),
  'summary/records/index': () => import('@/modules/summary/pages/SummaryRecordsPage'),
  'summary/submissions/index': () => import('@/modules/summary/pages/SummarySubmissionsPage'),
  // Expert review, organiser side (services/review): rounds, groups, assignment and progress.
  'review/competition/index': () => import('@/modules/review-admin/pages/RoundsPage'),
  'experts/groups/index': () => import('@/modules/review-admin/pages/GroupsPage'),
  'review/distribution/index': () => import('@/modules/review-admin/pages/DistributionPage'),
  'review/statistics/index': () => import('@/modules/review-admin/pages/StatisticsPage'),
  // Results (services/review): final scores and publication, promotion, the published winners.
  'review/result/index': () => import('@/modules/review-admin/pages/ResultsPage'),
  'review/elimination/index': () => import('@/modules/review-admin/pages/EliminationPage'),
  'competitionReward/detailedList/index': () => import('@/modules/review-admin/pages/RewardListPage'),
  'reward/index': () => import('@/modules/review-admin/pages/RewardPresetsPage'),
  'competitionReward/list/index': () => import('@/modules/review-admin/pages/AwardListPage'),
  // On-site review (services/review): rooms, the draw, check-in, calls; and the venue's screens (叫号管理).
  'review/scene/index': () => import('@/modules/review-admin/pages/ScenePage'),
  'screenCall/index': () => import('@/modules/review-admin/pages/KiosksPage'),
  'finance/order/index': () => import('@/modules/finance/pages/OrdersPage'),
  'finance/list/index': () => import('@/modules/finance/pages/RefundsPage'),
  'finance/action/index': () => import('@/modules/finance/pages/FinanceActionsPage'),
  // The data centre (services/statistics): figures of the organisation's competitions.
  'database/cloud/index': () => import('@/modules/data-centre/pages/CloudPage'),
  'database/preview/index': () => import('@/modules/data-centre/pages/PreviewPage'),
  'database/report/index': () => import('@/modules/data-centre/pages/ReportPage'),
};

/**
 * Built pages whose calls need a permission that not every role given their menu entry has: organisers get
 * the whole 评审管理 directory, but only an expert (expert:self) has reviews and conflict declarations of their own.
 */
const pagePermissions: Record<string, readonly string[]> = {
  'review/mine/index': [Perm.expertSelf],
  'review/mine/score': [Perm.expertSelf],
  'experts/account/index': [Perm.expertSelf],
  'database/cloud/index': [Perm.statisticsView],
  'database/preview/index': [Perm.statisticsView],
  'database/report/index': [Perm.statisticsView],
};

/** 'system/user/index', 'system/user', '/system/user/index.vue' all name the same screen: its registry key. */
function pageKey(component: string | null): string | undefined {
  if (!component) return undefined;
  const key = component.replace(/^\/+/, '').replace(/\.(vue|tsx?|jsx?)$/, '');
  return pageRegistry[key] ? key : pageRegistry[`${key}/index`] ? `${key}/index` : undefined;
}

export function pageLoader(component: string | null): Loader | undefined {
  const key = pageKey(component);
  return key ? pageRegistry[key] : undefined;
}

/** Whether a menu entry's page opens for a user: it is built, and `allowed` grants what its calls need. */
export function pageOpens(component: string | null, allowed: (perms: readonly string[]) => boolean): boolean {
  const key = pageKey(component);
  if (!key) return false;
  const perms = pagePermissions[key];
  return !perms || allowed(perms);
}

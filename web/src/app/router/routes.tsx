import { Navigate, type RouteObject } from 'react-router-dom';
import { currentHostLabelKeys } from '../config/site';
import { Placeholder } from '../pages/Placeholder';
import { directoryRoutes, firstPagePath, pageRoutes, type AppRoute } from './menu-routes';
import { lazyElement } from './lazy';
import { pageLoader } from './page-registry';
import type { Area, RouteHandle } from './route-handle';
import type { InfoTopic } from '@/modules/home/pages/InfoPage';

const HomeLayout = () => import('@/modules/home/components/HomeLayout');
const CenterLayout = () => import('@/modules/center/components/CenterLayout');
const BackLayout = () => import('../layout/BackLayout');
const StandaloneLayout = () => import('../layout/StandaloneLayout');
const LoginPage = () => import('@/modules/auth/pages/LoginPage');
const RolePage = () => import('@/modules/auth/pages/RolePage');
const RegisterPage = () => import('@/modules/auth/pages/RegisterPage');
const ExperiencePage = () => import('@/modules/auth/pages/ExperiencePage');
const RetrievePage = () => import('@/modules/auth/pages/RetrievePage');
const AccountPage = () => import('@/modules/center/pages/AccountPage');
const CentreSettingsPage = () => import('@/modules/center/pages/SettingsPage');
const StudyPage = () => import('@/modules/center/pages/StudyPage');
const InformationSubPage = () => import('@/modules/news/pages/InformationSubPage');
const MyCertificatesPage = () => import('@/modules/certificate/pages/MyCertificatesPage');
const MyAwardsPage = () => import('@/modules/center/pages/MyAwardsPage');
const MyScenePage = () => import('@/modules/center/pages/MyScenePage');
const CertificateTracePage = () => import('@/modules/certificate/pages/TracePage');
const ScreenCallPage = () => import('@/modules/review-admin/pages/ScreenCallPage');
const MyCompetitionsPage = () => import('@/modules/enroll/pages/MyCompetitionsPage');
const MyTeamsPage = () => import('@/modules/enroll/pages/MyTeamsPage');
const MyWorksPage = () => import('@/modules/enroll/pages/MyWorksPage');
const PublishedWorkPage = () => import('@/modules/enroll/pages/WorkDetailPage').then((m) => ({ default: m.PublishedWorkPage }));
const NewsEditPage = () => import('@/modules/news/pages/NewsEditPage');
const NewsDetailPage = () => import('@/modules/news/pages/NewsDetailPage');
const NoPage = () => import('../pages/NoPage');
const ManualPage = () => import('@/modules/manual/pages/ManualPage');
const AssistantPage = () => import('@/modules/assistant/pages/AssistantPage');
// The PDF viewers share one chunk; each route takes its variant.
const PreviewPage = () => import('../pages/PdfPreviewPage').then((m) => ({ default: m.PreviewPage }));
const PreviewDetailPage = () => import('../pages/PdfPreviewPage').then((m) => ({ default: m.PreviewDetailPage }));
const PdfPage = () => import('../pages/PdfPreviewPage').then((m) => ({ default: m.PdfPage }));
const BackNoPage = () => import('../pages/BackNoPage');
const UnauthorizedPage = () => import('../pages/UnauthorizedPage');
const NotFoundPage = () => import('../pages/NotFoundPage');
const RedirectPage = () => import('../pages/RedirectPage');

/** A route whose page is not built yet: a placeholder with its title. */
function todo(path: string, titleKey: string, area: Area): RouteObject {
  const handle: RouteHandle = { titleKey, area };
  return { path, handle, element: <Placeholder {...handle} /> };
}

/**
 * A hidden back-office page reached from other screens; its screen is the one the server menu's component
 * names, so the page is the same whether the route came from the menu or from here.
 */
function registered(path: string, titleKey: string, component: string): RouteObject {
  const loader = pageLoader(component);
  return loader ? { path, handle: { titleKey, area: 'back' } satisfies RouteHandle, element: lazyElement(loader) } : todo(path, titleKey, 'back');
}

const work = currentHostLabelKeys();

/** A public-site page that is built: its title and where it is, like a placeholder's, and its screen. */
function homePage(path: string, titleKey: string, loader: Parameters<typeof lazyElement>[0]): RouteObject {
  return { path, handle: { titleKey, area: 'home' } satisfies RouteHandle, element: lazyElement(loader) };
}
const news = (category: number) => () =>
  import('@/modules/home/pages/NewsPage').then((m) => ({ default: () => <m.default category={category} /> }));
const newsBy = (mode: 'competition' | 'search') => () =>
  import('@/modules/home/pages/NewsPage').then((m) => ({ default: () => <m.default mode={mode} /> }));
const info = (topic: InfoTopic) => () => import('@/modules/home/pages/InfoPage').then((m) => ({ default: () => <m.default topic={topic} /> }));

const homeChildren: RouteObject[] = [
  { index: true, element: <Navigate to="homepage" replace /> },
  homePage('homepage', 'route.homepage', () => import('@/modules/home/pages/HomePage')),
  homePage('paySuccess', 'route.paySuccess', () => import('@/modules/enroll/pages/PaySuccessPage')),
  homePage('research', 'route.research', info('research')),
  homePage('solve', 'route.solve', info('solve')),
  homePage('solve/could', 'route.could', info('solve')),
  homePage('solve/highSchool', 'route.highSchool', info('solve')),
  homePage('solve/dataBase', 'route.dataBase', info('solve')),
  homePage('cpNews', 'route.cpNews', newsBy('competition')),
  { path: 'news', element: <Navigate to="newsList" replace /> },
  homePage('news/newsList', 'route.newsList', news(1)),
  homePage('news/previousWorks', 'route.previousWorks', news(2)),
  homePage('news/competitionInfo', 'route.competitionInfo', news(3)),
  homePage('news/competitionGuide', 'route.competitionGuide', news(4)),
  homePage('news/operatingManual', 'route.operatingManual', news(5)),
  homePage('consultDetails', 'route.consultDetails', info('consultDetails')),
  homePage('newsDetails', 'route.newsDetails', () => import('@/modules/home/pages/NewsDetailsPage')),
  homePage('searchNews', 'route.searchNews', newsBy('search')),
  homePage('introductionPlatform', 'route.introductionPlatform', info('introductionPlatform')),
  homePage('expendingServices', 'route.expendingServices', info('expendingServices')),
  homePage('signUp', 'route.signUp', () => import('@/modules/enroll/pages/SignUpPage')),
  homePage('competition', 'route.competition', () => import('@/modules/home/pages/CompetitionListPage')),
  homePage('competition/details', 'route.competitionDetails', () => import('@/modules/home/pages/CompetitionDetailPage')),
  homePage('competition/team/details', 'route.teamDetails', () => import('@/modules/enroll/pages/TeamPage')),
  homePage('work/workDetail', 'route.workDetail', () => import('@/modules/enroll/pages/WorkDetailPage')),
  homePage('competition/submitWork', work.workSubmit, () => import('@/modules/enroll/pages/SubmitWorkPage')),
  // The public form of an expert recruitment call (专家招募), linked from the call in the back office.
  homePage('expertApply', 'route.expertApply', () => import('@/modules/experts/pages/ExpertApplyPage')),
];

const centerChildren: RouteObject[] = [
  { index: true, element: <Navigate to="users" replace /> },
  { path: 'users', handle: { titleKey: 'route.centerUsers', area: 'center' }, element: lazyElement(AccountPage) },
  { path: 'set', handle: { titleKey: 'route.centerSet', area: 'center' }, element: lazyElement(CentreSettingsPage) },
  { path: 'competition', handle: { titleKey: 'route.centerCompetition', area: 'center' }, element: lazyElement(MyCompetitionsPage) },
  { path: 'newReward', handle: { titleKey: 'route.centerNewReward', area: 'center' }, element: lazyElement(MyCertificatesPage) },
  { path: 'work', handle: { titleKey: 'route.centerWork', area: 'center' }, element: lazyElement(MyWorksPage) },
  { path: 'team', handle: { titleKey: 'route.centerTeam', area: 'center' }, element: lazyElement(MyTeamsPage) },
  { path: 'study', handle: { titleKey: 'route.centerStudy', area: 'center' }, element: lazyElement(StudyPage) },
  // newReward: the newest certificates; reward: the awards (results), which never repeat the certificates.
  { path: 'scene', handle: { titleKey: 'route.centerScene', area: 'center' }, element: lazyElement(MyScenePage) },
  { path: 'reward', handle: { titleKey: 'route.centerReward', area: 'center' }, element: lazyElement(MyAwardsPage) },
  { path: 'informationSub', handle: { titleKey: 'route.centerInformationSub', area: 'center' }, element: lazyElement(InformationSubPage) },
];

/** Back-office pages that are not in the server menu (reached from other screens). */
const backStatic: RouteObject[] = [
  registered('/competition/addEdit', 'route.competitionAddEdit', 'competition/addEdit/index'),
  registered('/competition/details', 'route.competitionBackDetails', 'competition/details/index'),
  registered('/competition/scheduleSet', 'route.scheduleSet', 'competition/scheduleSet/index'),
  registered('/competition/workSubSet', 'route.workSubSet', 'competition/workSubSet/index'),
  registered('/competition/enrollSet', 'route.enrollSet', 'competition/enrollSet/index'),
  registered('/competition/reviewSet', 'route.reviewSet', 'competition/reviewSet/index'),
  // The work detail's menu path is /works/info: /works/detail is the public page of a published work (open path).
  registered('/works/info', 'route.worksInfo', 'works/detail/index'),
  { path: '/newsManagement/addEdit', handle: { titleKey: 'route.newsAddEdit', area: 'back' }, element: lazyElement(NewsEditPage) },
  { path: '/newsManagement/detail', handle: { titleKey: 'route.newsDetail', area: 'back' }, element: lazyElement(NewsDetailPage) },
  registered('/competitionReward/detailedList', 'route.rewardDetailedList', 'competitionReward/detailedList/index'),
  registered('/system/groud/college', 'route.groudCollege', 'system/groud/college/index'),
  registered('/system/groud/major', 'route.groudMajor', 'system/groud/major/index'),
  registered('/system/groud/user', 'route.groudUser', 'system/user/index'),
  registered('/system/groud/groudDetail', 'route.groudDetail', 'system/groud/groudDetail/index'),
  registered('/system/groud/schoolInfo', 'route.groudSchoolInfo', 'system/groud/schoolInfo/index'),
];

const standalone: RouteObject[] = [
  { path: '/deepChat', handle: { titleKey: 'route.deepChat', area: 'standalone' }, element: lazyElement(AssistantPage) },
  { path: '/certificate/trace', handle: { titleKey: 'route.certificateTrace', area: 'standalone' }, element: lazyElement(CertificateTracePage) },
  { path: '/manual', handle: { titleKey: 'route.manual', area: 'standalone' }, element: lazyElement(ManualPage) },
  { path: '/screen/call', handle: { titleKey: 'route.screenCall', area: 'standalone' }, element: lazyElement(ScreenCallPage) },
  { path: '/preview', handle: { titleKey: 'route.preview', area: 'standalone' }, element: lazyElement(PreviewPage) },
  { path: '/preview/detail', handle: { titleKey: 'route.previewDetail', area: 'standalone' }, element: lazyElement(PreviewDetailPage) },
  { path: '/pdf', handle: { titleKey: 'route.pdf', area: 'standalone' }, element: lazyElement(PdfPage) },
  { path: '/works/detail', handle: { titleKey: 'route.worksDetail', area: 'standalone' }, element: lazyElement(PublishedWorkPage) },
];

/** Routes generated from the server menu; they render inside the back-office layout. */
export function menuRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const pages: RouteObject[] = pageRoutes(routes).map((r) => {
    const handle: RouteHandle = { title: { zh: r.meta.title, en: r.meta.titleEn }, area: 'back' };
    const loader = pageLoader(r.component);
    return { path: r.path, handle, element: loader ? lazyElement(loader) : <Placeholder {...handle} /> };
  });
  const pagePaths = new Set(pages.map((p) => p.path));
  // Visiting a directory goes on to its first page.
  const dirs: RouteObject[] = directoryRoutes(routes)
    .filter((d) => !pagePaths.has(d.path))
    .flatMap((d) => {
      const first = firstPagePath(d.children);
      return first ? [{ path: d.path, element: <Navigate to={first} replace /> }] : [];
    });
  return [...pages, ...dirs];
}

/** All routes but the catch-all; the guard's "matched" means matched by one of these. */
export function buildRoutes(menuRoutes: readonly AppRoute[]): RouteObject[] {
  return [
    {
      element: lazyElement(HomeLayout),
      children: [
        { path: '/home', children: homeChildren },
        { path: '/center', element: lazyElement(CenterLayout), children: centerChildren },
      ],
    },
    { element: lazyElement(BackLayout), children: [...backStatic, ...menuRouteObjects(menuRoutes)] },
    { element: lazyElement(StandaloneLayout), children: standalone },
    { path: '/', element: <Navigate to="/home/homepage" replace /> },
    { path: '/kyjs', element: <Navigate to="/home/homepage" replace /> },
    { path: '/details', element: <Navigate to="/home/competition/details" replace /> },
    { path: '/neibu/login', handle: { titleKey: 'route.login', area: 'auth', noTag: true }, element: lazyElement(LoginPage) },
    { path: '/neibu/register', handle: { titleKey: 'route.register', area: 'auth', noTag: true }, element: lazyElement(RegisterPage) },
    { path: '/neibu/retrieve', handle: { titleKey: 'route.retrieve', area: 'auth', noTag: true }, element: lazyElement(RetrievePage) },
    { path: '/role', handle: { titleKey: 'route.role', area: 'auth', noTag: true }, element: lazyElement(RolePage) },
    // The trial application is a card on the same background as the login screens, without the site's chrome.
    { path: '/experience', handle: { titleKey: 'route.experience', area: 'auth', noTag: true }, element: lazyElement(ExperiencePage) },
    { path: '/noPage', handle: { titleKey: 'route.noPage', noTag: true }, element: lazyElement(NoPage) },
    { path: '/backDesk/noPage', handle: { titleKey: 'route.backNoPage', noTag: true }, element: lazyElement(BackNoPage) },
    { path: '/401', handle: { titleKey: 'route.unauthorized', noTag: true }, element: lazyElement(UnauthorizedPage) },
    { path: '/404', handle: { titleKey: 'route.notFound', noTag: true }, element: lazyElement(NotFoundPage) },
    { path: '/redirect/*', element: lazyElement(RedirectPage) },
  ];
}

/** Shown when nothing matched and the guard let the navigation through (open paths without a login). */
export const catchAllRoute: RouteObject = { path: '*', element: lazyElement(NotFoundPage) };


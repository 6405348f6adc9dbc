import { Suspense, type ReactNode } from 'react';
import { Button, ConfigProvider, Space } from 'antd';
import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { PageLoading } from '@/app/components/PageLoading';
import { CENTER_PATH, HOME_PATH, LOGIN_PATH } from '@/app/config/constants';
import { LanguageSwitch } from '@/app/layout/LanguageSwitch';
import { firstPagePath } from '@/app/router/menu-routes';
import { sessionActions, useSession } from '@/app/session/session';
import { isSiteLink, type NavigationSetting } from '@cmp/contracts';
import { normaliseLang } from '@/app/i18n';
import { useLocalName } from '@/app/i18n/hooks';
import { useSite } from '../hooks/useSite';
import { SITE_THEME } from '../site-theme';
import '../locales';
import './home-layout.css';

/** Where each navigation template (`tem`) of the website settings leads. */
const TEM_PATHS: Record<string, string> = {
  home: '/home/homepage',
  competition: '/home/competition',
  news: '/home/news/newsList',
  cpNews: '/home/cpNews',
  introductionPlatform: '/home/introductionPlatform',
  expendingServices: '/home/expendingServices',
  solve: '/home/solve',
  research: '/home/research',
};
/** Until a site's settings arrive (or if they cannot), the navigation every site has. */
const DEFAULT_NAV: NavigationSetting[] = ['home', 'competition', 'news', 'introductionPlatform'].map((tem) => ({ name: '', tem, children: [] }));

/**
 * The organiser names navigation entries in Chinese; in English, entries of the known templates and news
 * categories use the interface's own words, and only custom names are shown as entered.
 */
function useNavLabel() {
  const { t, i18n } = useTranslation('site');
  const en = normaliseLang(i18n.language) === 'en';
  return {
    entry: (n: NavigationSetting) => (en || !n.name ? t(`nav.${n.tem}`, { defaultValue: n.name }) : n.name),
    child: (n: NavigationSetting, c: NavigationSetting['children'][number]) => {
      const group = n.tem === 'news' ? 'newsCategory' : n.tem === 'solve' ? 'solveChild' : null;
      return en && group ? t(`${group}.${c.dictValue}`, { defaultValue: c.name }) : c.name;
    },
  };
}

/**
 * A navigation child's target as a link: paths of the site through the router, http(s) addresses as plain anchors,
 * and anything else (a javascript: or data: target saved before the check existed) as plain text, never a link.
 */
function ChildLink({ path, className, children }: { path: string; className: string; children: ReactNode }) {
  if (!isSiteLink(path)) return <span className={`${className} home__link--inert`}>{children}</span>;
  if (path.startsWith('/')) {
    return (
      <Link to={path} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={path} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function SiteNav({ nav }: { nav: NavigationSetting[] }) {
  const label = useNavLabel();
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'home__link home__link--active' : 'home__link');
  return (
    <nav className="home__nav">
      {nav.map((n) => {
        // An entry opens its first child's page when that is a path of the site, else its template's page.
        const first = n.children[0]?.path;
        const to = first?.startsWith('/') && isSiteLink(first) ? first : (TEM_PATHS[n.tem] ?? '/home/homepage');
        if (!n.children.length) {
          return (
            <NavLink key={n.tem + n.name} to={to} className={cls}>
              {label.entry(n)}
            </NavLink>
          );
        }
        // A plain hover/focus menu rather than antd's Dropdown, which would weigh on every visitor's first page.
        return (
          <div key={n.tem + n.name} className="home__submenu">
            <NavLink to={to} className={cls}>
              {label.entry(n)} <DownOutlined style={{ fontSize: 10 }} />
            </NavLink>
            <div className="home__submenu-panel">
              {n.children.map((c) => (
                <ChildLink key={c.path} path={c.path} className="home__submenu-item">
                  {label.child(n, c)}
                </ChildLink>
              ))}
            </div>
          </div>
        );
      })}
    </nav>
  );
}

/** The public site's frame (also around the personal centre): brand, navigation, account, language. */
export default function HomeLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const name = useSession((s) => s.name);
  const routes = useSession((s) => s.routes);
  const back = firstPagePath(routes);
  const site = useSite();
  const localName = useLocalName();

  return (
    <ConfigProvider theme={SITE_THEME}>
      <div className="home">
        <header className="home__header">
          <Link to={HOME_PATH} className="home__brand">
            <img src="/favicon.svg" alt="" width={30} height={30} />
            <span>{t('app.title')}</span>
            {/* Its line is kept while the site's settings load, so the page does not move down when the name arrives. */}
            {site.setting ? (
              site.setting.groupName && <small className="home__org">{localName(site.setting.groupName, site.setting.groupNameEn)}</small>
            ) : (
              !site.error && <small className="home__org" aria-hidden="true">{'\u00a0'}</small>
            )}
          </Link>
          <SiteNav nav={site.setting?.navigationSettings.length ? site.setting.navigationSettings : DEFAULT_NAV} />
          <form
            className="home__search"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              const keyword = String(new FormData(e.currentTarget).get('keyword') ?? '').trim();
              if (keyword) navigate(`/home/searchNews?keyword=${encodeURIComponent(keyword)}`);
            }}
          >
            <input name="keyword" type="search" placeholder={t('news.searchPlaceholder', { ns: 'site' })} aria-label={t('news.searchTitle', { ns: 'site' })} />
            <button type="submit" aria-label={t('news.searchTitle', { ns: 'site' })}>
              <SearchOutlined />
            </button>
          </form>
          <Space size={4} className="home__account" wrap>
            <LanguageSwitch />
            {token ? (
              <>
                <Button type="link" onClick={() => navigate(CENTER_PATH)}>
                  {name || t('layout.personalCentre')}
                </Button>
                {back && (
                  <Button type="link" onClick={() => navigate(back)}>
                    {t('home.enterBackOffice')}
                  </Button>
                )}
                <Button
                  type="text"
                  onClick={() => {
                    void sessionActions.logout().finally(() => navigate(HOME_PATH, { replace: true }));
                  }}
                >
                  {t('common.logout')}
                </Button>
              </>
            ) : (
              <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>
                {t('common.login')}
              </Button>
            )}
          </Space>
        </header>
        <main className="home__main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="home__footer">{t('home.footer')}</footer>
      </div>
    </ConfigProvider>
  );
}

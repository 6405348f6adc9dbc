import { Suspense } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { PageLoading } from '@/app/components/PageLoading';
import { CENTER_PATH, HOME_PATH, LOGIN_PATH } from '@/app/config/constants';
import { LanguageSwitch } from '@/app/layout/LanguageSwitch';
import { firstPagePath } from '@/app/router/menu-routes';
import { sessionActions, useSession } from '@/app/session/session';
import './home-layout.css';

const NAV = [
  { to: '/home/homepage', key: 'home.nav.homepage' },
  { to: '/home/competition', key: 'home.nav.competition' },
  { to: '/home/cpNews', key: 'home.nav.cpNews' },
  { to: '/home/news', key: 'home.nav.news' },
  { to: '/home/solve', key: 'home.nav.solve' },
  { to: '/home/introductionPlatform', key: 'home.nav.introduction' },
];

/** The public site's frame (also around the personal centre): brand, navigation, account, language. */
export default function HomeLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const name = useSession((s) => s.name);
  const routes = useSession((s) => s.routes);
  const back = firstPagePath(routes);

  return (
    <div className="home">
      <header className="home__header">
        <Link to={HOME_PATH} className="home__brand">
          <img src="/favicon.svg" alt="" width={30} height={30} />
          <span>{t('app.title')}</span>
        </Link>
        <nav className="home__nav">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={({ isActive }) => (isActive ? 'home__link home__link--active' : 'home__link')}>
              {t(n.key)}
            </NavLink>
          ))}
        </nav>
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
  );
}

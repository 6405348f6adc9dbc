import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { PageLoading } from '@/app/components/PageLoading';
import './center-layout.css';

const ITEMS = [
  ['users', 'route.centerUsers'],
  ['competition', 'route.centerCompetition'],
  ['team', 'route.centerTeam'],
  ['work', 'route.centerWork'],
  ['scene', 'route.centerScene'],
  ['reward', 'route.centerReward'],
  ['newReward', 'route.centerNewReward'],
  ['study', 'route.centerStudy'],
  ['informationSub', 'route.centerInformationSub'],
  ['set', 'route.centerSet'],
] as const;

/** The personal centre: its own menu beside the page, inside the public site's frame. */
export default function CenterLayout() {
  const { t } = useTranslation();
  return (
    <div className="center">
      <aside className="center__menu">
        <div className="center__heading">{t('layout.personalCentre')}</div>
        {ITEMS.map(([path, key]) => (
          <NavLink key={path} to={`/center/${path}`} className={({ isActive }) => (isActive ? 'center__item center__item--active' : 'center__item')}>
            {t(key)}
          </NavLink>
        ))}
      </aside>
      <section className="center__page">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}

import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/PageLoading';
import { HOME_PATH } from '../config/constants';
import { LanguageSwitch } from './LanguageSwitch';

/** Frame of the stand-alone pages (chat, manual, certificate check, big screen, previews). */
export default function StandaloneLayout() {
  const { t } = useTranslation();
  return (
    <div className="standalone">
      <header className="standalone__bar">
        <Link to={HOME_PATH} className="standalone__brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          {t('app.title')}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="standalone__main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

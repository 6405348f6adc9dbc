import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '@/app/config/constants';
import { LanguageSwitch } from '@/app/layout/LanguageSwitch';
import './auth.css';

/** Background, language switch and card of the login, register, recovery and organisation screens. */
export function AuthShell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="auth">
      <div className="auth__top">
        <Link to={HOME_PATH} className="auth__home">
          {t('auth.backHome')}
        </Link>
        <LanguageSwitch className="auth__lang" />
      </div>
      <div className={wide ? 'auth__card auth__card--wide' : 'auth__card'}>
        <div className="auth__brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <h1 className="auth__title">{t('app.title')}</h1>
            <div className="auth__subtitle">{t('auth.subtitle')}</div>
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}

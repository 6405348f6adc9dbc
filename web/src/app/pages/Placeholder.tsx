import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { handleTitle, type RouteHandle } from '../router/route-handle';

/**
 * A page that a later part of the project fills in. It says so plainly, with its title and where it belongs;
 * it does not pretend to work.
 */
export function Placeholder({ titleKey, title, area = 'home' }: RouteHandle) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const name = handleTitle({ titleKey, title }, t, i18n.language) ?? pathname;
  return (
    <div className="page-placeholder">
      <Result
        status="info"
        title={name}
        subTitle={t('placeholder.notAvailable')}
        extra={<span className="page-placeholder__where">{t('placeholder.where', { area: t(`area.${area}`), path: pathname })}</span>}
      />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export default function NoPage() {
  const { t } = useTranslation();
  return <ErrorScreen status="403" title={t('error.noPageTitle')} subTitle={t('error.noPageDesc')} />;
}

import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorScreen status="403" title="401" subTitle={t('error.unauthorizedDesc')} login />;
}

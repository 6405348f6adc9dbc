import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorScreen status="404" title="404" subTitle={t('error.notFoundDesc')} />;
}

import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ErrorScreen } from './ErrorScreen';

/** Where code 401 leads (spec section 8), with the message it came with. */
export default function BackNoPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { message?: string } | null;
  return <ErrorScreen status="403" title={t('route.backNoPage')} subTitle={state?.message || t('error.backNoPageDesc')} />;
}

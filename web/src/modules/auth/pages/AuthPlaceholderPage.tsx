import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Placeholder } from '@/app/pages/Placeholder';
import { useRouteHandle } from '@/app/router/route-handle';
import { AuthShell } from '../components/AuthShell';

/** /neibu/register and /neibu/retrieve: not built yet, and saying so. */
export default function AuthPlaceholderPage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <AuthShell>
      <Placeholder {...handle} area="auth" />
      <Link to="/neibu/login">
        <Button block>{t('common.login')}</Button>
      </Link>
    </AuthShell>
  );
}

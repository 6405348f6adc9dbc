import { lazy, Suspense } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/app/components/PageLoading';
import { useHomeData } from '../hooks/useHomeData';
import { useSite, type SiteState } from '../hooks/useSite';
import '../locales';
import '../components/site.css';

// Each organisation's site uses one template: only that one is loaded.
const TEMPLATES = {
  1: lazy(() => import('../templates/ClassicTemplate')),
  2: lazy(() => import('../templates/PortalTemplate')),
  3: lazy(() => import('../templates/ShowcaseTemplate')),
} as const;

export function SiteError({ state }: { state: SiteState }) {
  const { t } = useTranslation('site');
  return (
    <Alert
      type="error"
      showIcon
      message={t('siteError', { reason: state.error })}
      action={
        <Button size="small" onClick={state.retry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

function Home({ state }: { state: SiteState & { setting: NonNullable<SiteState['setting']> } }) {
  const data = useHomeData(state.site, state.setting);
  const Template = TEMPLATES[state.setting.templateType] ?? TEMPLATES[1];
  return (
    <Suspense fallback={<PageLoading />}>
      <Template data={data} />
    </Suspense>
  );
}

export default function HomePage() {
  const state = useSite();
  if (state.error) return <SiteError state={state} />;
  if (!state.setting) return <PageLoading />;
  return <Home state={{ ...state, setting: state.setting }} />;
}

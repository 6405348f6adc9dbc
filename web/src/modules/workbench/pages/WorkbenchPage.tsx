import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, ROOT_ROLE } from '@cmp/contracts';
import { PageHeader } from '@/app/components/PageHeader';
import { usePermission } from '@/app/permission/permission';
import { useSession } from '@/app/session/session';
import { ExpertRounds } from '../components/ExpertRounds';
import { PlatformPanel } from '../components/PlatformPanel';
import { RunningCompetitions } from '../components/RunningCompetitions';
import { TodayIncome } from '../components/TodayIncome';
import { Todos } from '../components/Todos';
import { WORKBENCH_NS } from '../locales';
import './workbench.css';

const EXPERT_ROLE = 'expert';

/** 工作台: a greeting; for ROOT the platform's health and size; finance's money today; what waits for the caller; an organiser's running competitions; an expert's review rounds. */
export default function WorkbenchPage() {
  const { t } = useTranslation(WORKBENCH_NS);
  const name = useSession((s) => s.name);
  const expert = useSession((s) => s.roles.includes(EXPERT_ROLE));
  const root = useSession((s) => s.roles.includes(ROOT_ROLE));
  const organiser = usePermission([Perm.statisticsView]);
  const finance = usePermission([Perm.financeList]);
  return (
    <div className="system-page workbench" data-testid="workbench">
      <PageHeader title={t('title')} />
      <Typography.Paragraph>
        <Typography.Text strong>{t('welcome', { name })}</Typography.Text> <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </Typography.Paragraph>
      {root && <PlatformPanel />}
      {finance && <TodayIncome />}
      <Todos />
      {organiser && <RunningCompetitions />}
      {expert && <ExpertRounds />}
    </div>
  );
}

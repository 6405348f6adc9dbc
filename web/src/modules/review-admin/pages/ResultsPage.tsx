import { Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Perm } from '@cmp/contracts';
import { PageHeader } from '@/app/components/PageHeader';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { useRoundChoice } from '../components/RoundPicker';
import '../components/review-admin.css';
import { AppealsTab } from '../components/results/AppealsTab';
import { AwardsTab } from '../components/results/AwardsTab';
import { CalibrationTab } from '../components/results/CalibrationTab';
import { CompetitionScoreTab } from '../components/results/CompetitionScoreTab';
import { ScoresTab } from '../components/results/ScoresTab';
import { NS, useVersions } from '../components/results/versions';
import { VotesTab } from '../components/results/VotesTab';

/** 评审结果: a round's final scores as versions, calibration, awards and publication, appeals and voting (`?tab=appeals` opens one). */
export default function ResultsPage() {
  const { t } = useTranslation(NS);
  const canEdit = usePermission([Perm.reviewEdit]);
  const { round, rounds, picker } = useRoundChoice();
  const versions = useVersions(round?.id);
  const [params] = useSearchParams();
  return (
    <div className="system-page review-admin">
      <PageHeader title={t('results.title')} />
      {picker}
      {!round ? (
        <Empty description={t('results.calibration.pickVersion')} />
      ) : (
        <Tabs
          destroyInactiveTabPane
          defaultActiveKey={params.get('tab') ?? undefined}
          items={[
            { key: 'scores', label: t('results.tabs.scores'), children: <ScoresTab round={round} versions={versions} canEdit={canEdit} /> },
            { key: 'calibration', label: t('results.tabs.calibration'), children: <CalibrationTab versions={versions.data} /> },
            { key: 'awards', label: t('results.tabs.awards'), children: <AwardsTab round={round} rounds={rounds} versions={versions.data} canEdit={canEdit} onPublished={versions.reload} /> },
            { key: 'total', label: t('results.tabs.total'), children: <CompetitionScoreTab competitionId={round.competitionId} rounds={rounds} /> },
            { key: 'appeals', label: t('results.tabs.appeals'), children: <AppealsTab round={round} canEdit={canEdit} /> },
            { key: 'votes', label: t('results.tabs.votes'), children: <VotesTab round={round} canEdit={canEdit} /> },
          ]}
        />
      )}
    </div>
  );
}

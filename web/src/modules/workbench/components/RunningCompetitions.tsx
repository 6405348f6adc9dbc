import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SignupStatus, type CompetitionPhase, type RunningCompetition } from '@cmp/contracts';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime, formatMoney } from '@/app/i18n/format';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import { workbenchApi } from '../api/workbench.api';
import { WORKBENCH_NS } from '../locales';

const PHASE_COLOR: Record<CompetitionPhase, string> = { upcoming: 'default', enrolling: 'processing', ongoing: 'green', ended: 'default' };

/** 进行中的竞赛: the organisation's newest published competitions with their sign-ups (today's too), those to approve, and works. */
export function RunningCompetitions() {
  const { t } = useTranslation(WORKBENCH_NS);
  const lang = useLang();
  const localName = useLocalName();
  const running = useAsync((signal) => workbenchApi.competitions(signal), []);
  return (
    <Card title={t('running.title')} size="small" data-testid="running-competitions">
      <LoadError error={running.error} onRetry={running.reload} />
      <Table<RunningCompetition>
        size="small"
        rowKey="competitionId"
        loading={running.loading}
        dataSource={running.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('running.empty') }}
        columns={[
          {
            title: t('running.competition'),
            dataIndex: 'name',
            ellipsis: true,
            render: (_, c) => <Link to={`/competition/details?id=${c.competitionId}`}>{localName(c.name, c.nameEn)}</Link>,
          },
          { title: t('running.phase'), dataIndex: 'phase', width: 96, render: (p: CompetitionPhase) => <Tag color={PHASE_COLOR[p]}>{t(`running.phases.${p}`)}</Tag> },
          {
            title: t('running.signups'),
            dataIndex: 'signups',
            width: 120,
            align: 'right',
            render: (n: number, c) => (
              <>
                {n}
                {c.signupsToday > 0 && <Typography.Text type="success"> {t('running.today', { count: c.signupsToday })}</Typography.Text>}
              </>
            ),
          },
          {
            title: t('running.pending'),
            dataIndex: 'pending',
            width: 110,
            align: 'right',
            render: (n: number, c) => (n ? <Link to={`/signUp/index?competitionId=${c.competitionId}&status=${SignupStatus.pending}`}>{n}</Link> : n),
          },
          { title: t('running.works'), dataIndex: 'worksSubmitted', width: 130, align: 'right' },
          { title: t('running.fees'), dataIndex: 'feesNetFen', width: 120, align: 'right', render: (fen: number) => <span className="cell-nowrap">{formatMoney(fen)}</span> },
          {
            title: t('running.review'),
            dataIndex: 'review',
            width: 110,
            align: 'right',
            render: (r: RunningCompetition['review']) => (r ? <span className="cell-nowrap">{t('running.sheets', { submitted: r.submitted, total: r.total })}</span> : '—'),
          },
          {
            title: t('running.nextDeadline'),
            dataIndex: 'nextDeadline',
            width: 160,
            render: (d: RunningCompetition['nextDeadline']) =>
              d ? (
                <>
                  <div className="cell-nowrap">{formatDateTime(d.at, lang, 'minute')}</div>
                  <Typography.Text type="secondary">{t(`running.deadlines.${d.kind}`)}</Typography.Text>
                </>
              ) : (
                '—'
              ),
          },
          { title: t('running.figures'), key: 'figures', width: 80, render: (_, c) => <Link to={`/database/cloud?competitionId=${c.competitionId}`}>{t('running.figures')}</Link> },
        ]}
      />
    </Card>
  );
}

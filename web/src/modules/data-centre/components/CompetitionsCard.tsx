import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CompetitionSummary } from '@cmp/contracts';
import { DATA_CENTRE_NS } from '../locales';

/** The organisation's competitions with sign-ups, most first, each opening its own figures. */
export function CompetitionsCard({ competitions, nameOf }: { competitions: CompetitionSummary[]; nameOf: (id: number) => string }) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  return (
    <Card size="small" className="figure-card" data-figure="competitions" title={t('cloud.byCompetition')}>
      <Table<CompetitionSummary>
        size="small"
        rowKey="competitionId"
        dataSource={competitions}
        scroll={{ x: 520 }}
        pagination={competitions.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        columns={[
          {
            title: t('cloud.competition'),
            dataIndex: 'competitionId',
            ellipsis: true,
            render: (id: number) => <Link to={`/database/cloud?competitionId=${id}`}>{nameOf(id)}</Link>,
          },
          { title: t('cloud.total'), dataIndex: 'signups', width: 100, align: 'right' },
          { title: t('cloud.today'), dataIndex: 'signupsToday', width: 100, align: 'right' },
          { title: t('cloud.pending'), dataIndex: 'pending', width: 110, align: 'right' },
          { title: t('cloud.works'), dataIndex: 'worksSubmitted', width: 110, align: 'right' },
        ]}
      />
    </Card>
  );
}

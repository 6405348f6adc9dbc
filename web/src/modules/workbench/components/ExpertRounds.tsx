import { Button, Card, Col, Empty, List, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ExpertDashboard } from '@cmp/contracts';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { workbenchApi } from '../api/workbench.api';
import { WORKBENCH_NS } from '../locales';

/** For an expert: the groups they lead and must confirm (when any), then their open rounds, each opening 我的评审 on that round. */
export function ExpertRounds() {
  const { t } = useTranslation(WORKBENCH_NS);
  const lang = useLang();
  const navigate = useNavigate();
  const dashboard = useAsync((signal) => workbenchApi.expertRounds(signal), []);
  const rounds = dashboard.data?.rounds ?? [];
  return (
    <>
      {!!dashboard.data?.captainGroups.length && <CaptainGroups groups={dashboard.data.captainGroups} />}
      <Card title={t('rounds.title')} size="small" data-testid="expert-rounds">
        <LoadError error={dashboard.error} onRetry={dashboard.reload} />
        {dashboard.loading && !dashboard.data ? (
          <Skeleton active />
        ) : rounds.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rounds.empty')} />
        ) : (
          <Row gutter={[16, 16]} className="workbench__rounds">
            {rounds.map((r) => (
              <Col key={r.roundId} xs={24} md={12} xl={8}>
                <Card size="small" type="inner" title={r.name} data-round={r.roundId}>
                  <Typography.Text type={r.closesAt ? undefined : 'secondary'}>
                    <ClockCircleOutlined /> {r.closesAt ? t('rounds.closesAt', { time: formatDateTime(r.closesAt, lang, 'minute') }) : t('rounds.noDeadline')}
                  </Typography.Text>
                  <div className="workbench__counts">
                    <Statistic title={t('rounds.assigned')} value={r.assigned} />
                    <Statistic title={t('rounds.submitted')} value={r.submitted} suffix={`/ ${r.assigned}`} />
                    <Statistic title={t('rounds.returned')} value={r.returned} valueStyle={r.returned ? { color: '#ff4d4f' } : undefined} />
                  </div>
                  <Button type="primary" onClick={() => navigate(`/review/mine?roundId=${r.roundId}`)}>
                    {t('rounds.goReview')}
                  </Button>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </>
  );
}

/** A captain's groups not yet confirmed: sheets submitted of all, opening the captain's view (confirmable once all are in). */
function CaptainGroups({ groups }: { groups: ExpertDashboard['captainGroups'] }) {
  const { t } = useTranslation(WORKBENCH_NS);
  const navigate = useNavigate();
  return (
    <Card title={t('captain.title')} size="small" data-testid="captain-groups" className="workbench__todos">
      <List
        dataSource={groups}
        renderItem={(g) => {
          const ready = g.submitted === g.total;
          return (
            <List.Item
              data-round={g.roundId}
              actions={[
                <Button key="open" size="small" type={ready ? 'primary' : 'default'} onClick={() => navigate(`/review/mine?roundId=${g.roundId}&tab=captain`)}>
                  {t(ready ? 'captain.confirm' : 'captain.view')}
                </Button>,
              ]}
            >
              <Typography.Text>{t('captain.group', { group: g.groupName, round: g.roundName })}</Typography.Text>
              <Progress
                className="workbench__progress"
                size="small"
                percent={g.total ? Math.floor((g.submitted / g.total) * 100) : 0}
                format={() => t('captain.submitted', { submitted: g.submitted, total: g.total })}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

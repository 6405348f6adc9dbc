import { Button, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { workbenchApi } from '../api/workbench.api';
import { WORKBENCH_NS } from '../locales';

/** For an expert: their open rounds, deadline and counts, each opening 我的评审 on that round. */
export function ExpertRounds() {
  const { t } = useTranslation(WORKBENCH_NS);
  const lang = useLang();
  const navigate = useNavigate();
  const dashboard = useAsync((signal) => workbenchApi.expertRounds(signal), []);
  const rounds = dashboard.data?.rounds ?? [];
  return (
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
  );
}

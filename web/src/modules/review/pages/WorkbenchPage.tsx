import { Button, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { useSession } from '@/app/session/session';
import { reviewApi } from '../api/review.api';
import { NS } from '../components/shared';
import '../locales';
import '../components/review.css';

const EXPERT_ROLE = 'expert';

/** An expert's open rounds: deadline and counts, each opening 我的评审 on that round. */
function ExpertRounds() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const navigate = useNavigate();
  const dashboard = useAsync((signal) => reviewApi.dashboard(signal), []);
  const rounds = dashboard.data?.rounds ?? [];
  return (
    <Card title={t('dashboard.rounds')} size="small" data-testid="expert-rounds">
      <LoadError error={dashboard.error} onRetry={dashboard.reload} />
      {dashboard.loading && !dashboard.data ? (
        <Skeleton active />
      ) : rounds.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty')} />
      ) : (
        <Row gutter={[16, 16]} className="review-dashboard__rounds">
          {rounds.map((r) => (
            <Col key={r.roundId} xs={24} md={12} xl={8}>
              <Card size="small" type="inner" title={r.name} data-round={r.roundId}>
                <Typography.Text type={r.closesAt ? undefined : 'secondary'}>
                  <ClockCircleOutlined /> {r.closesAt ? t('dashboard.closesAt', { time: formatDateTime(r.closesAt, lang, 'minute') }) : t('dashboard.noDeadline')}
                </Typography.Text>
                <div className="review-dashboard__counts">
                  <Statistic title={t('dashboard.assigned')} value={r.assigned} />
                  <Statistic title={t('dashboard.submitted')} value={r.submitted} suffix={`/ ${r.assigned}`} />
                  <Statistic title={t('dashboard.returned')} value={r.returned} valueStyle={r.returned ? { color: '#ff4d4f' } : undefined} />
                </div>
                <Button type="primary" onClick={() => navigate(`/review/mine?roundId=${r.roundId}`)}>
                  {t('dashboard.goReview')}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

/** 工作台: a greeting, and for an expert their review rounds. */
export default function WorkbenchPage() {
  const { t } = useTranslation(NS);
  const name = useSession((s) => s.name);
  const expert = useSession((s) => s.roles.includes(EXPERT_ROLE));
  return (
    <div className="system-page review-dashboard" data-testid="workbench">
      <PageHeader title={t('dashboard.title')} />
      <Typography.Paragraph>
        <Typography.Text strong>{t('dashboard.welcome', { name })}</Typography.Text> <Typography.Text type="secondary">{t('dashboard.intro')}</Typography.Text>
      </Typography.Paragraph>
      {expert && <ExpertRounds />}
    </div>
  );
}

import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { beijingToday, formatMoney } from '@/app/i18n/format';
import { workbenchApi } from '../api/workbench.api';
import { WORKBENCH_NS } from '../locales';

/** 今日收支: what the organisation received and refunded today, as 订单管理's income totals count it. */
export function TodayIncome() {
  const { t } = useTranslation(WORKBENCH_NS);
  const totals = useAsync((signal) => workbenchApi.dayTotals(beijingToday(), signal), []);
  const total = totals.data?.total;
  return (
    <Card title={t('income.title')} size="small" data-testid="today-income" extra={<Link to="/finance/order">{t('income.more')}</Link>}>
      <LoadError error={totals.error} onRetry={totals.reload} />
      {!total ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={8}>
            <Statistic title={t('income.gross')} value={formatMoney(total.grossFen)} suffix={<small>{t('income.count', { count: total.paidCount })}</small>} />
          </Col>
          <Col xs={8}>
            <Statistic title={t('income.refunded')} value={formatMoney(total.refundedFen)} />
          </Col>
          <Col xs={8}>
            <Statistic title={t('income.net')} value={formatMoney(total.netFen)} />
          </Col>
        </Row>
      )}
    </Card>
  );
}

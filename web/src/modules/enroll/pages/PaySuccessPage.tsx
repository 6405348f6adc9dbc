import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAsync } from '@/app/hooks/useAsync';
import { formatMoney } from '@/app/i18n/format';
import '@/app/i18n/enroll';
import { paymentApi } from '../api/enroll.api';

/**
 * /home/paySuccess: where Alipay's cashier sends the payer back (out_trade_no in the address). The server asks
 * Alipay itself while the order is unpaid, so "pending" only shows when Alipay has not settled it either. The
 * cashier's cancel comes back without an order number: the payer's latest order is shown, unfinished.
 */
export default function PaySuccessPage() {
  const { t } = useTranslation('enroll');
  const [params] = useSearchParams();
  const orderNo = params.get('out_trade_no') ?? params.get('orderNo') ?? '';
  const order = useAsync((signal) => paymentApi.query(orderNo ? { orderNo } : {}, signal), [orderNo]);
  const o = order.data;
  const toCentre = (
    <Link key="centre" to="/center/competition">
      <Button type="primary">{t('payment.toCentre')}</Button>
    </Link>
  );
  const info = o ? t('payment.orderInfo', { orderNo: o.orderNo, amount: formatMoney(o.amountFen) }) : '';
  let result;
  if (!order.loading && !o) {
    result = <Result status="warning" title={t('payment.noOrder')} subTitle={t('payment.noOrderSub')} extra={toCentre} />;
  } else if (!o) {
    result = <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  } else if (o.status === 'paid') {
    result = <Result status="success" title={t('payment.paid')} subTitle={`${t('payment.paidSub', { amount: formatMoney(o.amountFen) })} ${info}`} extra={toCentre} />;
  } else if (o.status === 'closed') {
    result = <Result status="warning" title={t('payment.closed')} subTitle={`${t('payment.closedSub')} ${info}`} extra={toCentre} />;
  } else if (o.status === 'unpaid' && !orderNo) {
    result = <Result status="warning" title={t('payment.unfinished')} subTitle={`${t('payment.unfinishedSub')} ${info}`} extra={toCentre} />;
  } else if (o.status === 'unpaid') {
    result = (
      <Result
        status="info"
        title={t('payment.pending')}
        subTitle={`${t('payment.pendingSub')} ${info}`}
        extra={[
          <Button key="refresh" loading={order.loading} onClick={order.reload}>
            {t('payment.refresh')}
          </Button>,
          toCentre,
        ]}
      />
    );
  } else {
    result = <Result status="info" title={t('payment.refunded')} subTitle={`${t('payment.refundedSub', { amount: formatMoney(o.refundedFen) })} ${info}`} extra={toCentre} />;
  }
  return (
    <div className="enroll-page" data-testid="pay-result">
      <Card title={t('payment.resultTitle')}>{result}</Card>
    </div>
  );
}

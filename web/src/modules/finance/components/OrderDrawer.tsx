import { Button, Descriptions, Drawer, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type CallbackView, type OrderDetail, type RefundView } from '@cmp/contracts';
import { useLang } from '@/app/i18n/hooks';
import { formatDateTime } from '@/app/i18n/format';
import { usePermission } from '@/app/permission/permission';
import type { AsyncState } from '@/app/hooks/useAsync';
import { ReceiptLink } from './ReceiptLink';
import { money, NS, OrderStatusTag, Person, RefundStatusTag, useCompetitionItem } from './shared';

const REFUSED = new Set(['badSignature', 'wrongApp', 'wrongSeller', 'unknownOrder', 'amountMismatch']);

/** An order with every notification and query Alipay answered (raw, with the verdict) and its refunds. */
export function OrderDrawer({ detail, onClose, onRefund, onCloseOrder }: {
  detail: AsyncState<OrderDetail> & { open: boolean };
  onClose: () => void;
  onRefund: (o: OrderDetail) => void;
  onCloseOrder: (o: OrderDetail) => void;
}) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const competitionItem = useCompetitionItem();
  const canEdit = usePermission([Perm.financeEdit]);
  const o = detail.data;
  const when = (v: string | null) => formatDateTime(v, lang);
  return (
    <Drawer
      open={detail.open}
      width={760}
      title={o ? t('detail.title', { orderNo: o.orderNo }) : ''}
      onClose={onClose}
      extra={
        o &&
        canEdit && (
          <Space>
            {['paid', 'partlyRefunded'].includes(o.status) && (
              <Button danger onClick={() => onRefund(o)}>
                {t('orders.refund')}
              </Button>
            )}
            {o.status === 'unpaid' && <Button onClick={() => onCloseOrder(o)}>{t('orders.close')}</Button>}
          </Space>
        )
      }
    >
      {!o ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="order-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('orders.orderNo')} span={2}>
              <Typography.Text copyable>{o.orderNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.status')}>
              <OrderStatusTag status={o.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.amount')}>{money(o.amountFen)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.competition')} span={2}>{competitionItem(o)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.payer')}>{o.payerName}</Descriptions.Item>
            <Descriptions.Item label={t('detail.payerAccount')}>{o.payerAccount || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.school')} span={2}>{o.payerSchool || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.refunded')}>{money(o.refundedFen)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.refundedAt')}>{when(o.refundedAt ?? null)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.tradeNo')} span={2}>{o.tradeNo ? <Typography.Text copyable>{o.tradeNo}</Typography.Text> : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.channel')}>{o.channel ? t(`channel.${o.channel}`, { defaultValue: o.channel }) : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.buyer')}>{o.buyerLogonId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.createdAt')}>{when(o.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.paidAt')}>{when(o.paidAt)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.expiresAt')}>{when(o.expiresAt)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.closedAt')}>
              {!o.closedAt
                ? '-'
                : o.closedByName
                  ? t('detail.closedBy', { when: when(o.closedAt), name: o.closedByName })
                  : `${when(o.closedAt)} ${o.closeReason ? t(`closeReason.${o.closeReason}`, { defaultValue: o.closeReason }) : ''}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('income.receipt')} span={2}>
              <ReceiptLink order={o} />
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('detail.refunds')}</Typography.Title>
            <Table<RefundView>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.refunds}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noRefunds')} /> }}
              columns={[
                { title: t('refunds.refundNo'), dataIndex: 'refundNo', width: 200 },
                { title: t('refunds.amount'), dataIndex: 'amountFen', width: 100, render: (v: number) => money(v) },
                { title: t('refunds.status'), dataIndex: 'status', width: 90, render: (v: RefundView['status']) => <RefundStatusTag status={v} /> },
                { title: t('refunds.reason'), dataIndex: 'reason', render: (v: string, r) => (r.lastError ? `${v}（${r.lastError}）` : v) },
                { title: t('refunds.requestedBy'), dataIndex: 'requestedByName', width: 100, render: (v: string, r) => <Person name={v} account={r.requestedBy} /> },
                { title: t('refunds.decidedBy'), dataIndex: 'decidedByName', width: 100, render: (v: string | null, r) => <Person name={v} account={r.decidedBy} /> },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>{t('detail.callbacks')}</Typography.Title>
            <Table<CallbackView>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.callbacks}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noCallbacks')} /> }}
              expandable={{
                expandedRowRender: (c) => (
                  <>
                    {c.sizeBytes != null && <Typography.Text type="secondary">{t('detail.size', { size: c.sizeBytes.toLocaleString('en-US') })}</Typography.Text>}
                    <pre className="finance-raw">{JSON.stringify(c.raw, null, 2)}</pre>
                  </>
                ),
              }}
              columns={[
                { title: t('detail.receivedAt'), dataIndex: 'receivedAt', width: 170, render: (v: string) => when(v) },
                { title: t('detail.source'), dataIndex: 'source', width: 90, render: (v: string) => t(v === 'query' ? 'detail.sourceQuery' : 'detail.sourceNotify') },
                { title: t('detail.address'), dataIndex: 'address', width: 130, render: (v: string | null) => v ?? '—' },
                { title: t('detail.tradeStatus'), dataIndex: 'tradeStatus', width: 130 },
                {
                  title: t('detail.verdict'),
                  dataIndex: 'verdict',
                  render: (v: string, c) => (
                    <>
                      <Tag color={REFUSED.has(v) ? 'error' : v === 'applied' ? 'success' : 'default'}>{t(`verdict.${v}`)}</Tag>
                      {/* Unsigned notifications from one address are counted on one row. */}
                      {c.count > 1 && <Typography.Text type="danger">{t('detail.repeated', { count: c.count, last: when(c.lastReceivedAt) })}</Typography.Text>}
                    </>
                  ),
                },
              ]}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}

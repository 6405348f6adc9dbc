import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Statistic, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { ORDER_STATUSES, Perm, type OrderDetail, type OrderPage, type OrderPageQuery, type OrderStatus, type OrderView } from '@cmp/contracts';
import { actionsColumn, dateColumn, ListScreen, RowLinks } from '@/app/components/ListParts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { financeApi } from '../api/finance.api';
import { IncomeTotals } from '../components/IncomeTotals';
import { OrderDrawer } from '../components/OrderDrawer';
import { RefundModal } from '../components/RefundModal';
import { money, NS, OrderStatusTag, useCompetitionItem } from '../components/shared';
import '../components/finance.css';

interface Filters {
  competitionId?: number;
  itemId?: number;
  status?: OrderStatus;
  created?: [Dayjs, Dayjs];
  keyword?: string;
}

const toQuery = (f: Filters): Omit<OrderPageQuery, 'pageNum' | 'pageSize'> => ({
  competitionId: f.competitionId,
  itemId: f.itemId,
  status: f.status,
  keyword: f.keyword?.trim() || undefined,
  from: f.created?.[0]?.startOf('day').toISOString(),
  to: f.created?.[1]?.endOf('day').toISOString(),
});

/** 订单管理: every entry-fee order of the organisation, filtered, with totals of the filtered rows; detail, refund, close, export. */
export default function OrdersPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const competitionItem = useCompetitionItem();
  const canEdit = usePermission([Perm.financeEdit]);
  const paged = usePagedList<OrderView, OrderPageQuery, Filters>((q, signal) => financeApi.orders(q, signal), toQuery, ['status']);
  const competitions = useAsync((signal) => financeApi.competitions(signal), [lang]);
  const competitionId = Form.useWatch('competitionId', paged.filters);
  const events = useAsync((signal) => financeApi.events(competitionId!, signal), [competitionId, lang], !!competitionId);
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useAsync((signal) => financeApi.order(openId!, signal), [openId], openId !== null);
  const [refunding, setRefunding] = useState<OrderView | null>(null);
  const [exporting, setExporting] = useState(false);
  const totals = (paged.list.data as OrderPage | undefined)?.totals;

  const changed = (o: OrderDetail) => {
    paged.list.reload();
    if (o.id === openId) detail.reload();
  };
  const close = (o: OrderView) =>
    void confirmDelete({
      question: t('orders.closeQuestion', { orderNo: o.orderNo }),
      okText: t('orders.close'),
      done: t('orders.closed'),
      run: async () => changed(await financeApi.close(o.id)),
    });
  // The server names the file after the competition and the dates; this name is used only if it sends none.
  const exportAll = async () => {
    setExporting(true);
    try {
      await financeApi.exportOrders({ ...paged.query, pageNum: undefined, pageSize: undefined }, lang === 'en' ? 'orders.xlsx' : '订单.xlsx');
      toast(t('orders.exported'), 'success');
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<OrderView> = [
    { title: t('orders.orderNo'), dataIndex: 'orderNo', width: 200, render: (v: string, o) => <a onClick={() => setOpenId(o.id)}>{v}</a> },
    { title: t('orders.competition'), dataIndex: 'competitionName', ellipsis: true, render: (_: string, o) => competitionItem(o) },
    { title: t('orders.payer'), dataIndex: 'payerName', width: 110, ellipsis: true },
    { title: t('orders.amount'), dataIndex: 'amountFen', width: 110, align: 'right', render: (v: number) => money(v) },
    { title: t('orders.refunded'), dataIndex: 'refundedFen', width: 100, align: 'right', render: (v: number) => (v ? money(v) : '-') },
    { title: t('orders.status'), dataIndex: 'status', width: 130, render: (v: OrderStatus) => <OrderStatusTag status={v} /> },
    dateColumn(t('orders.created'), 'createdAt', lang, 'minute'),
    actionsColumn(t('common.actions'), 150, (o) => (
      <RowLinks
        links={[
          { label: t('common.detail'), onClick: () => setOpenId(o.id) },
          ...(canEdit && (o.status === 'paid' || o.status === 'partlyRefunded') ? [{ label: t('orders.refund'), onClick: () => setRefunding(o), danger: true }] : []),
          ...(canEdit && o.status === 'unpaid' ? [{ label: t('orders.close'), onClick: () => close(o) }] : []),
        ]}
      />
    )),
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('orders.title')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll().catch(() => undefined)}>
          {t('orders.export')}
        </Button>
      }
      notice={
        <Card size="small" className="finance-totals" title={t('orders.totals')} data-testid="order-totals">
          <Space size={48} wrap>
            <Statistic title={t('orders.totalAmount')} value={money(totals?.amountFen ?? 0)} />
            <Statistic title={t('orders.totalPaid')} value={money(totals?.paidFen ?? 0)} />
            <Statistic title={t('orders.totalRefunded')} value={money(totals?.refundedFen ?? 0)} />
            <Statistic title={t('orders.totalNet')} value={money(totals?.netFen ?? 0)} />
          </Space>
          <div className="finance-totals__channels">
            {(['online', 'offline'] as const).map((channel) => (
              <Typography.Text key={channel} type="secondary" data-testid={`order-totals-${channel}`}>
                {t(`orders.totalsOf.${channel}`, { paid: money(totals?.[channel].paidFen ?? 0), refunded: money(totals?.[channel].refundedFen ?? 0), net: money(totals?.[channel].netFen ?? 0) })}
              </Typography.Text>
            ))}
          </div>
        </Card>
      }
      filters={
        <>
          <Form.Item name="competitionId" label={t('orders.competition')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('orders.competitionPlaceholder')}
              style={{ width: 220 }}
              loading={competitions.loading}
              options={competitions.data ?? []}
              onChange={() => paged.filters.setFieldsValue({ itemId: undefined })}
            />
          </Form.Item>
          <Form.Item name="itemId" label={t('orders.event')}>
            <Select allowClear disabled={!competitionId} placeholder={competitionId ? t('common.all') : t('orders.eventPlaceholder')} style={{ width: 140 }} options={competitionId ? (events.data ?? []) : []} />
          </Form.Item>
          <Form.Item name="status" label={t('orders.status')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
          <Form.Item name="created" label={t('orders.created')}>
            <DatePicker.RangePicker style={{ width: 250 }} />
          </Form.Item>
          <Form.Item name="keyword" label={t('orders.keyword')}>
            <Input allowClear placeholder={t('orders.keywordPlaceholder')} style={{ width: 240 }} />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1000}
    >
      <IncomeTotals />
      <OrderDrawer detail={{ ...detail, open: openId !== null }} onClose={() => setOpenId(null)} onRefund={setRefunding} onCloseOrder={close} />
      <RefundModal
        order={refunding}
        onClose={() => setRefunding(null)}
        onDone={(o) => {
          setRefunding(null);
          changed(o);
        }}
      />
    </ListScreen>
  );
}

import { Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { REFUND_STATUSES, type RefundStatus, type RefundView } from '@cmp/contracts';
import { dateColumn, ListScreen, WIDE_ONLY } from '@/app/components/ListParts';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { financeApi, type RefundPageQuery } from '../api/finance.api';
import { money, NS, RefundStatusTag } from '../components/shared';

interface Filters {
  keyword?: string;
  status?: RefundStatus;
}

/** 财务列表: every refund, automatic (a rejected or withdrawn sign-up) or by finance, with its tries and last error. */
export default function RefundsPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const paged = usePagedList<RefundView, RefundPageQuery, Filters>(
    (q, signal) => financeApi.refunds(q, signal),
    (f) => ({ keyword: f.keyword?.trim() || undefined, status: f.status }),
  );
  const columns: TableColumnsType<RefundView> = [
    { title: t('refunds.refundNo'), dataIndex: 'refundNo', width: 200 },
    { title: t('refunds.orderNo'), dataIndex: 'orderNo', width: 200 },
    { title: t('refunds.amount'), dataIndex: 'amountFen', width: 100, align: 'right', render: (v: number) => money(v) },
    { title: t('refunds.status'), dataIndex: 'status', width: 90, render: (v: RefundStatus) => <RefundStatusTag status={v} /> },
    {
      title: t('refunds.reason'),
      dataIndex: 'reason',
      ellipsis: true,
      render: (v: string, r) => (r.lastError ? <Typography.Text type={r.status === 'failed' ? 'danger' : 'secondary'}>{`${v}（${r.lastError}）`}</Typography.Text> : v),
    },
    { title: t('refunds.requestedBy'), dataIndex: 'requestedBy', width: 100 },
    { title: t('refunds.attempts'), dataIndex: 'attempts', width: 90, align: 'right', responsive: WIDE_ONLY },
    dateColumn(t('refunds.createdAt'), 'createdAt', lang, 'minute'),
  ];
  return (
    <ListScreen
      paged={paged}
      title={t('refunds.title')}
      filters={
        <>
          <Form.Item name="keyword" label={t('orders.keyword')}>
            <Input allowClear placeholder={t('refunds.keywordPlaceholder')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="status" label={t('refunds.status')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={REFUND_STATUSES.map((s) => ({ value: s, label: t(`refundStatus.${s}`) }))} />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1000}
    />
  );
}

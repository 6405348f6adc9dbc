import { Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, REFUND_STATUSES, type RefundStatus, type RefundView } from '@cmp/contracts';
import { actionsColumn, dateColumn, ListScreen, RowLinks, WIDE_ONLY } from '@/app/components/ListParts';
import { confirmDialog, promptDialog, toast } from '@/app/feedback/feedback';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { useSession } from '@/app/session/session';
import { financeApi, type RefundPageQuery } from '../api/finance.api';
import { money, NS, Person, RefundStatusTag } from '../components/shared';

interface Filters {
  keyword?: string;
  status?: RefundStatus;
}

/**
 * 财务列表: every refund, automatic (a rejected or withdrawn sign-up) or by finance, with its tries and last error.
 * A refund above the organisation's approval amount is approved or rejected here, by someone other than who asked.
 */
export default function RefundsPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const canEdit = usePermission([Perm.financeEdit]);
  const me = useSession((x) => x.user?.username ?? '');
  const paged = usePagedList<RefundView, RefundPageQuery, Filters>(
    (q, signal) => financeApi.refunds(q, signal),
    (f) => ({ keyword: f.keyword?.trim() || undefined, status: f.status }),
    ['status'],
  );
  const approve = async (r: RefundView) => {
    const question = t('refunds.approveQuestion', { amount: money(r.amountFen), orderNo: r.orderNo, name: r.requestedByName });
    if ((await confirmDialog(question, { okText: t('refunds.approve') })) !== 'confirm') return;
    await financeApi.decideRefund(r.id, true).then(() => toast(t('refunds.approved'), 'success'), () => undefined);
    paged.list.reload();
  };
  const reject = async (r: RefundView) => {
    const { result, value } = await promptDialog(t('refunds.rejectQuestion'), { okText: t('refunds.reject'), danger: true, validator: (v) => v.trim().length > 0, errorMessage: t('refunds.noteRequired') });
    if (result !== 'confirm' || !value) return;
    await financeApi.decideRefund(r.id, false, value.trim()).then(() => toast(t('refunds.rejected'), 'success'), () => undefined);
    paged.list.reload();
  };
  const columns: TableColumnsType<RefundView> = [
    { title: t('refunds.refundNo'), dataIndex: 'refundNo', width: 200 },
    { title: t('refunds.orderNo'), dataIndex: 'orderNo', width: 200 },
    { title: t('refunds.amount'), dataIndex: 'amountFen', width: 100, align: 'right', render: (v: number) => money(v) },
    { title: t('refunds.status'), dataIndex: 'status', width: 100, render: (v: RefundStatus) => <RefundStatusTag status={v} /> },
    {
      title: t('refunds.reason'),
      dataIndex: 'reason',
      ellipsis: true,
      render: (v: string, r) => (r.lastError ? <Typography.Text type={r.status === 'failed' ? 'danger' : 'secondary'}>{`${v}（${r.lastError}）`}</Typography.Text> : v),
    },
    { title: t('refunds.requestedBy'), dataIndex: 'requestedByName', width: 100, render: (v: string, r) => <Person name={v} account={r.requestedBy} /> },
    {
      title: t('refunds.decidedBy'),
      dataIndex: 'decidedByName',
      width: 140,
      render: (v: string | null, r) => (
        <Typography.Text>
          <Person name={v} account={r.decidedBy} />
          {r.decisionNote && <Typography.Text type="secondary">{`：${r.decisionNote}`}</Typography.Text>}
        </Typography.Text>
      ),
    },
    { title: t('refunds.attempts'), dataIndex: 'attempts', width: 90, align: 'right', responsive: WIDE_ONLY },
    dateColumn(t('refunds.createdAt'), 'createdAt', lang, 'minute'),
    actionsColumn(t('common.actions'), 120, (r) =>
      canEdit && r.status === 'awaitingApproval' && r.requestedBy !== me ? (
        <RowLinks links={[{ label: t('refunds.approve'), onClick: () => void approve(r) }, { label: t('refunds.reject'), onClick: () => void reject(r), danger: true }]} />
      ) : null,
    ),
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
            <Select allowClear placeholder={t('common.all')} style={{ width: 140 }} options={REFUND_STATUSES.map((s) => ({ value: s, label: t(`refundStatus.${s}`) }))} />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1300}
    />
  );
}

import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag, Typography, Upload, type TableColumnsType, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OFFLINE_STATUSES, Perm, type OfflinePaymentView, type OfflineStatus } from '@cmp/contracts';
import { actionsColumn, dateColumn, PagedTable, RowLinks, SearchButtons } from '@/app/components/ListParts';
import { confirmDialog, promptDialog, toast } from '@/app/feedback/feedback';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { useSession } from '@/app/session/session';
import { financeApi, type RefundPageQuery } from '../api/finance.api';
import { OfflineSignupSelect } from './OfflineSignupSelect';
import { money, NS, Person, useCompetitionItem } from './shared';

const STATUS_COLOR: Record<OfflineStatus, string> = { pending: 'processing', approved: 'success', rejected: 'default', closed: 'default' };

/**
 * 线下缴费: fees paid outside Alipay (a transfer, cash at the desk). One finance account records it with the voucher;
 * another approves it, and the sign-up is paid; the account that recorded it sees no approve button.
 */
export function OfflinePayments() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const competitionItem = useCompetitionItem();
  const canEdit = usePermission([Perm.financeEdit]);
  const me = useSession((x) => x.user?.username ?? '');
  const paged = usePagedList<OfflinePaymentView, RefundPageQuery, { keyword?: string; status?: OfflineStatus }>(
    (q, signal) => financeApi.offline(q, signal),
    (f) => ({ keyword: f.keyword?.trim() || undefined, status: f.status }),
    ['status'],
  );
  const [recording, setRecording] = useState(false);
  const [form] = Form.useForm<{ signupId: number; reason: string; voucher: UploadFile[] }>();
  const [busy, setBusy] = useState(false);

  const record = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await financeApi.recordOffline(v.signupId, v.reason.trim(), v.voucher[0].originFileObj as File);
      toast(t('offline.recorded'), 'success');
      setRecording(false);
      paged.list.reload();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  const approve = async (o: OfflinePaymentView) => {
    if ((await confirmDialog(t('offline.approveQuestion', { payer: o.payerName, amount: money(o.amountFen) }), { okText: t('offline.approve') })) !== 'confirm') return;
    await financeApi.decideOffline(o.id, true).then(
      // A record that could no longer apply comes back closed, with the reason.
      (after) => (after.closeReason ? toast(t(`offline.closeReason.${after.closeReason}`), 'warning') : toast(t('offline.approved'), 'success')),
      () => undefined,
    );
    paged.list.reload();
  };
  const reject = async (o: OfflinePaymentView) => {
    const { result, value } = await promptDialog(t('offline.rejectQuestion'), { okText: t('offline.reject'), danger: true, validator: (v) => v.trim().length > 0, errorMessage: t('offline.noteRequired') });
    if (result !== 'confirm' || !value) return;
    await financeApi.decideOffline(o.id, false, value.trim()).then(() => toast(t('offline.rejected'), 'success'), () => undefined);
    paged.list.reload();
  };
  const openVoucher = async (o: OfflinePaymentView) => {
    const file = await financeApi.voucher(o.id).catch(() => null);
    if (file) window.open(URL.createObjectURL(file.blob), '_blank', 'noopener');
  };

  const columns: TableColumnsType<OfflinePaymentView> = [
    { title: t('offline.signupId'), dataIndex: 'signupId', width: 100 },
    { title: t('orders.competition'), dataIndex: 'competitionName', ellipsis: true, render: (_: string, o) => competitionItem(o) },
    { title: t('orders.payer'), dataIndex: 'payerName', width: 110 },
    { title: t('orders.amount'), dataIndex: 'amountFen', width: 100, align: 'right', render: (v: number) => money(v) },
    { title: t('offline.reason'), dataIndex: 'reason', ellipsis: true },
    {
      title: t('orders.status'),
      dataIndex: 'status',
      width: 150,
      render: (v: OfflineStatus, o) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLOR[v]}>{t(`offline.status.${v}`)}</Tag>
          {o.decidedBy && (
            <Typography.Text type="secondary">
              <Person name={o.decidedByName} account={o.decidedBy} />
              {o.decisionNote ? `：${o.decisionNote}` : ''}
            </Typography.Text>
          )}
          {o.closeReason && <Typography.Text type="secondary">{t(`offline.closeReason.${o.closeReason}`)}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('offline.requestedBy'), dataIndex: 'requestedByName', width: 100, render: (v: string, o) => <Person name={v} account={o.requestedBy} /> },
    dateColumn(t('refunds.createdAt'), 'createdAt', lang, 'minute'),
    actionsColumn(t('common.actions'), 170, (o) => (
      <RowLinks
        links={[
          { label: t('offline.voucher'), onClick: () => void openVoucher(o) },
          ...(canEdit && o.status === 'pending' && o.requestedBy !== me
            ? [{ label: t('offline.approve'), onClick: () => void approve(o) }, { label: t('offline.reject'), onClick: () => void reject(o), danger: true }]
            : []),
        ]}
      />
    )),
  ];

  return (
    <div data-testid="offline-payments">
      <Form form={paged.filters} layout="inline" className="search-form" onFinish={paged.search}>
        <Form.Item name="keyword" label={t('orders.keyword')}>
          <Input allowClear placeholder={t('offline.keywordPlaceholder')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label={t('orders.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={OFFLINE_STATUSES.map((s) => ({ value: s, label: t(`offline.status.${s}`) }))} />
        </Form.Item>
        <SearchButtons onReset={paged.reset} />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)} style={{ marginLeft: 'auto' }}>
            {t('offline.record')}
          </Button>
        )}
      </Form>
      <PagedTable<OfflinePaymentView> list={paged.list} query={paged.query} setQuery={paged.setQuery} rowKey="id" columns={columns} scroll={{ x: 1100 }} locale={{ emptyText: t('offline.empty') }} />
      <Modal open={recording} title={t('offline.record')} okText={t('offline.submit')} confirmLoading={busy} onOk={() => void record().catch(() => undefined)} onCancel={() => setRecording(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('offline.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" name="offline" preserve={false}>
          <Form.Item name="signupId" label={t('offline.signup')} extra={t('offline.signupHelp')} rules={[{ required: true, message: t('offline.signupRequired') }]}>
            <OfflineSignupSelect />
          </Form.Item>
          <Form.Item name="reason" label={t('offline.reason')} rules={[{ required: true, whitespace: true, message: t('offline.reasonRequired') }]}>
            <Input maxLength={200} placeholder={t('offline.reasonPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="voucher"
            label={t('offline.voucher')}
            valuePropName="fileList"
            getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
            extra={t('offline.voucherHelp')}
            rules={[{ required: true, message: t('offline.voucherRequired') }]}
          >
            <Upload accept=".png,.jpg,.jpeg,.pdf" maxCount={1} beforeUpload={() => false}>
              <Button icon={<UploadOutlined />}>{t('offline.chooseVoucher')}</Button>
            </Upload>
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

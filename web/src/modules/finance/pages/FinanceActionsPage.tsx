import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Segmented, Skeleton, Space, Table, Tabs, Tag, Upload, type TableColumnsType } from 'antd';
import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { Perm, RECON_KINDS, type PageQuery, type ReconDetail, type ReconItemView, type ReconKind, type ReconRunView } from '@cmp/contracts';
import { actionsColumn, dateColumn, PagedTable } from '@/app/components/ListParts';
import { PageHeader } from '@/app/components/PageHeader';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { financeApi } from '../api/finance.api';
import { OfflinePayments } from '../components/OfflinePayments';
import { money, NS } from '../components/shared';
import '../components/finance.css';

const KIND_COLOR: Record<ReconKind, string> = { matched: 'success', amountDiff: 'error', alipayOnly: 'warning', platformOnly: 'orange' };

/** 财务操作: Alipay reconciliation and offline payments, one tab each. */
export default function FinanceActionsPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="system-page">
      <Tabs
        items={[
          { key: 'reconcile', label: t('recon.title'), children: <Reconciliation /> },
          { key: 'offline', label: t('offline.title'), children: <OfflinePayments /> },
        ]}
      />
    </div>
  );
}

/** 支付宝对账: import or fetch a day's bill, keep each run, look at and resolve its differences. */
function Reconciliation() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const canEdit = usePermission([Perm.financeEdit]);
  const [query, setQuery] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const runs = useAsync((signal) => financeApi.runs(query, signal), [query]);
  const [day, setDay] = useState<Dayjs>(dayjs().subtract(1, 'day'));
  const [busy, setBusy] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [kind, setKind] = useState<ReconKind | 'all'>('all');
  const detail = useAsync((signal) => financeApi.run(openId!, kind === 'all' ? undefined : kind, signal), [openId, kind], openId !== null);

  const done = (d: ReconDetail) => {
    toast(d.open ? t('recon.done', { open: d.open }) : t('recon.noDifferences'), d.open ? 'warning' : 'success');
    setQuery((q) => ({ ...q, pageNum: 1 }));
    setKind('all');
    setOpenId(d.id);
  };
  const run = async (work: () => Promise<ReconDetail>) => {
    setBusy(true);
    try {
      done(await work());
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  const apply = async (item: ReconItemView) => {
    if ((await confirmDialog(t('recon.applyQuestion', { orderNo: item.orderNo }), { okText: t('recon.apply') })) !== 'confirm') return;
    try {
      await financeApi.apply(item.id);
      toast(t('recon.applied'), 'success');
      detail.reload();
      runs.reload();
    } catch {
      /* toasted */
    }
  };

  const countsOf = (r: ReconRunView) => (
    <Space size={4} wrap>
      {RECON_KINDS.filter((k) => r.counts[k]).map((k) => (
        <Tag key={k} color={KIND_COLOR[k]}>{`${t(`recon.${k}`)} ${r.counts[k]}`}</Tag>
      ))}
    </Space>
  );
  const columns: TableColumnsType<ReconRunView> = [
    { title: t('recon.billDay'), dataIndex: 'billDay', width: 120, render: (v: string, r) => <a onClick={() => setOpenId(r.id)}>{v}</a> },
    { title: t('recon.source'), dataIndex: 'source', width: 90, render: (v: string) => t(v === 'download' ? 'recon.sourceDownload' : 'recon.sourceUpload') },
    { title: t('recon.billRows'), dataIndex: 'billRows', width: 100, align: 'right' },
    { title: t('recon.kind'), render: (_, r) => countsOf(r) },
    { title: t('recon.open'), dataIndex: 'open', width: 90, align: 'right', render: (v: number) => (v ? <Tag color="error">{v}</Tag> : 0) },
    { title: t('recon.createdBy'), dataIndex: 'createdBy', width: 100 },
    dateColumn(t('recon.createdAt'), 'createdAt', lang, 'minute'),
    actionsColumn(t('common.actions'), 90, (r) => <a onClick={() => setOpenId(r.id)}>{t('common.detail')}</a>),
  ];
  const itemColumns: TableColumnsType<ReconItemView> = [
    { title: t('recon.side'), dataIndex: 'side', width: 70, render: (v: string) => t(v === 'refund' ? 'recon.sideRefund' : 'recon.sideTrade') },
    { title: t('recon.kind'), dataIndex: 'kind', width: 140, render: (v: ReconKind) => <Tag color={KIND_COLOR[v]}>{t(`recon.${v}`)}</Tag> },
    { title: t('recon.orderNo'), dataIndex: 'orderNo', width: 200, render: (v: string, i) => (i.requestNo ? `${v} / ${i.requestNo}` : v) },
    { title: t('recon.alipayAmount'), dataIndex: 'alipayFen', width: 100, align: 'right', render: (v: number | null) => money(v) },
    { title: t('recon.platformAmount'), dataIndex: 'platformFen', width: 100, align: 'right', render: (v: number | null) => money(v) },
    { title: t('recon.platformStatus'), dataIndex: 'platformStatus', width: 100, render: (v: string | null) => (v ? t(`status.${v}`, { defaultValue: t(`refundStatus.${v}`, { defaultValue: v }) }) : '-') },
    {
      title: t('recon.resolution'),
      width: 130,
      render: (_, i) =>
        i.resolvedAt ? (
          <Tag color="success">{t('recon.applied')}</Tag>
        ) : canEdit && i.kind === 'alipayOnly' && i.side === 'trade' && i.orderId ? (
          <a onClick={() => void apply(i)}>{t('recon.apply')}</a>
        ) : null,
    },
  ];

  return (
    <div data-testid="reconciliation">
      <PageHeader
        title={t('recon.title')}
        extra={
          canEdit && (
            <>
              <Upload
                accept=".zip,.csv"
                showUploadList={false}
                beforeUpload={(file) => {
                  void run(() => financeApi.importBill(file));
                  return false;
                }}
              >
                <Button type="primary" icon={<UploadOutlined />} loading={busy}>
                  {busy ? t('recon.importing') : t('recon.import')}
                </Button>
              </Upload>
              <DatePicker value={day} onChange={(d) => d && setDay(d)} disabledDate={(d) => d.isAfter(dayjs().subtract(1, 'day'), 'day')} allowClear={false} />
              <Button icon={<CloudDownloadOutlined />} loading={busy} onClick={() => void run(() => financeApi.fetchBill(day.format('YYYY-MM-DD')))}>
                {t('recon.fetch')}
              </Button>
            </>
          )
        }
      />
      <Alert type="info" showIcon message={t('recon.intro')} style={{ marginBottom: 16 }} />
      <PagedTable<ReconRunView> list={runs} query={query} setQuery={setQuery} rowKey="id" columns={columns} scroll={{ x: 960 }} locale={{ emptyText: t('recon.empty') }} />
      <Drawer open={openId !== null} width={980} title={detail.data ? t('recon.detailTitle', { day: detail.data.billDay }) : ''} onClose={() => setOpenId(null)}>
        {!detail.data ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="recon-detail">
            {countsOf(detail.data)}
            <Segmented<ReconKind | 'all'>
              value={kind}
              onChange={setKind}
              options={[{ value: 'all', label: t('common.all') }, ...RECON_KINDS.map((k) => ({ value: k, label: t(`recon.${k}`) }))]}
            />
            <Table<ReconItemView> size="small" rowKey="id" loading={detail.loading} dataSource={detail.data.items} columns={itemColumns} pagination={{ pageSize: 20 }} scroll={{ x: 900 }} />
          </Space>
        )}
      </Drawer>
    </div>
  );
}

import { useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Drawer, Segmented, Skeleton, Space, Table, Tabs, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import dayjs, { type Dayjs } from 'dayjs';
import { Perm, RECON_COUNT_KINDS, RECON_KINDS, type ReconCountKind, type ReconDetail, type ReconItemView, type ReconKind, type ReconPageQuery, type ReconRunView, type ReconTotals } from '@cmp/contracts';
import { actionsColumn, dateColumn, PagedTable } from '@/app/components/ListParts';
import { PageHeader } from '@/app/components/PageHeader';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { financeApi } from '../api/finance.api';
import { FinanceSettingsForm } from '../components/FinanceSettingsForm';
import { OfflinePayments } from '../components/OfflinePayments';
import { money, NS, Person } from '../components/shared';
import '../components/finance.css';

const KIND_COLOR: Record<ReconCountKind, string> = { matched: 'success', amountDiff: 'error', alipayOnly: 'warning', platformOnly: 'orange', otherOrg: 'default' };
/** The kinds a bill line can end in: with their counts, the bill's lines add up. */
const BILL_KINDS: ReconCountKind[] = ['matched', 'amountDiff', 'alipayOnly', 'otherOrg'];

/**
 * 财务操作: Alipay reconciliation, offline payments and the finance settings, one tab each (`?tab=offline` opens one;
 * `?unresolved=1` opens the reconciliation runs with differences not yet settled, as the workbench's to-do counts them).
 */
export default function FinanceActionsPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  return (
    <div className="system-page">
      <Tabs
        defaultActiveKey={params.get('tab') ?? undefined}
        items={[
          { key: 'reconcile', label: t('recon.title'), children: <Reconciliation /> },
          { key: 'offline', label: t('offline.title'), children: <OfflinePayments /> },
          { key: 'settings', label: t('settings.title'), children: <FinanceSettingsForm /> },
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
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState<ReconPageQuery>(() => ({ pageNum: 1, pageSize: 10, ...(params.get('unresolved') === '1' ? { unresolved: 1 } : {}) }));
  /** Only the runs with differences to settle, or every run again: the address says which, so a reload keeps it. */
  const onlyUnresolved = (on: boolean) => {
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, ...(on ? { unresolved: 1 } : {}) }));
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set('unresolved', '1');
        else next.delete('unresolved');
        return next;
      },
      { replace: true },
    );
  };
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
      {RECON_COUNT_KINDS.filter((k) => r.counts[k]).map((k) => (
        <Tag key={k} color={KIND_COLOR[k]}>{`${t(`recon.${k}`)} ${r.counts[k]}`}</Tag>
      ))}
    </Space>
  );
  const currentTag = (r: ReconRunView) => (r.current ? <Tag color="blue">{t('recon.current')}</Tag> : <Tag>{t('recon.supersededTag')}</Tag>);
  const columns: TableColumnsType<ReconRunView> = [
    {
      title: t('recon.billDay'),
      dataIndex: 'billDay',
      width: 180,
      className: 'cell-nowrap',
      render: (v: string, r) => (
        <Space size={4}>
          <a onClick={() => setOpenId(r.id)}>{v}</a>
          {currentTag(r)}
        </Space>
      ),
    },
    { title: t('recon.source'), dataIndex: 'source', width: 90, render: (v: string) => t(v === 'download' ? 'recon.sourceDownload' : 'recon.sourceUpload') },
    { title: t('recon.billRows'), dataIndex: 'billRows', width: 100, align: 'right' },
    { title: t('recon.kind'), render: (_, r) => countsOf(r) },
    {
      title: t('recon.totals'),
      width: 210,
      render: (_, r) => (
        <Typography.Text className="cell-nowrap">
          {`${t('recon.totalsAlipay')} ${money(r.totals.alipay.paymentsFen - r.totals.alipay.refundsFen)} / ${t('recon.totalsPlatform')} ${money(r.totals.platform.paymentsFen - r.totals.platform.refundsFen)}`}
        </Typography.Text>
      ),
    },
    { title: t('recon.open'), dataIndex: 'open', width: 90, align: 'right', render: (v: number) => (v ? <Tag color="error">{v}</Tag> : 0) },
    { title: t('recon.createdBy'), dataIndex: 'createdByName', width: 100, render: (v: string, r) => <Person name={v} account={r.createdBy} /> },
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
      width: 150,
      render: (_, i) =>
        i.resolvedAt ? (
          <Space size={4}>
            <Tag color="success">{t('recon.applied')}</Tag>
            <Person name={i.resolvedByName} account={i.resolvedBy} />
          </Space>
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
      <div className="search-form" data-testid="recon-filter">
        <Checkbox checked={query.unresolved === 1} onChange={(e) => onlyUnresolved(e.target.checked)}>
          {t('recon.onlyUnresolved')}
        </Checkbox>
      </div>
      <PagedTable<ReconRunView>
        list={runs}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t(query.unresolved ? 'recon.emptyUnresolved' : 'recon.empty') }}
      />
      <Drawer open={openId !== null} width={980} title={detail.data ? t('recon.detailTitle', { day: detail.data.billDay }) : ''} onClose={() => setOpenId(null)}>
        {!detail.data ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="recon-detail">
            {!detail.data.current && (
              <Alert
                type="warning"
                showIcon
                message={t('recon.superseded')}
                description={t('recon.supersededHelp')}
                action={<Button size="small" onClick={() => setOpenId(detail.data!.supersededBy)}>{t('recon.openCurrent')}</Button>}
              />
            )}
            <Space size={4} wrap>
              {currentTag(detail.data)}
              {countsOf(detail.data)}
            </Space>
            <BillLines run={detail.data} />
            <Totals totals={detail.data.totals} />
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

/** How the bill's lines add up: every line is in one kind, another organisation's included. */
function BillLines({ run }: { run: ReconRunView }) {
  const { t } = useTranslation(NS);
  const parts = BILL_KINDS.map((k) => `${t(`recon.${k}`)} ${run.counts[k]}`).join(' + ');
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text data-testid="recon-bill-lines">{t('recon.billLines', { rows: run.billRows, parts })}</Typography.Text>
      {run.counts.otherOrg > 0 && <Typography.Text type="secondary">{t('recon.otherOrgHelp', { count: run.counts.otherOrg })}</Typography.Text>}
    </Space>
  );
}

/** Money of a run: payments, refunds and net at Alipay (the lines the caller sees) against the platform, and the rest of the bill. */
function Totals({ totals }: { totals: ReconTotals }) {
  const { t } = useTranslation(NS);
  const sides = [
    { key: 'alipay', label: t('recon.totalsAlipay'), v: totals.alipay },
    { key: 'platform', label: t('recon.totalsPlatform'), v: totals.platform },
    ...(totals.otherOrg.paymentsFen || totals.otherOrg.refundsFen ? [{ key: 'otherOrg', label: t('recon.totalsOtherOrg'), v: totals.otherOrg }] : []),
  ];
  return (
    <Table
      data-testid="recon-totals"
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={sides}
      columns={[
        { title: t('recon.totals'), dataIndex: 'label', width: 160 },
        { title: t('recon.payments'), align: 'right', render: (_, s) => money(s.v.paymentsFen) },
        { title: t('recon.refunds'), align: 'right', render: (_, s) => money(s.v.refundsFen) },
        { title: t('recon.net'), align: 'right', render: (_, s) => money(s.v.paymentsFen - s.v.refundsFen) },
      ]}
    />
  );
}

import { useState } from 'react';
import { Alert, Empty, Form, Input, Select, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BATCH_STATUSES, type BatchProgress, type CertificateBatch } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { PageHeader } from '@/modules/system/components/PageHeader';
import { useAsync } from '@/modules/system/hooks/useAsync';
import { certAdminApi, type BatchQuery } from '../api/certificate-admin.api';
import { BatchStatusTag, LinkButton, NS, PATHS, ProgressView, SentTag, useBatchProgress, useCanIssue } from '../components/shared';

const BASE: BatchQuery = { pageNum: 1, pageSize: 10 };

/** 证书发放 (certificate/send/index): batches with live rendering progress; retry failed items, send, download. */
export default function SendPage() {
  const { t } = useTranslation(NS);
  const [query, setQuery] = useState<BatchQuery>(BASE);
  const list = useAsync((signal) => certAdminApi.batchPage(query, signal), [query]);
  const [form] = Form.useForm<{ name?: string; status?: string }>();
  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ ...BASE, pageSize: q.pageSize, name: f.name?.trim() || undefined, status: f.status }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...BASE, pageSize: q.pageSize }));
  };

  const columns: TableColumnsType<CertificateBatch> = [
    { title: t('batch.name'), dataIndex: 'name', width: 200 },
    { title: t('batch.competition'), key: 'competition', width: 200, render: (_, b) => [b.competitionName, b.itemName].filter(Boolean).join(' / ') || '-' },
    { title: t('batch.total'), dataIndex: 'total', width: 90, align: 'right' },
    { title: t('send.progress'), key: 'progress', width: 560, render: (_, b) => <BatchRowControls batch={b} onSettled={list.reload} /> },
  ];
  return (
    <div className="system-page" data-testid="ca-send">
      <PageHeader title={t('send.title')} />
      <Alert type="info" showIcon message={t('send.intro')} className="ca-hint" />
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="name" label={t('batch.name')}>
          <Input allowClear placeholder={t('batch.namePlaceholder')} style={{ width: 220 }} data-testid="ca-send-search" />
        </Form.Item>
        <Form.Item name="status" label={t('batch.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 130 }} options={BATCH_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<CertificateBatch>
        rowKey="id"
        list={list}
        query={query}
        setQuery={setQuery}
        columns={columns}
        scroll={{ x: 1050 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batch.empty')} /> }}
      />
    </div>
  );
}

/** One batch's status, live progress (polled while it renders), and what can be done with it now. */
function BatchRowControls({ batch, onSettled }: { batch: CertificateBatch; onSettled: () => void }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const canIssue = useCanIssue();
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<BatchProgress['status']>(batch.status);
  const { progress, refresh } = useBatchProgress(batch.status === 'draft' ? undefined : batch.id, (p) => {
    // The row's batch (status, sent) is refreshed once the rendering settles.
    if (p.status !== last) {
      setLast(p.status);
      if (p.status === 'done' || p.status === 'failed') onSettled();
    }
  });
  const status = progress?.status ?? batch.status;
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast(done, 'success');
      refresh();
      onSettled();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    if ((await confirmDialog(t('send.sendConfirm', { name: batch.name, count: progress?.done ?? batch.total }), { okText: t('send.send') })) !== 'confirm') return;
    await run(() => certAdminApi.send(batch.id), t('send.sentDone'));
  };
  const canRetry = progress && (progress.failed > 0 || status === 'failed' || status === 'queued') && status !== 'running';

  return (
    <div className="ca-send-row" data-testid={`ca-send-row-${batch.id}`}>
      <Space size={8} wrap>
        <BatchStatusTag status={status} error={progress?.error ?? batch.error} />
        <SentTag batch={batch} />
      </Space>
      {batch.status !== 'draft' && <ProgressView progress={progress} compact />}
      <Space size={0} wrap>
        {batch.status === 'draft' && <LinkButton onClick={() => navigate(`${PATHS.check}?batchId=${batch.id}`)}>{t('batch.check')}</LinkButton>}
        {canIssue && canRetry && (
          <LinkButton disabled={busy} onClick={() => void run(() => certAdminApi.retry(batch.id), t('send.retried'))} testId="ca-retry">
            {t('send.retry')}
          </LinkButton>
        )}
        {canIssue && status === 'done' && (
          <LinkButton disabled={busy} onClick={() => void send()} testId="ca-send-batch">
            {t('send.send')}
          </LinkButton>
        )}
        {status === 'done' && (
          <LinkButton onClick={() => void certAdminApi.zip(batch).catch(() => undefined)} testId="ca-zip">
            {t('batch.zip')}
          </LinkButton>
        )}
      </Space>
    </div>
  );
}

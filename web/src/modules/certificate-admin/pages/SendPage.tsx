import { useState } from 'react';
import { Alert, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BatchProgress, CertificateBatch } from '@cmp/contracts';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { PageHeader } from '@/app/components/PageHeader';
import { certAdminApi } from '../api/certificate-admin.api';
import { BatchTable, useBatchList } from '../components/BatchTable';
import { BatchStatusTag, LinkButton, NS, useCompetitionLabel, PATHS, ProgressView, SentTag, useBatchProgress, useCanIssue } from '../components/shared';

/** 证书发放 (certificate/send/index): batches with live rendering progress; retry failed items, send, download. */
export default function SendPage() {
  const { t } = useTranslation(NS);
  const competitionLabel = useCompetitionLabel();
  const batches = useBatchList();
  const { list } = batches;

  const columns: TableColumnsType<CertificateBatch> = [
    { title: t('batch.name'), dataIndex: 'name', width: 200 },
    { title: t('batch.competition'), key: 'competition', width: 200, render: (_, b) => competitionLabel(b) },
    { title: t('batch.total'), dataIndex: 'total', width: 90, align: 'right' },
    { title: t('send.progress'), key: 'progress', width: 560, render: (_, b) => <BatchRowControls batch={b} onSettled={list.reload} /> },
  ];
  return (
    <div className="system-page" data-testid="ca-send">
      <PageHeader title={t('send.title')} />
      <Alert type="info" showIcon message={t('send.intro')} className="ca-hint" />
      <BatchTable batches={batches} columns={columns} scrollX={1050} testId="ca-send-search" />
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

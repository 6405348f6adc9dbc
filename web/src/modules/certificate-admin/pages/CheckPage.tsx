import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Select, Space, Spin } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CertificateDesign, CertificateValues } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { sampleQrCode } from '@/app/components/certificate/sample';
import { certAdminApi } from '../api/certificate-admin.api';
import { BatchPreview } from '../components/BatchPreview';
import { EmptyFieldsList } from '../components/EmptyFieldsList';
import { BatchStatusTag, NS, useCompetitionLabel, PATHS, ProgressView, useBatchProgress, useCanIssue, useNumberingLabel } from '../components/shared';

const COUNTS = [1, 3, 5, 10];

/**
 * 证书审核 (certificate/check/index): a draft batch previewed with its real winners — those with the longest
 * texts — so overflow is seen before issuing; then issue and watch the rendering start.
 */
export default function CheckPage() {
  const { t } = useTranslation(NS);
  const competitionLabel = useCompetitionLabel();
  const navigate = useNavigate();
  const canIssue = useCanIssue();
  const numberingLabel = useNumberingLabel();
  const [params, setParams] = useSearchParams();
  const batchId = Number(params.get('batchId')) || undefined;
  const [count, setCount] = useState(3);
  const [name, setName] = useState('');
  const [issuing, setIssuing] = useState(false);

  const drafts = useAsync((signal) => certAdminApi.batchPage({ pageNum: 1, pageSize: 50, status: 'draft', name: name || undefined }, signal), [name]);
  const batch = useAsync((signal) => certAdminApi.batchDetail(batchId!, signal), [batchId], !!batchId);
  const preview = useAsync((signal) => certAdminApi.preview(batchId!, count, signal), [batchId, count], !!batchId);
  const { progress, refresh } = useBatchProgress(batch.data && batch.data.status !== 'draft' ? batchId : undefined);

  // The preview's QR code stands in for the trace code each certificate gets; the seal is the one that will
  // print: the organisation's uploaded seal, or none at all (never a sample that the PDF would not have).
  const values = useMemo<CertificateValues[]>(
    () =>
      (preview.data?.values ?? []).map((v) => ({
        ...(v as CertificateValues),
        qrCode: sampleQrCode(),
        ...(preview.data?.sealUrl ? { seal: preview.data.sealUrl } : {}),
      })),
    [preview.data],
  );
  const design = preview.data?.design as CertificateDesign | null | undefined;
  const b = batch.data;

  const issue = async () => {
    if (!b) return;
    if ((await confirmDialog(t('check.issueConfirm', { name: b.name, count: b.total }), { okText: t('check.issue') })) !== 'confirm') return;
    setIssuing(true);
    try {
      const issued = await certAdminApi.issue(b.id);
      toast(t('check.issued'), 'success');
      for (const w of issued.warnings ?? []) toast(w, 'warning');
      batch.reload();
      refresh();
    } catch {
      /* toasted: an empty list, a scheme that cannot hold the batch… */
    } finally {
      setIssuing(false);
    }
  };

  const options = (drafts.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.total})` }));
  if (b && !options.some((o) => o.value === b.id)) options.unshift({ value: b.id, label: `${b.name} (${b.total})` });
  return (
    <div className="system-page" data-testid="ca-check">
      <PageHeader title={t('check.title')} />
      <Alert type="info" showIcon message={t('check.intro')} className="ca-hint" />
      <Space wrap className="ca-hint">
        <span>{t('check.batch')}</span>
        <Select
          showSearch
          filterOption={false}
          onSearch={setName}
          style={{ width: 360 }}
          placeholder={t('check.batchPlaceholder')}
          value={batchId}
          loading={drafts.loading}
          options={options}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('check.noDrafts')} />}
          onChange={(id: number) => setParams({ batchId: String(id) })}
          data-testid="ca-check-batch"
        />
        <span>{t('check.previewCount')}</span>
        <Select style={{ width: 90 }} value={count} onChange={setCount} options={COUNTS.map((n) => ({ value: n, label: n }))} />
      </Space>
      {!batchId && <Empty description={drafts.data?.total === 0 ? t('check.noDrafts') : t('check.batchPlaceholder')} />}
      {batchId && (
        <>
          <LoadError error={batch.error ?? preview.error} onRetry={() => (batch.reload(), preview.reload())} />
          {b && (
            <Card size="small" className="ca-hint">
              <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
                <Descriptions.Item label={t('batch.name')}>{b.name}</Descriptions.Item>
                <Descriptions.Item label={t('batch.template')}>{b.templateName}</Descriptions.Item>
                <Descriptions.Item label={t('batch.status')}>
                  <BatchStatusTag status={progress?.status ?? b.status} error={progress?.error ?? b.error} />
                </Descriptions.Item>
                <Descriptions.Item label={t('batch.competition')}>{competitionLabel(b)}</Descriptions.Item>
                <Descriptions.Item label={t('batch.issuer')}>{b.issuerName}</Descriptions.Item>
                <Descriptions.Item label={t('batch.numbering')}>{numberingLabel(b.numbering)}</Descriptions.Item>
                <Descriptions.Item label={t('check.winners')}>{b.total}</Descriptions.Item>
              </Descriptions>
              <Space wrap style={{ marginTop: 8 }}>
                {b.status === 'draft' && canIssue && (
                  <GuardedButton type="primary" icon={<SafetyCertificateOutlined />} loading={issuing} disabled={!b.total} onClick={() => void issue()} data-testid="ca-issue">
                    {t('check.issue')}
                  </GuardedButton>
                )}
                {b.status !== 'draft' && (
                  <Button onClick={() => navigate(PATHS.send)} data-testid="ca-go-send">
                    {t('check.goSend')}
                  </Button>
                )}
              </Space>
              {b.status !== 'draft' && (
                <div style={{ marginTop: 12, maxWidth: 560 }}>
                  <ProgressView progress={progress} />
                </div>
              )}
            </Card>
          )}
          {preview.data?.warnings.map((w) => <Alert key={w} type="warning" showIcon message={w} className="ca-hint" data-testid="ca-check-warning" />)}
          {preview.data && <EmptyFieldsList empty={preview.data.empty} />}
          {preview.loading && !preview.data ? (
            <Spin style={{ display: 'block', margin: '48px auto' }} />
          ) : design ? (
            <BatchPreview key={`${batchId}-${count}-${values.length}`} design={design} values={values} />
          ) : (
            preview.data && <Empty description={t('check.noDesign')} />
          )}
        </>
      )}
    </div>
  );
}

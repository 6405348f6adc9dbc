import { useState } from 'react';
import { Alert, Descriptions, Empty, Form, Input, Modal, Result, Space, Spin } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificateSearchHit, CertificateSearchQuery, TraceResult } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { certificateApi } from '@/app/api/certificate.api';
import { certAdminApi } from '../api/certificate-admin.api';
import { CertificateActions } from '../components/CertificateActions';
import { CertStatusTag, LinkButton, NS, useCompetitionLabel, useDateTime } from '../components/shared';

type Query = Partial<CertificateSearchQuery> & { pageNum: number; pageSize: number };
const BASE: Query = { pageNum: 1, pageSize: 10 };

/** 证书溯源 (certificate/trace/index): find a certificate, see what its QR code check shows, revoke or reissue it. */
export default function TracePage() {
  const { t } = useTranslation(NS);
  const competitionLabel = useCompetitionLabel();
  const [query, setQuery] = useState<Query>(BASE);
  const list = useAsync((signal) => certAdminApi.search({ ...query, keyword: query.keyword! }, signal), [query], !!query.keyword);
  const [form] = Form.useForm<{ keyword?: string }>();
  const [tracing, setTracing] = useState<CertificateSearchHit | null>(null);

  const search = () => {
    const keyword = form.getFieldValue('keyword')?.trim();
    setQuery((q) => ({ ...BASE, pageSize: q.pageSize, keyword: keyword || undefined }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...BASE, pageSize: q.pageSize }));
  };

  const columns: TableColumnsType<CertificateSearchHit> = [
    { title: t('cert.holder'), dataIndex: 'holderName', width: 140 },
    { title: t('cert.number'), dataIndex: 'number', width: 150, render: (v: string | null) => v ?? '-' },
    { title: t('cert.award'), dataIndex: 'awardName', width: 100 },
    { title: t('cert.batch'), dataIndex: 'batchName', width: 180 },
    { title: t('cert.competition'), key: 'competition', width: 200, render: (_, c) => competitionLabel(c) },
    { title: t('cert.status'), dataIndex: 'status', width: 150, render: (_, c) => <CertStatusTag status={c.status} error={c.error} replaced={!!c.replacedBy} /> },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 280,
      render: (_, c) => (
        <Space size={0} wrap>
          {c.traceUrl && (
            <LinkButton onClick={() => setTracing(c)} testId="ca-trace-result">
              {t('trace.result')}
            </LinkButton>
          )}
          <CertificateActions cert={c} onChanged={list.reload} />
        </Space>
      ),
    },
  ];

  return (
    <div className="system-page" data-testid="ca-trace">
      <PageHeader title={t('trace.title')} />
      <Alert type="info" showIcon message={t('trace.intro')} className="ca-hint" />
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="keyword" label={t('trace.keyword')}>
          <Input allowClear placeholder={t('trace.keywordPlaceholder')} style={{ width: 280 }} data-testid="ca-trace-keyword" />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      {query.keyword ? (
        <PagedTable<CertificateSearchHit>
          rowKey="id"
          list={list}
          query={query}
          setQuery={(update) => setQuery((q) => ({ ...q, ...update(q) }))}
          columns={columns}
          scroll={{ x: 1200 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cert.empty')} /> }}
        />
      ) : (
        <Empty description={t('trace.start')} />
      )}
      {tracing && <TraceModal hit={tracing} onClose={() => setTracing(null)} />}
    </div>
  );
}

/** What the public check page shows for this certificate (the same call its QR code makes), and a link to it. */
function TraceModal({ hit, onClose }: { hit: CertificateSearchHit; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const competitionLabel = useCompetitionLabel();
  const at = useDateTime();
  const token = new URLSearchParams(hit.traceUrl!.split('?')[1]).get('token') ?? '';
  const trace = useAsync<TraceResult>((signal) => certificateApi.trace(token, signal), [token]);
  const r = trace.data;
  return (
    <Modal open title={t('trace.resultTitle', { number: hit.number })} onCancel={onClose} footer={null} width={640}>
      {trace.loading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {trace.error && <Alert type="error" showIcon message={trace.error} />}
      {r && (
        <div data-testid="ca-trace-modal">
          <Result
            status={r.status === 'valid' ? 'success' : 'error'}
            title={r.status === 'valid' ? t('trace.valid') : t('trace.revoked')}
            style={{ padding: '8px 0 16px' }}
          />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('trace.holderMasked')}>{r.holderName}</Descriptions.Item>
            <Descriptions.Item label={t('cert.number')}>{r.number}</Descriptions.Item>
            <Descriptions.Item label={t('cert.competition')}>{competitionLabel(r)}</Descriptions.Item>
            <Descriptions.Item label={t('cert.award')}>{r.awardName}</Descriptions.Item>
            <Descriptions.Item label={t('trace.issuer')}>{r.issuerName}</Descriptions.Item>
            <Descriptions.Item label={t('trace.issuedAt')}>{at(r.issuedAt)}</Descriptions.Item>
            {r.status === 'revoked' && <Descriptions.Item label={t('trace.revokedAt')}>{at(r.revokedAt)}</Descriptions.Item>}
            {r.status === 'revoked' && <Descriptions.Item label={t('trace.revokedReason')}>{r.revokedReason}</Descriptions.Item>}
          </Descriptions>
          <div style={{ marginTop: 12 }}>
            <a href={hit.traceUrl!} target="_blank" rel="noreferrer" data-testid="ca-trace-public">
              {t('trace.openPublic')}
            </a>
          </div>
        </div>
      )}
    </Modal>
  );
}

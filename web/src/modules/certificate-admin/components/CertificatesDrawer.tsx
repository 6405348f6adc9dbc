import { useState } from 'react';
import { Drawer, Empty, Form, Input, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CERT_STATUSES, type CertificateBatch, type CertificateQuery, type CertStatus, type IssuedCertificate } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { useAsync } from '@/app/hooks/useAsync';
import { certAdminApi } from '../api/certificate-admin.api';
import { CertificateActions } from './CertificateActions';
import { CertStatusTag, NS } from './shared';

/** The certificates of one batch: keyword and status filter, paged, each with preview, PDF, revoke and reissue. */
export function CertificatesDrawer({ batch, onClose }: { batch: CertificateBatch; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const base: CertificateQuery = { batchId: batch.id, pageNum: 1, pageSize: 10 };
  const [query, setQuery] = useState<CertificateQuery>(base);
  const list = useAsync((signal) => certAdminApi.certificatePage(query, signal), [query]);
  const [form] = Form.useForm<{ keyword?: string; status?: CertStatus }>();

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ ...base, pageSize: q.pageSize, keyword: f.keyword?.trim() || undefined, status: f.status }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...base, pageSize: q.pageSize }));
  };

  const columns: TableColumnsType<IssuedCertificate> = [
    { title: t('cert.holder'), dataIndex: 'holderName', width: 150 },
    { title: t('cert.award'), dataIndex: 'awardName', width: 110 },
    { title: t('cert.number'), dataIndex: 'number', width: 150, render: (v: string | null) => v ?? '-' },
    { title: t('cert.status'), dataIndex: 'status', width: 150, render: (_, c) => <CertStatusTag status={c.status} error={c.error} replaced={!!c.replacedBy} /> },
    { title: t('common.actions'), key: 'actions', width: 230, render: (_, c) => <CertificateActions cert={c} onChanged={list.reload} /> },
  ];
  return (
    <Drawer open title={t('cert.title', { name: batch.name })} onClose={onClose} width={960} destroyOnHidden>
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="keyword" label={t('cert.keyword')}>
          <Input allowClear placeholder={t('cert.keywordPlaceholder')} style={{ width: 200 }} data-testid="ca-cert-keyword" />
        </Form.Item>
        <Form.Item name="status" label={t('cert.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 130 }} options={CERT_STATUSES.map((s) => ({ value: s, label: t(`certStatus.${s}`) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<IssuedCertificate>
        rowKey="id"
        list={list}
        query={query}
        setQuery={(update) => setQuery((q) => ({ ...q, ...update(q) }))}
        columns={columns}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cert.empty')} /> }}
      />
    </Drawer>
  );
}

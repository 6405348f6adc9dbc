import { Empty, Form, Input, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { BATCH_STATUSES, type CertificateBatch } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { usePagedList } from '@/app/hooks/usePagedList';
import { certAdminApi, type BatchQuery } from '../api/certificate-admin.api';
import { NS } from './shared';

/**
 * The batches list of the list and send screens: its query, its rows, and its search by name and status (a status in
 * the address too: the workbench's to-do opens the failed batches).
 */
export function useBatchList() {
  const paged = usePagedList<CertificateBatch, BatchQuery, { name?: string; status?: string }>(
    (q, signal) => certAdminApi.batchPage(q, signal),
    (f) => ({ name: f.name?.trim() || undefined, status: f.status }),
    ['status'],
  );
  return { query: paged.query, setQuery: paged.setQuery, list: paged.list, form: paged.filters, search: paged.search, reset: paged.reset };
}

/** The search form and the paged table of a useBatchList(). */
export function BatchTable({ batches, columns, scrollX, testId }: { batches: ReturnType<typeof useBatchList>; columns: TableColumnsType<CertificateBatch>; scrollX: number; testId: string }) {
  const { t } = useTranslation(NS);
  const { query, setQuery, list, form, search, reset } = batches;
  return (
    <>
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="name" label={t('batch.name')}>
          <Input allowClear placeholder={t('batch.namePlaceholder')} style={{ width: 220 }} data-testid={testId} />
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
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batch.empty')} /> }}
      />
    </>
  );
}

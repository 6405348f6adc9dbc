import { Button, Form, Space, Table, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type Page } from '@cmp/contracts';
import { LoadError } from '@/app/components/PageHeader';
import type { AsyncState } from '@/app/hooks/useAsync';

/** The search form's last item: search (the form's submit) and reset. */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('common.search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}

export interface PageQueryState {
  pageNum?: number;
  pageSize?: number;
}

/**
 * A back-office list: its load error with a retry, then the table with the paging every list has (page sizes up
 * to MAX_PAGE_SIZE, the total, back to page 1 when the page size changes).
 */
export function PagedTable<T extends object>({
  list,
  query,
  setQuery,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  list: AsyncState<Page<T>>;
  query: PageQueryState;
  setQuery: (update: (q: PageQueryState) => PageQueryState) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <LoadError error={list.error} onRetry={list.reload} />
      <Table<T>
        size="middle"
        {...table}
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, MAX_PAGE_SIZE],
          showTotal: (total) => t('common.total', { total }),
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum: pageSize === q.pageSize ? pageNum : 1, pageSize })),
        }}
      />
    </>
  );
}

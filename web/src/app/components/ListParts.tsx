import type { ReactNode } from 'react';
import { Button, Form, Input, Select, Space, Table, Tag, type Breakpoint, type TableColumnType, type TableColumnsType, type TableProps } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type Lang, type Page } from '@cmp/contracts';
import { formatDateTime } from '@/app/i18n/format';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import type { AsyncState } from '@/app/hooks/useAsync';
import type { PagedList } from '@/app/hooks/usePagedList';

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

/** A search form's text field. */
export function TextFilter({ name, label, placeholder, width }: { name: string; label: ReactNode; placeholder?: string; width: number }) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear placeholder={placeholder} style={{ width }} />
    </Form.Item>
  );
}

/** A search form's status choice: enabled or disabled, as the values the list's query takes for them. */
export function StatusFilter<V>({ name, values: [enabled, disabled] }: { name: string; values: [V, V] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('common.status')}>
      <Select
        allowClear
        placeholder={t('common.all')}
        style={{ width: 120 }}
        options={[
          { value: enabled, label: t('common.enabled') },
          { value: disabled, label: t('common.disabled') },
        ]}
      />
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
export function PagedTable<T extends object, Q extends PageQueryState = PageQueryState>({
  list,
  query,
  setQuery,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  list: AsyncState<Page<T>>;
  query: Q;
  setQuery: (update: (q: Q) => Q) => void;
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

/**
 * A back-office list screen: the header with its buttons, an optional notice, the search form (`filters`, its
 * items), the paged table, then the screen's dialogs (children).
 */
export function ListScreen<T extends object, Q extends PageQueryState, F>({
  paged,
  title,
  add,
  extra,
  notice,
  filters,
  columns,
  scrollX,
  rowSelection,
  children,
}: {
  paged: PagedList<T, Q, F>;
  title: ReactNode;
  /** The primary button that opens the form for a new row; false when not allowed. */
  add?: { label: ReactNode; onClick: () => void; disabled?: boolean } | false;
  /** The header's other buttons, after `add`. */
  extra?: ReactNode;
  notice?: ReactNode;
  filters: ReactNode;
  columns: TableColumnsType<T>;
  scrollX: number;
  /** Rows chosen for an action on several at once. */
  rowSelection?: TableProps<T>['rowSelection'];
  children?: ReactNode;
}) {
  return (
    <div className="system-page">
      <PageHeader
        title={title}
        extra={
          (add || extra) && (
            <>
              {add && <AddButton {...add} />}
              {extra}
            </>
          )
        }
      />
      {notice}
      <Form form={paged.filters} layout="inline" className="search-form" onFinish={paged.search}>
        {filters}
        <SearchButtons onReset={paged.reset} />
      </Form>
      <PagedTable<T, Q> list={paged.list} query={paged.query} setQuery={paged.setQuery} rowKey="id" columns={columns} scroll={{ x: scrollX }} rowSelection={rowSelection} />
      {children}
    </div>
  );
}

function AddButton({ label, onClick, disabled }: { label: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * Columns shown from 1600 px wide only (antd's xxl): at laptop widths (1280-1440 px, sidebar open or not) a list
 * fits its screen without scrolling sideways, where a fixed actions column would cover half a date. What they
 * show is on the row's details.
 */
export const WIDE_ONLY: Breakpoint[] = ['xxl'];

/** Widths that hold a date on one line in either language ("23 Nov 2026, 22:18:06" is the longest). */
const DATE_WIDTH = { second: 190, minute: 165, day: 125 } as const;

/** A date column: never wrapped (a date broken over two lines, or cut to "2026", reads wrong). */
export function dateColumn<T>(title: string, dataIndex: string, lang: Lang, precision: keyof typeof DATE_WIDTH = 'second'): TableColumnType<T> {
  return { title, dataIndex, width: DATE_WIDTH[precision], className: 'cell-nowrap', render: (v: string | null) => formatDateTime(v, lang, precision) };
}

/** The actions column, pinned right, for the screens whose rows have actions. */
export function actionsColumn<T>(title: string, width: number, render: (row: T) => ReactNode): TableColumnType<T> {
  return { title, key: 'actions', fixed: 'right', width, render: (_, row) => render(row) };
}

/** The status column's tag: enabled (green) or disabled. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return enabled ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>;
}

/** One of a row's action links; a hidden one is left out. */
export interface RowLink {
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  hidden?: boolean;
}

/** A row's action links, side by side (wrapping when `wrap`). */
export function RowLinks({ links, wrap }: { links: RowLink[]; wrap?: boolean }) {
  return (
    <Space size={0} wrap={wrap}>
      {links
        .filter((l) => !l.hidden)
        .map((l, i) => (
          <Button key={i} type="link" size="small" danger={l.danger} onClick={l.onClick}>
            {l.label}
          </Button>
        ))}
    </Space>
  );
}

/** A row's edit and delete links, with the screen's other links (`between`) between them. */
export function EditDeleteLinks({ onEdit, onDelete, between = [] }: { onEdit: () => void; onDelete: () => void; between?: RowLink[] }) {
  const { t } = useTranslation();
  return <RowLinks links={[{ label: t('common.edit'), onClick: onEdit }, ...between, { label: t('common.delete'), onClick: onDelete, danger: true }]} />;
}

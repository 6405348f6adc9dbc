import type { Key, ReactNode } from 'react';
import { Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { usePhone } from '@/app/hooks/useMedia';
import './responsive-table.css';

/** The key that marks a column of row actions: on a phone they go under the row's fields. */
export const ACTIONS_KEY = 'actions';

/** The value a column's dataIndex (a key or a path of keys) names in the row. */
const valueAt = (row: object, path: unknown): unknown => {
  if (typeof path !== 'string' && typeof path !== 'number' && !Array.isArray(path)) return undefined;
  return ([] as unknown[]).concat(path).reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[String(k)], row);
};

/**
 * antd's Table on a computer. On a phone each row is a card: the first column as its heading, the others as label and
 * value lines, and the actions column (key `actions`) at its foot. A table as wide as its columns would scroll
 * sideways on a 390 px screen and take the row's actions (pay, submit) off it.
 */
export function ResponsiveTable<T extends object>(props: TableProps<T>) {
  const phone = usePhone();
  if (!phone) return <Table<T> {...props} />;
  const { dataSource = [], columns = [], rowKey, loading, locale, pagination } = props;
  const cols = columns.filter((c): c is ColumnType<T> => !('children' in c) && !c.hidden);
  const actions = cols.find((c) => c.key === ACTIONS_KEY);
  const [head, ...fields] = cols.filter((c) => c !== actions);
  const render = (c: ColumnType<T>, row: T, i: number) => (c.render ? c.render(valueAt(row, c.dataIndex), row, i) : valueAt(row, c.dataIndex)) as ReactNode;
  const keyOf = (row: T, i: number): Key => (typeof rowKey === 'function' ? rowKey(row, i) : rowKey ? (row[rowKey as keyof T] as Key) : i);
  // Paged here when the table would page the rows itself (no total beyond the rows given).
  const paging = pagination && (pagination.total ?? dataSource.length) > (pagination.pageSize ?? 10) ? pagination : null;
  const first = paging && (paging.total ?? dataSource.length) === dataSource.length ? ((paging.current ?? 1) - 1) * (paging.pageSize ?? 10) : 0;
  const rows = paging ? dataSource.slice(first, first + (paging.pageSize ?? 10)) : dataSource;
  return (
    <Spin spinning={!!loading}>
      <div className="rtable">
        {rows.length === 0 && (typeof locale?.emptyText === 'function' ? locale.emptyText() : (locale?.emptyText ?? <Empty />))}
        {rows.map((row, i) => (
          <div className="rtable__card" key={keyOf(row, first + i)}>
            {head && <div className="rtable__head">{render(head, row, first + i)}</div>}
            <dl className="rtable__fields">
              {fields.map((c, n) => (
                <div className="rtable__field" key={String(c.key ?? c.dataIndex ?? n)}>
                  <dt>{typeof c.title === 'function' ? c.title({}) : c.title}</dt>
                  <dd>{render(c, row, first + i)}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="rtable__actions">{render(actions, row, first + i)}</div>}
          </div>
        ))}
        {paging && (
          <Pagination
            simple
            size="small"
            align="center"
            current={paging.current}
            pageSize={paging.pageSize}
            total={paging.total ?? dataSource.length}
            onChange={paging.onChange}
          />
        )}
      </div>
    </Spin>
  );
}

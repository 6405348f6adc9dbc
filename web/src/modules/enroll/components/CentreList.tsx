import { useMemo, useState, type ReactNode } from 'react';
import { Card, Empty, Input, Select, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { LoadError } from '@/app/components/PageHeader';
import { ResponsiveTable } from '@/app/components/ResponsiveTable';
import { useAsync } from '@/app/hooks/useAsync';
import { enrollApi } from '../api/enroll.api';
import './enroll.css';

/** The personal centre's data (my sign-ups, teams and works in one answer). */
export function useCentreData() {
  return useAsync((signal) => enrollApi.centre(signal), []);
}

interface Props<T> {
  title: string;
  testId: string;
  rows: T[] | undefined;
  loading: boolean;
  error: string | null;
  reload: () => void;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** The text a keyword is searched in. */
  text: (row: T) => string;
  /** Status filter: options and the row's value. */
  statuses?: { options: { value: number; label: string }[]; of: (row: T) => number };
  placeholder: string;
  empty: string;
  extra?: ReactNode;
}

/**
 * A list of the personal centre: keyword search and a status filter over the caller's own rows (they come
 * whole from /web/center/data), paging, and an empty state that leads to the competition list.
 */
export function CentreList<T extends object>({ title, testId, rows, loading, error, reload, columns, rowKey, text, statuses, placeholder, empty, extra }: Props<T>) {
  const { t } = useTranslation('enroll');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number>();
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (rows ?? []).filter((r) => (!k || text(r).toLowerCase().includes(k)) && (status === undefined || statuses?.of(r) === status));
  }, [rows, keyword, status, text, statuses]);
  const filtered = keyword.trim() !== '' || status !== undefined;
  return (
    <Card title={title} extra={extra} data-testid={testId}>
      <div className="enroll-toolbar">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={placeholder}
            style={{ width: 280, maxWidth: '100%' }}
            onSearch={(v) => {
              setKeyword(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          {statuses && (
            <Select
              allowClear
              placeholder={t('common.allStatus')}
              style={{ width: 140 }}
              value={status}
              options={statuses.options}
              onChange={(v: number | undefined) => {
                setStatus(v);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            />
          )}
        </Space>
      </div>
      <LoadError error={error} onRetry={reload} />
      <ResponsiveTable<T>
        rowKey={rowKey}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={shown}
        scroll={{ x: 860 }}
        locale={{
          emptyText: (
            <Empty description={filtered ? t('centre.noMatch') : empty}>
              {!filtered && <Link to="/home/competition">{t('common.competitionList')}</Link>}
            </Empty>
          ),
        }}
        pagination={{
          ...page,
          total: shown.length,
          showSizeChanger: true,
          hideOnSinglePage: false,
          showTotal: (total) => t('centre.total', { total }),
          onChange: (current, pageSize) => setPage((p) => ({ current: pageSize === p.pageSize ? current : 1, pageSize })),
        }}
      />
    </Card>
  );
}


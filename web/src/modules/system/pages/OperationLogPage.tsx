import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Empty, Form, Input, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateColumn, PagedTable, SearchButtons } from '@/app/components/ListParts';
import type { OperationLogQuery, OperationLogView } from '@cmp/contracts';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { logApi } from '../api/system.api';
import { PageHeader } from '@/app/components/PageHeader';
import { rangeToQuery } from '../hooks/log-range';
import { useAsync } from '@/app/hooks/useAsync';
import '../locales';
import '@/app/components/page.css';
import '../components/system.css';

interface Filters {
  username?: string;
  keyword?: string;
  result?: 'success' | 'failure';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const ResultTag = ({ entry }: { entry: OperationLogView }) => {
  const { t } = useTranslation('system');
  return entry.success ? <Tag color="green">{t('log.success')}</Tag> : <Tag color="red">{`${t('log.failure')} ${entry.resultCode}`}</Tag>;
};

/** System > 操作日志: who changed what and how it went, newest first, for the caller's organisations. */
export default function OperationLogPage() {
  const { t, i18n } = useTranslation('system');
  const lang = normaliseLang(i18n.language) === 'en' ? 'en' : 'zh-CN';
  const [query, setQuery] = useState<OperationLogQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => logApi.page(query, signal), [query]);
  const [form] = Form.useForm<Filters>();
  const [detail, setDetail] = useState<OperationLogView | null>(null);

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({
      pageNum: 1,
      pageSize: q.pageSize,
      username: f.username?.trim() || undefined,
      keyword: f.keyword?.trim() || undefined,
      result: f.result,
      ...rangeToQuery(f.range),
    }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  };

  const columns: TableColumnsType<OperationLogView> = [
    dateColumn(t('log.occurredAt'), 'occurredAt', lang),
    { title: t('log.username'), dataIndex: 'username', width: 130, render: (v: string | null) => v || t('log.anonymous') },
    { title: t('log.group'), dataIndex: 'groupName', width: 150, ellipsis: true, render: (v: string | null) => v || '-' },
    { title: t('log.operation'), dataIndex: 'label', width: 240, ellipsis: true },
    {
      title: t('log.path'),
      dataIndex: 'path',
      width: 260,
      ellipsis: true,
      render: (v: string, e) => (
        <Typography.Text code>
          {e.method} {v}
        </Typography.Text>
      ),
    },
    { title: t('log.result'), dataIndex: 'resultCode', width: 110, render: (_, e) => <ResultTag entry={e} /> },
    { title: t('log.duration'), dataIndex: 'durationMs', width: 100, render: (ms: number) => t('log.durationValue', { ms }) },
    { title: t('log.ip'), dataIndex: 'ip', width: 140, ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => setDetail(e)}>
          {t('log.detail')}
        </Button>
      ),
    },
  ];

  return (
    <div className="system-page">
      <PageHeader title={t('log.title')} />
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="username" label={t('log.username')}>
          <Input allowClear placeholder={t('log.usernamePlaceholder')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="keyword" label={t('log.keyword')}>
          <Input allowClear placeholder={t('log.keywordPlaceholder')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="result" label={t('log.result')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 110 }}
            options={[
              { value: 'success', label: t('log.success') },
              { value: 'failure', label: t('log.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label={t('log.dateRange')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<OperationLogView>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.empty')} /> }}
        scroll={{ x: 1300 }}
      />
      <Drawer open={!!detail} width={560} title={t('log.detailTitle')} onClose={() => setDetail(null)} destroyOnHidden>
        {detail && (
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 150 } }}>
            <Descriptions.Item label={t('log.occurredAt')}>{formatDateTime(detail.occurredAt, lang)}</Descriptions.Item>
            <Descriptions.Item label={t('log.username')}>{detail.username || t('log.anonymous')}</Descriptions.Item>
            <Descriptions.Item label={t('log.group')}>{detail.groupName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('log.operation')}>{detail.label}</Descriptions.Item>
            <Descriptions.Item label={t('log.path')}>
              <Typography.Text code>
                {detail.method} {detail.path}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('log.result')}>
              <ResultTag entry={detail} />
            </Descriptions.Item>
            <Descriptions.Item label={t('log.resultCode')}>{detail.resultCode}</Descriptions.Item>
            {detail.message && <Descriptions.Item label={t('log.message')}>{detail.message}</Descriptions.Item>}
            <Descriptions.Item label={t('log.duration')}>{t('log.durationValue', { ms: detail.durationMs })}</Descriptions.Item>
            <Descriptions.Item label={t('log.ip')}>{detail.ip}</Descriptions.Item>
            <Descriptions.Item label={t('log.userAgent')}>{detail.userAgent || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('log.requestId')}>
              <Typography.Text copyable>{detail.requestId}</Typography.Text>
            </Descriptions.Item>
            {detail.clientRequestId && (
              <Descriptions.Item label={t('log.clientRequestId')}>
                <Typography.Text copyable>{detail.clientRequestId}</Typography.Text>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('log.params')}>
              {detail.params ? <pre className="log-params">{prettyJson(detail.params)}</pre> : '-'}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </div>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

import { Alert, Button, Empty, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { JobQueueCounts } from '@cmp/contracts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { queueApi } from '../api/system.api';
import '../locales';
import '@/app/components/page.css';
import '../components/system.css';

const count = (n: number, color?: string) => (n > 0 && color ? <Tag color={color}>{n}</Tag> : n);

/**
 * System > 任务队列 (ROOT only): how many jobs wait, run, wait for their time or failed in each queue, and the way
 * into the queue board (bull-board), where failed jobs are read and retried. The board opens in a new tab; loading
 * this page hands it the caller's session.
 */
export default function QueuesPage() {
  const { t } = useTranslation('system');
  const list = useAsync((signal) => queueApi.list(signal), []);
  const board = useAsync(() => queueApi.boardSession(), []);

  const columns: TableColumnsType<JobQueueCounts> = [
    { title: t('queues.name'), dataIndex: 'name', render: (name: string) => t(`queues.names.${name}`, { defaultValue: name }) },
    { title: t('queues.waiting'), dataIndex: 'waiting', width: 110, render: (n: number) => count(n, 'blue') },
    { title: t('queues.active'), dataIndex: 'active', width: 110, render: (n: number) => count(n, 'processing') },
    { title: t('queues.delayed'), dataIndex: 'delayed', width: 110 },
    { title: t('queues.failed'), dataIndex: 'failed', width: 110, render: (n: number) => count(n, 'red') },
    { title: t('queues.completed'), dataIndex: 'completed', width: 110 },
  ];

  return (
    <div className="system-page">
      <PageHeader
        title={t('queues.title')}
        extra={
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={list.reload}>
              {t('queues.refresh')}
            </Button>
            <Button type="primary" icon={<ExportOutlined />} href={board.data?.path} target="_blank" rel="noopener" disabled={!board.data}>
              {t('queues.openBoard')}
            </Button>
          </Space>
        }
      />
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('queues.hint')} />
      <LoadError error={list.error} onRetry={list.reload} />
      <Table<JobQueueCounts>
        rowKey="name"
        loading={list.loading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('queues.empty')} /> }}
      />
    </div>
  );
}

import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Empty, Form, List, Progress, Space, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SummaryTask, SummaryTaskQuery } from '@cmp/contracts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { SearchButtons, TextFilter } from '@/app/components/ListParts';
import { openPdfPreview } from '@/app/components/pdf-preview';
import { toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { summaryApi } from '../api/summary.api';
import { StateTag, SubmissionFile } from '../components/SubmissionParts';
import '../locales';
import '@/app/components/page.css';
import '../components/summary.css';

interface Filters {
  keyword?: string;
  todo?: boolean;
}

/**
 * 总结提交 (a school contact): what the organisation is asked to hand in, one card each (readable on a phone), with the
 * template, the hand-in's state and the organiser's comment, and a PDF upload while it is open.
 */
export default function SummarySubmissionsPage() {
  const { t } = useTranslation('summary');
  const paged = usePagedList<SummaryTask, SummaryTaskQuery, Filters>(summaryApi.tasks, (f) => ({ keyword: f.keyword?.trim() || undefined, todo: f.todo || undefined }));
  const page = paged.list.data;

  return (
    <div className="system-page">
      <PageHeader title={t('submissions.title')} />
      <Typography.Paragraph type="secondary">{t('submissions.lead')}</Typography.Paragraph>
      <Form form={paged.filters} layout="inline" className="search-form" onFinish={paged.search}>
        <TextFilter name="keyword" label={t('submissions.keyword')} placeholder={t('submissions.keywordPlaceholder')} width={200} />
        <Form.Item name="todo" valuePropName="checked">
          <Checkbox>{t('submissions.todoOnly')}</Checkbox>
        </Form.Item>
        <SearchButtons onReset={paged.reset} />
      </Form>
      <LoadError error={paged.list.error} onRetry={paged.list.reload} />
      <List<SummaryTask>
        loading={paged.list.loading}
        dataSource={page?.list}
        locale={{ emptyText: <Empty description={t('submissions.empty')} /> }}
        rowKey={(task) => task.requirement.id}
        pagination={
          page && page.total > page.pageSize
            ? { current: page.pageNum, pageSize: page.pageSize, total: page.total, onChange: (pageNum, pageSize) => paged.setQuery((q) => ({ ...q, pageNum, pageSize })) }
            : false
        }
        renderItem={(task) => (
          <List.Item>
            <TaskCard task={task} onChanged={paged.list.reload} />
          </List.Item>
        )}
      />
    </div>
  );
}

function TaskCard({ task, onChanged }: { task: SummaryTask; onChanged: () => void }) {
  const { t } = useTranslation('summary');
  const lang = useLang();
  const [percent, setPercent] = useState<number | null>(null);
  const { requirement: r, submission: s } = task;
  const closed = new Date(r.deadline) < new Date();

  return (
    <Card
      className="summary-task"
      title={r.title}
      extra={<StateTag state={s?.state ?? 'missing'} late={s?.late} />}
      data-testid="summary-task"
      actions={[
        r.template && (
          <Button key="template" type="link" icon={<DownloadOutlined />} onClick={() => void summaryApi.downloadTemplate(r.id, r.template!.name)}>
            {t('submissions.downloadTemplate')}
          </Button>
        ),
        s && (
          <Button key="preview" type="link" icon={<EyeOutlined />} onClick={() => openPdfPreview(() => summaryApi.link(s.id), r.title)}>
            {t('records.preview')}
          </Button>
        ),
      ].filter(Boolean)}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('submissions.organiser')}>{r.organiserName}</Descriptions.Item>
        <Descriptions.Item label={t('settings.deadline')}>
          <Space size={4} wrap>
            {formatDateTime(r.deadline, lang, 'minute')}
            {closed && <Tag>{t('settings.overdue')}</Tag>}
          </Space>
        </Descriptions.Item>
        {r.competitionName && <Descriptions.Item label={t('settings.competition')}>{r.competitionName}</Descriptions.Item>}
        <Descriptions.Item label={t('submissions.mine')}>{s ? <SubmissionFile submission={s} /> : t('submissions.notYet')}</Descriptions.Item>
      </Descriptions>
      {r.description && <Typography.Paragraph className="summary-task__description">{r.description}</Typography.Paragraph>}
      {s?.state === 'returned' && <Alert type="warning" showIcon message={t('submissions.returnedBecause', { comment: s.comment })} className="summary-task__alert" />}
      {task.open ? (
        <Space direction="vertical" className="summary-task__upload">
          <Upload
            accept="application/pdf,.pdf"
            showUploadList={false}
            disabled={percent !== null}
            customRequest={({ file, onSuccess, onError }) => {
              setPercent(0);
              summaryApi
                .handIn(r.id, file as Blob, setPercent)
                .then((reply) => {
                  toast(t('submissions.uploaded'), 'success');
                  onSuccess?.(reply);
                  onChanged();
                })
                // Not a PDF, too large, closed meanwhile: said in the server's words by the HTTP client.
                .catch((err: Error) => onError?.(err))
                .finally(() => setPercent(null));
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={percent !== null} data-testid="summary-upload">
              {percent !== null ? t('submissions.uploading', { percent }) : s ? t('submissions.replace') : t('submissions.upload')}
            </Button>
          </Upload>
          {percent !== null && <Progress percent={percent} size="small" />}
          <Typography.Text type="secondary">{t('submissions.hint')}</Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">{s?.state === 'accepted' ? t('submissions.acceptedLocked') : t('submissions.closed')}</Typography.Text>
      )}
    </Card>
  );
}

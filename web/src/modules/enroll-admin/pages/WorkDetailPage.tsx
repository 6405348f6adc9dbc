import { Button, Descriptions, Empty, Result, Skeleton, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { WorkStatus, type WorkFile } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { formatDateTime } from '@/app/i18n/format';
import { dateColumn } from '@/app/components/ListParts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { enrollAdminApi } from '../api/enroll-admin.api';
import { NS, useEventLabel, useLang, useLocalName, WorkStatusTag } from '../components/shared';

/** 1536 → "1.5 KB": file sizes as people read them. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** 作品详情 (back office, /works/info?id=): one work with its files, which the organiser downloads. */
export default function WorkDetailPage() {
  const { t } = useTranslation(NS);
  const localName = useLocalName();
  const lang = useLang();
  const event = useEventLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const work = useAsync((signal) => enrollAdminApi.work(id, signal), [id], valid);
  const w = work.data?.id === id ? work.data : undefined;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/works/list')}>
      {t('workDetail.back')}
    </Button>
  );

  if (!valid) return <Result status="warning" title={t('workDetail.missingId')} extra={back} />;

  const columns: TableColumnsType<WorkFile> = [
    { title: t('workDetail.fileName'), dataIndex: 'originalName', ellipsis: true },
    { title: t('workDetail.type'), dataIndex: 'ext', width: 90, render: (v: string) => v.toUpperCase() },
    { title: t('workDetail.size'), dataIndex: 'size', width: 110, align: 'right', render: (v: number) => formatSize(v) },
    dateColumn(t('workDetail.uploadedAt'), 'createdAt', lang),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, f) => (
        <GuardedButton type="link" size="small" icon={<DownloadOutlined />} onClick={() => enrollAdminApi.downloadFile(f.id, f.originalName).catch(() => undefined)}>
          {t('workDetail.download')}
        </GuardedButton>
      ),
    },
  ];

  return (
    <div className="system-page enroll-admin" data-testid="work-detail">
      <PageHeader title={w?.title ?? t('workDetail.title')} extra={back} />
      <LoadError error={work.error} onRetry={work.reload} />
      {!w ? (
        work.loading && <Skeleton active />
      ) : (
        <>
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 130 } }}>
            <Descriptions.Item label={t('work.name')} span={2}>
              {w.title}
            </Descriptions.Item>
            <Descriptions.Item label={t('filter.competition')}>{localName(w.competitionName, w.competitionNameEn)}</Descriptions.Item>
            <Descriptions.Item label={event.label}>{localName(w.itemName, w.itemNameEn)}</Descriptions.Item>
            <Descriptions.Item label={t('work.team')}>{w.teamName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('work.status')}>
              <WorkStatusTag status={w.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('work.submittedAt')}>
              {w.status === WorkStatus.submitted ? formatDateTime(w.submittedAt, lang) : t('workDetail.notSubmitted')}
            </Descriptions.Item>
            <Descriptions.Item label={t('work.updatedAt')}>{formatDateTime(w.updatedAt, lang)}</Descriptions.Item>
            <Descriptions.Item label={t('workDetail.summary')} span={2}>
              {w.summary ? <div className="work-detail__summary">{w.summary}</div> : <Typography.Text type="secondary">{t('workDetail.noSummary')}</Typography.Text>}
            </Descriptions.Item>
          </Descriptions>
          <div className="enroll-admin__section">{t('workDetail.filesTitle', { count: w.files.length })}</div>
          <Table<WorkFile>
            size="middle"
            rowKey="id"
            columns={columns}
            dataSource={w.files}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workDetail.noFiles')} /> }}
          />
        </>
      )}
    </div>
  );
}

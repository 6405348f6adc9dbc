import { Button, Empty, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Work, WorkFile } from '@cmp/contracts';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { ACTIONS_KEY, ResponsiveTable } from '@/app/components/ResponsiveTable';
import { workApi } from '../api/enroll.api';
import { megabytes } from './shared';
import '@/app/i18n/enroll';

/**
 * A work's files. Downloads go through the HTTP client (with the token for members, the share id for a
 * share link) and are saved from the blob: a plain link would carry neither.
 */
export function WorkFiles({ work, shareId, onDelete }: { work: Work; shareId?: string; onDelete?: (f: WorkFile) => void }) {
  const { t, i18n } = useTranslation('enroll');
  const lang = normaliseLang(i18n.language);
  return (
    <ResponsiveTable<WorkFile>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={work.files}
      scroll={{ x: 640 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('work.noFiles')} /> }}
      columns={[
        { title: t('work.fileName'), dataIndex: 'originalName', ellipsis: true },
        { title: t('work.fileType'), dataIndex: 'ext', width: 80, render: (v: string) => v.toUpperCase() },
        { title: t('work.fileSize'), dataIndex: 'size', width: 100, render: (v: number) => megabytes(v) },
        { title: t('work.uploadedAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v, lang, 'minute') },
        {
          key: ACTIONS_KEY,
          title: t('common.actions'),
          width: onDelete ? 150 : 90,
          render: (_, f) => (
            <Space size={0}>
              <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void workApi.download(f.id, f.originalName, shareId).catch(() => undefined)}>
                {t('work.download')}
              </Button>
              {onDelete && (
                <Button type="link" size="small" danger onClick={() => onDelete(f)}>
                  {t('work.delete')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

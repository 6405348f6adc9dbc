import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueueTeam } from '@cmp/contracts';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { QUEUE_STATUS_COLORS } from '@/app/review/queue-status';
import { REVIEW_SCENE_NS } from '../../locales';

/** Runs an action and says what went wrong (the http client toasts refusals). */
export async function attempt<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch {
    return undefined;
  }
}

/** The queue's team columns, shared by the order, check-in and room tables. */
export function useTeamColumns() {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const lang = useLang();
  return [
    { title: t('team.number'), dataIndex: 'number', width: 90, render: (n: string) => <b>{n}</b> },
    { title: t('team.title'), dataIndex: 'title', ellipsis: true },
    { title: t('team.slot'), dataIndex: 'slotAt', width: 150, render: (at: string | null) => (at ? formatDateTime(at, lang, 'minute') : '-') },
    { title: t('team.members'), dataIndex: 'members', render: (m: string[]) => m.join('、') },
    { title: t('team.school'), dataIndex: 'school', ellipsis: true },
    { title: t('team.status'), dataIndex: 'status', width: 100, render: (s: QueueTeam['status']) => <Tag color={QUEUE_STATUS_COLORS[s]}>{t(`statuses.${s}`)}</Tag> },
    {
      title: t('team.checkedIn'),
      dataIndex: 'checkedInAt',
      width: 170,
      render: (at: string | null, r: QueueTeam) =>
        at ? (
          <Space size={4}>
            {formatDateTime(at, lang, 'minute')}
            {r.late && <Tag color="orange">{t('team.late')}</Tag>}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('team.notChecked')}</Typography.Text>
        ),
    },
  ];
}

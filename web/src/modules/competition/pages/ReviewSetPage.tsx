import { useState } from 'react';
import { Button, Card, Empty, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Round, RoundStatus } from '@cmp/contracts';
import { confirmDelete } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { roundApi } from '@/app/review/round.api';
import { RoundFormModal, ROUND_STATUS_COLOR } from '@/app/review/RoundFormModal';
import { SettingsFrame, type SettingsContext } from '../components/SettingsFrame';

/**
 * Review settings: the competition's review rounds, owned by the review service (the competition's old settings
 * were handed over to it on the first visit). Each round has its stage, events, type, window and score sheet.
 */
function ReviewRounds({ detail, editable }: SettingsContext) {
  const { t } = useTranslation('review-round');
  const lang = useLang();
  const rounds = useAsync((signal) => roundApi.list(detail.id, signal), [detail.id]);
  const [editing, setEditing] = useState<{ round: Round | null }>();

  const columns: TableColumnsType<Round> = [
    { title: t('rounds.name'), dataIndex: 'name', width: 160 },
    { title: t('type'), dataIndex: 'type', width: 100, render: (v: Round['type']) => t(`types.${v}`) },
    { title: t('rounds.expertsPerWork'), dataIndex: 'expertsPerWork', width: 120, align: 'right' },
    {
      title: t('rounds.columns'),
      dataIndex: 'scoreColumns',
      render: (cols: Round['scoreColumns']) => cols.map((c) => <Tag key={c.name}>{`${c.name} ${c.weight}%`}</Tag>),
    },
    { title: t('rounds.closesAt'), dataIndex: 'closesAt', width: 150, render: (v: string | null) => (v ? formatDateTime(v, lang, 'minute') : '—') },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: RoundStatus) => <Tag color={ROUND_STATUS_COLOR[v]}>{t(`statuses.${v}`)}</Tag> },
  ];
  if (editable) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={r.status === 'closed'} onClick={() => setEditing({ round: r })}>
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={r.status !== 'draft'}
            onClick={() =>
              void confirmDelete({ question: t('rounds.deleteConfirm', { name: r.name }), okText: t('common.delete'), done: t('rounds.deleted'), run: () => roundApi.remove(r.id) }).then(
                (done) => done && rounds.reload(),
              )
            }
          >
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Card
      size="small"
      title={t('rounds.ofCompetition')}
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ round: null })}>
            {t('rounds.add')}
          </Button>
        )
      }
    >
      <Table<Round>
        rowKey="id"
        size="middle"
        loading={rounds.loading}
        columns={columns}
        dataSource={rounds.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rounds.empty')} /> }}
      />
      {editing && (
        <RoundFormModal
          open
          competition={detail}
          round={editing.round}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            rounds.reload();
          }}
        />
      )}
    </Card>
  );
}

export default function ReviewSetPage() {
  return <SettingsFrame active="review">{(ctx) => <ReviewRounds {...ctx} />}</SettingsFrame>;
}

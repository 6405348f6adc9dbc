import { useState } from 'react';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPEAL_STATUSES, type Appeal, type AppealStatus, type Round } from '@cmp/contracts';
import { PagedTable } from '@/app/components/ListParts';
import { promptDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { APPEAL_COLOR } from '@/app/review/results/public.api';
import { resultsApi } from '../../api/results.api';
import { NS } from './versions';

/** An appeal's reason or reply: two lines, the rest opened in place. */
const LongText = ({ text }: { text: string }) => (
  <Typography.Paragraph className="appeal-text" ellipsis={{ rows: 2, expandable: 'collapsible' }} style={{ margin: 0 }}>
    {text}
  </Typography.Paragraph>
);

/** 复议处理: the round's appeals, pending first; each rejected with a reply or sent to re-review. */
export function AppealsTab({ round, canEdit }: { round: Round; canEdit: boolean }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [query, setQuery] = useState<{ roundId: number; status?: AppealStatus; pageNum: number; pageSize: number }>({ roundId: round.id, pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => resultsApi.appeals({ ...query, roundId: round.id }, signal), [query, round.id]);

  const handle = async (a: Appeal, action: 'reject' | 'rereview') => {
    const { result, value } = await promptDialog(t('results.appeals.replyTitle', { title: a.title }), {
      title: t(`results.appeals.${action}`),
      placeholder: t('results.appeals.replyPlaceholder'),
      validator: (v) => v.trim().length > 0 && v.length <= 500,
    });
    if (result !== 'confirm' || !value) return;
    try {
      await resultsApi.handleAppeal(a.id, action, value.trim());
      toast(t('results.appeals.handled'), 'success');
      list.reload();
    } catch {
      /* toasted */
    }
  };

  const columns: TableColumnsType<Appeal> = [
    { title: t('results.work'), dataIndex: 'title', width: 180, ellipsis: true },
    { title: t('results.appeals.appellant'), dataIndex: 'appellantName', width: 110 },
    { title: t('results.appeals.reason'), dataIndex: 'reason', width: 300, render: (v: string) => <LongText text={v} /> },
    { title: t('results.appeals.oldScore'), dataIndex: 'oldScore', width: 80, align: 'right', render: (v: number | null) => v ?? '—' },
    { title: t('results.appeals.newScore'), dataIndex: 'newScore', width: 90, align: 'right', render: (v: number | null) => v ?? '—' },
    { title: t('results.appeals.statusTitle'), dataIndex: 'status', width: 110, render: (v: AppealStatus) => <Tag color={APPEAL_COLOR[v]}>{t(`results.appeals.status.${v}`)}</Tag> },
    { title: t('results.appeals.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v, lang, 'minute') },
    {
      title: t('results.appeals.reply'),
      key: 'actions',
      width: 200,
      render: (_, a) =>
        a.status === 'pending' && canEdit ? (
          <Space>
            <Button size="small" onClick={() => void handle(a, 'reject')}>
              {t('results.appeals.reject')}
            </Button>
            <Button size="small" type="primary" onClick={() => void handle(a, 'rereview')}>
              {t('results.appeals.rereview')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">
            <LongText text={a.reply} />
          </Typography.Text>
        ),
    },
  ];
  return (
    <Card
      size="small"
      extra={
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('results.appeals.status.pending')}
          value={query.status}
          onChange={(status?: AppealStatus) => setQuery((q) => ({ ...q, status, pageNum: 1 }))}
          options={APPEAL_STATUSES.map((s) => ({ value: s, label: t(`results.appeals.status.${s}`) }))}
        />
      }
    >
      <PagedTable<Appeal, typeof query> list={list} query={query} setQuery={setQuery} rowKey="id" columns={columns} scroll={{ x: 1200 }} locale={{ emptyText: t('results.appeals.empty') }} />
    </Card>
  );
}

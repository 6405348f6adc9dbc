import { useState } from 'react';
import { Alert, Button, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupScores } from '@cmp/contracts';
import { LoadError } from '@/app/components/PageHeader';
import { confirmDialog, promptDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { reviewApi } from '../api/review.api';
import { formatScore, NS, SheetStatusTag } from './shared';

type WorkRow = GroupScores['works'][number];
type Sheet = WorkRow['sheets'][number];

/** The captain's group in one round: works × experts with each sheet's status and total; return a sheet, confirm the group. */
export function CaptainView({ rounds, initialRound }: { rounds: { value: number; label: string }[]; initialRound?: number }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [roundId, setRoundId] = useState(rounds.some((r) => r.value === initialRound) ? initialRound! : rounds[0].value);
  const scores = useAsync((signal) => reviewApi.groupScores(roundId, signal), [roundId]);
  const [busy, setBusy] = useState(false);
  const data = scores.data;

  const experts = new Map<number, string>();
  for (const w of data?.works ?? []) for (const s of w.sheets) experts.set(s.expertId, s.expertName);
  const all = data?.works.flatMap((w) => w.sheets) ?? [];
  const done = all.filter((s) => s.status === 'submitted').length;
  const complete = all.length > 0 && done === all.length;

  const returnSheet = async (w: WorkRow, s: Sheet) => {
    const { result, value } = await promptDialog(t('captain.returnQuestion', { expert: s.expertName, work: w.title }), {
      title: t('captain.returnTitle'),
      okText: t('captain.returnSheet'),
      danger: true,
      validator: (v) => v.trim().length > 0,
      errorMessage: t('captain.reasonRequired'),
    });
    if (result !== 'confirm' || !value?.trim()) return;
    setBusy(true);
    try {
      await reviewApi.returnSheet(s.sheetId!, value.trim());
      toast(t('captain.returnedDone'), 'success');
      scores.reload();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const confirmGroup = async () => {
    if ((await confirmDialog(t('captain.confirmQuestion', { group: data?.groupName ?? '' }), { okText: t('captain.confirm') })) !== 'confirm') return;
    setBusy(true);
    try {
      await reviewApi.confirmGroup(roundId);
      toast(t('captain.confirmedDone'), 'success');
      scores.reload();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<WorkRow> = [
    { title: t('captain.work'), dataIndex: 'title', fixed: 'left', width: 200, ellipsis: true },
    ...[...experts].map(([expertId, name]) => ({
      title: name,
      key: `e${expertId}`,
      width: 190,
      render: (_: unknown, w: WorkRow) => {
        const s = w.sheets.find((x) => x.expertId === expertId);
        if (!s) return <Typography.Text type="secondary">-</Typography.Text>;
        return (
          <Space size={4} data-testid={`sheet-${s.assignmentId}`}>
            <SheetStatusTag status={s.status} />
            <span>{formatScore(s.total)}</span>
            {s.status === 'submitted' && s.sheetId !== null && !data?.confirmedAt && (
              <Button type="link" size="small" danger disabled={busy} onClick={() => void returnSheet(w, s)}>
                {t('captain.returnSheet')}
              </Button>
            )}
          </Space>
        );
      },
    })),
  ];

  return (
    <div className="review-captain" data-testid="captain-view">
      <div className="review-file__bar" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Select style={{ width: 220 }} value={roundId} options={rounds} onChange={setRoundId} aria-label={t('mine.round')} />
          {data && <Typography.Text strong>{t('captain.title', { group: data.groupName })}</Typography.Text>}
          {data && <Tag color={complete ? 'success' : 'processing'}>{t('captain.progress', { done, all: all.length })}</Tag>}
        </Space>
        {data?.confirmedAt ? (
          <Tag color="success">{t('captain.confirmedAt', { time: formatDateTime(data.confirmedAt, lang, 'minute') })}</Tag>
        ) : (
          <Button type="primary" disabled={!complete || busy} onClick={() => void confirmGroup()} title={complete ? undefined : t('captain.notComplete')}>
            {t('captain.confirm')}
          </Button>
        )}
      </div>
      {data && !complete && !data.confirmedAt && all.length > 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('captain.notComplete')} />}
      <LoadError error={scores.error} onRetry={scores.reload} />
      <Table<WorkRow>
        size="middle"
        rowKey="workId"
        loading={scores.loading}
        columns={columns}
        dataSource={data?.works ?? []}
        pagination={false}
        scroll={{ x: 200 + experts.size * 190 }}
        locale={{ emptyText: scores.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('captain.empty')} /> }}
      />
    </div>
  );
}

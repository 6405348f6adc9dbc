import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Progress, Row, Space, Statistic, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type MyReviewStatus, type Page, type ProgressRow, type ScoreTableRow } from '@cmp/contracts';
import { PagedTable } from '@/app/components/ListParts';
import { PageHeader } from '@/app/components/PageHeader';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { statisticsApi } from '../api/review-admin.api';
import { useRoundChoice } from '../components/RoundPicker';
import '../components/review-admin.css';
import '../locales';

const SHEET_COLOR: Record<MyReviewStatus, string> = { notStarted: 'default', draft: 'processing', submitted: 'success', returned: 'warning' };
const percent = (r: ProgressRow) => (r.assigned ? Math.round((r.submitted / r.assigned) * 100) : 0);

/** 评审统计: a round's progress per group and expert, reminders to those who lag, and the raw scores with export. */
export default function StatisticsPage() {
  const { t } = useTranslation(['review-admin', 'review-round'], { nsMode: 'fallback' });
  const lang = useLang();
  const canEdit = usePermission([Perm.reviewEdit]);
  const { roundId, round, picker } = useRoundChoice();
  const progress = useAsync((signal) => (roundId ? statisticsApi.progress(roundId, signal) : Promise.resolve(undefined)), [roundId]);
  const [query, setQuery] = useState({ roundId: 0, pageNum: 1, pageSize: 10 });
  const scores = useAsync((signal) => (query.roundId ? statisticsApi.scores(query, signal) : Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 } as Page<ScoreTableRow>)), [query]);
  useEffect(() => setQuery({ roundId: roundId ?? 0, pageNum: 1, pageSize: 10 }), [roundId]);

  const remind = async () => {
    if ((await confirmDialog(t('statistics.remindConfirm'))) !== 'confirm') return;
    try {
      const { sent } = await statisticsApi.remind(roundId!);
      toast(t('statistics.reminded', { count: sent }), 'success');
    } catch {
      /* toasted */
    }
  };

  const progressColumns = (first: string): TableColumnsType<ProgressRow> => [
    { title: first, dataIndex: 'name', width: 180, ellipsis: true },
    { title: t('statistics.assigned'), dataIndex: 'assigned', width: 80, align: 'right' },
    { title: t('statistics.scored'), dataIndex: 'scored', width: 80, align: 'right' },
    { title: t('statistics.submitted'), dataIndex: 'submitted', width: 80, align: 'right' },
    { title: t('statistics.percent'), key: 'percent', render: (_, r) => <Progress percent={percent(r)} size="small" /> },
  ];
  const columns = round?.scoreColumns ?? [];
  const scoreColumns: TableColumnsType<ScoreTableRow> = [
    { title: t('statistics.work'), dataIndex: 'workTitle', width: 200, ellipsis: true, fixed: 'left' },
    { title: t('statistics.expert'), dataIndex: 'expertName', width: 110 },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: MyReviewStatus) => <Tag color={SHEET_COLOR[v]}>{t(`statistics.sheet.${v}`)}</Tag> },
    ...columns.map((c, i) => ({ title: t('common.withNote', { ns: 'translation', text: c.name, note: c.max }), key: `c${i}`, width: 110, align: 'right' as const, render: (_: unknown, r: ScoreTableRow) => r.scores[i] ?? '—' })),
    { title: t('statistics.total2'), dataIndex: 'total', width: 80, align: 'right', render: (v: number | null) => v ?? '—' },
    { title: t('statistics.comment'), dataIndex: 'comment', width: 200, ellipsis: true },
    { title: t('statistics.submittedAt'), dataIndex: 'submittedAt', width: 150, render: (v: string | null) => (v ? formatDateTime(v, lang, 'minute') : '—') },
  ];

  const p = progress.data;
  return (
    <div className="system-page review-admin">
      <PageHeader
        title={t('statistics.title')}
        extra={
          roundId && (
            <Space>
              {canEdit && (
                <Button icon={<NotificationOutlined />} disabled={!p || p.total.submitted === p.total.assigned} onClick={() => void remind()}>
                  {t('statistics.remind')}
                </Button>
              )}
              <Button icon={<DownloadOutlined />} onClick={() => void statisticsApi.export(roundId, `${round?.name ?? 'review'}.xlsx`)}>
                {t('statistics.export')}
              </Button>
            </Space>
          )
        }
      />
      {picker}
      {!roundId ? (
        <Empty description={t('pickRound')} />
      ) : (
        <>
          <Card size="small" title={t('statistics.progress')} className="run-card" loading={progress.loading && !p}>
            {p && (
              <>
                <Row gutter={16} style={{ marginBottom: 16 }}>
                  <Col span={6}>
                    <Statistic title={t('statistics.assigned')} value={p.total.assigned} />
                  </Col>
                  <Col span={6}>
                    <Statistic title={t('statistics.scored')} value={p.total.scored} />
                  </Col>
                  <Col span={6}>
                    <Statistic title={t('statistics.submitted')} value={p.total.submitted} />
                  </Col>
                  <Col span={6}>
                    <Progress type="circle" size={64} percent={percent(p.total)} />
                  </Col>
                </Row>
                <Row gutter={16}>
                  <Col xs={24} xl={10}>
                    <Table<ProgressRow> rowKey="key" size="small" title={() => t('statistics.byGroup')} columns={progressColumns(t('groups.name'))} dataSource={p.groups} pagination={false} />
                  </Col>
                  <Col xs={24} xl={14}>
                    <Table<ProgressRow> rowKey="key" size="small" title={() => t('statistics.byExpert')} columns={progressColumns(t('statistics.expert'))} dataSource={p.experts} pagination={{ pageSize: 10, hideOnSinglePage: true }} />
                  </Col>
                </Row>
              </>
            )}
          </Card>
          <Card size="small" title={t('statistics.scores')}>
            <PagedTable<ScoreTableRow, typeof query> list={scores} query={query} setQuery={setQuery} rowKey={(r) => `${r.workId}-${r.expertId}`} columns={scoreColumns} scroll={{ x: 1000 }} />
          </Card>
        </>
      )}
    </div>
  );
}

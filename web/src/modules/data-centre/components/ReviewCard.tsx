import { useState } from 'react';
import { Progress, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReviewProgressRow, ReviewRoundFigures } from '@cmp/contracts';
import { DATA_CENTRE_NS } from '../locales';
import { FigureChart } from './FigureChart';
import { FigureFrame } from './FigureFrame';

type ExpertRow = ReviewRoundFigures['byExpert'][number];

const percent = (r: { assigned: number; submitted: number }) => (r.assigned ? Math.round((r.submitted / r.assigned) * 100) : 0);

/** Where a round's scores come from: its score version (the published one, else the latest done) or, without one, the sheets' totals. */
function ScoreSource({ round }: { round: ReviewRoundFigures }) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const v = round.scoreVersion;
  if (!v) return <Tag data-score-source="sheets">{t('review.fromSheets')}</Tag>;
  return (
    <Tag color={v.published ? 'success' : 'processing'} data-score-source={v.published ? 'published' : 'latest'}>
      {t(v.published ? 'review.fromPublished' : 'review.fromLatest', { number: v.number })}
    </Tag>
  );
}

/**
 * A competition's review rounds: the chart shows a round's scores in bands of 10 (a round chosen above it), saying
 * where they come from; the table each round's progress, by review group and by expert when a round is opened.
 */
export function ReviewCard({ rounds, onExport }: { rounds: ReviewRoundFigures[]; onExport: () => Promise<void> }) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const [roundId, setRoundId] = useState<number>();
  const round = rounds.find((r) => r.roundId === roundId) ?? rounds[rounds.length - 1];
  const progress = (r: { assigned: number; submitted: number }) => (
    <span className="cell-nowrap">
      {r.submitted} / {r.assigned} <Progress percent={percent(r)} size="small" style={{ width: 90, margin: 0 }} />
    </span>
  );
  const parts = <R extends ReviewProgressRow>(title: string, rows: R[], extra: { title: string; render: (r: R) => string }[] = []) => (
    <Table<R>
      size="small"
      rowKey="key"
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      columns={[
        { title, dataIndex: 'label', ellipsis: true, render: (v: string) => v || t('review.noGroup') },
        { title: t('review.progress'), key: 'progress', width: 200, render: (_, r) => progress(r) },
        ...extra.map((x) => ({ title: x.title, key: x.title, width: 100, align: 'right' as const, render: (_: unknown, r: R) => x.render(r) })),
      ]}
    />
  );
  return (
    <FigureFrame
      figure="review"
      title={t('review.title')}
      emptyText={t('review.empty')}
      empty={!rounds.length}
      onExport={onExport}
      chart={() => (
        <>
          <div className="data-centre__round">
            {rounds.length > 1 && (
              <Segmented size="small" value={round.roundId} onChange={(v) => setRoundId(Number(v))} options={rounds.map((r) => ({ value: r.roundId, label: r.roundName }))} />
            )}
            <Space size={4} data-testid="score-source">
              <Typography.Text type="secondary">{t('review.scoresFrom')}</Typography.Text>
              <ScoreSource round={round} />
            </Space>
          </div>
          {round.scores.length ? (
            <FigureChart
              kind="bar"
              rows={round.scores.map((b) => ({ ...b, label: `${b.label}–${Number(b.label) + 10}` })).reverse()}
              // A version counts works (one final score each), the sheets count sheets.
              countName={round.scoreVersion ? t('figure.works') : t('review.sheets')}
            />
          ) : (
            <p className="data-centre__muted">{t('review.noScores', { round: round.roundName })}</p>
          )}
        </>
      )}
      table={() => (
        <Table<ReviewRoundFigures>
          size="small"
          rowKey="roundId"
          dataSource={rounds}
          pagination={false}
          scroll={{ x: 900 }}
          expandable={{
            expandedRowRender: (r) => (
              <>
                {r.byGroup.length > 0 && parts(t('review.group'), r.byGroup)}
                {r.byExpert.length > 0 &&
                  parts<ExpertRow>(t('review.expert'), r.byExpert, [{ title: t('review.average'), render: (e) => (e.average === null ? '-' : e.average.toFixed(2)) }])}
                {r.votes.top.length > 0 && (
                  <Table
                    size="small"
                    rowKey="key"
                    dataSource={r.votes.top}
                    pagination={false}
                    columns={[
                      { title: t('review.topVotes'), dataIndex: 'label', ellipsis: true },
                      { title: t('review.votes'), dataIndex: 'count', width: 100, align: 'right' },
                    ]}
                  />
                )}
              </>
            ),
          }}
          columns={[
            { title: t('review.round'), dataIndex: 'roundName', ellipsis: true },
            { title: t('review.progress'), key: 'progress', width: 220, render: (_, r) => progress(r) },
            { title: t('review.scoresFrom'), key: 'scoreSource', width: 260, render: (_, r) => <ScoreSource round={r} /> },
            {
              title: t('review.votes'),
              key: 'votes',
              width: 110,
              align: 'right',
              render: (_, r) => (r.votes.late ? t('review.votesLate', { total: r.votes.total, late: r.votes.late }) : r.votes.total),
            },
            {
              title: t('review.checkIn'),
              key: 'checkIn',
              width: 150,
              render: (_, r) => (r.checkIn ? t('review.checkedIn', r.checkIn) : '-'),
            },
          ]}
        />
      )}
    />
  );
}

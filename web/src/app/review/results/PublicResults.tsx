import { Button, Empty, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { LikeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { VoteBoard, VoteBoardRow } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import { useSession } from '@/app/session/session';
import { publicResultsApi } from './public.api';
import { REVIEW_PUBLIC_NS as NS } from './locales';

/** The public competition page's ranking tab: each published round's winners by event and rank. */
export function RankingTab({ competitionId }: { competitionId: number }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const rounds = useAsync((signal) => publicResultsApi.ranking(competitionId, signal), [competitionId]);
  if (!rounds.data) return <Skeleton active />;
  if (!rounds.data.length) return <Empty description={t('site.noRanking')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large" data-testid="public-ranking">
      {rounds.data.map((r) => (
        <div key={r.roundId}>
          <Typography.Title level={5}>
            {r.roundName} <Typography.Text type="secondary">{formatDateTime(r.publishedAt, lang, 'day')}</Typography.Text>
          </Typography.Title>
          <Table
            rowKey={(x) => `${x.eventName}-${x.rank}-${x.title}`}
            size="small"
            pagination={r.rows.length > 20 ? { pageSize: 20 } : false}
            dataSource={r.rows}
            scroll={{ x: 640 }}
            columns={[
              { title: t('columns.rank'), dataIndex: 'rank', width: 64 },
              { title: t('columns.event'), dataIndex: 'eventName', width: 120, render: (v: string) => v || '—' },
              { title: t('columns.work'), dataIndex: 'title' },
              { title: t('columns.schools'), dataIndex: 'schoolNames', width: 180, render: (v: string[]) => v.join('、') || '—' },
              { title: t('columns.level'), dataIndex: 'level', width: 100, render: (v: string, x) => <Tag color="gold">{localName(v, x.levelEn)}</Tag> },
            ]}
          />
        </div>
      ))}
    </Space>
  );
}

/** Whether voting is open now, and a vote that asks a visitor to log in first. */
function useVote(board: VoteBoard | undefined, reload: () => void) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const loggedIn = useSession((s) => !!s.token);
  const w = board?.window;
  const open = !!w && Date.parse(w.opensAt) <= Date.now() && Date.now() < Date.parse(w.closesAt);
  const vote = async (workId: number) => {
    if (!loggedIn) {
      navigate(`/neibu/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    try {
      const r = await publicResultsApi.vote(w!.id, workId);
      toast(t(r.counted ? 'site.voted' : 'site.already'), r.counted ? 'success' : 'info');
      reload();
    } catch {
      /* toasted: the daily limit says when to come back */
    }
  };
  return { open, vote, loggedIn };
}

/** The public competition page's votes tab: works by votes, with the vote button while voting is open. */
export function VotesBoardTab({ competitionId }: { competitionId: number }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const board = useAsync((signal) => publicResultsApi.board({ competitionId }, signal), [competitionId]);
  const { open, vote, loggedIn } = useVote(board.data, board.reload);
  if (!board.data) return <Skeleton active />;
  const w = board.data.window;
  if (!w) return <Empty description={t('site.noVote')} />;
  // A blind round's board comes without schools until its results are published: then there is no column for them.
  const showsSchools = board.data.rows.some((r) => r.schoolNames);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="public-votes">
      <Typography.Text type="secondary">
        {t('site.voteWindow', { from: formatDateTime(w.opensAt, lang, 'minute'), to: formatDateTime(w.closesAt, lang, 'minute'), limit: w.dailyLimit })}
      </Typography.Text>
      <Table<VoteBoardRow>
        rowKey="workId"
        size="small"
        dataSource={board.data.rows}
        pagination={board.data.rows.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 600 }}
        columns={[
          { title: t('columns.rank'), key: 'rank', width: 64, render: (_, _r, i) => i + 1 },
          { title: t('columns.work'), dataIndex: 'title' },
          ...(showsSchools ? [{ title: t('columns.schools'), dataIndex: 'schoolNames', width: 180, render: (v: string[] = []) => v.join('、') || '—' }] : []),
          { title: t('columns.votes'), dataIndex: 'votes', width: 90, align: 'right' as const },
          {
            title: '',
            key: 'vote',
            width: 120,
            render: (_, r) => (
              <Button size="small" type="primary" ghost icon={<LikeOutlined />} disabled={!open} onClick={() => void vote(r.workId)}>
                {open ? (loggedIn ? t('site.vote') : t('site.loginToVote')) : t('site.closed')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** A published work's votes and vote button (public work page), when a vote holds it. */
export function WorkVote({ workId }: { workId: number }) {
  const { t } = useTranslation(NS);
  const board = useAsync((signal) => publicResultsApi.board({ workId }, signal), [workId]);
  const { open, vote, loggedIn } = useVote(board.data, board.reload);
  const row = board.data?.rows[0];
  if (!board.data?.window || !row) return null;
  return (
    <Space size="large" className="work-vote" data-testid="work-vote">
      <Statistic title={t('site.voteCount', { count: row.votes })} value={row.votes} prefix={<LikeOutlined />} />
      <Button type="primary" icon={<LikeOutlined />} disabled={!open} onClick={() => void vote(workId)}>
        {open ? (loggedIn ? t('site.vote') : t('site.loginToVote')) : t('site.closed')}
      </Button>
    </Space>
  );
}

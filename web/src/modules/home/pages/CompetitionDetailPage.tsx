import { Breadcrumb, Button, Descriptions, Empty, Result, Skeleton, Space, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { CompetitionItem, ScheduleEntry } from '@cmp/contracts';
import { useHostLabelKeys } from '@/app/config/site';
import { formatDateTime, formatMoney } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi, type PublicCompetition } from '@/app/api/site.api';
import { useLocalName } from '@/app/i18n/hooks';
import { RankingTab, VotesBoardTab } from '@/app/review/results/PublicResults';
import { Cover, EnrollWindow, PhaseTag } from '../components/CompetitionCard';
import '../locales';
import '../components/site.css';

/** Dates and times to the minute: seconds mean nothing on a timetable. */
const minutes = (v: string, lang: ReturnType<typeof normaliseLang>) => formatDateTime(v, lang, 'minute');

/** Rich text the competitions service sanitised when the organiser saved it. */
function Html({ html }: { html: string }) {
  const { t } = useTranslation('site');
  if (!html.trim()) return <Empty description={t('competition.noContent')} />;
  return <div className="site-html" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Items({ items }: { items: CompetitionItem[] }) {
  const { t } = useTranslation('site');
  const labels = useHostLabelKeys();
  const localName = useLocalName();
  return (
    <Table<CompetitionItem>
      rowKey="id"
      pagination={false}
      dataSource={items}
      scroll={{ x: 560 }}
      columns={[
        { title: t(labels.signUpItem, { ns: 'translation' }), render: (_, i) => localName(i.name, i.nameEn) },
        { title: t('competition.quota'), render: (_, i) => i.quota ?? t('competition.unlimited') },
        { title: t('competition.fee'), render: (_, i) => (i.feeFen ? formatMoney(i.feeFen) : t('competition.free')) },
        { title: '', dataIndex: 'description', render: (d: string) => <Typography.Text type="secondary">{d}</Typography.Text> },
      ]}
    />
  );
}

function Schedule({ entries }: { entries: ScheduleEntry[] | undefined }) {
  const { t, i18n } = useTranslation('site');
  const lang = normaliseLang(i18n.language);
  const localName = useLocalName();
  if (!entries) return <Skeleton active />;
  if (!entries.length) return <Empty description={t('competition.noContent')} />;
  const now = Date.now();
  return (
    <Timeline
      items={entries.map((e) => ({
        color: new Date(e.endAt).getTime() < now ? 'gray' : new Date(e.startAt).getTime() <= now ? 'green' : 'blue',
        children: (
          <div className="site-timeline">
            <strong>{e.kind === 'stage' ? localName(e.name, e.nameEn) : t(`competition.schedule.${e.kind}`)}</strong>
            <div>
              {minutes(e.startAt, lang)} — {minutes(e.endAt, lang)}
            </div>
          </div>
        ),
      }))}
    />
  );
}

function Detail({ c }: { c: PublicCompetition }) {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const name = useLocalName();
  const labels = useHostLabelKeys();
  const schedule = useAsync((signal) => siteApi.schedule(c.id, signal), [c.id]);
  return (
    <div className="site-page site-detail" data-competition-id={c.id}>
      <Breadcrumb items={[{ title: <Link to="/home/competition">{t('competition.title')}</Link> }, { title: name(c.name, c.nameEn) }]} />
      <div className="site-detail__head">
        <Cover c={c} height={180} />
        <div className="site-detail__info">
          <Space wrap size={4}>
            <PhaseTag phase={c.phase} />
            {c.level && <Tag>{t(`level.${c.level}`, { defaultValue: c.level })}</Tag>}
            <Tag>{t('competition.year', { year: c.year })}</Tag>
          </Space>
          <h1 className="site-detail__name">{name(c.name, c.nameEn)}</h1>
          <Typography.Paragraph type="secondary">{c.summary}</Typography.Paragraph>
          {/* One column at every width: a column count by breakpoint is chosen by script, which the server's page has not. */}
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('competition.enrollLabel')}>
              <EnrollWindow c={c} plain />
            </Descriptions.Item>
            <Descriptions.Item label={t(labels.workSelector, { ns: 'translation' })}>
              {t(`competition.mode.${c.enroll.mode}`)}
              {c.enroll.mode !== 1 && ` · ${t('competition.teamSize', { min: c.enroll.teamMin, max: c.enroll.teamMax })}`}
              {c.enroll.teacherMax > 0 && ` · ${t('competition.advisers', { count: c.enroll.teacherMax })}`}
            </Descriptions.Item>
          </Descriptions>
          <div className="site-detail__action">
            <Button type="primary" size="large" disabled={c.phase !== 'enrolling'} onClick={() => navigate(`/home/signUp?competitionId=${c.id}`)} data-testid="detail-sign-up">
              {c.phase === 'enrolling' ? t('competition.signUp') : t('competition.signUpClosed')}
            </Button>
          </div>
        </div>
      </div>
      <Tabs
        className="site-detail__tabs"
        items={[
          { key: 'intro', label: t('competition.tabs.intro'), children: <Html html={c.intro} /> },
          { key: 'items', label: t('competition.tabs.items'), children: <Items items={c.items} /> },
          { key: 'schedule', label: t('competition.tabs.schedule'), children: <Schedule entries={schedule.data} /> },
          { key: 'guide', label: t('competition.tabs.guide'), children: <Html html={c.guide} /> },
          { key: 'rank', label: t('competition.tabs.rank'), children: <RankingTab competitionId={c.id} /> },
          { key: 'vote', label: t('competition.tabs.vote'), children: <VotesBoardTab competitionId={c.id} /> },
        ]}
      />
    </div>
  );
}

export default function CompetitionDetailPage() {
  const { t } = useTranslation('site');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = useAsync((signal) => siteApi.competition(id, signal), [id], id > 0);
  if (!(id > 0) || (!detail.loading && !detail.data)) {
    return <Result status="404" title={t('competition.notFound')} extra={<Link to="/home/competition">{t('competition.back')}</Link>} />;
  }
  if (!detail.data) return <Skeleton active className="site-page site-page--loading" />;
  return <Detail c={detail.data} />;
}

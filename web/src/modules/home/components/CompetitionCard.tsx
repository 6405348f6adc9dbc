import { Space, Tag } from 'antd';
import { CalendarOutlined, TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Competition, CompetitionPhase } from '@cmp/contracts';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { useLocalName } from '@/app/i18n/hooks';
import '../locales';

const PHASE_COLOURS: Record<CompetitionPhase, string> = { upcoming: 'blue', enrolling: 'green', ongoing: 'orange', ended: 'default' };

export function PhaseTag({ phase }: { phase: CompetitionPhase }) {
  const { t } = useTranslation('site');
  return <Tag color={PHASE_COLOURS[phase]}>{t(`phase.${phase}`)}</Tag>;
}

/** The sign-up window as dates; `plain` leaves out the "Sign-up:" prefix where a label already says it. */
export function EnrollWindow({ c, plain = false }: { c: Pick<Competition, 'enrollStartAt' | 'enrollEndAt'>; plain?: boolean }) {
  const { t, i18n } = useTranslation('site');
  const lang = normaliseLang(i18n.language);
  if (!c.enrollStartAt || !c.enrollEndAt) return <>{t('competition.noWindow')}</>;
  const day = (v: string) => formatDateTime(v, lang, 'day');
  const range = { start: day(c.enrollStartAt), end: day(c.enrollEndAt) };
  return <>{plain ? `${range.start} — ${range.end}` : t('competition.enroll', range)}</>;
}

/**
 * Cards and lists of the public site are plain markup, not antd's Card, List or Typography: the homepage
 * must stay small (those pull in tabs, pagination, selects and tooltips).
 */

/** Covers are optional: a competition without one gets a gradient chosen by its id, so cards still differ. */
const GRADIENTS = ['#1677ff, #69b1ff', '#13a8a8, #5cdbd3', '#722ed1, #b37feb', '#d4380d, #ff9c6e', '#389e0d, #95de64'];
export function Cover({ c, height = 120 }: { c: Pick<Competition, 'id' | 'coverUrl'>; height?: number }) {
  const style = c.coverUrl
    ? { backgroundImage: `url(${c.coverUrl})`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : { backgroundImage: `linear-gradient(135deg, ${GRADIENTS[c.id % GRADIENTS.length]})` };
  return (
    <div className="site-cover" style={{ ...style, height }}>
      {!c.coverUrl && <TrophyOutlined />}
    </div>
  );
}

/** `level`: the card's heading level, one below the section it is listed in (headings must not skip a level). */
export function CompetitionCard({ c, level = 3 }: { c: Competition; level?: 2 | 3 }) {
  const { t } = useTranslation('site');
  const Heading = level === 2 ? 'h2' : 'h3';
  const name = useLocalName();
  return (
    <Link to={`/home/competition/details?id=${c.id}`} className="site-card-link" data-competition-id={c.id}>
      <div className="site-card">
        <Cover c={c} />
        <div className="site-card__body">
        <Space size={4} wrap style={{ marginBottom: 6 }}>
          <PhaseTag phase={c.phase} />
          {c.level && <Tag>{t(`level.${c.level}`, { defaultValue: c.level })}</Tag>}
        </Space>
        <Heading className="site-card__title site-clamp-2">{name(c.name, c.nameEn)}</Heading>
        <p className="site-card__summary site-clamp-2">{c.summary}</p>
        <div className="site-card__meta">
          <CalendarOutlined /> <EnrollWindow c={c} />
        </div>
        <div className="site-card__meta">{t('competition.events', { count: c.itemCount })}</div>
        </div>
      </div>
    </Link>
  );
}

import { useEffect, useState } from 'react';
import { Button, Col, Empty, Row, Skeleton, Space } from 'antd';
import type { Banner } from '@cmp/contracts';
import { AuditOutlined, CloudUploadOutlined, FormOutlined, RightOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { HomeData } from '../hooks/useHomeData';
import { useLocalName } from '@/app/i18n/hooks';
import { CompetitionCard, EnrollWindow, PhaseTag } from './CompetitionCard';

/** Building blocks the three homepage templates arrange differently. */

export function SectionTitle({ title, more }: { title: string; more?: string }) {
  const { t } = useTranslation('site');
  return (
    <div className="site-section__head">
      <h2 className="site-section__title">{title}</h2>
      {more && (
        <Link to={more} className="site-section__more">
          {t('home.more')} <RightOutlined />
        </Link>
      )}
    </div>
  );
}

export function LatestRound({ data, dark = false }: { data: HomeData; dark?: boolean }) {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const name = useLocalName();
  const last = data.lastRound;
  if (data.loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!last) return <span className={dark ? undefined : 'site-muted'}>{t('hero.noRound')}</span>;
  return (
    <div className="site-latest" data-testid="latest-round">
      <div className="site-latest__label">
        {t('hero.latest')} <PhaseTag phase={last.phase} />
      </div>
      <div className="site-latest__name">{name(last.competitionName, last.nameEn)}</div>
      <div className="site-latest__window">
        <EnrollWindow c={last} />
      </div>
      <Space wrap>
        <Button type="primary" size="large" onClick={() => navigate(`/home/competition/details?id=${last.competitionId}`)}>
          {last.phase === 'enrolling' ? t('hero.signUpNow') : t('hero.viewDetails')}
        </Button>
        <Button size="large" ghost={dark} onClick={() => navigate('/home/competition')}>
          {t('hero.browse')}
        </Button>
      </Space>
    </div>
  );
}

export function CompetitionGrid({ data, columns = 3 }: { data: HomeData; columns?: 2 | 3 }) {
  const { t } = useTranslation('site');
  if (data.loading && !data.competitions.length) return <Skeleton active />;
  if (!data.competitions.length) return <Empty description={t('competition.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      {data.competitions.map((c) => (
        <Col key={c.id} xs={24} sm={12} lg={24 / columns}>
          <CompetitionCard c={c} />
        </Col>
      ))}
    </Row>
  );
}

export function Stats({ data }: { data: HomeData }) {
  const { t } = useTranslation('site');
  const enrolling = data.competitions.filter((c) => c.phase === 'enrolling').length;
  const events = data.competitions.reduce((n, c) => n + c.itemCount, 0);
  const stats = [
    [data.total, t('home.stats.competitions')],
    [enrolling, t('home.stats.enrolling')],
    [events, t('home.stats.events')],
  ] as const;
  return (
    <div className="site-stats">
      {stats.map(([n, label]) => (
        <div key={label} className="site-stats__item">
          <strong>{n}</strong>
          <span>{label}</span>
        </div>
      ))}
    </div>
  );
}

const FEATURES = [
  ['enroll', FormOutlined],
  ['submit', CloudUploadOutlined],
  ['review', AuditOutlined],
  ['certificate', SafetyCertificateOutlined],
] as const;

export function Features({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation('site');
  return (
    <Row gutter={[16, 16]} className={dark ? 'site-features site-features--dark' : 'site-features'}>
      {FEATURES.map(([key, Icon]) => (
        <Col key={key} xs={12} md={6}>
          <div className="site-feature">
            <Icon className="site-feature__icon" />
            <div className="site-feature__title">{t(`home.features.${key}`)}</div>
            <div className="site-feature__text">{t(`home.features.${key}Text`)}</div>
          </div>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The organiser's banners, if any, one at a time, moving on every 5 s (not while the pointer rests on them).
 * A link inside the site navigates, an https link opens a new tab. Plain markup: antd's Carousel would
 * bring a slider library to every visitor's first page.
 */
export function BannerCarousel({ banners }: { banners: Banner[] | undefined }) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners?.length ?? 0;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), 5000);
    return () => clearInterval(timer);
  }, [count, paused]);
  if (!banners?.length) return null;
  return (
    <section className="site-banners" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}>
      <div className="site-banners__track" style={{ transform: `translateX(-${(index % count) * 100}%)` }}>
        {banners.map((b, i) => (
          <a
            key={b.imageUrl + b.title}
            className={i === index % count ? 'site-banner site-banner--active' : 'site-banner'}
            aria-hidden={i !== index % count}
            href={b.link || undefined}
            target={b.link.startsWith('https://') ? '_blank' : undefined}
            rel="noreferrer"
            style={{ backgroundImage: `url("${b.imageUrl}")` }}
            onClick={(e) => {
              if (!b.link.startsWith('/home/')) return;
              e.preventDefault();
              navigate(b.link);
            }}
          >
            {b.title && <span className="site-banner__title">{b.title}</span>}
          </a>
        ))}
      </div>
      {count > 1 && (
        <div className="site-banners__dots">
          {banners.map((b, i) => (
            <button key={b.imageUrl + b.title} type="button" aria-label={b.title || String(i + 1)} className={i === index % count ? 'active' : undefined} onClick={() => setIndex(i)} />
          ))}
        </div>
      )}
    </section>
  );
}

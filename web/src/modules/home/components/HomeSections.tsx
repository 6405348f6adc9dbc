import { Button, Carousel, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import type { Banner } from '@cmp/contracts';
import { AuditOutlined, CloudUploadOutlined, FormOutlined, RightOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { HomeData } from '../hooks/useHomeData';
import { CompetitionCard, EnrollWindow, PhaseTag, useCompetitionName } from './CompetitionCard';

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
  const name = useCompetitionName();
  const last = data.lastRound;
  if (data.loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!last) return <Typography.Text type={dark ? undefined : 'secondary'}>{t('hero.noRound')}</Typography.Text>;
  return (
    <div className="site-latest" data-testid="latest-round">
      <div className="site-latest__label">
        {t('hero.latest')} <PhaseTag phase={last.phase} />
      </div>
      <div className="site-latest__name">{name({ name: last.competitionName, nameEn: last.nameEn })}</div>
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

/** The organiser's banners, if any: a link inside the site navigates, an https link opens a new tab. */
export function BannerCarousel({ banners }: { banners: Banner[] | undefined }) {
  const navigate = useNavigate();
  if (!banners?.length) return null;
  return (
    <section className="site-banners">
      <Carousel autoplay autoplaySpeed={5000} dots={banners.length > 1}>
        {banners.map((b) => (
          <div key={b.imageUrl + b.title}>
            <a
              className="site-banner"
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
          </div>
        ))}
      </Carousel>
    </section>
  );
}

import { Col, Empty, Row, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HomeData } from '../hooks/useHomeData';
import { useLocalName } from '@/app/i18n/hooks';
import { EnrollWindow, PhaseTag } from '../components/CompetitionCard';
import { BannerCarousel, Features, LatestRound, SectionTitle } from '../components/HomeSections';
import { NewsColumns } from '../components/NewsColumns';

/** Template 2: an academic portal: a notice bar, competitions as a dense list beside the news. */
export default function PortalTemplate({ data }: { data: HomeData }) {
  const { t } = useTranslation('site');
  const name = useLocalName();
  return (
    <div className="site-template site-template--portal" data-template="2">
      <section className="portal-banner">
        <div className="portal-banner__inner">
          <div>
            <div className="portal-banner__org">{name(data.setting.groupName ?? '', data.setting.groupNameEn)}</div>
            <p className="portal-banner__desc">{data.setting.description}</p>
          </div>
          <div className="portal-banner__round">
            <LatestRound data={data} dark />
          </div>
        </div>
      </section>
      <BannerCarousel banners={data.setting.banners} />
      <div className="site-section">
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <SectionTitle title={t('home.competitions')} more="/home/competition" />
            {data.loading && !data.competitions.length ? (
              <Skeleton active />
            ) : data.competitions.length ? (
              <ul className="site-list portal-list">
                {data.competitions.map((c) => (
                  <li key={c.id} className="site-list__item" data-competition-id={c.id}>
                    <div className="site-list__main">
                      <div className="site-list__title">
                        <Link to={`/home/competition/details?id=${c.id}`}>{name(c.name, c.nameEn)}</Link>
                      </div>
                      <Space size={16} wrap className="site-list__meta">
                        <EnrollWindow c={c} />
                        <span>{t('competition.events', { count: c.itemCount })}</span>
                      </Space>
                    </div>
                    <PhaseTag phase={c.phase} />
                  </li>
                ))}
              </ul>
            ) : (
              <Empty description={t('competition.empty')} />
            )}
          </Col>
          <Col xs={24} lg={10}>
            <NewsColumns data={data} stacked />
          </Col>
        </Row>
      </div>
      <section className="site-section">
        <Features />
      </section>
    </div>
  );
}

import { Col, Empty, List, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HomeData } from '../hooks/useHomeData';
import { EnrollWindow, PhaseTag, useCompetitionName } from '../components/CompetitionCard';
import { BannerCarousel, Features, LatestRound, SectionTitle } from '../components/HomeSections';
import { NewsColumns } from '../components/NewsColumns';

/** Template 2: an academic portal: a notice bar, competitions as a dense list beside the news. */
export default function PortalTemplate({ data }: { data: HomeData }) {
  const { t } = useTranslation('site');
  const name = useCompetitionName();
  return (
    <div className="site-template site-template--portal" data-template="2">
      <section className="portal-banner">
        <div className="portal-banner__inner">
          <div>
            <div className="portal-banner__org">{data.setting.groupName}</div>
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
            <List
              className="portal-list"
              loading={data.loading}
              dataSource={data.competitions}
              locale={{ emptyText: <Empty description={t('competition.empty')} /> }}
              renderItem={(c) => (
                <List.Item data-competition-id={c.id} extra={<PhaseTag phase={c.phase} />}>
                  <List.Item.Meta
                    title={<Link to={`/home/competition/details?id=${c.id}`}>{name(c)}</Link>}
                    description={
                      <Space size={16} wrap>
                        <EnrollWindow c={c} />
                        <span>{t('competition.events', { count: c.itemCount })}</span>
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
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

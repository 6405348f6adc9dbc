import { useTranslation } from 'react-i18next';
import type { HomeData } from '../hooks/useHomeData';
import { useLocalName } from '@/app/i18n/hooks';
import { BannerCarousel, CompetitionGrid, Features, LatestRound, SectionTitle, Stats } from '../components/HomeSections';
import { NewsColumns } from '../components/NewsColumns';

/** Template 1: a bright banner with the organisation and its newest round, then competitions and news. */
export default function ClassicTemplate({ data }: { data: HomeData }) {
  const { t } = useTranslation('site');
  const localName = useLocalName();
  return (
    <div className="site-template site-template--classic" data-template="1">
      <section className="classic-hero">
        <div className="classic-hero__text">
          <h1>{localName(data.setting.groupName ?? '', data.setting.groupNameEn)}</h1>
          <p>{data.setting.description}</p>
        </div>
        <div className="classic-hero__card">
          <LatestRound data={data} />
        </div>
      </section>
      <BannerCarousel banners={data.setting.banners} />
      <Stats data={data} />
      <section className="site-section">
        <SectionTitle title={t('home.competitions')} more="/home/competition" />
        <CompetitionGrid data={data} />
      </section>
      <section className="site-section">
        <NewsColumns data={data} />
      </section>
      <section className="site-section">
        <h2 className="site-section__title site-section__title--center">{t('home.features.title')}</h2>
        <Features />
      </section>
    </div>
  );
}

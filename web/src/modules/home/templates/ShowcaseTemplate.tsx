import { useTranslation } from 'react-i18next';
import type { HomeData } from '../hooks/useHomeData';
import { useLocalName } from '@/app/i18n/hooks';
import { BannerCarousel, CompetitionGrid, Features, LatestRound, SectionTitle, Stats } from '../components/HomeSections';
import { NewsColumns } from '../components/NewsColumns';

/** Template 3: a dark full-width showcase for the platform itself, features first. */
export default function ShowcaseTemplate({ data }: { data: HomeData }) {
  const { t } = useTranslation('site');
  const localName = useLocalName();
  return (
    <div className="site-template site-template--showcase" data-template="3">
      <section className="showcase-hero">
        <div className="showcase-hero__inner">
          <h1>{localName(data.setting.groupName ?? '', data.setting.groupNameEn)}</h1>
          <p>{data.setting.description}</p>
          <LatestRound data={data} dark />
        </div>
      </section>
      <BannerCarousel banners={data.setting.banners} />
      <section className="showcase-band">
        <h2 className="site-section__title site-section__title--center">{t('home.features.title')}</h2>
        <Features dark />
      </section>
      <Stats data={data} />
      <section className="site-section">
        <SectionTitle title={t('home.competitions')} more="/home/competition" />
        <CompetitionGrid data={data} />
      </section>
      <section className="site-section">
        <NewsColumns data={data} />
      </section>
    </div>
  );
}

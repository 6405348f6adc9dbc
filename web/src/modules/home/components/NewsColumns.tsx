import { useTranslation } from 'react-i18next';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi } from '@/app/api/site.api';
import type { HomeData } from '../hooks/useHomeData';
import { SectionTitle } from './HomeSections';
import { NewsList } from './NewsList';

/** The homepage's news: the latest news and the competition guides of the site. */
export function NewsColumns({ data, stacked = false }: { data: HomeData; stacked?: boolean }) {
  const { t } = useTranslation('site');
  const groupId = data.setting.groupId;
  const latest = useAsync((signal) => siteApi.news({ groupId, category: 1, pageNum: 1, pageSize: 6 }, signal), [groupId]);
  const guides = useAsync((signal) => siteApi.news({ groupId, category: 4, pageNum: 1, pageSize: 6 }, signal), [groupId]);
  return (
    <div className={stacked ? 'site-news site-news--stacked' : 'site-news'}>
      <div className="site-news__column">
        <SectionTitle title={t('home.latestNews')} more="/home/news/newsList" />
        <NewsList compact items={latest.data?.list ?? []} loading={latest.loading} />
      </div>
      <div className="site-news__column">
        <SectionTitle title={t('home.guides')} more="/home/news/competitionGuide" />
        <NewsList compact items={guides.data?.list ?? []} loading={guides.loading} />
      </div>
    </div>
  );
}

import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HomeData } from '../hooks/useHomeData';
import { SectionTitle } from './HomeSections';

/** The homepage's news: latest news and competition guides of the site. */
export function NewsColumns({ stacked = false }: { data: HomeData; stacked?: boolean }) {
  const { t } = useTranslation('site');
  return (
    <div className={stacked ? 'site-news site-news--stacked' : 'site-news'}>
      <div>
        <SectionTitle title={t('home.latestNews')} />
        <Empty description={t('home.newsPending')} />
      </div>
    </div>
  );
}

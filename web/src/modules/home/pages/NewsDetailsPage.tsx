import { Breadcrumb, Result, Skeleton, Space } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi } from '@/app/api/site.api';
import { NEWS_ROUTES } from './NewsPage';
import '../locales';
import '../components/site.css';

/** One published news item; its HTML was sanitised by the competitions service when it was saved. */
export default function NewsDetailsPage() {
  const { t, i18n } = useTranslation('site');
  const lang = normaliseLang(i18n.language);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const item = useAsync((signal) => siteApi.newsItem(id, signal), [id], id > 0);
  if (!(id > 0) || (!item.loading && !item.data)) {
    return <Result status="404" title={t('news.notFound')} extra={<Link to="/home/news/newsList">{t('news.back')}</Link>} />;
  }
  if (!item.data) return <Skeleton active className="site-page" />;
  const n = item.data;
  return (
    <article className="site-page site-article" data-news-id={n.id}>
      <Breadcrumb items={[{ title: <Link to={NEWS_ROUTES[n.category]}>{t(`newsCategory.${n.category}`)}</Link> }, { title: n.title }]} />
      <h1 className="site-article__title">{n.title}</h1>
      <Space size={16} className="site-article__meta" wrap>
        <span>{formatDateTime(n.publishedAt, lang, 'minute')}</span>
        <span>{t('news.author', { name: n.authorName })}</span>
        <span>
          <EyeOutlined /> {n.views}
        </span>
        {n.competitionId && <Link to={`/home/competition/details?id=${n.competitionId}`}>{t('news.aboutCompetition')}</Link>}
      </Space>
      {n.coverUrl && <img className="site-article__cover" src={n.coverUrl} alt="" />}
      <div className="site-html" dangerouslySetInnerHTML={{ __html: n.content }} />
    </article>
  );
}

import { Empty, Skeleton, Space, Tag } from 'antd';
import { EyeOutlined, PushpinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PublicNewsItem } from '@cmp/contracts';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import '../locales';

export const newsLink = (id: number) => `/home/newsDetails?id=${id}`;

/** Published news as a list: title, summary, date and views; `compact` for the homepage's columns. */
export function NewsList({ items, loading, compact = false, emptyText }: { items: PublicNewsItem[]; loading?: boolean; compact?: boolean; emptyText?: string }) {
  const { t, i18n } = useTranslation('site');
  const lang = normaliseLang(i18n.language);
  if (loading && !items.length) return <Skeleton active paragraph={{ rows: compact ? 3 : 6 }} />;
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('news.empty')} />;
  return (
    <ul className={compact ? 'site-list site-news-list site-news-list--compact' : 'site-list site-news-list'}>
      {items.map((n) => (
        <li key={n.id} className="site-list__item" data-news-id={n.id}>
          <div className="site-list__main">
            <div className="site-list__title">
              {n.top && <PushpinOutlined className="site-news-list__top" aria-label={t('news.top')} />}
              <Link to={newsLink(n.id)}>{n.title}</Link>
            </div>
            {compact ? (
              <div className="site-list__meta">{formatDateTime(n.publishedAt, lang, 'day')}</div>
            ) : (
              <>
                <p className="site-news-list__summary site-clamp-2">{n.summary}</p>
                <Space size={12} className="site-list__meta">
                  <Tag>{t(`newsCategory.${n.category}`)}</Tag>
                  <span>{formatDateTime(n.publishedAt, lang, 'day')}</span>
                  <span>
                    <EyeOutlined /> {n.views}
                  </span>
                </Space>
              </>
            )}
          </div>
          {!compact && n.coverUrl && <img className="site-news-list__cover" src={n.coverUrl} alt="" />}
        </li>
      ))}
    </ul>
  );
}

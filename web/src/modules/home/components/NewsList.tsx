import { Empty, List, Space, Tag, Typography } from 'antd';
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
  return (
    <List
      className={compact ? 'site-news-list site-news-list--compact' : 'site-news-list'}
      loading={loading}
      dataSource={items}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('news.empty')} /> }}
      renderItem={(n) => (
        <List.Item
          data-news-id={n.id}
          extra={!compact && n.coverUrl ? <img className="site-news-list__cover" src={n.coverUrl} alt="" /> : undefined}
        >
          <List.Item.Meta
            title={
              <Space size={6}>
                {n.top && <PushpinOutlined className="site-news-list__top" aria-label={t('news.top')} />}
                <Link to={newsLink(n.id)}>{n.title}</Link>
              </Space>
            }
            description={
              compact ? (
                formatDateTime(n.publishedAt, lang, 'day')
              ) : (
                <>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="site-news-list__summary">
                    {n.summary}
                  </Typography.Paragraph>
                  <Space size={12} className="site-news-list__meta">
                    <Tag>{t(`newsCategory.${n.category}`)}</Tag>
                    <span>{formatDateTime(n.publishedAt, lang, 'day')}</span>
                    <span>
                      <EyeOutlined /> {n.views}
                    </span>
                  </Space>
                </>
              )
            }
          />
        </List.Item>
      )}
    />
  );
}

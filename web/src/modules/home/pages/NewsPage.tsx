import { useState } from 'react';
import { Input, Menu, Pagination, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NEWS_CATEGORIES } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi } from '@/app/api/site.api';
import { NewsList } from '../components/NewsList';
import { useSite } from '../hooks/useSite';
import { SiteError } from './HomePage';
import '../locales';
import '../components/site.css';

/** The news routes of spec section 2, by category value (the website settings' dictValue). */
export const NEWS_ROUTES: Record<number, string> = {
  1: '/home/news/newsList',
  2: '/home/news/previousWorks',
  3: '/home/news/competitionInfo',
  4: '/home/news/competitionGuide',
  5: '/home/news/operatingManual',
};
const PAGE_SIZE = 10;

/**
 * A news list of the site: one category (the news centre's pages), all news about the site's competitions
 * (`cpNews`, with a competition filter), or everything matching a search (`search`).
 */
export default function NewsPage({ category, mode = 'category' }: { category?: number; mode?: 'category' | 'competition' | 'search' }) {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const state = useSite();
  const groupId = state.setting?.groupId;
  const [params] = useSearchParams();
  const initialKeyword = mode === 'search' ? (params.get('keyword') ?? '') : '';
  const [query, setQuery] = useState<{ keyword?: string; competitionId?: number; pageNum: number }>({ keyword: initialKeyword || undefined, pageNum: 1 });
  const competitions = useAsync((signal) => siteApi.competitionOptions(groupId!, signal), [groupId], mode === 'competition' && !!groupId);
  const list = useAsync(
    (signal) => siteApi.news({ groupId, category, ...query, pageSize: PAGE_SIZE }, signal),
    [groupId, category, query],
    !!groupId && (mode !== 'search' || !!query.keyword),
  );

  if (state.error) return <SiteError state={state} />;
  const title = mode === 'search' ? t('news.searchTitle') : mode === 'competition' ? t('nav.cpNews') : t(`newsCategory.${category}`);
  return (
    <div className="site-page site-news-page">
      {mode === 'category' && (
        <Menu
          className="site-news-page__menu"
          mode="vertical"
          selectedKeys={[String(category)]}
          items={NEWS_CATEGORIES.map((c) => ({ key: String(c), label: t(`newsCategory.${c}`), onClick: () => navigate(NEWS_ROUTES[c]) }))}
        />
      )}
      <div className="site-news-page__main">
        <div className="site-page__head">
          <h1 className="site-page__title">{title}</h1>
          <div className="site-news-page__filters">
            {mode === 'competition' && (
              <Select
                allowClear
                style={{ minWidth: 220 }}
                placeholder={t('news.allCompetitions')}
                loading={competitions.loading}
                options={competitions.data}
                onChange={(competitionId?: number) => setQuery((q) => ({ ...q, competitionId, pageNum: 1 }))}
              />
            )}
            <Input.Search
              allowClear
              className="site-page__search"
              defaultValue={initialKeyword}
              placeholder={t('news.searchPlaceholder')}
              onSearch={(keyword) => {
                const k = keyword.trim();
                if (mode === 'search') navigate(`/home/searchNews?keyword=${encodeURIComponent(k)}`, { replace: true });
                setQuery((q) => ({ ...q, keyword: k || undefined, pageNum: 1 }));
              }}
            />
          </div>
        </div>
        {mode === 'search' && query.keyword && !list.loading && (
          <div className="site-news-page__found">{t('news.found', { count: list.data?.total ?? 0, keyword: query.keyword })}</div>
        )}
        <NewsList items={list.data?.list ?? []} loading={list.loading} emptyText={mode === 'search' && !query.keyword ? t('news.searchHint') : undefined} />
        {(list.data?.total ?? 0) > PAGE_SIZE && (
          <Pagination
            className="site-page__pager"
            current={query.pageNum}
            pageSize={PAGE_SIZE}
            total={list.data?.total}
            showSizeChanger={false}
            onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
          />
        )}
      </div>
    </div>
  );
}

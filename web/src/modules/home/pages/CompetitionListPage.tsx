import { useState } from 'react';
import { Col, Empty, Input, Pagination, Row, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompetitionPhase } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi } from '@/app/api/site.api';
import { CompetitionCard } from '../components/CompetitionCard';
import { useSite } from '../hooks/useSite';
import { SiteError } from './HomePage';
import '../locales';
import '../components/site.css';

const PHASES: CompetitionPhase[] = ['enrolling', 'upcoming', 'ongoing', 'ended'];
const PAGE_SIZE = 9;

/** The site's published competitions: search, filter by phase, page through. */
export default function CompetitionListPage() {
  const { t } = useTranslation('site');
  const state = useSite();
  const groupId = state.setting?.groupId;
  const [query, setQuery] = useState<{ keyword?: string; phase?: CompetitionPhase; pageNum: number }>({ pageNum: 1 });
  const list = useAsync((signal) => siteApi.competitions({ groupId, ...query, pageSize: PAGE_SIZE }, signal), [groupId, query], !!groupId);

  if (state.error) return <SiteError state={state} />;
  return (
    <div className="site-page">
      <div className="site-page__head">
        <h1 className="site-page__title">{t('competition.title')}</h1>
        <Input.Search
          allowClear
          className="site-page__search"
          placeholder={t('competition.keyword')}
          onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim() || undefined, pageNum: 1 }))}
        />
      </div>
      <Segmented
        className="site-page__filter"
        value={query.phase ?? 'all'}
        options={[{ value: 'all', label: t('competition.all') }, ...PHASES.map((p) => ({ value: p, label: t(`phase.${p}`) }))]}
        onChange={(v) => setQuery((q) => ({ ...q, phase: v === 'all' ? undefined : (v as CompetitionPhase), pageNum: 1 }))}
      />
      {list.loading && !list.data ? (
        <Skeleton active />
      ) : list.data?.list.length ? (
        <Row gutter={[16, 16]}>
          {list.data.list.map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={8}>
              <CompetitionCard c={c} level={2} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty className="site-empty" description={t('competition.empty')} />
      )}
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
  );
}

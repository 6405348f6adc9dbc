import { useMemo, useState } from 'react';
import { Button, Empty, Form, Input, Select, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MY_REVIEW_STATUSES, type MyReviewItem, type MyReviewQuery, type MyReviewStatus } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { reviewApi } from '../api/review.api';
import { CaptainView } from '../components/CaptainView';
import { formatScore, NS, SheetStatusTag } from '../components/shared';
import '../locales';
import '../components/review.css';

interface Filters {
  roundId?: number;
  status?: MyReviewStatus;
  keyword?: string;
}

/** 我的评审: the works assigned to the calling expert, and (for a group's captain) the group's scores. */
export default function MyReviewsPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const initialRound = Number(params.get('roundId')) || undefined;
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<MyReviewQuery>({ pageNum: 1, pageSize: 10, roundId: initialRound });
  const list = useAsync((signal) => reviewApi.mine(query, signal), [query]);
  const dashboard = useAsync((signal) => reviewApi.dashboard(signal), []);
  const rounds = useMemo(() => {
    const byId = new Map<number, string>();
    for (const r of dashboard.data?.rounds ?? []) byId.set(r.roundId, r.name);
    for (const i of list.data?.list ?? []) if (!byId.has(i.roundId)) byId.set(i.roundId, i.roundName);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [dashboard.data, list.data]);
  const captainRounds = useAsync(
    async (signal) => {
      const flags = await Promise.all(rounds.map((r) => reviewApi.captainFlag(r.value, signal).catch(() => null)));
      return rounds.filter((_, i) => flags[i]?.captain);
    },
    [rounds.map((r) => r.value).join(',')],
    rounds.length > 0,
  );
  const filtered = !!(query.roundId || query.status || query.keyword);
  const tab = params.get('tab') === 'captain' ? 'captain' : 'list';

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, roundId: f.roundId, status: f.status, keyword: f.keyword?.trim() || undefined }));
  };
  const reset = () => {
    form.resetFields();
    form.setFieldsValue({ roundId: undefined });
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  };
  const open = (i: MyReviewItem) => navigate(`/review/score?assignmentId=${i.assignmentId}`);

  const columns: TableColumnsType<MyReviewItem> = [
    {
      title: t('mine.work'),
      dataIndex: 'workTitle',
      ellipsis: true,
      render: (v: string, i) => (
        <a onClick={() => open(i)} title={v}>
          {v}
        </a>
      ),
    },
    { title: t('mine.event'), dataIndex: 'eventName', width: 150, ellipsis: true },
    { title: t('mine.round'), dataIndex: 'roundName', width: 180, ellipsis: true },
    {
      title: t('mine.members'),
      key: 'members',
      width: 170,
      responsive: ['xl'],
      render: (_, i) =>
        i.members?.length ? (
          <div>
            <div>{i.members.join('、')}</div>
            {!!i.schools?.length && <div className="review-mine__sub">{i.schools.join('、')}</div>}
          </div>
        ) : (
          '-'
        ),
    },
    { title: t('mine.status'), dataIndex: 'status', width: 100, render: (v: MyReviewStatus) => <SheetStatusTag status={v} /> },
    { title: t('mine.total'), dataIndex: 'total', width: 80, align: 'right', render: (v: number | null) => formatScore(v) },
    {
      title: t('mine.closesAt'),
      dataIndex: 'closesAt',
      width: 165,
      className: 'cell-nowrap',
      render: (v: string | null) => (v ? formatDateTime(v, lang, 'minute') : <span className="review-mine__sub">{t('mine.noDeadline')}</span>),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, i) => (
        <Button type="link" size="small" onClick={() => open(i)} data-testid={`score-${i.assignmentId}`}>
          {i.status === 'submitted' ? t('mine.view') : i.status === 'returned' ? t('mine.fix') : t('mine.score')}
        </Button>
      ),
    },
  ];

  const listTab = (
    <>
      <Form form={form} layout="inline" className="search-form" name="my-review-search" onFinish={search} initialValues={{ roundId: initialRound }}>
        <Form.Item name="roundId" label={t('mine.round')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 200 }} options={rounds} />
        </Form.Item>
        <Form.Item name="status" label={t('mine.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={MY_REVIEW_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <Form.Item name="keyword" label={t('mine.keyword')}>
          <Input allowClear placeholder={t('mine.keywordPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<MyReviewItem>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="assignmentId"
        columns={columns}
        scroll={{ x: 900 }}
        locale={{ emptyText: list.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('mine.emptyFiltered') : t('mine.empty')} /> }}
      />
    </>
  );

  const captains = captainRounds.data ?? [];
  return (
    <div className="system-page review-mine" data-testid="my-reviews">
      <PageHeader title={t('mine.title')} />
      {captains.length > 0 ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            const next = new URLSearchParams(params);
            if (k === 'captain') next.set('tab', 'captain');
            else next.delete('tab');
            setParams(next, { replace: true });
          }}
          items={[
            { key: 'list', label: t('mine.tabList'), children: listTab },
            { key: 'captain', label: t('mine.tabCaptain'), children: <CaptainView rounds={captains} initialRound={initialRound} /> },
          ]}
        />
      ) : (
        listTab
      )}
    </div>
  );
}

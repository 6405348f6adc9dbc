import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dateColumn, PagedTable, SearchButtons } from '@/app/components/ListParts';
import { useNavigate } from 'react-router-dom';
import { NEWS_CATEGORIES, NEWS_STATUSES, Perm, type CollectedNews, type NewsItem, type NewsPageQuery, type NewsStatus, type Page } from '@cmp/contracts';
import { confirmDelete, confirmDialog, promptDialog, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import { useAsync } from '@/app/hooks/useAsync';
import { newsApi } from '@/app/api/news.api';
import '@/app/i18n/news';
import './news.css';

/** Which list: all news, my applications, applications to check, or my favourites. */
export type NewsListMode = 'list' | 'apply' | 'check' | 'collect';

const STATUS_COLOR: Record<NewsStatus, string> = { draft: 'default', pending: 'orange', published: 'green', rejected: 'red' };
export const ADD_EDIT_PATH = '/newsManagement/addEdit';
export const DETAIL_PATH = '/newsManagement/detail';

interface Filters {
  keyword?: string;
  category?: number;
  status?: NewsStatus;
}

export function StatusTag({ item }: { item: Pick<NewsItem, 'status' | 'rejectReason'> }) {
  const { t } = useTranslation('news');
  const tag = <Tag color={STATUS_COLOR[item.status]}>{t(`status.${item.status}`)}</Tag>;
  return item.status === 'rejected' && item.rejectReason ? <Tooltip title={`${t('list.rejectReason')}：${item.rejectReason}`}>{tag}</Tooltip> : tag;
}

/** The news lists of the back office; each menu entry shows one mode. */
export function NewsListScreen({ mode }: { mode: NewsListMode }) {
  const { t, i18n } = useTranslation('news');
  const lang = normaliseLang(i18n.language);
  const navigate = useNavigate();
  const canEdit = usePermission([Perm.newsEdit]);
  const checker = usePermission([Perm.newsCheck]);
  const base: NewsPageQuery = { pageNum: 1, pageSize: 10, ...(mode === 'apply' ? { mine: true } : mode === 'check' ? { status: 'pending' } : {}) };
  const [query, setQuery] = useState<NewsPageQuery>(base);
  const list = useAsync<Page<NewsItem | CollectedNews>>(
    (signal) => (mode === 'collect' ? newsApi.collectPage(query, signal) : newsApi.page(query, signal)),
    [query, mode],
  );
  const [form] = Form.useForm<Filters>();

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ ...base, pageSize: q.pageSize, keyword: f.keyword?.trim() || undefined, category: f.category, ...(f.status ? { status: f.status } : {}) }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...base, pageSize: q.pageSize }));
  };
  /** After an item leaves this list, step back a page if it was the last one here. */
  const afterRemoval = () => {
    const lastOnPage = (list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1;
    if (lastOnPage) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };
  const run = async (call: () => Promise<unknown>, done: string, removes = false) => {
    try {
      await call();
    } catch {
      return; // toasted by the HTTP client
    }
    toast(done, 'success');
    if (removes) afterRemoval();
    else list.reload();
  };

  const remove = async (n: NewsItem) => {
    const deleted = await confirmDelete({ question: t('list.deleteConfirm', { title: n.title }), okText: t('common.delete'), done: t('list.deleted'), run: () => newsApi.remove(n.id) });
    if (deleted) afterRemoval();
  };
  const unpublish = async (n: NewsItem) => {
    if ((await confirmDialog(t('list.unpublishConfirm', { title: n.title }), { okText: t('list.unpublish') })) !== 'confirm') return;
    await run(() => newsApi.unpublish(n.id), t('list.unpublished'));
  };
  const reject = async (n: NewsItem) => {
    const r = await promptDialog(t('list.rejectPrompt'), { title: n.title, validator: (v) => v.trim().length > 0 && v.length <= 500, errorMessage: t('list.rejectReasonRequired') });
    if (r.result !== 'confirm' || !r.value) return;
    await run(() => newsApi.check({ id: n.id, approve: false, reason: r.value!.trim() }), t('list.rejected'), true);
  };

  const editable = (n: NewsItem) => canEdit && (checker || n.status !== 'published');
  const publishable = (n: NewsItem) => canEdit && (checker ? n.status !== 'published' : n.status === 'draft' || n.status === 'rejected');
  const link = (label: string, onClick: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={onClick}>
      {label}
    </Button>
  );

  const columns: TableColumnsType<NewsItem | CollectedNews> = [
    {
      title: t('list.newsTitle'),
      dataIndex: 'title',
      width: 280,
      render: (title: string, n) => (
        <Space>
          {n.coverUrl && <img className="news-thumb" src={n.coverUrl} alt="" />}
          <a onClick={() => navigate(`${DETAIL_PATH}?id=${n.id}`)}>{title}</a>
          {n.top && <Tag color="gold">{t('list.top')}</Tag>}
        </Space>
      ),
    },
    { title: t('list.category'), dataIndex: 'category', width: 110, render: (c: number) => t(`category.${c}`) },
    { title: t('list.status'), dataIndex: 'status', width: 100, render: (_: unknown, n) => <StatusTag item={n} /> },
    { title: t('list.author'), dataIndex: 'authorName', width: 110 },
    { title: t('list.views'), dataIndex: 'views', width: 80, align: 'right' },
    mode === 'check'
      ? dateColumn(t('list.appliedAt'), 'appliedAt', lang, 'minute')
      : mode === 'collect'
        ? dateColumn(t('list.collectedAt'), 'collectedAt', lang, 'minute')
        : dateColumn(t('list.updatedAt'), 'updatedAt', lang, 'minute'),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: lang === 'en' ? 300 : 240,
      render: (_, n) => (
        <Space size={0} wrap>
          {link(t('list.view'), () => navigate(`${DETAIL_PATH}?id=${n.id}`))}
          {mode === 'check' && link(t('list.approve'), () => void run(() => newsApi.check({ id: n.id, approve: true }), t('list.approved'), true))}
          {mode === 'check' && link(t('list.reject'), () => void reject(n), true)}
          {mode === 'collect' && link(t('list.uncollect'), () => void run(() => newsApi.collect(n.id, false), t('list.uncollected'), true))}
          {(mode === 'list' || mode === 'apply') && (
            <>
              {editable(n) && link(t('common.edit'), () => navigate(`${ADD_EDIT_PATH}?id=${n.id}`))}
              {publishable(n) &&
                link(checker ? t('list.publish') : t('list.submit'), () => void run(() => newsApi.publish(n.id), checker ? t('list.published') : t('list.submitted')))}
              {checker && n.status === 'published' && link(t('list.unpublish'), () => void unpublish(n))}
              {editable(n) && link(t('common.delete'), () => void remove(n), true)}
            </>
          )}
        </Space>
      ),
    },
  ];

  const title = { list: t('list.title'), apply: t('list.applyTitle'), check: t('list.checkTitle'), collect: t('list.collectTitle') }[mode];
  const hint = mode === 'apply' && !checker ? t('list.applyHint') : mode === 'check' ? t('list.checkHint') : null;
  const empty = mode === 'check' ? t('list.emptyCheck') : mode === 'collect' ? t('list.emptyCollect') : undefined;
  return (
    <div className="news-page" data-mode={mode}>
      <div className="news-page__header">
        <h2 className="news-page__title">{title}</h2>
        {canEdit && (mode === 'list' || mode === 'apply') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ADD_EDIT_PATH)}>
            {mode === 'apply' && !checker ? t('list.apply') : t('list.add')}
          </Button>
        )}
      </div>
      {hint && <Alert type="info" showIcon message={hint} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="keyword" label={t('list.keyword')}>
          <Input allowClear placeholder={t('list.keywordPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="category" label={t('list.category')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 150 }} options={NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} />
        </Form.Item>
        {(mode === 'list' || mode === 'apply') && (
          <Form.Item name="status" label={t('list.status')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={NEWS_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
        )}
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<NewsItem | CollectedNews, NewsPageQuery>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1085 }}
        locale={empty ? { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> } : undefined}
      />
    </div>
  );
}

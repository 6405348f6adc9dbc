import { useState } from 'react';
import { Button, Empty, Form, Grid, Input, InputNumber, Select, Space, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dateColumn, PagedTable, SearchButtons, WIDE_ONLY } from '@/app/components/ListParts';
import { useNavigate } from 'react-router-dom';
import { CompetitionStatus, type Competition, type CompetitionPageQuery } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { competitionApi } from '@/app/api/competition.api';
import { SettingsMenu } from '../components/SettingsMenu';
import { formatWindow, NS, PhaseTag, StatusTag, useCanEdit, useEventLabel, useLang, useLevelOptions } from '../components/shared';
import { allowedActions } from '../hooks/rules';
import { useCompetitionActions } from '../hooks/useCompetitionActions';

interface Filters {
  keyword?: string;
  status?: CompetitionStatus;
  year?: number | null;
}

/** The organisation's competitions: search, paging, and what can be done to each in its state. */
export default function CompetitionListPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const event = useEventLabel();
  const levels = useLevelOptions();
  const actions = useCompetitionActions();
  // On a phone, fixed name and action columns would leave no room between them: the whole row scrolls instead.
  const narrow = !Grid.useBreakpoint().md;

  const [query, setQuery] = useState<CompetitionPageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => competitionApi.page(query, signal), [query]);
  const [form] = Form.useForm<Filters>();
  const filtered = !!(query.keyword || query.status !== undefined || query.year);

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, keyword: f.keyword?.trim() || undefined, status: f.status, year: f.year ?? undefined }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  };
  /** After a change: reload, stepping back a page when the last row of a page went away. */
  const after = (changed: boolean, removedRow = false) => {
    if (!changed) return;
    if (removedRow && (list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };

  const columns: TableColumnsType<Competition> = [
    {
      title: t('name'),
      dataIndex: 'name',
      width: 240,
      fixed: narrow ? undefined : 'left',
      render: (_, c) => (
        <div className="competition-name">
          <a onClick={() => navigate(`/competition/details?id=${c.id}`)}>{c.name}</a>
          {c.nameEn && <span className="competition-name__en">{c.nameEn}</span>}
        </div>
      ),
    },
    { title: t('status'), dataIndex: 'status', width: 90, render: (s: CompetitionStatus) => <StatusTag status={s} /> },
    { title: t('phase'), dataIndex: 'phase', width: 110, render: (_, c) => <PhaseTag competition={c} /> },
    { title: t('level'), dataIndex: 'level', width: 100, responsive: WIDE_ONLY, render: (v: string) => levels.find((l) => l.value === v)?.label ?? (v || '-') },
    { title: t('year'), dataIndex: 'year', width: 80, responsive: WIDE_ONLY },
    { title: t('itemCount', { event: event.label }), dataIndex: 'itemCount', width: 130, align: 'right' },
    {
      title: t('enrollWindow'),
      key: 'enroll',
      width: 210,
      render: (_, c) => formatWindow(c.enrollStartAt, c.enrollEndAt, lang) ?? <span className="muted">{t('notSet')}</span>,
    },
    { ...dateColumn<Competition>(t('updatedAt'), 'updatedAt', lang), responsive: WIDE_ONLY },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: narrow ? undefined : 'right',
      width: canEdit ? 360 : 80,
      render: (_, c) => {
        const can = allowedActions(c.status);
        return (
          <Space size={0} wrap className="row-actions">
            <Button type="link" size="small" onClick={() => navigate(`/competition/details?id=${c.id}`)}>
              {t('action.details')}
            </Button>
            {canEdit && can.edit && (
              <Button type="link" size="small" onClick={() => navigate(`/competition/addEdit?id=${c.id}`)}>
                {t('action.edit')}
              </Button>
            )}
            {canEdit && can.settings && <SettingsMenu id={c.id} link />}
            {canEdit && can.publish && (
              <Button type="link" size="small" onClick={() => void actions.publish(c).then((ok) => after(ok))}>
                {t('action.publish')}
              </Button>
            )}
            {canEdit && can.archive && (
              <Button type="link" size="small" onClick={() => void actions.archive(c).then((ok) => after(ok))}>
                {t('action.archive')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => void actions.copy(c).then((ok) => after(ok))}>
                {t('action.copy')}
              </Button>
            )}
            {canEdit && (
              <Tooltip title={can.remove ? undefined : t('action.deleteDraftOnly')}>
                <Button type="link" size="small" danger disabled={!can.remove} onClick={() => void actions.remove(c).then((ok) => after(ok, true))}>
                  {t('action.delete')}
                </Button>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="competition-page">
      <div className="competition-page__header">
        <h2 className="competition-page__title">{t('title')}</h2>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/competition/addEdit')}>
            {t('add')}
          </Button>
        )}
      </div>
      <Form form={form} layout="inline" className="search-form" name="search" onFinish={search}>
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear placeholder={t('keywordPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 120 }}
            options={[CompetitionStatus.draft, CompetitionStatus.published, CompetitionStatus.archived].map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="year" label={t('year')}>
          <InputNumber min={2000} max={2100} precision={0} placeholder={t('yearPlaceholder')} style={{ width: 120 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<Competition>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1140 }}
        locale={{
          emptyText: list.loading ? ' ' : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('emptyFiltered') : t('empty')}>
              {canEdit && !filtered && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/competition/addEdit')}>
                  {t('add')}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
    </div>
  );
}

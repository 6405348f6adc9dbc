import { useState } from 'react';
import { Button, Empty, Form, Input, Select, Switch, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dateColumn, PagedTable, SearchButtons } from '@/app/components/ListParts';
import { Perm, WorkStatus, type Work, type WorkPageQuery } from '@cmp/contracts';
import type { CompetitionListProps } from '@/app/competition-list';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { usePermission } from '@/app/permission/permission';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { enrollAdminApi } from '../api/enroll-admin.api';
import { CompetitionEventFilters, ENROLL_NS, NS, statusOptions, useCompetitionOptions, useEventLabel, useLang, useLocalName, WorkStatusTag } from '../components/shared';

interface Filters {
  competitionId?: number;
  itemId?: number;
  status?: WorkStatus;
  keyword?: string;
}

/** Whether the searched competition's works are public, and the switch that changes it (after a confirmation). */
function PublishSwitch({ competitionId, competitionName }: { competitionId: number | undefined; competitionName: string }) {
  const { t } = useTranslation(NS);
  const canPublish = usePermission([Perm.workPublish]);
  const state = useAsync((signal) => enrollAdminApi.publication(competitionId!, signal), [competitionId], !!competitionId);
  const [busy, setBusy] = useState(false);
  const published = competitionId !== undefined && state.data?.competitionId === competitionId ? state.data.published : undefined;

  const change = async (next: boolean) => {
    const question = t(next ? 'work.publishConfirm' : 'work.unpublishConfirm', { name: competitionName });
    if ((await confirmDialog(question, { danger: !next })) !== 'confirm') return;
    setBusy(true);
    try {
      await enrollAdminApi.publish(competitionId!, next);
      toast(t(next ? 'work.published' : 'work.unpublished'), 'success');
      state.reload();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  if (!competitionId) return <Typography.Text type="secondary">{t('work.publishPick')}</Typography.Text>;
  return (
    <Tooltip title={t('work.publishHint')}>
      <span className="enroll-admin__publish" data-testid="publish-works">
        <span>{t('work.publish')}</span>
        <Switch
          checked={published ?? false}
          loading={busy || state.loading}
          disabled={!canPublish || published === undefined}
          checkedChildren={t('work.publicOn')}
          unCheckedChildren={t('work.publicOff')}
          onChange={(next) => void change(next)}
        />
      </span>
    </Tooltip>
  );
}

/** 作品列表: the works of the organiser's competitions; filter, open one, make a competition's works public. Given a competition (its details' 作品 tab), that competition's. */
export default function WorksPage({ competitionId: fixedId }: Partial<CompetitionListProps> = {}) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const event = useEventLabel();
  const navigate = useNavigate();
  const [query, setQuery] = useState<WorkPageQuery>({ pageNum: 1, pageSize: 10, competitionId: fixedId });
  const list = useAsync((signal) => enrollAdminApi.works(query, signal), [query]);
  const competitions = useCompetitionOptions();
  const [form] = Form.useForm<Filters>();
  const filtered = !!((query.competitionId && !fixedId) || query.itemId || query.status !== undefined || query.keyword);
  const competitionName = competitions.data?.find((c) => c.value === query.competitionId)?.label ?? '';
  const open = (w: Work) => navigate(`/works/info?id=${w.id}`);

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, competitionId: fixedId ?? f.competitionId, itemId: f.itemId, status: f.status, keyword: f.keyword?.trim() || undefined }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, competitionId: fixedId }));
  };

  const columns: TableColumnsType<Work> = [
    { title: t('work.name'), dataIndex: 'title', width: 200, fixed: 'left', ellipsis: true, render: (v: string, w) => <a onClick={() => open(w)} title={v}>{v}</a> },
    { title: t('work.team'), dataIndex: 'teamName', width: 140, ellipsis: true, render: (v: string | null) => v || '-' },
    {
      title: t('work.competition', { event: event.label }),
      key: 'competition',
      width: 200,
      render: (_, w) => (
        <div className="enroll-admin__name">
          <span>{localName(w.competitionName, w.competitionNameEn)}</span>
          <span className="enroll-admin__sub">{localName(w.itemName, w.itemNameEn)}</span>
        </div>
      ),
    },
    { title: t('work.status'), dataIndex: 'status', width: 90, render: (v: WorkStatus) => <WorkStatusTag status={v} /> },
    { title: t('work.files'), key: 'files', width: 80, align: 'right', render: (_, w) => w.files.length },
    dateColumn(t('work.submittedAt'), 'submittedAt', lang, 'minute'),
    dateColumn(t('work.updatedAt'), 'updatedAt', lang, 'minute'),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, w) => (
        <Button type="link" size="small" onClick={() => open(w)}>
          {t('work.details')}
        </Button>
      ),
    },
  ];

  return (
    <div className={fixedId ? 'enroll-admin' : 'system-page enroll-admin'} data-testid={fixedId ? 'competition-works' : 'works-page'}>
      <PageHeader title={fixedId ? '' : t('work.title')} extra={<PublishSwitch competitionId={query.competitionId} competitionName={competitionName} />} />
      <Form form={form} layout="inline" className="search-form" name="work-search" onFinish={search} initialValues={{ competitionId: fixedId }}>
        <CompetitionEventFilters form={form} competitions={competitions} fixed={!!fixedId} />
        <Form.Item name="status" label={t('filter.workStatus')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={statusOptions(WorkStatus, (v) => t(`workStatus.${v}`, { ns: ENROLL_NS }))} />
        </Form.Item>
        <Form.Item name="keyword" label={t('filter.keyword')}>
          <Input allowClear placeholder={t('work.keywordPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<Work>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1130 }}
        locale={{
          emptyText: list.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('work.emptyFiltered') : t(fixedId ? 'work.emptyCompetition' : 'work.empty')} />,
        }}
      />
    </div>
  );
}

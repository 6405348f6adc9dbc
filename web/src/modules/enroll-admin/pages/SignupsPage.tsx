import { useState } from 'react';
import { Button, Empty, Form, Input, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dateColumn, PagedTable, SearchButtons, WIDE_ONLY } from '@/app/components/ListParts';
import { PayStatus, Perm, SignupStatus, SignupType, type SignupDetail, type SignupListRow, type SignupPageQuery } from '@cmp/contracts';
import type { CompetitionListProps } from '@/app/competition-list';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { usePermission } from '@/app/permission/permission';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { useFiltersFromAddress } from '@/app/hooks/usePagedList';
import { enrollAdminApi, type SignupFilters, type SignupSource } from '../api/enroll-admin.api';
import { SignupDrawer } from '../components/SignupDrawer';
import { CompetitionEventFilters, CompleteTag, ENROLL_NS, NS, PayStatusTag, SignupStatusTag, statusOptions, useCompetitionOptions, useEventLabel, useLang, useLocalName } from '../components/shared';
import { useReview } from '../components/useReview';

interface Filters {
  competitionId?: number;
  itemId?: number;
  /** 'id:<schoolId>' or 'name:<schoolName>' (sign-ups with a typed school have no id). */
  school?: string;
  status?: SignupStatus;
  payStatus?: PayStatus;
  keyword?: string;
}

const sourceValue = (s: SignupSource) => (s.schoolId ? `id:${s.schoolId}` : `name:${s.schoolName}`);

function schoolQuery(value: string | undefined): Pick<SignupPageQuery, 'schoolId' | 'schoolName'> {
  if (value?.startsWith('id:')) return { schoolId: Number(value.slice(3)) };
  if (value?.startsWith('name:')) return { schoolName: value.slice(5) };
  return {};
}

/**
 * 报名管理: the sign-ups of the organiser's competitions; filter, review in a drawer, approve or reject, export.
 * Given a competition (its details' 参赛选手 / 参赛团队 tabs), the list is that competition's, of one type.
 */
export default function SignupsPage({ competitionId: fixedId, type }: Partial<CompetitionListProps> = {}) {
  const { t } = useTranslation(NS);
  const localName = useLocalName();
  const lang = useLang();
  const event = useEventLabel();
  const can = { check: usePermission([Perm.enrollCheck]), export: usePermission([Perm.enrollExport]) };

  // The fixed part of every query: a competition's own tab never leaves its competition (nor its type).
  const fixed = { competitionId: fixedId, type };
  // The workbench links here with a status (`?status=0`, waiting for approval), and a competition.
  const fromAddress = useFiltersFromAddress<{ status: SignupStatus; competitionId: number }>(['status', 'competitionId']);
  const linked = fixedId === undefined ? fromAddress : {};
  const [query, setQuery] = useState<SignupPageQuery>({ pageNum: 1, pageSize: 10, ...fixed, ...linked });
  const list = useAsync((signal) => enrollAdminApi.page(query, signal), [query]);
  const competitions = useCompetitionOptions();
  const [form] = Form.useForm<Filters>();
  const competitionId = Form.useWatch('competitionId', form);
  const sources = useAsync((signal) => enrollAdminApi.sources(competitionId!, signal), [competitionId], !!competitionId);
  const { pageNum: _p, pageSize: _s, ...filters } = query;
  const filtered = Object.entries(filters).some(([k, v]) => v !== undefined && !(k in fixed && fixed[k as keyof typeof fixed] !== undefined));

  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useAsync((signal) => enrollAdminApi.detail(openId!, signal), [openId], openId !== null);
  const review = useReview((after: SignupDetail) => {
    list.reload();
    if (after.id === openId) detail.reload();
  });
  const [exporting, setExporting] = useState(false);

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({
      pageNum: 1,
      pageSize: q.pageSize,
      ...fixed,
      competitionId: fixedId ?? f.competitionId,
      itemId: f.itemId,
      ...schoolQuery(f.school),
      status: f.status,
      payStatus: f.payStatus,
      keyword: f.keyword?.trim() || undefined,
    }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, ...fixed }));
  };
  const exportList = async () => {
    setExporting(true);
    try {
      await enrollAdminApi.export(filters as SignupFilters, t('signup.exportName'));
      toast(t('signup.exported'), 'success');
    } catch {
      /* toasted */
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<SignupListRow> = [
    {
      title: t('signup.team'),
      key: 'team',
      width: 160,
      fixed: 'left',
      render: (_, s) => (
        <>
          <Space size={4} wrap>
            <Tag color={s.type === SignupType.team ? 'blue' : 'default'}>{s.type === SignupType.team ? t('signup.teamTag') : t('signup.individual')}</Tag>
            <a onClick={() => setOpenId(s.id)}>{s.teamName || s.captainName}</a>
          </Space>
          {/* The captain column shows from 1600 px only: below that, a team's captain is named here. */}
          {s.teamName && s.captainName && <div className="enroll-admin__sub">{t('signup.captainLine', { name: s.captainName })}</div>}
        </>
      ),
    },
    {
      title: t('signup.competition', { event: event.label }),
      key: 'competition',
      width: 180,
      render: (_, s) => (
        <div className="enroll-admin__name">
          <span>{localName(s.competitionName, s.competitionNameEn)}</span>
          <span className="enroll-admin__sub">{localName(s.itemName, s.itemNameEn)}</span>
        </div>
      ),
    },
    { title: t('signup.captain'), dataIndex: 'captainName', width: 100, responsive: WIDE_ONLY, render: (v: string) => v || '-' },
    { title: t('signup.school'), dataIndex: 'schoolName', width: 120, ellipsis: true, render: (v: string | null) => v || '-' },
    { title: t('signup.members'), dataIndex: 'memberCount', width: 90, align: 'right', responsive: WIDE_ONLY },
    { title: t('signup.complete'), dataIndex: 'complete', width: 110, render: (v: boolean) => <CompleteTag complete={v} /> },
    { title: t('signup.status'), dataIndex: 'status', width: 90, render: (v: SignupStatus) => <SignupStatusTag status={v} /> },
    { title: t('signup.payStatus'), dataIndex: 'payStatus', width: 90, render: (v: PayStatus) => <PayStatusTag payStatus={v} /> },
    dateColumn(t('signup.createdAt'), 'createdAt', lang, 'minute'),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: lang === 'en' ? 230 : 160,
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenId(s.id)}>
            {t('signup.details')}
          </Button>
          {can.check && s.status === SignupStatus.pending && (
            <>
              <GuardedButton type="link" size="small" onClick={() => review.approve(s)}>
                {t('signup.approve')}
              </GuardedButton>
              <Button type="link" size="small" danger onClick={() => review.reject(s)}>
                {t('signup.reject')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className={fixedId ? 'enroll-admin' : 'system-page enroll-admin'} data-testid={fixedId ? `competition-signups-${type ?? 'all'}` : 'signups-page'}>
      <PageHeader
        title={fixedId ? '' : t('signup.title')}
        extra={
          can.export && (
            <GuardedButton icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
              {t('signup.export')}
            </GuardedButton>
          )
        }
      />
      <Form form={form} layout="inline" className="search-form" name={`signup-search${type ?? ''}`} onFinish={search} initialValues={{ competitionId: fixedId, ...linked }}>
        <CompetitionEventFilters form={form} competitions={competitions} dependants={['school']} fixed={!!fixedId} />
        <Form.Item name="school" label={t('filter.school')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            disabled={!competitionId}
            placeholder={competitionId ? t('common.all') : t('filter.schoolPlaceholder')}
            style={{ width: 200 }}
            loading={sources.loading}
            options={(competitionId ? (sources.data ?? []) : []).map((s) => ({
              value: sourceValue(s),
              label: t('filter.schoolOption', { name: s.schoolName || t('filter.noSchoolName'), count: s.count }),
            }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('filter.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={statusOptions(SignupStatus, (v) => t(`status.${v}`, { ns: ENROLL_NS }))} />
        </Form.Item>
        <Form.Item name="payStatus" label={t('filter.payStatus')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={statusOptions(PayStatus, (v) => t(`pay.${v}`, { ns: ENROLL_NS }))} />
        </Form.Item>
        <Form.Item name="keyword" label={t('filter.keyword')}>
          <Input allowClear placeholder={t('signup.keywordPlaceholder')} style={{ width: 220 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<SignupListRow>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1075 }}
        locale={{
          emptyText: list.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('signup.emptyFiltered') : t(fixedId ? (type === SignupType.team ? 'signup.emptyTeams' : 'signup.emptyPlayers') : 'signup.empty')} />,
        }}
      />
      <SignupDrawer id={openId} detail={detail} onClose={() => setOpenId(null)} onApprove={review.approve} onReject={review.reject} />
      {review.modal}
    </div>
  );
}

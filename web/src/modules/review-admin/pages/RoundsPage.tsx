import { useState } from 'react';
import { Alert, Form, Modal, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Perm, ROUND_ATTENTIONS, ROUND_STATUSES, type CompetitionDetail, type Round, type RoundAttention, type RoundPageQuery, type RoundStatus } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { actionsColumn, dateColumn, ListScreen, RowLinks, TextFilter } from '@/app/components/ListParts';
import { confirmDelete, confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { roundApi } from '../api/review-admin.api';
import { RoundFormModal, ROUND_STATUS_COLOR } from '@/app/review/RoundFormModal';
import '../locales';


interface Filters {
  competitionId?: number;
  keyword?: string;
  status?: RoundStatus;
  attention?: RoundAttention;
}

/** Where the results screen acts on what a round waits for (its tab, and the disputed works alone). */
const RESULTS_VIEW: Partial<Record<RoundAttention, string>> = { disputed: '&tab=scores&disputedOnly=1', appeals: '&tab=appeals', toPublish: '&tab=awards' };

/** 竞赛评审: every review round of the organisation; open, close, load works, and on to groups, assignment, statistics. */
export default function RoundsPage() {
  const { t } = useTranslation(['review-admin', 'review-round'], { nsMode: 'fallback' });
  const lang = useLang();
  const navigate = useNavigate();
  const canEdit = usePermission([Perm.reviewEdit]);
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const paged = usePagedList<Round, RoundPageQuery, Filters>(
    roundApi.page,
    (f) => ({ competitionId: f.competitionId, keyword: f.keyword?.trim() || undefined, status: f.status, attention: f.attention }),
    ['competitionId', 'status', 'attention'],
  );
  const [editing, setEditing] = useState<{ round: Round | null; competition: CompetitionDetail }>();
  // A new round belongs to a competition: chosen first (the filter's, when one is chosen), then the round's form.
  const [picking, setPicking] = useState<{ competitionId?: number }>();
  // No round at all (or none of the chosen competition): say where rounds come from.
  const noRounds = paged.list.data?.total === 0 && !paged.query.keyword && !paged.query.status && !paged.query.attention;
  const competitionName = (id: number) => competitions.data?.find((c) => c.value === id)?.label ?? `#${id}`;

  /** Says where the works come from (the works the round before promoted, or every submitted work) before loading. */
  const loadQuestion = async (r: Round): Promise<{ question: string; allSubmitted: boolean; warn: boolean }> => {
    const { previousRound, promotionConfirmed, promotedCount } = await roundApi.workSource(r.id);
    if (!previousRound) return { question: t('rounds.loadWorksConfirm', { name: r.name }), allSubmitted: false, warn: false };
    if (promotionConfirmed) return { question: t('rounds.loadPromotedConfirm', { name: r.name, previous: previousRound.name, count: promotedCount }), allSubmitted: false, warn: false };
    return { question: t('rounds.loadUnpromotedConfirm', { name: r.name, previous: previousRound.name }), allSubmitted: true, warn: true };
  };

  const act = async (r: Round, what: 'open' | 'close' | 'loadWorks') => {
    try {
      const load = what === 'loadWorks' ? await loadQuestion(r) : undefined;
      const question = load?.question ?? t(`rounds.${what}Confirm`, { name: r.name });
      if ((await confirmDialog(question, { danger: what === 'close' || load?.warn })) !== 'confirm') return;
      const after = await (what === 'open' ? roundApi.open(r.id) : what === 'close' ? roundApi.close(r.id) : roundApi.syncWorks(r.id, load!.allSubmitted));
      toast(what === 'loadWorks' ? t('rounds.loaded', { count: after.workCount }) : t(what === 'open' ? 'rounds.opened' : 'rounds.closed'), 'success');
      paged.list.reload();
    } catch {
      /* toasted */
    }
  };
  const edit = async (r: Round) => setEditing({ round: r, competition: await competitionApi.detail(r.competitionId) });
  const create = async (competitionId: number) => {
    setPicking(undefined);
    setEditing({ round: null, competition: await competitionApi.detail(competitionId) });
  };
  const go = (r: Round, path: string, more = '') => navigate(`${path}?competitionId=${r.competitionId}&roundId=${r.id}${more}`);
  const resultsView = (paged.query.attention && RESULTS_VIEW[paged.query.attention]) || '';

  const columns: TableColumnsType<Round> = [
    { title: t('rounds.name'), dataIndex: 'name', width: 160, fixed: 'left', ellipsis: true },
    { title: t('competition'), dataIndex: 'competitionId', width: 220, ellipsis: true, render: (id: number) => competitionName(id) },
    { title: t('type'), dataIndex: 'type', width: 100, render: (v: Round['type']) => t(`types.${v}`) },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: RoundStatus) => <Tag color={ROUND_STATUS_COLOR[v]}>{t(`statuses.${v}`)}</Tag> },
    { title: t('rounds.works'), dataIndex: 'workCount', width: 80, align: 'right' },
    { title: t('rounds.experts'), dataIndex: 'expertCount', width: 80, align: 'right' },
    { title: t('rounds.assignments'), dataIndex: 'assignmentCount', width: 96, align: 'right' },
    dateColumn<Round>(t('rounds.closesAt'), 'closesAt', lang, 'minute'),
    actionsColumn(t('common.actions'), lang === 'en' ? 420 : 340, (r) => (
      <RowLinks
        wrap
        links={[
          ...(canEdit
            ? [
                { label: t('common.edit'), onClick: () => void edit(r), hidden: r.status === 'closed' },
                { label: t('rounds.loadWorks'), onClick: () => void act(r, 'loadWorks'), hidden: r.status === 'closed' },
                { label: t('rounds.open'), onClick: () => void act(r, 'open'), hidden: r.status !== 'draft' },
                { label: t('rounds.close'), onClick: () => void act(r, 'close'), hidden: r.status !== 'open' },
              ]
            : []),
          { label: t('rounds.groups'), onClick: () => go(r, '/experts/groups') },
          { label: t('rounds.distribution'), onClick: () => go(r, '/review/distribution') },
          { label: t('rounds.statistics'), onClick: () => go(r, '/review/statistics') },
          { label: t('rounds.results'), onClick: () => go(r, '/review/result', resultsView) },
          ...(canEdit && r.status === 'draft'
            ? [
                {
                  label: t('common.delete'),
                  danger: true,
                  onClick: () =>
                    void confirmDelete({ question: t('rounds.deleteConfirm', { name: r.name }), okText: t('common.delete'), done: t('rounds.deleted'), run: () => roundApi.remove(r.id) }).then(
                      (done) => done && paged.afterDelete(),
                    ),
                },
              ]
            : []),
        ]}
      />
    )),
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('rounds.title')}
      add={canEdit && { label: t('rounds.add'), onClick: () => setPicking({ competitionId: paged.filters.getFieldValue('competitionId') as number | undefined }) }}
      notice={
        noRounds && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="no-rounds"
            message={t('rounds.noneYet')}
            description={
              <>
                {t(canEdit ? 'rounds.noneYetCreate' : 'rounds.noneYetAsk')} <Link to="/competition/list">{t('rounds.inCompetitions')}</Link>
              </>
            }
          />
        )
      }
      filters={
        <>
          <Form.Item name="competitionId" label={t('competition')}>
            <Select allowClear showSearch optionFilterProp="label" placeholder={t('common.all')} style={{ width: 240 }} options={competitions.data} />
          </Form.Item>
          <TextFilter name="keyword" label={t('keyword')} placeholder={t('rounds.name')} width={180} />
          <Form.Item name="status" label={t('status')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 110 }} options={ROUND_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
          </Form.Item>
          <Form.Item name="attention" label={t('rounds.attention')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 200 }} options={ROUND_ATTENTIONS.map((a) => ({ value: a, label: t(`rounds.attentions.${a}`) }))} />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1420}
    >
      {picking && (
        <Modal
          open
          title={t('rounds.add')}
          okText={t('rounds.next')}
          okButtonProps={{ disabled: !picking.competitionId }}
          onOk={() => void create(picking.competitionId!).catch(() => undefined)}
          onCancel={() => setPicking(undefined)}
        >
          <Form layout="vertical">
            <Form.Item label={t('competition')} required>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('rounds.pickCompetition')}
                value={picking.competitionId}
                onChange={(competitionId: number) => setPicking({ competitionId })}
                options={competitions.data}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {editing && (
        <RoundFormModal
          open
          competition={editing.competition}
          round={editing.round}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            paged.list.reload();
          }}
        />
      )}
    </ListScreen>
  );
}

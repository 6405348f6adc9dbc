import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Radio, Segmented, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type CertificateBatch, type Page, type PickMode, type PublishedRound } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { formatDateTime } from '@/app/i18n/format';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import { useAsync } from '@/app/hooks/useAsync';
import { certAdminApi, type BatchSignupQuery, type PickableSignup } from '../api/certificate-admin.api';
import { NS } from './shared';

/** Where the winners come from: approved sign-ups given one typed award, or a published round's winners by level. */
type Source = 'signups' | 'published';

interface Filter {
  itemId?: number;
  keyword?: string;
  roundId?: number;
  levels?: string[];
}

interface Fields {
  awardName: string;
  per: PickMode;
}

const allLevels = (round: PublishedRound | undefined) => round?.levels.map((l) => l.level);

/**
 * Winners picked for a batch from its competition, filtered by event (the batch's by default) and keyword, ticked on
 * any page; each team gets one certificate or each member one. Either from the approved sign-ups, with an award
 * typed once, or from published results: a round (newest first) and its levels (all by default), each winner listed
 * with rank, level and score, and printed with its own level as the award. Sign-ups already in the batch cannot be
 * ticked again.
 */
export function PickSignupsModal({ batch, onClose, onAdded }: { batch: CertificateBatch; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const base: BatchSignupQuery = { batchId: batch.id, itemId: batch.itemId ?? undefined, pageNum: 1, pageSize: 10 };
  const [source, setSource] = useState<Source>('signups');
  const [query, setQuery] = useState<BatchSignupQuery>(base);
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [filter] = Form.useForm<Filter>();
  const [form] = Form.useForm<Fields>();
  const published = source === 'published';
  // No level chosen lists nothing (the server would read it as every level).
  const nothing = published && !query.levels?.length;
  const list = useAsync(
    (signal) => (nothing ? Promise.resolve<Page<PickableSignup>>({ list: [], total: 0, pageNum: 1, pageSize: query.pageSize ?? 10 }) : certAdminApi.batchSignups(query, signal)),
    [query, nothing],
  );
  const detail = useAsync((signal) => competitionApi.detail(batch.competitionId!, signal), [batch.competitionId], !!batch.competitionId);
  const rounds = useAsync((signal) => certAdminApi.publishedRounds(batch.id, signal), [batch.id]);
  const round = rounds.data?.find((r) => r.roundId === query.roundId);
  const sep = t('listSeparator');
  const competitionName = localName(batch.competitionName, batch.competitionNameEn);

  const queryOf = (f: Filter, src: Source, pageSize = query.pageSize): BatchSignupQuery => ({
    ...base,
    pageSize,
    itemId: f.itemId,
    keyword: f.keyword?.trim() || undefined,
    ...(src === 'published' ? { published: true, roundId: f.roundId, levels: f.levels ?? [] } : {}),
  });
  const search = () => setQuery(queryOf(filter.getFieldsValue(), source));
  const reset = () => {
    filter.resetFields();
    if (published) filter.setFieldsValue({ roundId: rounds.data?.[0]?.roundId, levels: allLevels(rounds.data?.[0]) });
    search();
  };
  const switchTo = (next: Source) => {
    const first = rounds.data?.[0];
    // The round and level fields are not mounted yet (or any more): their values go in by hand.
    const chosen = next === 'published' ? { roundId: first?.roundId, levels: allLevels(first) } : { roundId: undefined, levels: undefined };
    filter.setFieldsValue(chosen);
    setSource(next);
    setSelected([]);
    setQuery(queryOf({ ...filter.getFieldsValue(), ...chosen }, next));
  };
  // A round or level choice applies at once; another round starts from all its levels. Ticks belong to one choice.
  const onFilterChange = (changed: Partial<Filter>) => {
    if ('roundId' in changed) filter.setFieldsValue({ levels: allLevels(rounds.data?.find((r) => r.roundId === changed.roundId)) });
    if (!('roundId' in changed) && !('levels' in changed)) return;
    setSelected([]);
    search();
  };

  /** Ticks every winner of the chosen round and levels not in the batch yet, on every page. */
  const selectAll = async () => {
    const ids: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await certAdminApi.batchSignups({ ...query, pageNum, pageSize: MAX_PAGE_SIZE });
      ids.push(...page.list.filter((s) => !s.added).map((s) => s.id));
      if (pageNum * MAX_PAGE_SIZE >= page.total) break;
    }
    setSelected(ids);
  };

  const add = async () => {
    // An empty award is shown under its field.
    const f = await form.validateFields().catch(() => null);
    if (!f) return;
    setSaving(true);
    try {
      const r = await certAdminApi.recipientsFromSignups(
        published
          ? { batchId: batch.id, signupIds: selected, awardName: '', per: f.per, useAwardLevel: true, roundId: query.roundId }
          : { batchId: batch.id, signupIds: selected, awardName: f.awardName.trim(), per: f.per },
      );
      toast(t('pick.done', { signups: selected.length, count: r.added }), 'success');
      onAdded();
      onClose();
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };

  const holder: TableColumnsType<PickableSignup>[number] = {
    title: t('pick.holder'),
    key: 'holder',
    width: 160,
    render: (_, s) => (
      <Space size={4} wrap>
        <span>{s.teamName || s.members[0]?.realName || '-'}</span>
        <Tag>{t(s.type === 2 ? 'pick.team' : 'pick.individual')}</Tag>
      </Space>
    ),
  };
  const columns: TableColumnsType<PickableSignup> = [
    ...(published
      ? [
          { title: t('pick.rank'), dataIndex: 'rank', width: 64 },
          { title: t('pick.level'), dataIndex: 'awardLevel', width: 100, render: (v: string | null, s: PickableSignup) => (v ? <Tag color="gold">{localName(v, s.awardLevelEn)}</Tag> : '-') },
          { title: t('pick.score'), dataIndex: 'score', width: 80, render: (v: number | null) => (v === null ? '-' : v.toFixed(2)) },
        ]
      : [{ title: t('pick.no'), dataIndex: 'id', width: 80 }]),
    { title: t('batch.item'), dataIndex: 'itemName', width: 110, render: (v: string, s) => localName(v, s.itemNameEn) },
    holder,
    { title: t('winners.school'), dataIndex: 'schoolName', width: 140, render: (v: string | null) => v || '-' },
    { title: t('winners.student'), key: 'members', render: (_, s) => s.members.map((m) => m.realName).join(sep) || '-' },
    ...(published ? [] : [{ title: t('winners.teacher'), key: 'teachers', width: 120, render: (_: unknown, s: PickableSignup) => s.teachers.join(sep) || '-' }]),
    { title: t('winners.workName'), dataIndex: 'workTitle', width: 130, render: (v: string | null) => v || '-' },
    { title: t('pick.state'), key: 'added', width: 90, render: (_, s) => (s.added ? <Tag color="green">{t('pick.added')}</Tag> : <Tag color="blue">{t('pick.approved')}</Tag>) },
  ];
  const noRounds = published && !rounds.loading && !rounds.data?.length;

  return (
    <Modal
      open
      wrapClassName="ca-pick"
      title={t(published ? 'pick.publishedTitle' : 'pick.title', { name: competitionName })}
      onCancel={onClose}
      width={1100}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <GuardedButton type="primary" disabled={!selected.length} loading={saving} onClick={() => void add()} data-testid="ca-pick-save">
            {t('pick.add', { count: selected.length })}
          </GuardedButton>
        </Space>
      }
    >
      <div className="ca-pick__source">
        <Typography.Text type="secondary">{t('pick.sourceLabel')}</Typography.Text>
        <Segmented<Source>
          value={source}
          onChange={switchTo}
          options={[
            { value: 'signups', label: t('pick.sourceSignups') },
            { value: 'published', label: <span data-testid="ca-pick-published">{t('pick.sourcePublished')}</span> },
          ]}
        />
      </div>
      <Form form={filter} layout="inline" className="search-form" initialValues={{ itemId: base.itemId }} onFinish={search} onValuesChange={onFilterChange}>
        {published && (
          <>
            <Form.Item label={t('pick.competition')}>
              <Typography.Text strong>{competitionName}</Typography.Text>
            </Form.Item>
            <Form.Item name="roundId" label={t('pick.round')}>
              <Select
                style={{ width: 300 }}
                loading={rounds.loading}
                data-testid="ca-pick-round"
                options={(rounds.data ?? []).map((r) => ({ value: r.roundId, label: t('pick.roundOption', { name: r.roundName, time: formatDateTime(r.publishedAt, lang, 'day') }) }))}
              />
            </Form.Item>
            <Form.Item name="levels" label={t('pick.levels')}>
              <Select
                mode="multiple"
                style={{ minWidth: 260 }}
                placeholder={t('pick.allLevels')}
                data-testid="ca-pick-levels"
                options={(round?.levels ?? []).map((l) => ({ value: l.level, label: t('pick.levelOption', { level: localName(l.level, l.levelEn), count: l.count }) }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="itemId" label={t('batch.item')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 180 }}
            loading={detail.loading}
            options={(detail.data?.items ?? []).map((i) => ({ value: i.id, label: localName(i.name, i.nameEn) }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('pick.keyword')}>
          <Input allowClear placeholder={t('pick.keywordPlaceholder')} style={{ width: 240 }} data-testid="ca-pick-keyword" />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      {noRounds ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick.noRounds')} data-testid="ca-pick-no-rounds" />
      ) : (
        <>
          <PagedTable<PickableSignup>
            size="small"
            rowKey="id"
            list={list}
            query={query}
            setQuery={(update) => setQuery((q) => ({ ...q, ...update(q) }))}
            columns={columns}
            scroll={{ x: 1000 }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys as number[]),
              getCheckboxProps: (s) => ({ disabled: s.added }),
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(published ? 'pick.noWinners' : 'pick.empty')} /> }}
          />
          <Space size={12}>
            <Typography.Text type="secondary">{t('pick.selected', { count: selected.length })}</Typography.Text>
            {published && !!list.data?.total && (
              <Button type="link" size="small" onClick={() => void selectAll().catch(() => undefined)} data-testid="ca-pick-all">
                {t('pick.selectAll', { count: list.data.total })}
              </Button>
            )}
          </Space>
        </>
      )}
      <Form form={form} layout="inline" className="ca-section" initialValues={{ per: 'signup' }}>
        {published ? (
          <Form.Item>
            <Alert type="info" showIcon message={t('pick.awardFromLevel')} className="ca-pick__award-hint" />
          </Form.Item>
        ) : (
          <Form.Item name="awardName" label={t('winners.award')} rules={[{ required: true, whitespace: true, message: t('pick.awardRequired') }, { max: 50 }]}>
            <Input placeholder={t('pick.awardPlaceholder')} style={{ width: 200 }} maxLength={50} data-testid="ca-pick-award" />
          </Form.Item>
        )}
        <Form.Item name="per" label={t('pick.per')}>
          <Radio.Group
            options={[
              { value: 'signup', label: t('pick.perSignup') },
              { value: 'member', label: t('pick.perMember') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

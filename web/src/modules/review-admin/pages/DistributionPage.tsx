import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Dropdown, Empty, Form, Input, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import { CrownOutlined, DownOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type AssignmentRunView, type ExpertLoadView, type Page, type RoundWorkView } from '@cmp/contracts';
import { FormModal } from '@/app/components/FormModal';
import { PageHeader } from '@/app/components/PageHeader';
import { PagedTable } from '@/app/components/ListParts';
import { confirmDialog, promptDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { distributionApi, type RoundWorksQuery } from '../api/review-admin.api';
import { useRoundChoice } from '../components/RoundPicker';
import '../components/review-admin.css';
import '../locales';

const RUN_COLOR: Record<AssignmentRunView['status'], string> = { running: 'processing', done: 'success', infeasible: 'error', cancelled: 'default', failed: 'error' };
type WorkExpert = RoundWorkView['experts'][number];

/** 评审分配: the automatic assignment (progress, cancel, why it could not), expert loads, and manual changes per work. */
export default function DistributionPage() {
  const { t } = useTranslation(['review-admin', 'review-round'], { nsMode: 'fallback' });
  const canEdit = usePermission([Perm.reviewEdit]);
  const { roundId, round, picker, reloadRounds } = useRoundChoice();
  const view = useAsync((signal) => (roundId ? distributionApi.view(roundId, signal) : Promise.resolve(undefined)), [roundId]);
  const [query, setQuery] = useState<RoundWorksQuery>({ roundId: 0, pageNum: 1, pageSize: 10 });
  const works = useAsync((signal) => (query.roundId ? distributionApi.works(query, signal) : Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 } as Page<RoundWorkView>)), [query]);
  const [run, setRun] = useState<AssignmentRunView | null>(null);
  const [picking, setPicking] = useState<{ kind: 'add' | 'swap'; work: RoundWorkView; expert?: WorkExpert }>();
  const [pickForm] = Form.useForm<{ expertId: number }>();
  const editable = canEdit && round?.status !== 'closed';

  useEffect(() => setQuery({ roundId: roundId ?? 0, pageNum: 1, pageSize: 10 }), [roundId]);
  useEffect(() => setRun(view.data?.lastRun ?? null), [view.data]);
  const refresh = () => {
    view.reload();
    works.reload();
    reloadRounds();
  };

  // While a run is under way, its progress is polled; when it ends, everything is read again.
  useEffect(() => {
    if (!roundId || run?.status !== 'running') return;
    const timer = setInterval(() => {
      void distributionApi.progress(roundId).then((p) => {
        setRun(p);
        if (p && p.status !== 'running') refresh();
      }, () => undefined);
    }, 500);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundId, run?.status]);

  const start = async () => {
    if ((await confirmDialog(t('distribution.runConfirm'))) !== 'confirm') return;
    try {
      setRun(await distributionApi.run(roundId!));
    } catch {
      /* toasted */
    }
  };
  const cancel = async () => {
    if ((await confirmDialog(t('distribution.cancelConfirm'), { danger: true })) !== 'confirm') return;
    try {
      setRun(await distributionApi.cancel(roundId!));
    } catch {
      /* toasted */
    }
  };
  const change = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast(done, 'success');
      refresh();
    } catch {
      /* toasted */
    }
  };
  const remove = async (w: RoundWorkView, e: WorkExpert) => {
    if ((await confirmDialog(t('distribution.removeConfirm', { name: e.name, title: w.title }), { danger: true })) !== 'confirm') return;
    await change(() => distributionApi.remove(e.assignmentId), t('distribution.removed'));
  };
  const decline = async (e: WorkExpert) => {
    const { result, value } = await promptDialog(t('distribution.declineReason'), { pattern: /\S/, errorMessage: t('distribution.declineReason') });
    if (result !== 'confirm' || !value) return;
    try {
      const reply = await distributionApi.decline(e.assignmentId, value.trim());
      toast(reply.replacement ? t('distribution.declined2', { name: reply.replacement.name }) : t('distribution.noReplacement', { why: reply.why ?? '' }), reply.replacement ? 'success' : 'warning');
      refresh();
    } catch {
      /* toasted */
    }
  };
  const pick = async () => {
    const { expertId } = await pickForm.validateFields();
    const p = picking!;
    await (p.kind === 'add' ? distributionApi.add(roundId!, p.work.workId, expertId) : distributionApi.swap(p.expert!.assignmentId, expertId));
    toast(t(p.kind === 'add' ? 'distribution.added' : 'distribution.swapped'), 'success');
    setPicking(undefined);
    refresh();
  };

  const d = view.data;
  const groupName = (id: number | null) => d?.groups.find((g) => g.id === id)?.name ?? '—';
  const k = round?.expertsPerWork ?? 0;
  const maxLoad = Math.max(1, ...(d?.loads ?? []).map((l) => l.load));
  const spreadOf = (groupId: number) => {
    const loads = (d?.loads ?? []).filter((l) => l.reviewGroupId === groupId).map((l) => l.load);
    return loads.length ? Math.max(...loads) - Math.min(...loads) : 0;
  };
  const candidates = (w: RoundWorkView) => {
    const taken = new Set(w.experts.filter((e) => !e.declined).map((e) => e.expertId));
    const groupIds = w.reviewGroupId ? [w.reviewGroupId] : (d?.groups ?? []).map((g) => g.id);
    return (d?.loads ?? []).filter((l) => groupIds.includes(l.reviewGroupId) && !taken.has(l.expertId)).map((l) => ({ value: l.expertId, label: t('common.withNote', { ns: 'translation', text: l.name, note: l.load }) }));
  };

  const loadColumns: TableColumnsType<ExpertLoadView> = [
    { title: t('distribution.group'), dataIndex: 'reviewGroupId', width: 140, render: (id: number) => groupName(id) },
    { title: t('distribution.expert'), dataIndex: 'name', width: 180, render: (v: string, l) => (l.captain ? <Space size={4}>{v}<CrownOutlined className="captain" /></Space> : v) },
    {
      title: t('distribution.load'),
      dataIndex: 'load',
      render: (v: number) => (
        <div className="load-bar">
          <Progress percent={(v / maxLoad) * 100} showInfo={false} size="small" status="normal" />
          <span>{v}</span>
        </div>
      ),
    },
  ];

  const workColumns: TableColumnsType<RoundWorkView> = [
    { title: t('distribution.work'), dataIndex: 'title', width: 240, ellipsis: true },
    { title: t('distribution.group'), dataIndex: 'reviewGroupId', width: 120, render: (id: number | null) => groupName(id) },
    {
      title: t('distribution.expertsCol'),
      key: 'experts',
      render: (_, w) => {
        const live = w.experts.filter((e) => !e.declined).length;
        return (
          <div className="work-experts">
            {w.experts.map((e) => {
              const tag = (
                <Tag key={e.assignmentId} color={e.declined ? 'default' : e.locked ? 'blue' : undefined} icon={e.locked ? <LockOutlined /> : undefined} className={e.declined ? 'declined' : undefined}>
                  {e.name}
                  {e.source === 'manual' && ` · ${t('distribution.manual')}`}
                  {e.declined && ` · ${t('distribution.declined')}`}
                  {editable && !e.declined && <DownOutlined style={{ fontSize: 10, marginLeft: 4 }} />}
                </Tag>
              );
              if (!editable || e.declined) return tag;
              return (
                <Dropdown
                  key={e.assignmentId}
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'lock', label: e.locked ? t('distribution.unlock') : t('distribution.lock') },
                      { key: 'swap', label: t('distribution.swap') },
                      { key: 'decline', label: t('distribution.decline') },
                      { key: 'remove', label: t('distribution.remove'), danger: true },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'lock') void change(() => distributionApi.lock(e.assignmentId, !e.locked), e.locked ? t('distribution.unlock') : t('distribution.lock'));
                      if (key === 'swap') {
                        pickForm.resetFields();
                        setPicking({ kind: 'swap', work: w, expert: e });
                      }
                      if (key === 'decline') void decline(e);
                      if (key === 'remove') void remove(w, e);
                    },
                  }}
                >
                  <span>{tag}</span>
                </Dropdown>
              );
            })}
            {live < k && <Tag color="error">{t('distribution.need', { k })}</Tag>}
            {editable && live < k && (
              <Button
                size="small"
                type="link"
                icon={<PlusOutlined />}
                onClick={() => {
                  pickForm.resetFields();
                  setPicking({ kind: 'add', work: w });
                }}
              >
                {t('distribution.add')}
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div className="system-page review-admin">
      <PageHeader
        title={t('distribution.title')}
        extra={
          editable &&
          roundId &&
          (run?.status === 'running' ? (
            <Button danger onClick={() => void cancel()}>
              {t('distribution.cancel')}
            </Button>
          ) : (
            <Button type="primary" disabled={!d?.groups.length || !round?.workCount} onClick={() => void start()}>
              {round?.assignmentCount ? t('distribution.rerun') : t('distribution.run')}
            </Button>
          ))
        }
      />
      {picker}
      {!roundId ? (
        <Empty description={t('pickRound')} />
      ) : (
        <>
          {round && !round.workCount && <Alert type="info" showIcon message={t('distribution.noWorks')} style={{ marginBottom: 16 }} />}
          {d && !d.groups.length && <Alert type="info" showIcon message={t('distribution.noGroups')} style={{ marginBottom: 16 }} />}
          {run && (
            <Card size="small" className="run-card" title={t('distribution.lastRun')} extra={<Tag color={RUN_COLOR[run.status]}>{t(`distribution.runStatus.${run.status}`)}</Tag>}>
              {run.status === 'running' ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <span>{t('distribution.running')}</span>
                  <Progress percent={run.progress} status="active" />
                </Space>
              ) : (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {run.status === 'done' && (
                    <Space split="·" wrap>
                      <span>{t('distribution.moved', { count: run.moved })}</span>
                      <span>{t('distribution.affinity', { value: run.totalAffinity })}</span>
                    </Space>
                  )}
                  {run.uncovered.length > 0 && (
                    <Alert
                      type="error"
                      showIcon
                      message={t('distribution.uncovered', { count: run.uncovered.length })}
                      description={
                        <ul className="uncovered">
                          {run.uncovered.map((u) => (
                            <li key={u.workId}>
                              <Typography.Text strong>{u.title}</Typography.Text>：{u.reason}
                            </li>
                          ))}
                        </ul>
                      }
                    />
                  )}
                  {run.messages.length > 0 && (
                    <ul className="run-messages">
                      {run.messages.map((m, i) => (
                        <li key={i}>{m.text}</li>
                      ))}
                    </ul>
                  )}
                </Space>
              )}
            </Card>
          )}
          <Card size="small" title={t('distribution.loads')} className="run-card">
            <Space wrap style={{ marginBottom: 8 }}>
              {(d?.groups ?? []).map((g) => (
                <Tag key={g.id} color={spreadOf(g.id) > 1 ? 'warning' : 'success'}>
                  {g.name}：{t('distribution.spread', { spread: spreadOf(g.id) })}
                </Tag>
              ))}
            </Space>
            <Table<ExpertLoadView> rowKey="expertId" size="small" columns={loadColumns} dataSource={d?.loads ?? []} pagination={false} loading={view.loading} scroll={{ y: 320 }} />
          </Card>
          <Card size="small" title={t('distribution.works')}>
            <Form layout="inline" className="search-form" onFinish={(v: { keyword?: string; reviewGroupId?: number; uncovered?: boolean }) => setQuery((q) => ({ ...q, ...v, keyword: v.keyword?.trim() || undefined, pageNum: 1 }))}>
              <Form.Item name="keyword" label={t('keyword')}>
                <Input allowClear style={{ width: 200 }} placeholder={t('distribution.work')} />
              </Form.Item>
              <Form.Item name="reviewGroupId" label={t('distribution.group')}>
                <Select allowClear style={{ width: 160 }} placeholder={t('distribution.allGroups')} options={(d?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))} />
              </Form.Item>
              <Form.Item name="uncovered" valuePropName="checked">
                <Checkbox>{t('distribution.onlyUncovered')}</Checkbox>
              </Form.Item>
              <Button type="primary" htmlType="submit">
                {t('common.search')}
              </Button>
            </Form>
            <PagedTable<RoundWorkView, RoundWorksQuery> list={works} query={query} setQuery={setQuery} rowKey="workId" columns={workColumns} scroll={{ x: 900 }} />
          </Card>
        </>
      )}
      <FormPick
        open={!!picking}
        title={picking ? (picking.kind === 'add' ? t('distribution.addTitle', { title: picking.work.title }) : t('distribution.swapTitle', { name: picking.expert!.name, title: picking.work.title })) : ''}
        options={picking ? candidates(picking.work) : []}
        form={pickForm}
        label={t('distribution.expert')}
        onClose={() => setPicking(undefined)}
        onSubmit={pick}
      />
    </div>
  );
}

/** The expert picker of add and swap: the work's group members who do not have it yet, with their loads. */
function FormPick(p: { open: boolean; title: string; options: { value: number; label: string }[]; form: FormInstance<{ expertId: number }>; label: string; onClose: () => void; onSubmit: () => Promise<void> }) {
  return (
    <FormModal title={p.title} open={p.open} onClose={p.onClose} onSubmit={p.onSubmit} width={480}>
      <Form form={p.form} layout="vertical" name="pick">
        <Form.Item name="expertId" label={p.label} rules={[{ required: true, message: p.label }]}>
          <Select showSearch optionFilterProp="label" options={p.options} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

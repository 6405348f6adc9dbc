import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Empty, Form, Input, InputNumber, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CalculatorOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SCORE_METHODS, type Round, type ScoreMethod, type ScoreVersion, type WorkResult } from '@cmp/contracts';
import { PagedTable } from '@/app/components/ListParts';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync, type AsyncState } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { resultsApi, type CalculateForm } from '../../api/results.api';
import { NS, VersionTag } from './versions';

/** 成绩计算: the calculation form, the round's versions, and the chosen version's scores beside the previous ones. */
export function ScoresTab({ round, versions, canEdit }: { round: Round; versions: AsyncState<ScoreVersion[]>; canEdit: boolean }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [form] = Form.useForm<CalculateForm>();
  const method = Form.useWatch('method', form);
  const [busy, setBusy] = useState(false);
  const list = versions.data ?? [];
  const [picked, setPicked] = useState<number>();
  const versionId = list.some((v) => v.id === picked) ? picked : list[0]?.id;
  const current = list.find((v) => v.id === versionId);
  // A link for the disputed works alone (the workbench's to-do, through the rounds list) opens with the box ticked.
  const [params] = useSearchParams();
  const [query, setQuery] = useState({ versionId: 0, pageNum: 1, pageSize: 10, keyword: '', disputedOnly: params.get('disputedOnly') === '1' });
  useEffect(() => setQuery((q) => ({ ...q, versionId: current?.status === 'done' ? current.id : 0, pageNum: 1 })), [current?.id, current?.status]);
  const scores = useAsync((signal) => resultsApi.scores(query, signal), [query], query.versionId > 0);

  const calculate = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const r = await resultsApi.calculate({ ...values, roundId: round.id });
      toast(t(r.joined ? 'results.joined' : 'results.queued', { number: r.version.number }), 'success');
      setPicked(r.version.id);
      versions.reload();
    } catch {
      /* toasted: missing sheets say what to do */
    } finally {
      setBusy(false);
    }
  };

  const arbitrate = async (w: WorkResult) => {
    if ((await confirmDialog(t('results.arbitrateConfirm', { title: w.title }))) !== 'confirm') return;
    try {
      const r = await resultsApi.arbitrate(round.id, w.workId);
      toast(t('results.arbitrated', { name: r.name }), 'success');
    } catch {
      /* toasted */
    }
  };

  const columns: TableColumnsType<WorkResult> = [
    { title: t('results.rank'), key: 'rank', width: 64, render: (_, _w, i) => (query.pageNum - 1) * query.pageSize + i + 1 },
    { title: t('results.work'), dataIndex: 'title', width: 200, ellipsis: true },
    { title: t('results.score'), dataIndex: 'score', width: 80, align: 'right', render: (v: number) => <strong>{v.toFixed(2)}</strong> },
    { title: t('results.rawMean'), dataIndex: 'rawMean', width: 110, align: 'right', render: (v: number) => v.toFixed(2) },
    {
      title: t('results.previous'),
      key: 'previous',
      width: 110,
      align: 'right',
      render: (_, w) => {
        if (w.previousScore === null) return '—';
        const d = Math.round((w.score - w.previousScore) * 100) / 100;
        return (
          <Space size={4}>
            {w.previousScore.toFixed(2)}
            {d !== 0 && <Typography.Text type={d > 0 ? 'success' : 'danger'}>{d > 0 ? `+${d}` : d}</Typography.Text>}
          </Space>
        );
      },
    },
    { title: t('results.range'), dataIndex: 'range', width: 90, align: 'right' },
    {
      title: t('results.experts'),
      key: 'experts',
      render: (_, w) => (
        <Space size={[4, 4]} wrap>
          {w.experts.map((x) => (
            <Tag key={x.expertId}>
              {x.name} {x.raw}
              {x.used !== x.raw ? ` → ${x.used}` : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('results.disputed'),
      key: 'disputed',
      width: 150,
      render: (_, w) =>
        w.disputed ? (
          <Space size={4}>
            <Tag color="warning">{t('results.disputed')}</Tag>
            {canEdit && (
              <Tooltip title={t('results.arbitrate')}>
                <Button size="small" icon={<UserAddOutlined />} aria-label={t('results.arbitrate')} onClick={() => void arbitrate(w)} />
              </Tooltip>
            )}
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      {canEdit && (
        <Card size="small" className="run-card">
          <Form form={form} layout="inline" initialValues={{ method: 'mean', trimFrom: 5, prior: 3, disputeSpread: 20, allowMissing: false }}>
            <Form.Item name="method" label={t('results.method')}>
              <Select<ScoreMethod> style={{ width: 180 }} options={SCORE_METHODS.map((m) => ({ value: m, label: t(`results.methods.${m}`) }))} data-testid="method-select" />
            </Form.Item>
            {method === 'trimmed' && (
              <Form.Item name="trimFrom" label={t('results.trimFrom')} rules={[{ required: true }]}>
                <InputNumber min={3} max={50} precision={0} />
              </Form.Item>
            )}
            {method === 'calibrated' && (
              <Form.Item name="prior" label={t('results.prior')} rules={[{ required: true }]}>
                <InputNumber min={0} max={100} />
              </Form.Item>
            )}
            <Form.Item name="disputeSpread" label={t('results.disputeSpread')} rules={[{ required: true }]}>
              <InputNumber min={0} max={100} />
            </Form.Item>
            <Form.Item name="allowMissing" valuePropName="checked">
              <Checkbox>{t('results.allowMissing')}</Checkbox>
            </Form.Item>
            <Button type="primary" icon={<CalculatorOutlined />} loading={busy} onClick={() => void calculate()} data-testid="calculate">
              {t('results.calculate')}
            </Button>
          </Form>
        </Card>
      )}
      <Card size="small" title={t('results.versions')} className="run-card">
        {!list.length ? (
          <Empty description={t('results.noVersion')} />
        ) : (
          <Table<ScoreVersion>
            rowKey="id"
            size="small"
            pagination={list.length > 5 ? { pageSize: 5 } : false}
            dataSource={list}
            rowSelection={{ type: 'radio', selectedRowKeys: versionId ? [versionId] : [], onChange: (keys) => setPicked(Number(keys[0])) }}
            onRow={(v) => ({ onClick: () => setPicked(v.id) })}
            columns={[
              { title: t('results.versions'), key: 'number', render: (_, v) => t('results.version', { number: v.number }) },
              { title: t('results.method'), key: 'method', render: (_, v) => t(`results.methods.${v.params.method}`) },
              { title: t('results.status'), key: 'status', render: (_, v) => <VersionTag v={v} /> },
              {
                title: t('results.facts'),
                key: 'facts',
                render: (_, v) => (
                  <Space size={4}>
                    {v.status === 'done' && <Tag>{t('results.works', { count: v.workCount })}</Tag>}
                    {v.missingCount > 0 && <Tag color="orange">{t('results.missing', { count: v.missingCount })}</Tag>}
                    {v.status === 'done' && v.trimmedWorks !== null && (
                      <Tag color={v.trimmedWorks ? 'blue' : 'orange'} data-testid="trimmed">
                        {v.trimmedWorks ? t('results.trimmedWorks', { count: v.trimmedWorks }) : t('results.nothingTrimmed', { n: Math.max(3, v.params.trimFrom) })}
                      </Tag>
                    )}
                    {v.publishedAt && <Tag color="green">{t('results.published')}</Tag>}
                    {v.error && <Typography.Text type="danger">{v.error}</Typography.Text>}
                  </Space>
                ),
              },
              { title: t('results.computedAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, lang, 'minute') },
            ]}
          />
        )}
      </Card>
      {current?.status === 'done' && (
        <Card
          size="small"
          title={t('results.version', { number: current.number })}
          extra={
            <Space>
              <Checkbox checked={query.disputedOnly} onChange={(e) => setQuery((q) => ({ ...q, disputedOnly: e.target.checked, pageNum: 1 }))}>
                {t('results.disputedOnly')}
              </Checkbox>
              <Input.Search allowClear style={{ width: 220 }} placeholder={t('results.work')} onSearch={(keyword) => setQuery((q) => ({ ...q, keyword, pageNum: 1 }))} />
            </Space>
          }
        >
          <PagedTable<WorkResult, typeof query> list={scores} query={query} setQuery={setQuery} rowKey="workId" columns={columns} scroll={{ x: 1000 }} data-testid="scores-table" />
        </Card>
      )}
    </>
  );
}

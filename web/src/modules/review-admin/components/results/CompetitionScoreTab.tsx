import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Select, Space, Table } from 'antd';
import { CalculatorOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompetitionScoreReply, Round } from '@cmp/contracts';
import { resultsApi } from '../../api/results.api';
import { NS } from './versions';

type Row = CompetitionScoreReply['rows'][number];

/** 综合成绩: the competition's final score, its rounds weighted (published versions first, else the latest finished). */
export function CompetitionScoreTab({ competitionId, rounds }: { competitionId: number; rounds: Round[] }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ weights: { roundId: number; weight: number }[] }>();
  const [reply, setReply] = useState<CompetitionScoreReply>();
  const compute = async () => {
    const { weights } = await form.validateFields();
    try {
      setReply(await resultsApi.competitionScore({ competitionId, weights }));
    } catch {
      /* toasted */
    }
  };
  const even = Math.round((100 / Math.max(1, rounds.length)) * 100) / 100;
  return (
    <Card size="small">
      <Alert type="info" showIcon message={t('total.intro')} style={{ marginBottom: 12 }} />
      <Form form={form} initialValues={{ weights: rounds.map((r) => ({ roundId: r.id, weight: even })) }}>
        <Form.List name="weights">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'roundId']} rules={[{ required: true }]}>
                    <Select style={{ width: 220 }} options={rounds.map((r) => ({ value: r.id, label: r.name }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'weight']} rules={[{ required: true }]}>
                    <InputNumber min={0.01} max={100} addonAfter="%" style={{ width: 140 }} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} aria-label="remove" disabled={fields.length <= 1} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Space>
                <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= rounds.length} onClick={() => add({ weight: even })}>
                  {t('total.addRound')}
                </Button>
                <Button type="primary" icon={<CalculatorOutlined />} onClick={() => void compute()}>
                  {t('total.compute')}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
      {reply && (
        <Table<Row>
          style={{ marginTop: 16 }}
          rowKey="workId"
          size="small"
          dataSource={reply.rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('results.rank'), key: 'rank', width: 64, render: (_, r, i) => (r.final === null ? '—' : i + 1) },
            { title: t('results.work'), dataIndex: 'title', ellipsis: true },
            ...reply.rounds.map((r) => ({
              title: t('common.withNote', { ns: 'translation', text: r.name, note: `${r.weight}%` }),
              key: String(r.roundId),
              width: 140,
              align: 'right' as const,
              render: (_: unknown, w: Row) => w.scores[r.roundId]?.toFixed(2) ?? '—',
            })),
            { title: t('total.final'), dataIndex: 'final', width: 100, align: 'right', render: (v: number | null) => (v === null ? '—' : <strong>{v.toFixed(2)}</strong>) },
          ]}
        />
      )}
    </Card>
  );
}

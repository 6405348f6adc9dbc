import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, InputNumber, Select, Space, Table, Tag } from 'antd';
import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, PROMOTION_SCOPES, type PromotionPreviewRow, type PromotionReply } from '@cmp/contracts';
import { PageHeader } from '@/app/components/PageHeader';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { useRoundChoice } from '../components/RoundPicker';
import '../components/review-admin.css';
import { resultsApi, type PromotionForm } from '../api/results.api';
import { TieBreakFields } from '../components/results/TieBreakFields';
import { NS, useVersionChoice, useVersions } from '../components/results/versions';

/** 淘汰晋级: who of a round goes on, per event or across the round, by a rule on a finished score version; previewed, then confirmed once. */
export default function EliminationPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const canEdit = usePermission([Perm.reviewEdit]);
  const { round, rounds, picker } = useRoundChoice();
  const versions = useVersions(round?.id);
  const { versionId, select } = useVersionChoice(versions.data);
  const [form] = Form.useForm<Omit<PromotionForm, 'versionId'>>();
  const [reply, setReply] = useState<PromotionReply>();

  const run = async (confirm: boolean) => {
    const values = await form.validateFields();
    const body = { ...values, versionId: versionId!, schoolCap: values.schoolCap || undefined };
    try {
      if (confirm) {
        const preview = await resultsApi.promotionPreview(body);
        if ((await confirmDialog(t('elimination.confirmAsk', { promoted: preview.promoted, eliminated: preview.eliminated }))) !== 'confirm') return;
      }
      const r = await (confirm ? resultsApi.promotionConfirm : resultsApi.promotionPreview)(body);
      setReply(r);
      if (confirm) toast(t('elimination.confirmed'), 'success');
    } catch {
      /* toasted */
    }
  };

  return (
    <div className="system-page review-admin">
      <PageHeader title={t('elimination.title')} />
      {picker}
      {!round ? (
        <Empty />
      ) : !versionId ? (
        <Empty description={t('elimination.pickVersion')} />
      ) : (
        <Card size="small" title={select}>
          <Form form={form} layout="inline" initialValues={{ rule: 'top', value: 10, scope: 'event', ties: 'include' }} disabled={!canEdit}>
            <Form.Item name="rule" label={t('elimination.rule')}>
              <Select style={{ width: 140 }} options={(['top', 'percent', 'score'] as const).map((r) => ({ value: r, label: t(`elimination.rules.${r}`) }))} />
            </Form.Item>
            <Form.Item name="value" label={t('elimination.value')} rules={[{ required: true }]}>
              <InputNumber min={0} max={100000} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="scope" label={t('elimination.scope')}>
              <Select style={{ width: 160 }} options={PROMOTION_SCOPES.map((v) => ({ value: v, label: t(`elimination.scopes.${v}`) }))} data-testid="promotion-scope" />
            </Form.Item>
            <Form.Item name="schoolCap" label={t('elimination.schoolCap')}>
              <InputNumber min={1} max={10000} precision={0} placeholder={t('elimination.noCap')} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="ties" label={t('elimination.ties')}>
              <Select style={{ width: 200 }} options={(['include', 'break'] as const).map((v) => ({ value: v, label: t(`elimination.tiesOptions.${v}`) }))} />
            </Form.Item>
            {round && <TieBreakFields round={round} rounds={rounds} />}
            <Space>
              <Button icon={<EyeOutlined />} onClick={() => void run(false)} data-testid="promotion-preview">
                {t('elimination.preview')}
              </Button>
              <Button type="primary" icon={<CheckOutlined />} disabled={!!reply?.confirmedAt} onClick={() => void run(true)} data-testid="promotion-confirm">
                {t('elimination.confirm')}
              </Button>
            </Space>
          </Form>
          {reply && (
            <>
              <Alert
                style={{ margin: '12px 0' }}
                type={reply.confirmedAt ? 'success' : 'info'}
                showIcon
                message={
                  <Space>
                    {t('elimination.summary', { promoted: reply.promoted, eliminated: reply.eliminated })}
                    {reply.confirmedAt && t('elimination.confirmedAt', { time: formatDateTime(reply.confirmedAt, lang, 'minute') })}
                  </Space>
                }
              />
              <Table<PromotionPreviewRow>
                rowKey="workId"
                size="small"
                dataSource={reply.rows}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                data-testid="promotion-table"
                columns={[
                  { title: t('results.rank'), dataIndex: 'rank', width: 64 },
                  { title: t('results.event'), dataIndex: 'eventName', width: 140, ellipsis: true, render: (v: string) => v || '—' },
                  { title: t('results.work'), dataIndex: 'title', ellipsis: true },
                  { title: t('elimination.schools'), dataIndex: 'schoolNames', width: 180, render: (v: string[]) => v.join('、') || '—' },
                  { title: t('results.score'), dataIndex: 'score', width: 90, align: 'right', render: (v: number) => v.toFixed(2) },
                  {
                    title: t('elimination.outcome'),
                    key: 'outcome',
                    width: 200,
                    render: (_, r) => (
                      <Space size={4}>
                        <Tag color={r.promoted ? 'green' : 'default'}>{t(r.promoted ? 'elimination.promoted' : 'elimination.eliminated')}</Tag>
                        {r.cappedBySchool && <Tag color="orange">{t('elimination.capped')}</Tag>}
                      </Space>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Card>
      )}
    </div>
  );
}

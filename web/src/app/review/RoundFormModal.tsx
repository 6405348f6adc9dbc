import { useEffect } from 'react';
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Tag, Tooltip } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ROUND_TYPES, type CompetitionDetail, type Round, type RoundInput, type RoundScoreColumn, type RoundStatus } from '@cmp/contracts';
import { FormModal } from '@/app/components/FormModal';
import { toast } from '@/app/feedback/feedback';
import { useLocalName } from '@/app/i18n/hooks';
import { roundApi } from './round.api';
import { weightsComplete, weightSum } from './weights';
import './locales';
import './review.css';

interface Values extends Omit<RoundInput, 'opensAt' | 'closesAt' | 'competitionId'> {
  window?: [Dayjs, Dayjs];
}

const blankColumn = (weight = 0): RoundScoreColumn => ({ name: '', max: 100, step: 1, weight, rubric: '' });

/** Adds or edits a review round: stage, events, type, window, experts per work, the score sheet and its rules. */
export const ROUND_STATUS_COLOR: Record<RoundStatus, string> = { draft: 'default', open: 'green', closed: 'purple' };

export function RoundFormModal({ open, onClose, onSaved, competition, round }: { open: boolean; onClose: () => void; onSaved: (r: Round) => void; competition: CompetitionDetail; round: Round | null }) {
  const { t } = useTranslation('review-round');
  const localName = useLocalName();
  const [form] = Form.useForm<Values>();
  const columns = Form.useWatch('scoreColumns', form);
  const sum = weightSum(columns);
  const started = round !== null && round.status !== 'draft';

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      round
        ? { ...round, window: round.opensAt && round.closesAt ? [dayjs(round.opensAt), dayjs(round.closesAt)] : undefined }
        : { name: '', type: 'online', blind: false, expertsPerWork: 3, commentRequired: false, biddingAllowed: false, excludeOwnOrganisation: true, eventIds: [], stageId: null, scoreColumns: [blankColumn(100)] },
    );
  }, [open, round, form]);

  const submit = async () => {
    const { window, ...v } = await form.validateFields();
    if (!weightsComplete(columns)) {
      toast(t('rounds.weightMust', { sum }), 'warning');
      throw new Error('weights');
    }
    const saved = await roundApi.save({
      ...v,
      id: round?.id,
      competitionId: competition.id,
      stageId: v.stageId ?? null,
      opensAt: window ? window[0].toISOString() : null,
      closesAt: window ? window[1].toISOString() : null,
      scoreColumns: v.scoreColumns.map((c) => ({ ...c, name: c.name.trim(), rubric: c.rubric ?? '' })),
    });
    toast(t('rounds.saved'), 'success');
    onSaved(saved);
  };

  return (
    <FormModal title={round ? t('rounds.edit') : t('rounds.add')} open={open} onClose={onClose} onSubmit={submit} width={860}>
      <Form form={form} layout="vertical" name="round" className="round-form">
        <Space wrap size="middle" align="start">
          <Form.Item name="name" label={t('rounds.name')} rules={[{ required: true, whitespace: true, message: t('rounds.name') }]}>
            <Input maxLength={100} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="stageId" label={t('rounds.stage')}>
            <Select allowClear style={{ width: 200 }} options={competition.stages.map((s) => ({ value: s.id, label: localName(s.name, s.nameEn) }))} />
          </Form.Item>
          <Form.Item name="type" label={t('type')}>
            <Radio.Group options={ROUND_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} optionType="button" />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item name="eventIds" label={t('rounds.events')} tooltip={t('rounds.allEvents')}>
            <Select mode="multiple" allowClear placeholder={t('rounds.allEvents')} style={{ width: 360 }} options={competition.items.map((i) => ({ value: i.id, label: localName(i.name, i.nameEn) }))} />
          </Form.Item>
          <Form.Item name="window" label={t('rounds.window')}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 340 }} />
          </Form.Item>
        </Space>
        <Space wrap size="large" align="center">
          <Form.Item name="expertsPerWork" label={t('rounds.expertsPerWork')} rules={[{ required: true, message: t('rounds.expertsPerWork') }]}>
            <InputNumber min={1} max={20} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="blind" valuePropName="checked">
            <Checkbox disabled={started}>
              <Tooltip title={t('rounds.blindHint')}>{t('rounds.blind')}</Tooltip>
            </Checkbox>
          </Form.Item>
          <Form.Item name="commentRequired" valuePropName="checked">
            <Checkbox>{t('rounds.commentRequired')}</Checkbox>
          </Form.Item>
          <Form.Item name="biddingAllowed" valuePropName="checked">
            <Checkbox>{t('rounds.biddingAllowed')}</Checkbox>
          </Form.Item>
          <Form.Item name="excludeOwnOrganisation" valuePropName="checked">
            <Checkbox>{t('rounds.excludeOwn')}</Checkbox>
          </Form.Item>
        </Space>
        <div className="round-columns-head">
          <strong>{t('rounds.columns')}</strong>
          <Tag color={weightsComplete(columns) ? 'green' : 'red'}>{t('rounds.weightSum', { sum })}</Tag>
        </div>
        <Form.List name="scoreColumns">
          {(fields, ops) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap className="round-column">
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: t('rounds.columnName') }]}>
                    <Input maxLength={50} placeholder={t('rounds.columnName')} style={{ width: 160 }} disabled={started} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'max']} rules={[{ required: true, message: t('rounds.max') }]}>
                    <InputNumber min={0.5} max={1000} addonBefore={t('rounds.max')} style={{ width: 150 }} disabled={started} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'step']} rules={[{ required: true, message: t('rounds.step') }]}>
                    <InputNumber min={0.01} max={100} addonBefore={t('rounds.step')} style={{ width: 140 }} disabled={started} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'weight']} rules={[{ required: true, message: t('rounds.weight') }]}>
                    <InputNumber min={0} max={100} precision={2} addonBefore={t('rounds.weight')} style={{ width: 170 }} disabled={started} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'rubric']}>
                    <Input maxLength={2000} placeholder={t('rounds.rubric')} style={{ width: 180 }} disabled={started} />
                  </Form.Item>
                  {!started && fields.length > 1 && <MinusCircleOutlined onClick={() => ops.remove(f.name)} style={{ marginTop: 9 }} />}
                </Space>
              ))}
              {!started && fields.length < 20 && (
                <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => ops.add(blankColumn())}>
                  {t('rounds.addColumn')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}

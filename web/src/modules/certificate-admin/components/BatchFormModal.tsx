import { useState } from 'react';
import { Alert, Checkbox, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NUMBERING_VARIANTS, type BatchAdd, type CertificateBatch, type NumberingVariant } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { competitionApi } from '@/app/api/competition.api';
import { useLocalName } from '@/app/i18n/hooks';
import { certAdminApi } from '../api/certificate-admin.api';
import { NS, useNumberingLabel } from './shared';

interface Fields {
  templateId: number;
  name: string;
  issuerName: string;
  competitionId?: number;
  itemId?: number;
  override: boolean;
  variant?: NumberingVariant;
  prefix?: string;
  suffix?: string;
}

const AFFIX = /^[A-Za-z0-9_\-./()·]{0,20}$/;
const perCompetition = (v?: string) => v === 'allAutoincrementThree' || v === 'allAutoincrementFour';
const perEvent = (v?: string) => v === 'autoincrementThree' || v === 'autoincrementFour';

/** A new batch: template, name, issuer, competition and event, and optionally another numbering scheme. */
export function BatchFormModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (b: CertificateBatch) => void }) {
  const { t } = useTranslation(NS);
  const numberingLabel = useNumberingLabel();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const templateId = Form.useWatch('templateId', form);
  const competitionId = Form.useWatch('competitionId', form);
  const override = Form.useWatch('override', form);
  const variant = Form.useWatch('variant', form);

  const templates = useAsync((signal) => certAdminApi.templatePage({ pageNum: 1, pageSize: 100 }, signal), [open], open);
  const competitions = useAsync((signal) => competitionApi.page({ pageNum: 1, pageSize: 50, keyword: keyword || undefined }, signal), [open, keyword], open);
  const detail = useAsync((signal) => competitionApi.detail(competitionId!, signal), [competitionId], open && !!competitionId);
  const template = templates.data?.list.find((x) => x.id === templateId);
  const effective = override ? variant : template?.numbering.variant;
  const localName = useLocalName();

  const submit = async () => {
    const f = await form.validateFields();
    const body: BatchAdd = {
      templateId: f.templateId,
      name: f.name.trim(),
      issuerName: f.issuerName.trim(),
      // The service looks the names up itself (scoped to the caller).
      ...(f.competitionId ? { competitionId: f.competitionId } : {}),
      ...(f.itemId ? { itemId: f.itemId } : {}),
      ...(f.override && f.variant ? { numbering: { variant: f.variant, prefix: f.prefix || undefined, suffix: f.suffix || undefined } } : {}),
    };
    setSaving(true);
    try {
      const created = await certAdminApi.batchAdd(body);
      toast(t('batch.created'), 'success');
      // Not a refusal: e.g. the template has a seal but the organisation never uploaded one.
      for (const w of created.warnings ?? []) toast(w, 'warning');
      form.resetFields();
      onCreated(created);
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };

  const required = (field: string) => [{ required: true, whitespace: true, message: t('batch.required', { field }) }];
  return (
    <Modal
      open={open}
      title={t('batch.addTitle')}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      maskClosable={false}
      footer={
        <GuardedButton type="primary" loading={saving} onClick={() => void submit()} data-testid="ca-batch-save">
          {t('common.save')}
        </GuardedButton>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ override: false }} preserve={false}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="templateId" label={t('batch.template')} rules={[{ required: true, message: t('batch.required', { field: t('batch.template') }) }]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('batch.templatePlaceholder')}
                loading={templates.loading}
                options={(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
                data-testid="ca-batch-template"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t('batch.name')} rules={required(t('batch.name'))}>
              <Input maxLength={100} placeholder={t('batch.namePlaceholder')} data-testid="ca-batch-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="competitionId" label={t('batch.competition')} rules={[{ required: perCompetition(effective) || perEvent(effective), message: t('batch.needsCompetition') }]}>
              <Select
                allowClear
                showSearch
                filterOption={false}
                onSearch={setKeyword}
                placeholder={t('batch.competitionPlaceholder')}
                loading={competitions.loading}
                options={(competitions.data?.list ?? []).map((c) => ({ value: c.id, label: localName(c.name, c.nameEn) }))}
                onChange={() => form.setFieldValue('itemId', undefined)}
                data-testid="ca-batch-competition"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="itemId" label={t('batch.item')} rules={[{ required: perEvent(effective), message: t('batch.needsItem') }]}>
              <Select
                allowClear
                disabled={!competitionId}
                placeholder={t('batch.itemPlaceholder')}
                loading={detail.loading}
                options={(detail.data?.items ?? []).map((i) => ({ value: i.id, label: localName(i.name, i.nameEn) }))}
                data-testid="ca-batch-item"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="issuerName" label={t('batch.issuer')} rules={required(t('batch.issuer'))}>
              <Input maxLength={100} placeholder={t('batch.issuerPlaceholder')} data-testid="ca-batch-issuer" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="override" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>
            {t('batch.numberingOverride')}
            {!override && template && <span className="muted">{` · ${t('batch.numberingDefault', { variant: numberingLabel(template.numbering) })}`}</span>}
          </Checkbox>
        </Form.Item>
        {override && (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="variant" label={t('batch.numbering')} rules={[{ required: true, message: t('batch.required', { field: t('batch.numbering') }) }]}>
                <Select options={NUMBERING_VARIANTS.map((v) => ({ value: v, label: t(`numbering.${v}`) }))} data-testid="ca-batch-variant" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="prefix" label={t('batch.prefix')} rules={[{ pattern: AFFIX, message: t('batch.prefixRule') }]}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="suffix" label={t('batch.suffix')} rules={[{ pattern: AFFIX, message: t('batch.prefixRule') }]}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
          </Row>
        )}
        {effective && <Alert type="info" showIcon message={t(`numberingInfo.${effective}`)} description={t('setting.capacityRule')} />}
      </Form>
    </Modal>
  );
}

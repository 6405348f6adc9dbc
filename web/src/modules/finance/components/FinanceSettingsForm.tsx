import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fenOf, Perm, yuanOf } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { financeApi } from '../api/finance.api';
import { NS } from './shared';

/** 财务设置: the organisation's refund approval amount (refunds above it need a second finance person). */
export function FinanceSettingsForm() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const canEdit = usePermission([Perm.financeEdit]);
  const settings = useAsync((signal) => financeApi.settings(signal), []);
  const [form] = Form.useForm<{ refundApproval: string }>();
  const [busy, setBusy] = useState(false);
  const s = settings.data;
  useEffect(() => {
    if (s) form.setFieldsValue({ refundApproval: yuanOf(s.refundApprovalFen) });
  }, [s, form]);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await financeApi.saveSettings(fenOf(v.refundApproval)!);
      toast(t('settings.saved'), 'success');
      settings.reload();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  if (!s) return <Skeleton active />;
  return (
    <div data-testid="finance-settings" className="finance-settings">
      <Alert type="info" showIcon message={t('settings.intro')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="financeSettings" disabled={!canEdit} onFinish={() => void save().catch(() => undefined)}>
        <Form.Item
          name="refundApproval"
          label={t('settings.refundApproval')}
          extra={t('settings.refundApprovalHelp')}
          rules={[{ validator: async (_, v: string) => { if (fenOf(v ?? '') === null) throw new Error(t('settings.refundApprovalRequired')); } }]}
        >
          <Input prefix="¥" inputMode="decimal" style={{ maxWidth: 240 }} />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('settings.save')}
          </Button>
        )}
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {s.updatedByName ? t('settings.updatedBy', { name: s.updatedByName, when: formatDateTime(s.updatedAt, lang, 'minute') }) : t('settings.neverChanged')}
      </Typography.Paragraph>
    </div>
  );
}

import { useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PayStatus, yuanOf, type Signup, type SignupDetail } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { enrollAdminApi } from '../api/enroll-admin.api';
import { NS } from './shared';

type Reviewed = Pick<Signup, 'id' | 'teamName'> & Partial<Pick<Signup, 'payStatus' | 'feeFen'>> & { captainName?: string };

/** What a sign-up is called in messages: its team, or the individual's name. */
export const signupName = (s: Reviewed & { members?: SignupDetail['members'] }) =>
  s.teamName || s.captainName || s.members?.[0]?.profile.realName || s.members?.[0]?.username || `#${s.id}`;

/**
 * Approving and rejecting a sign-up, shared by the list and the detail drawer. Approval goes straight to the
 * server (its refusals, such as an incomplete or unpaid sign-up, are toasted by the HTTP client); rejection asks
 * for a reason in a modal. `onDone` gets the sign-up as it is after the change.
 */
export function useReview(onDone: (s: SignupDetail) => void) {
  const { t } = useTranslation(NS);
  const [rejecting, setRejecting] = useState<Reviewed | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string; keepFee?: boolean; keepFeeReason?: string }>();
  const keepFee = Form.useWatch('keepFee', form);

  const approve = async (s: Reviewed) => {
    try {
      const after = await enrollAdminApi.check(s.id, true);
      toast(t('signup.approved', { name: signupName(s) }), 'success');
      onDone(after);
    } catch {
      /* the server's message was toasted */
    }
  };

  const submitReject = async () => {
    if (!rejecting) return;
    const { reason, keepFee: keep, keepFeeReason } = await form.validateFields();
    setBusy(true);
    try {
      const after = await enrollAdminApi.check(rejecting.id, false, reason.trim(), keep ? keepFeeReason?.trim() : undefined);
      toast(t('signup.rejected', { name: signupName(rejecting) }), 'success');
      setRejecting(null);
      onDone(after);
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const modal = (
    <Modal
      open={!!rejecting}
      title={t('reject.title')}
      okText={t('reject.ok')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void submitReject().catch(() => undefined)}
      onCancel={() => setRejecting(null)}
      afterOpenChange={(open) => !open && form.resetFields()}
      destroyOnHidden
    >
      {rejecting && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('reject.intro', { name: signupName(rejecting) })} />}
      <Form form={form} layout="vertical" name="reject" preserve={false}>
        <Form.Item
          name="reason"
          label={t('reject.reason')}
          rules={[{ required: true, whitespace: true, message: t('reject.reasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount placeholder={t('reject.reasonPlaceholder')} />
        </Form.Item>
        {rejecting?.payStatus === PayStatus.paid && (
          <>
            {/* A paid sign-up's fee goes back in full unless the competition's rules keep it. */}
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('reject.refund', { amount: yuanOf(rejecting.feeFen ?? 0) })} />
            <Form.Item name="keepFee" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{t('reject.keepFee')}</Checkbox>
            </Form.Item>
            {keepFee && (
              <Form.Item name="keepFeeReason" label={t('reject.keepFeeReason')} rules={[{ required: true, whitespace: true, message: t('reject.keepFeeReasonRequired') }]}>
                <Input maxLength={200} placeholder={t('reject.keepFeeReasonPlaceholder')} />
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </Modal>
  );

  return { approve, reject: (s: Reviewed) => setRejecting(s), modal };
}

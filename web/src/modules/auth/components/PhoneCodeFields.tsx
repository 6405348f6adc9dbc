import { useState } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isStrongPassword, PHONE_PATTERN } from '@cmp/contracts';
import { CODE_RESEND_SECONDS } from '@/app/config/constants';
import { toast } from '@/app/feedback/feedback';
import { useCountdown } from '../hooks/useCountdown';

/**
 * Phone and verification-code fields with a send button that counts down before the next send.
 * `send` asks the server for a code; its errors are shown by the HTTP client.
 */
export function PhoneCodeFields({ form, send }: { form: FormInstance; send: (phone: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();

  const sendCode = async () => {
    try {
      const { phone } = (await form.validateFields(['phone'])) as { phone: string };
      setSending(true);
      await send(phone.trim());
      toast(t('auth.codeSent'), 'success');
      countdown.start(CODE_RESEND_SECONDS);
    } catch {
      /* shown on the field or by the HTTP client */
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item
        name="phone"
        rules={[
          { required: true, whitespace: true, message: t('auth.phoneRequired') },
          { pattern: PHONE_PATTERN, message: t('auth.phoneInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('auth.phone')} autoComplete="tel" maxLength={11} />
      </Form.Item>
      <Form.Item>
        <div className="auth__code">
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, whitespace: true, message: t('auth.codeRequired') },
              { pattern: /^\d{6}$/, message: t('auth.codeRequired') },
            ]}
          >
            <Input prefix={<SafetyOutlined />} placeholder={t('auth.code')} autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button onClick={() => void sendCode()} loading={sending} disabled={countdown.left > 0} data-testid="send-code">
            {countdown.left > 0 ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCode')}
          </Button>
        </div>
      </Form.Item>
    </>
  );
}

/** New password and its confirmation, with the server's rule checked before sending. */
export function NewPasswordFields({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('auth.passwordRequired') },
          { validator: (_, v: string | undefined) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordRule')))) },
        ]}
      >
        <Input.Password placeholder={placeholder} autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: t('auth.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordMismatch')))),
          }),
        ]}
      >
        <Input.Password placeholder={t('auth.confirmPassword')} autoComplete="new-password" maxLength={64} />
      </Form.Item>
    </>
  );
}

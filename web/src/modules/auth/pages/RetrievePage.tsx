import { useState } from 'react';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useClickGuard } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { authApi } from '../api/auth.api';
import { AuthShell } from '../components/AuthShell';
import { NewPasswordFields, PhoneCodeFields } from '../components/PhoneCodeFields';

interface RetrieveForm {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

/** /neibu/retrieve: a new password by a code sent to the account's phone; every session ends, then log in. */
export default function RetrievePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RetrieveForm>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (submitting) return;
    try {
      const v = await form.validateFields();
      setSubmitting(true);
      await authApi.retrieve({ phone: v.phone.trim(), code: v.code.trim(), password: v.password });
      toast(t('auth.retrievePage.done'), 'success');
      navigate('/neibu/login', { replace: true });
    } catch {
      // Form errors show on the fields; call errors were shown by the HTTP client.
    } finally {
      setSubmitting(false);
    }
  };
  const guarded = useClickGuard(() => void submit());

  return (
    <AuthShell>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('auth.retrievePage.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.retrievePage.desc')}</Typography.Paragraph>
      <Form form={form} size="large" onFinish={() => void submit()} autoComplete="off">
        <PhoneCodeFields form={form} send={authApi.sendRetrieveCode} />
        <NewPasswordFields placeholder={t('auth.retrievePage.newPassword')} />
        <button type="submit" hidden />
      </Form>
      <Button type="primary" size="large" block loading={submitting} disabled={guarded.locked && !submitting} onClick={guarded.onClick}>
        {submitting ? t('auth.retrievePage.submitting') : t('auth.retrievePage.submit')}
      </Button>
      <div className="auth__links">
        <Link to="/neibu/login">{t('auth.backToLogin')}</Link>
        <Link to="/neibu/register">{t('auth.register')}</Link>
      </div>
    </AuthShell>
  );
}

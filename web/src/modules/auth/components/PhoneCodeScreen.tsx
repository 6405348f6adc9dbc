import { useState, type ReactNode } from 'react';
import { Button, Form, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useClickGuard } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { useRedirectQuery } from './InvitationNotice';
import { AuthShell } from './AuthShell';
import { NewPasswordFields, PhoneCodeFields } from './PhoneCodeFields';

/** The fields every phone-code screen has. */
export interface PhoneCodeValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * The register and password-recovery screens: title, the screen's own fields, phone and code, a new password,
 * one guarded submit, then links. `run` sends the checked form; when it succeeds the screen says so and goes to
 * the login page. Texts come from `auth.<page>.*`.
 */
export function PhoneCodeScreen<V extends PhoneCodeValues>({
  page,
  form,
  notice,
  fields,
  send,
  passwordPlaceholder,
  run,
  link,
}: {
  page: 'registerPage' | 'retrievePage';
  form: FormInstance<V>;
  /** Shown above the form. */
  notice?: ReactNode;
  /** The screen's fields before the phone. */
  fields?: ReactNode;
  send: (phone: string) => Promise<unknown>;
  passwordPlaceholder: string;
  run: (values: V) => Promise<unknown>;
  /** The second link, after "back to login". */
  link: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Where the person was going before logging in stays the destination after registering or recovering.
  const onward = useRedirectQuery();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (submitting) return;
    try {
      const v = await form.validateFields();
      setSubmitting(true);
      await run(v);
      toast(t(`auth.${page}.done`), 'success');
      navigate(`/neibu/login${onward}`, { replace: true });
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
        {t(`auth.${page}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`auth.${page}.desc`)}</Typography.Paragraph>
      {notice}
      <Form form={form} size="large" onFinish={() => void submit()} autoComplete="off">
        {fields}
        <PhoneCodeFields form={form} send={send} />
        <NewPasswordFields placeholder={passwordPlaceholder} />
        <button type="submit" hidden />
      </Form>
      <Button type="primary" size="large" block loading={submitting} disabled={guarded.locked && !submitting} onClick={guarded.onClick}>
        {submitting ? t(`auth.${page}.submitting`) : t(`auth.${page}.submit`)}
      </Button>
      <div className="auth__links">
        <Link to={`/neibu/login${onward}`}>{t('auth.backToLogin')}</Link>
        <Link to={link.to}>{link.label}</Link>
      </div>
    </AuthShell>
  );
}

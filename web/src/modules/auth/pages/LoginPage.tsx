import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useClickGuard } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { sessionActions } from '@/app/session/session';
import { authApi } from '../api/auth.api';
import { AuthShell } from '../components/AuthShell';
import { InvitationNotice, useRedirectQuery } from '../components/InvitationNotice';
import { PhoneCodeFields } from '../components/PhoneCodeFields';

/** Login modes of spec section 4: 1 password, 2 verification code; each has its own call. */
type Mode = 'pwd' | 'code';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('pwd');
  const [submitting, setSubmitting] = useState(false);
  const [pwdForm] = Form.useForm<{ username: string; password: string }>();
  const [codeForm] = Form.useForm<{ phone: string; code: string }>();
  const onward = useRedirectQuery();

  /** The token is in: the organisation is chosen next (the /role page), then the page asked for. */
  const enter = (token: string) => {
    const redirect = params.get('redirect');
    sessionActions.clearGroupId();
    // Token and location change in one render, so the guard never sees the login page with a token.
    flushSync(() => {
      sessionActions.setToken(token);
      navigate(`/role${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`, { replace: true });
    });
    toast(t('auth.loginSuccess'), 'success');
  };

  const submit = async () => {
    if (submitting) return;
    try {
      setSubmitting(true);
      if (mode === 'pwd') {
        const values = await pwdForm.validateFields();
        enter((await authApi.loginByPassword({ username: values.username.trim(), password: values.password })).token);
      } else {
        const values = await codeForm.validateFields();
        enter((await authApi.loginByCode({ phone: values.phone.trim(), code: values.code.trim() })).token);
      }
    } catch {
      // Form errors show on the fields; call errors were shown by the HTTP client.
    } finally {
      setSubmitting(false);
    }
  };
  const guardedSubmit = useClickGuard(() => void submit());

  const pwdPane = (
    <Form form={pwdForm} size="large" onFinish={() => void submit()} autoComplete="on">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('auth.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('auth.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('auth.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password')} autoComplete="current-password" />
      </Form.Item>
      <button type="submit" hidden />
    </Form>
  );

  const codePane = (
    <Form form={codeForm} size="large" onFinish={() => void submit()}>
      <PhoneCodeFields form={codeForm} send={authApi.sendLoginCode} />
      <button type="submit" hidden />
    </Form>
  );

  return (
    <AuthShell>
      <InvitationNotice />
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as Mode)}
        centered
        items={[
          { key: 'pwd', label: t('auth.pwdTab'), children: pwdPane },
          { key: 'code', label: t('auth.codeTab'), children: codePane },
        ]}
      />
      <Button type="primary" size="large" block loading={submitting} disabled={guardedSubmit.locked && !submitting} onClick={guardedSubmit.onClick}>
        {submitting ? t('auth.loggingIn') : t('auth.loginButton')}
      </Button>
      <div className="auth__links">
        <Link to={`/neibu/register${onward}`}>{t('auth.register')}</Link>
        <Link to="/neibu/retrieve">{t('auth.forgot')}</Link>
      </div>
    </AuthShell>
  );
}

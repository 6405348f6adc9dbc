import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Form, Input, Tabs, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useClickGuard } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { sessionActions } from '@/app/session/session';
import { authApi } from '../api/auth.api';
import { AuthShell } from '../components/AuthShell';
import { InvitationNotice, useRedirectQuery } from '../components/InvitationNotice';
import { NewPasswordFields, PhoneCodeFields } from '../components/PhoneCodeFields';

/** Login modes of spec section 4: 1 password, 2 verification code; each has its own call. */
type Mode = 'pwd' | 'code';

/** The account and one-time password whose login asked for a new password. */
interface OneTime {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('pwd');
  const [submitting, setSubmitting] = useState(false);
  const [pwdForm] = Form.useForm<{ username: string; password: string }>();
  const [codeForm] = Form.useForm<{ phone: string; code: string }>();
  const [newPwdForm] = Form.useForm<{ password: string; confirm: string }>();
  // Set when the password was a one-time password: the login continues with a new password.
  const [oneTime, setOneTime] = useState<OneTime | null>(null);
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
      if (oneTime) {
        const values = await newPwdForm.validateFields();
        enter((await authApi.firstLogin({ ...oneTime, newPassword: values.password })).token);
      } else if (mode === 'pwd') {
        const values = await pwdForm.validateFields();
        const credentials = { username: values.username.trim(), password: values.password };
        const reply = await authApi.loginByPassword(credentials);
        if ('token' in reply) enter(reply.token);
        else setOneTime(credentials);
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

  if (oneTime) {
    return (
      <AuthShell>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('auth.firstLogin.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.firstLogin.desc')}</Typography.Paragraph>
        <Form form={newPwdForm} size="large" onFinish={() => void submit()} autoComplete="off">
          <NewPasswordFields placeholder={t('auth.firstLogin.newPassword')} />
          <button type="submit" hidden />
        </Form>
        <Button type="primary" size="large" block loading={submitting} disabled={guardedSubmit.locked && !submitting} onClick={guardedSubmit.onClick}>
          {submitting ? t('auth.loggingIn') : t('auth.firstLogin.submit')}
        </Button>
        <div className="auth__links">
          <a onClick={() => setOneTime(null)}>{t('auth.firstLogin.back')}</a>
        </div>
      </AuthShell>
    );
  }

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

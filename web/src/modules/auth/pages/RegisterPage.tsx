import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { BankOutlined, IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { USERNAME_PATTERN, type RegisterGroup } from '@cmp/contracts';
import { useClickGuard } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { authApi } from '../api/auth.api';
import { AuthShell } from '../components/AuthShell';
import { NewPasswordFields, PhoneCodeFields } from '../components/PhoneCodeFields';
import { groupOptions } from '../hooks/group-options';

interface RegisterForm {
  username: string;
  realName: string;
  phone: string;
  code: string;
  password: string;
  confirm: string;
  groupId: number;
}

/** /neibu/register: a visitor opens a student account with a phone code, then logs in. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [groups, setGroups] = useState<RegisterGroup[]>();
  const [groupsFailed, setGroupsFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const options = useMemo(() => groupOptions(groups ?? []), [groups]);

  const loadGroups = () => {
    setGroupsFailed(false);
    authApi.registerGroups().then(setGroups, () => setGroupsFailed(true));
  };
  useEffect(loadGroups, []);

  const submit = async () => {
    if (submitting) return;
    try {
      const v = await form.validateFields();
      setSubmitting(true);
      await authApi.register({
        username: v.username.trim(),
        realName: v.realName.trim(),
        phone: v.phone.trim(),
        code: v.code.trim(),
        password: v.password,
        groupId: v.groupId,
      });
      toast(t('auth.registerPage.done'), 'success');
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
        {t('auth.registerPage.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.registerPage.desc')}</Typography.Paragraph>
      {groupsFailed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('auth.groupsFailed')}
          action={
            <Button size="small" onClick={loadGroups}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <Form form={form} size="large" onFinish={() => void submit()} autoComplete="off">
        <Form.Item
          name="username"
          rules={[
            { required: true, whitespace: true, message: t('auth.usernameRequired') },
            { pattern: USERNAME_PATTERN, message: t('auth.usernameRule') },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder={t('auth.username')} autoComplete="username" maxLength={32} />
        </Form.Item>
        <Form.Item name="realName" rules={[{ required: true, whitespace: true, message: t('auth.realNameRequired') }]}>
          <Input prefix={<IdcardOutlined />} placeholder={t('auth.realName')} autoComplete="name" maxLength={50} />
        </Form.Item>
        <Form.Item name="groupId" rules={[{ required: true, message: t('auth.groupRequired') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('auth.group')}
            loading={!groups && !groupsFailed}
            options={options}
            suffixIcon={<BankOutlined />}
            data-testid="register-group"
          />
        </Form.Item>
        <PhoneCodeFields form={form} send={authApi.sendRegisterCode} />
        <NewPasswordFields placeholder={t('auth.password')} />
        <button type="submit" hidden />
      </Form>
      <Button type="primary" size="large" block loading={submitting} disabled={guarded.locked && !submitting} onClick={guarded.onClick}>
        {submitting ? t('auth.registerPage.submitting') : t('auth.registerPage.submit')}
      </Button>
      <div className="auth__links">
        <Link to="/neibu/login">{t('auth.backToLogin')}</Link>
        <Link to="/neibu/retrieve">{t('auth.forgot')}</Link>
      </div>
    </AuthShell>
  );
}

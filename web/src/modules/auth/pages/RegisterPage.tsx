import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { BankOutlined, IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { USERNAME_PATTERN, type RegisterGroup } from '@cmp/contracts';
import { siteApi, storedSiteRef } from '@/app/api/site.api';
import { authApi } from '../api/auth.api';
import { InvitationNotice } from '../components/InvitationNotice';
import { PhoneCodeScreen, type PhoneCodeValues } from '../components/PhoneCodeScreen';
import { groupOptions } from '../hooks/group-options';

interface RegisterForm extends PhoneCodeValues {
  username: string;
  realName: string;
  groupId: number;
}

/** /neibu/register: a visitor opens a student account with a phone code, then logs in. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterForm>();
  const [groups, setGroups] = useState<RegisterGroup[]>();
  const [groupsFailed, setGroupsFailed] = useState(false);
  const options = useMemo(() => groupOptions(groups ?? []), [groups]);
  // On an organisation's own site (its host, or the ?groupId= the public site kept) that organisation is the
  // choice: preselected and not asked. The platform's own site is no organisation one registers with.
  const [siteGroupId, setSiteGroupId] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    siteApi.setting(storedSiteRef(), controller.signal).then(
      (s) => setSiteGroupId(s.groupId),
      () => undefined, // no site setting: the list is asked as before
    );
    return () => controller.abort();
  }, []);
  const siteGroup = groups?.find((g) => g.id === siteGroupId);
  useEffect(() => {
    if (siteGroup) form.setFieldValue('groupId', siteGroup.id);
  }, [siteGroup, form]);

  const loadGroups = () => {
    setGroupsFailed(false);
    authApi.registerGroups().then(setGroups, () => setGroupsFailed(true));
  };
  useEffect(loadGroups, []);

  return (
    <PhoneCodeScreen
      page="registerPage"
      form={form}
      notice={
        <>
          <InvitationNotice />
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
        </>
      }
      fields={
        <>
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
          {siteGroup && (
            <Form.Item data-testid="register-site-group" extra={t('auth.registerIntoHint', { name: siteGroup.name })}>
              <Typography.Text strong>
                <BankOutlined /> {t('auth.registerInto', { name: siteGroup.name })}
              </Typography.Text>
            </Form.Item>
          )}
          <Form.Item name="groupId" hidden={!!siteGroup} rules={[{ required: true, message: t('auth.groupRequired') }]}>
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
        </>
      }
      send={authApi.sendRegisterCode}
      passwordPlaceholder={t('auth.password')}
      run={(v) =>
        authApi.register({
          username: v.username.trim(),
          realName: v.realName.trim(),
          phone: v.phone.trim(),
          code: v.code.trim(),
          password: v.password,
          groupId: v.groupId,
        })
      }
      link={{ to: '/neibu/retrieve', label: t('auth.forgot') }}
    />
  );
}

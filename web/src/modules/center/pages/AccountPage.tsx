import { Alert, Button, Descriptions, Form, Input, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isStrongPassword, PHONE_PATTERN } from '@cmp/contracts';
import { groupApi, groupNameIn } from '@/app/api/group.api';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { readGroupId, sessionActions, useSession } from '@/app/session/session';
import { accountApi } from '../api/account.api';
import { BankCardTab } from '../components/BankCardTab';
import { NextSteps } from '../components/NextSteps';
import { ParticipantTab } from '../components/ParticipantTab';
import { useSubmit } from '../hooks/useSubmit';
import '../locales';

/** A role's name in the interface language; a role made in the back office (not in the catalogue) shows its key. */
function useRoleName(): (key: string) => string {
  const { t, i18n } = useTranslation();
  return (key) => (i18n.exists(`center.info.roleNames.${key}`) ? t(`center.info.roleNames.${key}` as never) : key);
}

/** The name of the organisation the person works in now (the chosen one, else their own). */
function OrganisationName({ id }: { id: number }) {
  const sel = useAsync(() => groupApi.select(), []);
  return <span data-testid="account-organisation">{sel.data ? (groupNameIn(sel.data, id) ?? String(id)) : sel.error ? String(id) : ''}</span>;
}

function InfoTab() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const roleName = useRoleName();
  const [form] = Form.useForm<{ realName: string; email?: string }>();
  const submit = useSubmit(async () => {
    if (!user) return;
    const v = await form.validateFields();
    await accountApi.updateProfile({ realName: v.realName.trim(), email: v.email?.trim() || null });
    sessionActions.patchUser({ realName: v.realName.trim() });
    toast(t('center.info.saved'), 'success');
  });
  if (!user) return null;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={1} data-testid="account-info">
        <Descriptions.Item label={t('center.info.username')}>{user.username}</Descriptions.Item>
        <Descriptions.Item label={t('center.info.realName')}>{user.realName}</Descriptions.Item>
        <Descriptions.Item label={t('center.info.roles')}>
          {roles.map((r) => (
            <Tag key={r}>{roleName(r)}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('center.info.organisation')}>
          <OrganisationName id={readGroupId() ?? user.groupId} />
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" initialValues={{ realName: user.realName }} style={{ maxWidth: 420 }}>
        <Form.Item name="realName" label={t('center.info.realName')} rules={[{ required: true, whitespace: true, message: t('center.info.realNameRequired') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="email" label={t('center.info.email')} rules={[{ type: 'email', message: t('center.info.emailInvalid') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Button type="primary" loading={submit.busy} disabled={submit.disabled} onClick={submit.onClick}>
          {t('common.save')}
        </Button>
      </Form>
    </Space>
  );
}

function PhoneTab() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<{ phone: string }>();
  const submit = useSubmit(async () => {
    if (!user) return;
    const { phone } = await form.validateFields();
    await accountApi.updateProfile({ phone: phone.trim() });
    form.resetFields();
    toast(t('center.phone.saved'), 'success');
  });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }}>
      <Alert type="info" showIcon message={t('center.phone.desc')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="phone"
        label={t('center.phone.newPhone')}
        rules={[
          { required: true, whitespace: true, message: t('auth.phoneRequired') },
          { pattern: PHONE_PATTERN, message: t('auth.phoneInvalid') },
        ]}
      >
        <Input maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Button type="primary" loading={submit.busy} disabled={submit.disabled} onClick={submit.onClick}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const submit = useSubmit(async () => {
    const v = await form.validateFields();
    await accountApi.changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
    form.resetFields();
    toast(t('center.password.saved'), 'success');
  });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }}>
      <Form.Item name="oldPassword" label={t('center.password.oldPassword')} rules={[{ required: true, message: t('center.password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('center.password.newPassword')}
        rules={[
          { required: true, message: t('center.password.newRequired') },
          { validator: async (_, v: string) => (!v || isStrongPassword(v) ? undefined : Promise.reject(new Error(t('center.password.weak')))) },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('center.password.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('center.password.newRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, v: string) => (!v || v === getFieldValue('newPassword') ? undefined : Promise.reject(new Error(t('center.password.mismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" loading={submit.busy} disabled={submit.disabled} onClick={submit.onClick}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/** /center/users, the personal centre's home: the next step of each sign-up, then the account: info, participant details, phone, password, bank card. */
export default function AccountPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useSearchParams();
  return (
    <>
      <NextSteps />
      <div className="page-card">
        <Tabs
          activeKey={tab.get('tab') ?? 'info'}
          onChange={(key) => setTab({ tab: key }, { replace: true })}
          items={[
            { key: 'info', label: t('center.tabs.info'), children: <InfoTab /> },
            { key: 'participant', label: t('centre:participant.tab'), children: <ParticipantTab /> },
            { key: 'phone', label: t('center.tabs.phone'), children: <PhoneTab /> },
            { key: 'password', label: t('center.tabs.password'), children: <PasswordTab /> },
            { key: 'bankCard', label: t('centre:bankCard.tab'), children: <BankCardTab /> },
          ]}
        />
      </div>
    </>
  );
}

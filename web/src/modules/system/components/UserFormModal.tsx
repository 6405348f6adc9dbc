import { useEffect } from 'react';
import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStrongPassword, PHONE_PATTERN, USERNAME_PATTERN, UserStatus, type Dept, type Role, type UserView } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { userApi } from '../api/system.api';
import { treeOptions } from '../hooks/tree';
import { FormModal } from '@/app/components/FormModal';

interface Values {
  username: string;
  realName: string;
  password: string;
  phone?: string;
  email?: string;
  deptId?: number | null;
  roleKeys?: string[];
  status: number;
}

const blankToNull = (v?: string | null) => (v && v.trim() ? v.trim() : null);

/** Add a user (account, name, password, contact, department, roles) or edit one (name, contact, status, department). */
export function UserFormModal({
  open,
  user,
  roles,
  depts,
  groupId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The organisation a new user joins (the caller's own when absent). */
  groupId?: number;
  /** absent: a new user */
  user?: UserView | null;
  roles?: Role[];
  depts?: Dept[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const editing = !!user;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({ realName: user.realName, phone: user.phone ?? '', email: user.email ?? '', deptId: user.deptId, status: user.status });
    }
  }, [open, user, form]);

  const submit = async () => {
    const v = await form.validateFields();
    if (user) {
      await userApi.update({
        id: user.id,
        realName: v.realName.trim(),
        phone: blankToNull(v.phone),
        email: blankToNull(v.email),
        status: v.status,
        deptId: v.deptId ?? null,
      });
    } else {
      await userApi.add({
        username: v.username.trim(),
        realName: v.realName.trim(),
        password: v.password,
        phone: blankToNull(v.phone) ?? undefined,
        email: blankToNull(v.email) ?? undefined,
        deptId: v.deptId ?? undefined,
        groupId,
        roleKeys: v.roleKeys?.length ? v.roleKeys : undefined,
      });
    }
    toast(t('user.saved'), 'success');
    onSaved();
  };

  return (
    <FormModal title={editing ? t('user.edit') : t('user.add')} open={open} onClose={onClose} onSubmit={submit}>
      <Form form={form} layout="vertical" initialValues={{ status: UserStatus.active }} preserve={false}>
        {editing ? (
          <Form.Item label={t('user.username')}>
            <Input value={user?.username} disabled />
          </Form.Item>
        ) : (
          <Form.Item
            name="username"
            label={t('user.username')}
            rules={[
              { required: true, whitespace: true, message: t('common.required', { field: t('user.username') }) },
              { pattern: USERNAME_PATTERN, message: t('user.usernameInvalid') },
            ]}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="realName" label={t('user.realName')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('user.realName') }) }]}>
          <Input maxLength={50} />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label={t('user.password')}
            rules={[
              { required: true, message: t('common.required', { field: t('user.password') }) },
              { validator: async (_, v: string) => (!v || isStrongPassword(v) ? undefined : Promise.reject(new Error(t('user.passwordWeak')))) },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="phone" label={t('user.phone')} rules={[{ pattern: PHONE_PATTERN, message: t('user.phoneInvalid') }]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label={t('user.email')} rules={[{ type: 'email', message: t('user.emailInvalid') }]}>
          <Input maxLength={100} />
        </Form.Item>
        {depts && (
          <Form.Item name="deptId" label={t('user.dept')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(depts, (d) => d.id, (d) => d.name)} />
          </Form.Item>
        )}
        {!editing && (
          <Form.Item name="roleKeys" label={t('user.roles')}>
            <Select
              mode={roles ? 'multiple' : 'tags'}
              allowClear
              options={roles?.map((r) => ({ value: r.key, label: `${r.name} (${r.key})` }))}
            />
          </Form.Item>
        )}
        {editing && (
          <Form.Item name="status" label={t('common.status')}>
            <Radio.Group
              options={[
                { value: UserStatus.active, label: t('common.enabled') },
                { value: UserStatus.disabled, label: t('common.disabled') },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}

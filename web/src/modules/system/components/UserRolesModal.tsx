import { useEffect } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role, UserView } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { userApi } from '../api/system.api';
import { FormModal } from '@/app/components/FormModal';

/**
 * `roles`: the ones the caller may grant; `allRoles`: every role, so that a role the user holds but the
 * caller may not grant still shows by name (fixed in place).
 */
export function UserRolesModal({
  user,
  roles,
  allRoles,
  onClose,
  onSaved,
}: {
  user: UserView | null;
  roles?: Role[];
  allRoles?: Role[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<{ roleKeys: string[] }>();
  useEffect(() => {
    if (user) form.setFieldsValue({ roleKeys: user.roleKeys });
  }, [user, form]);

  const options = roles && [
    ...roles.map((r) => ({ value: r.key, label: `${r.name} (${r.key})` })),
    ...(allRoles ?? [])
      .filter((r) => user?.roleKeys.includes(r.key) && !roles.some((g) => g.key === r.key))
      .map((r) => ({ value: r.key, label: `${r.name} (${r.key})`, disabled: true })),
  ];

  const submit = async () => {
    if (!user) return;
    const { roleKeys } = await form.validateFields();
    await userApi.roleSet({ id: user.id, roleKeys });
    toast(t('user.rolesSaved'), 'success');
    onSaved();
  };

  return (
    <FormModal title={`${t('user.assignRoles')} · ${user?.realName ?? ''}`} open={!!user} onClose={onClose} onSubmit={submit} width={480}>
      <Form form={form} layout="vertical">
        <Form.Item name="roleKeys" label={t('user.roles')} rules={[{ required: true, type: 'array', min: 1, message: t('user.rolesRequired') }]}>
          <Select mode={roles ? 'multiple' : 'tags'} options={options} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStrongPassword, type UserView } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { userApi } from '../api/system.api';
import { FormModal } from '@/app/components/FormModal';

export function ResetPasswordModal({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<{ newPassword: string; confirm: string }>();

  const submit = async () => {
    if (!user) return;
    const { newPassword } = await form.validateFields();
    await userApi.resetPassword({ id: user.id, newPassword });
    toast(t('user.pwdReset'), 'success');
    onClose();
  };

  return (
    <FormModal title={t('user.resetPwdFor', { name: user?.realName ?? '' })} open={!!user} onClose={onClose} onSubmit={submit} width={440}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="newPassword"
          label={t('user.newPassword')}
          rules={[
            { required: true, message: t('common.required', { field: t('user.newPassword') }) },
            { validator: async (_, v: string) => (!v || isStrongPassword(v) ? undefined : Promise.reject(new Error(t('user.passwordWeak')))) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('user.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('common.required', { field: t('user.confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: async (_, v: string) => (!v || v === getFieldValue('newPassword') ? undefined : Promise.reject(new Error(t('user.passwordMismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

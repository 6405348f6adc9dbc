import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api/auth.api';
import { PhoneCodeScreen, type PhoneCodeValues } from '../components/PhoneCodeScreen';

/** /neibu/retrieve: a new password by a code sent to the account's phone; every session ends, then log in. */
export default function RetrievePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneCodeValues>();
  return (
    <PhoneCodeScreen
      page="retrievePage"
      form={form}
      send={authApi.sendRetrieveCode}
      passwordPlaceholder={t('auth.retrievePage.newPassword')}
      run={(v) => authApi.retrieve({ phone: v.phone.trim(), code: v.code.trim(), password: v.password })}
      link={{ to: '/neibu/register', label: t('auth.register') }}
    />
  );
}

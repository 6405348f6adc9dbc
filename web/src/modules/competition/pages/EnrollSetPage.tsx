import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { EnrollFields, enrollPayload, type EnrollValues } from '../components/EnrollFields';
import { SaveBar } from '../components/SaveBar';
import { SettingsFrame, type SettingsContext } from '../components/SettingsFrame';
import { NS } from '../components/shared';

function EnrollSettings({ detail, editable, setDetail }: SettingsContext) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<EnrollValues>();
  const save = async () => {
    const v = await form.validateFields();
    setDetail(await competitionApi.saveEnroll(enrollPayload(v, detail.enroll)));
    toast(t('settings.saved'), 'success');
  };
  return (
    <>
      <EnrollFields form={form} detail={detail} full disabled={!editable} />
      {editable && <SaveBar onSave={save} />}
    </>
  );
}

/** Sign-up settings: window, mode, team sizes, advisers, quotas and the member details a sign-up must give. */
export default function EnrollSetPage() {
  return <SettingsFrame active="enroll">{(ctx) => <EnrollSettings {...ctx} />}</SettingsFrame>;
}

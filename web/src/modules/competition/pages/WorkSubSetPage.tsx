import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { SaveBar } from '../components/SaveBar';
import { SettingsFrame, type SettingsContext } from '../components/SettingsFrame';
import { NS } from '../components/shared';
import { WorkSubFields, workSubPayload, type WorkSubValues } from '../components/WorkSubFields';

function WorkSubSettings({ detail, editable, setDetail }: SettingsContext) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<WorkSubValues>();
  const save = async () => {
    const v = await form.validateFields();
    setDetail(await competitionApi.saveWorkSubmit(workSubPayload(detail, v)));
    toast(t('settings.saved'), 'success');
  };
  return (
    <>
      <WorkSubFields form={form} detail={detail} disabled={!editable} />
      {editable && <SaveBar onSave={save} />}
    </>
  );
}

/** Work-submission settings: the window, and per event the file types, size and count allowed. */
export default function WorkSubSetPage() {
  return <SettingsFrame active="workSub">{(ctx) => <WorkSubSettings {...ctx} />}</SettingsFrame>;
}

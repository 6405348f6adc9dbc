import { useState } from 'react';
import { Button, Form, Input, Result, Select, Typography } from 'antd';
import { CheckCircleTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TRIAL_SIZES, type TrialApplyPayload } from '@cmp/contracts';
import { HOME_PATH } from '@/app/config/constants';
import { useClickGuard } from '@/app/click-guard/GuardedButton';
import { trialApi } from '@/app/api/trial.api';
import { AuthShell } from '../components/AuthShell';
import { PhoneCodeFields } from '../components/PhoneCodeFields';

const FEATURES = ['signup', 'review', 'onsite', 'certificates', 'finance'] as const;

/** /experience: what the platform does, and a university's application to try it (phone checked by a code). */
export default function ExperiencePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TrialApplyPayload>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async () => {
    if (submitting) return;
    try {
      const v = await form.validateFields();
      setSubmitting(true);
      await trialApi.apply({ ...v, university: v.university.trim(), contact: v.contact.trim(), phone: v.phone.trim(), needs: v.needs?.trim() || undefined });
      setDone(true);
    } catch {
      // Form errors show on the fields; call errors were shown by the HTTP client.
    } finally {
      setSubmitting(false);
    }
  };
  const guarded = useClickGuard(() => void submit());

  if (done) {
    return (
      <AuthShell wide>
        <Result
          status="success"
          title={t('experience.doneTitle')}
          subTitle={t('experience.doneDesc')}
          extra={
            <Link to={HOME_PATH}>
              <Button type="primary">{t('auth.backHome')}</Button>
            </Link>
          }
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell wide>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('experience.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('experience.desc')}</Typography.Paragraph>
      <ul className="experience__features">
        {FEATURES.map((f) => (
          <li key={f}>
            <CheckCircleTwoTone twoToneColor="#52c41a" /> {t(`experience.features.${f}`)}
          </li>
        ))}
      </ul>
      <Form form={form} size="large" layout="vertical" requiredMark={false} onFinish={() => void submit()} autoComplete="off">
        <Form.Item name="university" label={t('experience.university')} rules={[{ required: true, whitespace: true, message: t('experience.universityRequired') }]}>
          <Input maxLength={100} placeholder={t('experience.universityPlaceholder')} />
        </Form.Item>
        <Form.Item name="contact" label={t('experience.contact')} rules={[{ required: true, whitespace: true, message: t('experience.contactRequired') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <PhoneCodeFields form={form} send={trialApi.sendCode} />
        <Form.Item name="size" label={t('experience.size')} rules={[{ required: true, message: t('experience.sizeRequired') }]}>
          <Select options={TRIAL_SIZES.map((s) => ({ value: s, label: t(`experience.sizes.${s}`) }))} placeholder={t('experience.sizePlaceholder')} />
        </Form.Item>
        <Form.Item name="needs" label={t('experience.needs')}>
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder={t('experience.needsPlaceholder')} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
      <Button type="primary" size="large" block loading={submitting} disabled={guarded.locked && !submitting} onClick={guarded.onClick}>
        {submitting ? t('experience.submitting') : t('experience.submit')}
      </Button>
      <div className="auth__links">
        <Link to={HOME_PATH}>{t('auth.backHome')}</Link>
        <Link to="/neibu/login">{t('experience.haveAccount')}</Link>
      </div>
    </AuthShell>
  );
}

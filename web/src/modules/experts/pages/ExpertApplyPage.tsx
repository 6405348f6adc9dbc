import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Result, Select, Spin, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { recruitApi } from '../api/experts.api';
import '../components/experts.css';
import '../locales';

interface Values {
  name: string;
  phone: string;
  email?: string;
  title?: string;
  unit?: string;
  subjects?: string[];
  keywords?: string[];
}

/** The public application form of a recruitment call (/home/expertApply?id=): profile fields and a CV. */
export default function ExpertApplyPage() {
  const { t, i18n } = useTranslation('experts');
  const lang = normaliseLang(i18n.language);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const call = useAsync((_signal) => recruitApi.publicCall(id), [id], Number.isInteger(id) && id > 0);
  const [form] = Form.useForm<Values>();
  const [cv, setCv] = useState<{ cvKey: string; cvName: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!(id > 0) || call.error !== null) return <Result status="404" title={t('apply.notFound')} />;
  if (call.loading || !call.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const c = call.data;
  if (done) return <Result status="success" title={t('apply.done')} className="apply-done" />;

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const res = await recruitApi.uploadCv(file);
      if (res.code === 0) setCv({ cvKey: res.data.cvKey, cvName: res.data.cvName });
    } catch {
      /* toasted */
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    const v = await form.validateFields();
    if (!cv) return toast(t('apply.cvRequired'), 'warning');
    setBusy(true);
    try {
      await recruitApi.apply({ callId: c.id, ...v, name: v.name.trim(), email: v.email?.trim() || undefined, ...cv });
      setDone(true);
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const tags = (field: 'subjects' | 'keywords') => (
    <Form.Item name={field} label={t(field)} extra={t('listHint')}>
      <Select mode="tags" tokenSeparators={[',', '，', ';', '；']} open={false} suffixIcon={null} />
    </Form.Item>
  );

  return (
    <div className="apply-page">
      <Card title={`${t('apply.title')}：${c.title}`}>
        <p>{t('apply.from', { name: c.groupName })}</p>
        <p>{t('apply.until', { time: formatDateTime(c.closesAt, lang, 'minute') })}</p>
        {c.description && <p style={{ whiteSpace: 'pre-wrap' }}>{c.description}</p>}
        {!c.open ? (
          <Alert type="warning" showIcon message={t('apply.closed')} />
        ) : (
          <Form form={form} layout="vertical" className="apply-form">
            <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('phone')}
              rules={[
                { required: true, message: t('required', { field: t('phone') }) },
                { pattern: PHONE_PATTERN, message: t('phoneInvalid') },
              ]}
            >
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item name="email" label={t('email')} rules={[{ pattern: EMAIL_PATTERN, message: t('emailInvalid') }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="title" label={t('title')}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="unit" label={t('unit')}>
              <Input maxLength={100} />
            </Form.Item>
            {tags('subjects')}
            {tags('keywords')}
            <Form.Item label={t('apply.cv')} required>
              <Upload
                accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                maxCount={1}
                fileList={cv ? [{ uid: 'cv', name: cv.cvName, status: 'done' }] : []}
                beforeUpload={(f) => {
                  void upload(f);
                  return false;
                }}
                onRemove={() => setCv(null)}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  {t('apply.cvUpload')}
                </Button>
              </Upload>
            </Form.Item>
            <GuardedButton type="primary" loading={busy} onClick={() => void submit()}>
              {t('apply.submit')}
            </GuardedButton>
          </Form>
        )}
      </Card>
    </div>
  );
}

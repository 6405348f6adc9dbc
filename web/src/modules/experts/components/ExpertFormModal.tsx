import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, PHONE_PATTERN, type ExpertCredential, type ExpertView } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { FormModal } from '@/app/components/FormModal';
import { expertApi } from '../api/experts.api';

interface Values {
  name: string;
  phone?: string;
  email?: string;
  title?: string;
  unit?: string;
  subjects?: string[];
  keywords?: string[];
}

/** Add an expert (the account is linked by phone or created) or edit one; a new account's slip is handed back. */
export function ExpertFormModal({
  open,
  expert,
  onClose,
  onSaved,
  onCredential,
}: {
  open: boolean;
  expert: ExpertView | null;
  onClose: () => void;
  onSaved: () => void;
  onCredential: (c: ExpertCredential) => void;
}) {
  const { t } = useTranslation('experts');
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (expert) form.setFieldsValue({ ...expert });
  }, [open, expert, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const reply = await expertApi.save({
      id: expert?.id,
      name: v.name.trim(),
      phone: expert ? undefined : v.phone?.trim(),
      email: v.email?.trim() || undefined,
      title: v.title?.trim() ?? '',
      unit: v.unit?.trim() ?? '',
      subjects: v.subjects ?? [],
      keywords: v.keywords ?? [],
    });
    toast(t('library.saved'), 'success');
    if (reply.credential) onCredential(reply.credential);
    onSaved();
  };

  const tags = (field: 'subjects' | 'keywords') => (
    <Form.Item name={field} label={t(field)} extra={t('listHint')}>
      <Select mode="tags" tokenSeparators={[',', '，', ';', '；']} open={false} suffixIcon={null} />
    </Form.Item>
  );

  return (
    <FormModal title={expert ? t('library.edit') : t('library.add')} open={open} onClose={onClose} onSubmit={submit}>
      <Form form={form} layout="vertical" className="expert-form">
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('phone')}
          extra={expert ? undefined : t('library.phoneFixed')}
          rules={expert ? [] : [{ required: true, message: t('required', { field: t('phone') }) }, { pattern: PHONE_PATTERN, message: t('phoneInvalid') }]}
        >
          <Input maxLength={11} disabled={!!expert} />
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
      </Form>
    </FormModal>
  );
}

import { useEffect } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCHOOL_CODE_PATTERN, type SchoolView } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { FormModal } from '@/app/components/FormModal';
import { schoolApi } from '../api/reference.api';

interface Values {
  name: string;
  nameEn?: string;
  code: string;
  provinceCode: string;
  schoolType: string;
  enabled: boolean;
}

type Option = { value: string; label: string };

/** Add a school (to the caller's organisation) or edit one. */
export function SchoolFormModal({
  open,
  school,
  provinces,
  types,
  onClose,
  onSaved,
}: {
  open: boolean;
  school: SchoolView | null;
  provinces: Option[];
  types: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('reference');
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (school) form.setFieldsValue({ ...school });
  }, [open, school, form]);

  const submit = async () => {
    const v = await form.validateFields();
    await schoolApi.save({
      id: school?.id,
      name: v.name.trim(),
      nameEn: v.nameEn?.trim() ?? '',
      code: v.code.trim(),
      provinceCode: v.provinceCode,
      schoolType: v.schoolType,
      enabled: v.enabled,
    });
    toast(t('school.saved'), 'success');
    onSaved();
  };

  return (
    <FormModal title={school ? t('school.edit') : t('school.add')} open={open} onClose={onClose} onSubmit={submit}>
      <Form form={form} layout="vertical" initialValues={{ enabled: true }} preserve={false}>
        <Form.Item name="name" label={t('school.name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="code" label={t('school.code')} rules={[{ required: true, pattern: SCHOOL_CODE_PATTERN, message: t('school.codeInvalid') }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="provinceCode" label={t('school.province')} rules={[{ required: true, message: t('school.provinceRequired') }]}>
          <Select showSearch optionFilterProp="label" options={provinces} />
        </Form.Item>
        <Form.Item name="schoolType" label={t('school.type')} rules={[{ required: true, message: t('school.typeRequired') }]}>
          <Select showSearch optionFilterProp="label" options={types} />
        </Form.Item>
        <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

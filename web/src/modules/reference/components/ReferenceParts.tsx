import type { ComponentProps, ReactNode } from 'react';
import { Form, Input, InputNumber, Select, Space, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/app/components/FormModal';

/** A name with its English name below it, when there is one. */
export function NameCell({ row }: { row: { name: string; nameEn?: string | null } }) {
  return (
    <div>
      <div>{row.name}</div>
      {row.nameEn && <div className="reference-sub">{row.nameEn}</div>}
    </div>
  );
}

/** The name (required) and English name fields of a college or major form; `label` names the name field. */
export function NameFields({ label }: { label: string }) {
  const { t } = useTranslation('reference');
  return (
    <>
      <Form.Item name="name" label={label} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 200 }]}>
        <Input maxLength={200} />
      </Form.Item>
    </>
  );
}

/** The last row of a college or major form: the form's own fields (children), then code, sort order and status. */
export function CodeSortStatusFields({ codeWidth, children }: { codeWidth: number; children?: ReactNode }) {
  const { t } = useTranslation('reference');
  return (
    <Space size="large" wrap>
      {children}
      <Form.Item name="code" label={t('code')} rules={[{ max: 32 }]}>
        <Input maxLength={32} style={{ width: codeWidth }} />
      </Form.Item>
      <SortStatusFields />
    </Space>
  );
}

/** Sort order and status (a switch) of a reference row. */
export function SortStatusFields() {
  const { t } = useTranslation('reference');
  return (
    <>
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

/** The add/edit dialog of a college or major, around its form (`editor` comes from useReferenceEditor). */
export function EditorModal<V>({ editor, children }: { editor: { form: FormInstance<V>; modal: Omit<ComponentProps<typeof FormModal>, 'children'> }; children: ReactNode }) {
  return (
    <FormModal {...editor.modal}>
      <Form form={editor.form} layout="vertical" preserve={false}>
        {children}
      </Form>
    </FormModal>
  );
}

/** The school a college or major belongs to (required). */
export function SchoolField({ options, onChange }: { options: { value: number; label: string }[]; onChange?: () => void }) {
  const { t } = useTranslation('reference');
  return (
    <Form.Item name="schoolId" label={t('college.school')} rules={[{ required: true, message: t('college.schoolRequired') }]}>
      <Select showSearch optionFilterProp="label" options={options} onChange={onChange} />
    </Form.Item>
  );
}

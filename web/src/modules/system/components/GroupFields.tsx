import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_KINDS } from '@cmp/contracts';
import type { TreeOption } from '../hooks/tree';

/** An organisation's own fields (superior, code, kind, names), for 机构管理's form and a trial's conversion. */
export function GroupFields({ parents }: { parents: TreeOption[] }) {
  const { t } = useTranslation('system');
  return (
    <>
      <Form.Item name="parentId" label={t('group.parent')}>
        <TreeSelect allowClear placeholder={t('group.root')} treeDefaultExpandAll treeData={parents} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('group.code')}
        rules={[
          { required: true, whitespace: true, message: t('group.codeRequired') },
          { pattern: /^[A-Za-z0-9_-]{2,64}$/, message: t('group.codeInvalid') },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t('group.kind')} rules={[{ required: true }]}>
        <Select options={GROUP_KINDS.map((k) => ({ value: k, label: t(`group.kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="name" label={t('group.name')} rules={[{ required: true, whitespace: true, message: t('group.nameRequired') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('group.nameEn')} extra={t('group.nameEnHint')}>
        <Input maxLength={100} />
      </Form.Item>
    </>
  );
}

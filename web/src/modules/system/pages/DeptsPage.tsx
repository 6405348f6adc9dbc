import { useCallback } from 'react';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type Dept } from '@cmp/contracts';
import { usePermission } from '@/app/permission/permission';
import { deptApi } from '../api/system.api';
import { TreeCrud } from '../components/TreeCrud';
import '../locales';
import '@/app/components/page.css';

interface Values {
  parentId: number | null;
  name: string;
  orderNum: number;
}

/** Departments of the current organisation. */
export default function DeptsPage() {
  const { t } = useTranslation('system');
  const canEdit = usePermission([Perm.deptEdit]);
  const initialValues = useCallback(
    (d: Dept | null, parentId: number | null): Partial<Values> => (d ? { parentId: d.parentId, name: d.name, orderNum: d.orderNum } : { parentId, orderNum: 0 }),
    [],
  );
  return (
    <TreeCrud<Dept, Values>
      prefix="dept"
      load={deptApi.tree}
      remove={deptApi.remove}
      save={(v, editing, parentId) => deptApi.save({ id: editing?.id, parentId, name: v.name.trim(), orderNum: v.orderNum ?? 0 })}
      canEdit={canEdit}
      initialValues={initialValues}
      columns={[
        { title: t('dept.name'), dataIndex: 'name' },
        { title: t('dept.order'), dataIndex: 'orderNum', width: 100 },
      ]}
      fields={(_, parents) => (
        <>
          <Form.Item name="parentId" label={t('dept.parent')}>
            <TreeSelect allowClear placeholder={t('dept.root')} treeDefaultExpandAll treeData={parents} />
          </Form.Item>
          <Form.Item name="name" label={t('dept.name')} rules={[{ required: true, whitespace: true, message: t('dept.nameRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="orderNum" label={t('dept.order')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </>
      )}
    />
  );
}

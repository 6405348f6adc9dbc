import { useCallback } from 'react';
import { Form, Input, Select, Space, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type GroupNode } from '@cmp/contracts';
import { usePermission } from '@/app/permission/permission';
import { groupApi } from '@/app/api/group.api';
import { TreeCrud } from '../components/TreeCrud';
import '../locales';
import '@/app/components/page.css';

interface Values {
  parentId: number | null;
  code: string;
  name: string;
  nameEn?: string;
  hosts: string[];
}

/** Organisations (tenants) with their superior and subordinate organisations and site hosts. */
export default function GroupsPage() {
  const { t } = useTranslation('system');
  const canEdit = usePermission([Perm.groupEdit]);
  const initialValues = useCallback(
    (g: GroupNode | null, parentId: number | null): Partial<Values> =>
      g ? { parentId: g.parentId, code: g.code, name: g.name, nameEn: g.nameEn, hosts: g.hosts } : { parentId, hosts: [] },
    [],
  );
  return (
    <TreeCrud<GroupNode, Values>
      prefix="group"
      load={groupApi.tree}
      remove={groupApi.remove}
      save={(v, editing, parentId) =>
        groupApi.save({
          id: editing?.id,
          parentId,
          code: v.code.trim(),
          name: v.name.trim(),
          nameEn: v.nameEn?.trim() ?? '',
          hosts: (v.hosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean),
        })
      }
      canEdit={canEdit}
      initialValues={initialValues}
      columns={[
        { title: t('group.name'), dataIndex: 'name', width: 240 },
        { title: t('group.code'), dataIndex: 'code', width: 160 },
        {
          title: t('group.hosts'),
          dataIndex: 'hosts',
          render: (hosts: string[]) => (
            <Space size={[4, 4]} wrap>
              {hosts.map((h) => (
                <Tag key={h}>{h}</Tag>
              ))}
            </Space>
          ),
        },
      ]}
      fields={(_, parents) => (
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
          <Form.Item name="name" label={t('group.name')} rules={[{ required: true, whitespace: true, message: t('group.nameRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('group.nameEn')} extra={t('group.nameEnHint')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="hosts"
            label={t('group.hosts')}
            rules={[
              {
                validator: async (_, hosts?: string[]) =>
                  (hosts ?? []).length <= 20 && (hosts ?? []).every((h) => /^[a-z0-9.-]{1,253}$/i.test(h.trim()))
                    ? undefined
                    : Promise.reject(new Error(t('group.hostsInvalid'))),
              },
            ]}
          >
            <Select mode="tags" placeholder={t('group.hostsPlaceholder')} tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
        </>
      )}
    />
  );
}

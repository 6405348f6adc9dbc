import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Form, Input, Space, Table, Tag, Tooltip, Tree } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type MenuEntry, type Role } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import { menuApi, roleApi } from '../api/system.api';
import { FormModal } from '@/app/components/FormModal';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import '../locales';
import '@/app/components/page.css';

/** Perm's names (userList, ...) by permission string, for labels. */
const PERM_NAMES = Object.entries(Perm).map(([name, value]) => ({ name, value }));

interface TreeData {
  key: number;
  title: string;
  children?: TreeData[];
}
function menuTreeData(menus: MenuEntry[] | undefined, en: boolean): TreeData[] {
  return (menus ?? []).map((m) => ({
    key: m.menuId,
    title: en ? m.menuNameEn || m.menuName : m.menuName,
    children: m.children?.length ? menuTreeData(m.children, en) : undefined,
  }));
}

function RoleModal({ role, open, menus, onClose, onSaved }: { role: Role | null; open: boolean; menus?: MenuEntry[]; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation('system');
  const en = normaliseLang(i18n.language) === 'en';
  const [form] = Form.useForm<{ key: string; name: string; permissions: string[] }>();
  const [menuIds, setMenuIds] = useState<number[]>([]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(role ? { key: role.key, name: role.name, permissions: role.permissions } : { permissions: [] });
    setMenuIds(role?.menuIds ?? []);
  }, [open, role, form]);

  const submit = async () => {
    const v = await form.validateFields();
    await roleApi.save({ id: role?.id, key: v.key.trim(), name: v.name.trim(), permissions: v.permissions ?? [], menuIds });
    toast(t('role.saved'), 'success');
    onSaved();
  };

  return (
    <FormModal title={role ? t('role.edit') : t('role.add')} open={open} onClose={onClose} onSubmit={submit} width={640}>
      <Form form={form} layout="vertical">
        <Form.Item
          name="key"
          label={t('role.key')}
          extra={role?.builtin ? t('role.builtinHint') : undefined}
          rules={[
            { required: true, whitespace: true, message: t('role.keyRequired') },
            { pattern: /^[A-Za-z][A-Za-z0-9_:-]{0,63}$/, message: t('role.keyInvalid') },
          ]}
        >
          <Input disabled={role?.builtin} maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('role.name')} rules={[{ required: true, whitespace: true, message: t('role.nameRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="permissions" label={t('role.permissions')}>
          <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 6 }}>
            {PERM_NAMES.map((p) => (
              <Tooltip key={p.value} title={p.value}>
                <Checkbox value={p.value}>{t(`perm.${p.name}`)}</Checkbox>
              </Tooltip>
            ))}
          </Checkbox.Group>
        </Form.Item>
        {menus && (
          <Form.Item label={t('role.menus')}>
            <div style={{ maxHeight: 260, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
              <Tree
                checkable
                defaultExpandAll
                treeData={menuTreeData(menus, en)}
                checkedKeys={menuIds}
                onCheck={(checked) => setMenuIds((Array.isArray(checked) ? checked : checked.checked) as number[])}
              />
            </div>
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}

/** Roles: key, name, permission strings and the menu entries each role sees. */
export default function RolesPage() {
  const { t } = useTranslation('system');
  const canEdit = usePermission([Perm.roleEdit]);
  const roles = useAsync(() => roleApi.list(), []);
  const menus = useAsync(() => menuApi.tree(), [], canEdit);
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const permLabel = useMemo(() => new Map<string, string>(PERM_NAMES.map((p) => [p.value, t(`perm.${p.name}`)])), [t]);

  const remove = async (r: Role) => {
    const run = () => roleApi.remove(r.id);
    if (await confirmDelete({ question: t('role.deleteConfirm', { name: r.name }), okText: t('common.delete'), done: t('role.deleted'), run })) roles.reload();
  };

  const columns: TableColumnsType<Role> = [
    { title: t('role.name'), dataIndex: 'name', width: 160 },
    { title: t('role.key'), dataIndex: 'key', width: 140, render: (k: string, r) => (r.builtin ? <Space>{k}<Tag color="blue">{t('role.builtin')}</Tag></Space> : k) },
    {
      title: t('role.permissions'),
      dataIndex: 'permissions',
      render: (perms: string[]) => (
        <Space size={[4, 4]} wrap>
          {perms.map((p) => (
            <Tag key={p} title={p}>
              {permLabel.get(p) ?? p}
            </Tag>
          ))}
        </Space>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ role: r })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger disabled={r.builtin} onClick={() => void remove(r)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <div className="system-page">
      <PageHeader
        title={t('role.title')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
              {t('role.add')}
            </Button>
          )
        }
      />
      <LoadError error={roles.error} onRetry={roles.reload} />
      <Table<Role> rowKey="id" loading={roles.loading} columns={columns} dataSource={roles.data ?? []} pagination={false} scroll={{ x: 700 }} />
      <RoleModal
        open={!!editing}
        role={editing?.role ?? null}
        menus={menus.data}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          roles.reload();
        }}
      />
    </div>
  );
}

import { useCallback } from 'react';
import { Form, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupStatus, Perm, type GroupKind, type GroupNode } from '@cmp/contracts';
import { usePermission } from '@/app/permission/permission';
import { groupApi } from '@/app/api/group.api';
import { EnabledTag, type RowLink } from '@/app/components/ListParts';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useSession } from '@/app/session/session';
import { TreeCrud } from '../components/TreeCrud';
import { GroupFields } from '../components/GroupFields';
import '../locales';
import '@/app/components/page.css';

interface Values {
  parentId: number | null;
  code: string;
  name: string;
  nameEn?: string;
  hosts: string[];
  kind: GroupKind;
}

/**
 * 机构列表 (and 机构管理): the organisations the caller manages as a tree (ROOT: every one), with kind, status, users,
 * administrators and site hosts; added, edited, moved (a new superior), disabled or enabled, and deleted.
 */
export default function GroupsPage() {
  const { t } = useTranslation('system');
  const canEdit = usePermission([Perm.groupEdit]);
  const ownGroupId = useSession((s) => s.user?.groupId);
  const initialValues = useCallback(
    (g: GroupNode | null, parentId: number | null): Partial<Values> =>
      g ? { parentId: g.parentId, code: g.code, name: g.name, nameEn: g.nameEn, hosts: g.hosts, kind: g.kind } : { parentId, hosts: [], kind: parentId ? 'college' : 'university' },
    [],
  );
  const searchText = useCallback((g: GroupNode) => `${g.name} ${g.nameEn} ${g.code} ${g.hosts.join(' ')}`, []);
  const statusLink = (g: GroupNode, reload: () => void): RowLink[] => {
    const disable = g.status === GroupStatus.active;
    const toggle = async () => {
      const question = t(disable ? 'group.disableConfirm' : 'group.enableConfirm', { name: g.name });
      if ((await confirmDialog(question, { danger: disable, okText: t(disable ? 'group.disable' : 'group.enable') })) !== 'confirm') return;
      await groupApi.setStatus(g.id, disable ? GroupStatus.disabled : GroupStatus.active);
      toast(t(disable ? 'group.disabled' : 'group.enabled'), 'success');
      reload();
    };
    return [{ label: t(disable ? 'group.disable' : 'group.enable'), onClick: () => void toggle(), danger: disable, hidden: g.id === ownGroupId }];
  };
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
          kind: v.kind,
          hosts: (v.hosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean),
        })
      }
      canEdit={canEdit}
      initialValues={initialValues}
      searchText={searchText}
      rowLinks={statusLink}
      columns={[
        { title: t('group.name'), dataIndex: 'name', width: 240 },
        { title: t('group.code'), dataIndex: 'code', width: 150 },
        { title: t('group.kind'), dataIndex: 'kind', width: 100, render: (k: GroupKind) => t(`group.kinds.${k}`) },
        { title: t('common.status'), dataIndex: 'status', width: 90, render: (v: number) => <EnabledTag enabled={v === GroupStatus.active} /> },
        { title: t('group.userCount'), dataIndex: 'userCount', width: 90, align: 'right' },
        {
          title: t('group.admins'),
          dataIndex: 'admins',
          width: 180,
          render: (admins: string[]) => (admins.length ? admins.join('、') : <Typography.Text type="secondary">{t('group.noAdmin')}</Typography.Text>),
        },
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
          <GroupFields parents={parents} />
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

import { useMemo, useState, type ReactNode } from 'react';
import { Form, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionsColumn, dateColumn, EnabledTag, ListScreen, RowLinks, StatusFilter, TextFilter, WIDE_ONLY } from '@/app/components/ListParts';
import { Perm, USER_TEMPLATE_COLUMNS, UserStatus, type UserPageQuery, type UserView } from '@cmp/contracts';
import { confirmDelete } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import { useSession } from '@/app/session/session';
import { deptApi, roleApi, userApi } from '../api/system.api';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFormModal } from '../components/UserFormModal';
import { SheetImportButtons, type SheetTemplate } from '@/app/components/SheetImportModal';
import { UserRolesModal } from '../components/UserRolesModal';
import { assignableRoles } from '../hooks/assignable';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useRowDialog } from '@/app/hooks/useRowDialog';
import '../locales';
import '@/app/components/page.css';

const template: SheetTemplate = {
  ns: 'system',
  columns: USER_TEMPLATE_COLUMNS,
  download: userApi.downloadTemplate,
  check: userApi.checkImport,
  importAll: userApi.importUsers,
};

interface Filters {
  keyword?: string;
  status?: number;
  roleKey?: string;
}

/** The users screen: search, paging, add/edit, roles, password reset, delete, template and import. */
export default function UsersPage() {
  return <UsersScreen />;
}

/** The users of one organisation (`groupId`: 机构用户, with its picker as `lead`) or of every one in reach. */
export function UsersScreen({ groupId, title, lead }: { groupId?: number; title?: string; lead?: ReactNode }) {
  const { t, i18n } = useTranslation('system');
  const en = normaliseLang(i18n.language) === 'en';
  const can = {
    add: usePermission([Perm.userAdd]),
    edit: usePermission([Perm.userEdit]),
    remove: usePermission([Perm.userDelete]),
    resetPwd: usePermission([Perm.userResetPwd]),
    roleSet: usePermission([Perm.userRoleSet]),
    import: usePermission([Perm.userImport]),
    template: usePermission([Perm.userImport, Perm.userExport]),
    roles: usePermission([Perm.roleList, Perm.userRoleSet]),
    depts: usePermission([Perm.deptList]),
  };

  const paged = usePagedList<UserView, UserPageQuery, Filters>(userApi.page, (f) => ({
    keyword: f.keyword?.trim() || undefined,
    status: f.status,
    roleKey: f.roleKey,
    groupId,
  }));
  const roles = useAsync(() => roleApi.list(), [], can.roles);
  const depts = useAsync(() => deptApi.tree(groupId), [groupId], can.depts);
  const roleName = useMemo(() => new Map((roles.data ?? []).map((r) => [r.key, r.name])), [roles.data]);
  const callerRoles = useSession((s) => s.roles);
  const callerPermissions = useSession((s) => s.permissions);
  const grantable = useMemo(
    () => roles.data && assignableRoles(roles.data, { roleKeys: callerRoles, permissions: callerPermissions }),
    [roles.data, callerRoles, callerPermissions],
  );

  const dialog = useRowDialog<UserView>(paged.list.reload);
  const [rolesFor, setRolesFor] = useState<UserView | null>(null);
  const [pwdFor, setPwdFor] = useState<UserView | null>(null);

  const remove = async (u: UserView) => {
    const deleted = await confirmDelete({
      question: t('user.deleteConfirm', { name: u.realName || u.username }),
      okText: t('common.delete'),
      done: t('user.deleted'),
      run: () => userApi.remove(u.id),
    });
    if (deleted) paged.afterDelete();
  };

  const anyAction = can.edit || can.roleSet || can.resetPwd || can.remove;
  // Status sits by the name so it shows without scrolling; contact details and dates follow.
  const columns: TableColumnsType<UserView> = [
    // A long account name ends in an ellipsis with the whole name in its tooltip, never broken mid-word.
    { title: t('user.username'), dataIndex: 'username', width: 140, fixed: 'left', ellipsis: true },
    { title: t('user.realName'), dataIndex: 'realName', width: 120 },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <EnabledTag enabled={s === UserStatus.active} />,
    },
    { title: t('user.group'), dataIndex: 'groupName', width: 150, ellipsis: true },
    {
      title: t('user.roles'),
      dataIndex: 'roleKeys',
      width: 170,
      render: (keys: string[]) => (
        <Space size={[4, 4]} wrap>
          {keys.map((k) => (
            <Tag key={k}>{roleName.get(k) ?? k}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('user.phone'), dataIndex: 'phone', width: 130, render: (v: string | null) => v || '-' },
    { title: t('user.email'), dataIndex: 'email', width: 180, ellipsis: true, responsive: WIDE_ONLY, render: (v: string | null) => v || '-' },
    { ...dateColumn<UserView>(t('user.createdAt'), 'createdAt', en ? 'en' : 'zh-CN'), responsive: WIDE_ONLY },
  ];
  if (anyAction) {
    columns.push(
      actionsColumn(t('common.actions'), en ? 330 : 270, (u) => (
        <RowLinks
          wrap
          links={[
            { hidden: !can.edit, label: t('common.edit'), onClick: () => dialog.open(u) },
            { hidden: !can.roleSet, label: t('user.assignRoles'), onClick: () => setRolesFor(u) },
            { hidden: !can.resetPwd, label: t('user.resetPwd'), onClick: () => setPwdFor(u) },
            { hidden: !can.remove, label: t('common.delete'), onClick: () => void remove(u), danger: true },
          ]}
        />
      )),
    );
  }

  return (
    <ListScreen
      paged={paged}
      title={title ?? t('user.title')}
      notice={lead}
      extra={<SheetImportButtons template={template} canDownload={can.template} canImport={can.import} onImported={paged.list.reload} />}
      add={can.add && { label: t('user.add'), onClick: () => dialog.open(null) }}
      filters={
        <>
          <TextFilter name="keyword" label={t('user.keyword')} placeholder={t('user.keywordPlaceholder')} width={200} />
          <StatusFilter name="status" values={[UserStatus.active, UserStatus.disabled]} />
          {roles.data && (
            <Form.Item name="roleKey" label={t('user.role')}>
              <Select allowClear placeholder={t('common.all')} style={{ width: 160 }} options={roles.data.map((r) => ({ value: r.key, label: r.name }))} />
            </Form.Item>
          )}
        </>
      }
      columns={columns}
      scrollX={1070}
    >
      <UserFormModal {...dialog.modal} user={dialog.editing?.row} roles={grantable} depts={depts.data} groupId={groupId} />
      <UserRolesModal
        user={rolesFor}
        roles={grantable}
        allRoles={roles.data}
        onClose={() => setRolesFor(null)}
        onSaved={() => {
          setRolesFor(null);
          paged.list.reload();
        }}
      />
      <ResetPasswordModal user={pwdFor} onClose={() => setPwdFor(null)} />
    </ListScreen>
  );
}

import { useMemo, useState } from 'react';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { Perm, USER_TEMPLATE_COLUMNS, UserStatus, type UserPageQuery, type UserView } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { confirmDelete } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { usePermission } from '@/app/permission/permission';
import { useSession } from '@/app/session/session';
import { deptApi, roleApi, userApi } from '../api/system.api';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFormModal } from '../components/UserFormModal';
import { SheetImportModal } from '@/app/components/SheetImportModal';
import { UserRolesModal } from '../components/UserRolesModal';
import { PageHeader } from '@/app/components/PageHeader';
import { assignableRoles } from '../hooks/assignable';
import { useAsync } from '@/app/hooks/useAsync';
import '../locales';
import '@/app/components/page.css';

interface Filters {
  keyword?: string;
  status?: number;
  roleKey?: string;
}

/** The users screen: search, paging, add/edit, roles, password reset, delete, template and import. */
export default function UsersPage() {
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

  const [query, setQuery] = useState<UserPageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => userApi.page(query, signal), [query]);
  const roles = useAsync(() => roleApi.list(), [], can.roles);
  const depts = useAsync(() => deptApi.tree(), [], can.depts);
  const roleName = useMemo(() => new Map((roles.data ?? []).map((r) => [r.key, r.name])), [roles.data]);
  const callerRoles = useSession((s) => s.roles);
  const callerPermissions = useSession((s) => s.permissions);
  const grantable = useMemo(
    () => roles.data && assignableRoles(roles.data, { roleKeys: callerRoles, permissions: callerPermissions }),
    [roles.data, callerRoles, callerPermissions],
  );

  const [form] = Form.useForm<Filters>();
  const [editing, setEditing] = useState<{ user: UserView | null } | null>(null);
  const [rolesFor, setRolesFor] = useState<UserView | null>(null);
  const [pwdFor, setPwdFor] = useState<UserView | null>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, keyword: f.keyword?.trim() || undefined, status: f.status, roleKey: f.roleKey }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  };

  const remove = async (u: UserView) => {
    const deleted = await confirmDelete({
      question: t('user.deleteConfirm', { name: u.realName || u.username }),
      okText: t('common.delete'),
      done: t('user.deleted'),
      run: () => userApi.remove(u.id),
    });
    if (!deleted) return;
    const lastOnPage = (list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1;
    if (lastOnPage) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await userApi.downloadTemplate(t('import.title') + '.xlsx');
    } catch {
      /* toasted */
    } finally {
      setDownloading(false);
    }
  };

  const anyAction = can.edit || can.roleSet || can.resetPwd || can.remove;
  // Status sits by the name so it shows without scrolling; contact details and dates follow.
  const columns: TableColumnsType<UserView> = [
    { title: t('user.username'), dataIndex: 'username', width: 140, fixed: 'left' },
    { title: t('user.realName'), dataIndex: 'realName', width: 120 },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => (s === UserStatus.active ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>),
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
    { title: t('user.email'), dataIndex: 'email', width: 180, ellipsis: true, render: (v: string | null) => v || '-' },
    { title: t('user.createdAt'), dataIndex: 'createdAt', width: 190, render: (v: string) => formatDateTime(v, en ? 'en' : 'zh-CN') },
  ];
  if (anyAction) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: en ? 330 : 270,
      render: (_, u) => (
        <Space size={0} wrap>
          {can.edit && (
            <Button type="link" size="small" onClick={() => setEditing({ user: u })}>
              {t('common.edit')}
            </Button>
          )}
          {can.roleSet && (
            <Button type="link" size="small" onClick={() => setRolesFor(u)}>
              {t('user.assignRoles')}
            </Button>
          )}
          {can.resetPwd && (
            <Button type="link" size="small" onClick={() => setPwdFor(u)}>
              {t('user.resetPwd')}
            </Button>
          )}
          {can.remove && (
            <Button type="link" size="small" danger onClick={() => void remove(u)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <div className="system-page">
      <PageHeader
        title={t('user.title')}
        extra={
          <>
            {can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ user: null })}>
                {t('user.add')}
              </Button>
            )}
            {can.template && (
              <GuardedButton icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()}>
                {t('import.templateDownload')}
              </GuardedButton>
            )}
            {can.import && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('import.button')}
              </Button>
            )}
          </>
        }
      />
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="keyword" label={t('user.keyword')}>
          <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 120 }}
            options={[
              { value: UserStatus.active, label: t('common.enabled') },
              { value: UserStatus.disabled, label: t('common.disabled') },
            ]}
          />
        </Form.Item>
        {roles.data && (
          <Form.Item name="roleKey" label={t('user.role')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 160 }} options={roles.data.map((r) => ({ value: r.key, label: r.name }))} />
          </Form.Item>
        )}
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<UserView>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1200 }}
      />
      <UserFormModal
        open={!!editing}
        user={editing?.user}
        roles={grantable}
        depts={depts.data}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <UserRolesModal
        user={rolesFor}
        roles={grantable}
        allRoles={roles.data}
        onClose={() => setRolesFor(null)}
        onSaved={() => {
          setRolesFor(null);
          list.reload();
        }}
      />
      <ResetPasswordModal user={pwdFor} onClose={() => setPwdFor(null)} />
      <SheetImportModal
        ns="system"
        columns={USER_TEMPLATE_COLUMNS}
        check={userApi.checkImport}
        importAll={userApi.importUsers}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={list.reload}
      />
    </div>
  );
}

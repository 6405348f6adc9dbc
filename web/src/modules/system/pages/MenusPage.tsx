import { useEffect, useMemo, useState, type Key } from 'react';
import { Button, Form, Input, InputNumber, Radio, Space, Switch, Table, Tag, TreeSelect } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuType, Perm, type MenuEntry } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { menuIcon } from '@/app/layout/menu-icons';
import { usePermission } from '@/app/permission/permission';
import { parseQuery } from '@/app/router/menu-routes';
import { menuApi } from '../api/system.api';
import { FormModal } from '@/app/components/FormModal';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { collectKeys, pruneEmptyChildren, treeOptions } from '../hooks/tree';
import { useAsync } from '@/app/hooks/useAsync';
import '../locales';
import '@/app/components/page.css';

interface Values {
  parentId: number | null;
  menuType: MenuType;
  menuName: string;
  menuNameEn: string;
  path: string;
  component?: string;
  query?: string;
  icon?: string;
  visible: boolean;
  orderNum: number;
}

function MenuModal({
  target,
  tree,
  onClose,
  onSaved,
}: {
  target: { entry: MenuEntry | null; parentId: number | null } | null;
  tree?: MenuEntry[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('system');
  const en = normaliseLang(i18n.language) === 'en';
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('menuType', form);
  const entry = target?.entry ?? null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(
      entry
        ? { ...entry, component: entry.component ?? '', query: entry.query ?? '', icon: entry.icon ?? '', visible: entry.visible === 1 }
        : { parentId: target.parentId, menuType: MenuType.page, visible: true, orderNum: 0 },
    );
  }, [target, entry, form]);

  // A leaf page (type 4) cannot hold entries, and an entry cannot sit under itself.
  const parents = useMemo(
    () => treeOptions(tree, (m) => m.menuId, (m) => (en ? m.menuNameEn || m.menuName : m.menuName), entry?.menuId, (m) => m.menuType === MenuType.leaf),
    [tree, en, entry],
  );

  const submit = async () => {
    const v = await form.validateFields();
    await menuApi.save({
      menuId: entry?.menuId,
      parentId: v.parentId ?? null,
      menuType: v.menuType,
      menuName: v.menuName.trim(),
      menuNameEn: v.menuNameEn?.trim() || v.menuName.trim(),
      path: v.path.trim(),
      component: v.component?.trim() || (v.menuType === MenuType.directory && !v.parentId ? 'Layout' : null),
      query: v.query?.trim() || null,
      icon: v.icon?.trim() || null,
      visible: v.visible ? 1 : 0,
      orderNum: v.orderNum ?? 0,
    });
    toast(t('menu.saved'), 'success');
    onSaved();
  };

  return (
    <FormModal title={entry ? t('menu.edit') : t('menu.add')} open={!!target} onClose={onClose} onSubmit={submit} width={640}>
      <Form form={form} layout="vertical">
        <Form.Item name="parentId" label={t('menu.parent')}>
          <TreeSelect allowClear placeholder={t('menu.root')} treeDefaultExpandAll treeData={parents} />
        </Form.Item>
        <Form.Item name="menuType" label={t('menu.type')}>
          <Radio.Group
            optionType="button"
            options={[MenuType.directory, MenuType.page, MenuType.leaf].map((v) => ({ value: v, label: t(`menu.types.${v}`) }))}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="menuName" label={t('menu.name')} style={{ flex: 1, marginRight: 8 }} rules={[{ required: true, whitespace: true, message: t('menu.nameRequired') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="menuNameEn" label={t('menu.nameEn')} style={{ flex: 1 }}>
            <Input maxLength={64} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="path" label={t('menu.path')} rules={[
            { required: true, whitespace: true, message: t('menu.pathRequired') },
            { pattern: /^[A-Za-z0-9_\-/:]{1,200}$/, message: t('menu.pathInvalid') },
          ]}
        >
          <Input maxLength={200} placeholder="user" />
        </Form.Item>
        {type !== MenuType.directory && (
          <Form.Item name="component" label={t('menu.component')}>
            <Input maxLength={200} placeholder="system/user/index" />
          </Form.Item>
        )}
        {type !== MenuType.directory && (
          <Form.Item
            name="query"
            label={t('menu.query')}
            rules={[{ validator: async (_, v?: string) => (!v || !v.trim() || parseQuery(v) ? undefined : Promise.reject(new Error(t('menu.queryInvalid')))) }]}
          >
            <Input maxLength={500} placeholder={t('menu.queryPlaceholder')} />
          </Form.Item>
        )}
        <Space wrap size="large">
          <Form.Item name="icon" label={t('menu.icon')} extra={t('menu.iconHint')}>
            <Input maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="orderNum" label={t('menu.order')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Form.Item name="visible" label={t('menu.visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </FormModal>
  );
}

/** The menu tree every organisation's back office is built from. */
export default function MenusPage() {
  const { t, i18n } = useTranslation('system');
  const en = normaliseLang(i18n.language) === 'en';
  const canEdit = usePermission([Perm.menuEdit]);
  const tree = useAsync(() => menuApi.tree(), []);
  const data = useMemo(() => pruneEmptyChildren(tree.data), [tree.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [target, setTarget] = useState<{ entry: MenuEntry | null; parentId: number | null } | null>(null);

  const remove = async (m: MenuEntry) => {
    const run = () => menuApi.remove(m.menuId);
    if (await confirmDelete({ question: t('menu.deleteConfirm', { name: m.menuName }), okText: t('common.delete'), done: t('menu.deleted'), run })) tree.reload();
  };

  const columns: TableColumnsType<MenuEntry> = [
    {
      title: t('menu.name'),
      dataIndex: 'menuName',
      width: 240,
      render: (_, m) => (
        <Space>
          {menuIcon(m.icon)}
          {en ? m.menuNameEn || m.menuName : m.menuName}
        </Space>
      ),
    },
    { title: t('menu.type'), dataIndex: 'menuType', width: 100, render: (v: number) => <Tag>{t(`menu.types.${v}`)}</Tag> },
    { title: t('menu.path'), dataIndex: 'path', width: 160 },
    { title: t('menu.component'), dataIndex: 'component', width: 200, render: (v: string | null) => v || '-' },
    { title: t('menu.order'), dataIndex: 'orderNum', width: 70 },
    {
      title: t('menu.visible'),
      dataIndex: 'visible',
      width: 80,
      render: (v: number) => (v === 1 ? <Tag color="green">{t('menu.shown')}</Tag> : <Tag>{t('menu.hidden')}</Tag>),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget({ entry: m, parentId: m.parentId })}>
            {t('common.edit')}
          </Button>
          {m.menuType !== MenuType.leaf && (
            <Button type="link" size="small" onClick={() => setTarget({ entry: null, parentId: m.menuId })}>
              {t('menu.addChild')}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => void remove(m)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <div className="system-page">
      <PageHeader
        title={t('menu.title')}
        extra={
          <>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ entry: null, parentId: null })}>
                {t('menu.add')}
              </Button>
            )}
            <Button onClick={() => setExpanded(collectKeys(data, (m) => m.menuId))}>{t('menu.expandAll')}</Button>
            <Button onClick={() => setExpanded([])}>{t('menu.collapseAll')}</Button>
          </>
        }
      />
      <LoadError error={tree.error} onRetry={tree.reload} />
      <Table<MenuEntry>
        rowKey="menuId"
        loading={tree.loading}
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 1000 }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
      />
      <MenuModal
        target={target}
        tree={tree.data}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          tree.reload();
        }}
      />
    </div>
  );
}

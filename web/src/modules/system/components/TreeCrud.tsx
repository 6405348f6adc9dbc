import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Form, Input, Table, type FormInstance } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { collectKeys, pruneEmptyChildren, treeOptions, type TreeOption } from '../hooks/tree';
import { useAsync } from '@/app/hooks/useAsync';
import { FormModal } from '@/app/components/FormModal';
import { RowLinks, type RowLink } from '@/app/components/ListParts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';

interface Node {
  id: number;
  name: string;
  parentId: number | null;
  children: Node[];
}

export interface TreeCrudProps<T extends Node, V> {
  /** i18n prefix in the 'system' namespace: title, add, addChild, edit, deleteConfirm, deleted, saved */
  prefix: string;
  load: () => Promise<T[]>;
  save: (values: V, editing: T | null, parentId: number | null) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  canEdit: boolean;
  columns: TableColumnsType<T>;
  /** the form's fields; `parents` are the choices for the superior node */
  fields: (form: FormInstance<V>, parents: TreeOption[], editing: T | null) => ReactNode;
  initialValues: (editing: T | null, parentId: number | null) => Partial<V>;
  /** With it, a search box keeps the rows whose text contains the words typed (and the rows above them). */
  searchText?: (node: T) => string;
  /** A row's links between edit and delete (they reload the tree after acting). */
  rowLinks?: (node: T, reload: () => void) => RowLink[];
}

/** The nodes that match, and those above a match (with only their matching branches). */
function filterTree<T extends Node>(nodes: T[], match: (n: T) => boolean): T[] {
  return nodes.flatMap((n) => {
    const children = filterTree((n.children ?? []) as T[], match);
    return match(n) || children.length ? [{ ...n, children: children.length ? children : undefined } as unknown as T] : [];
  });
}

/** A tree of records (departments, organisations) with add, add-below, edit and delete. */
export function TreeCrud<T extends Node, V extends object>({ prefix, load, save, remove, canEdit, columns, fields, initialValues, searchText, rowLinks }: TreeCrudProps<T, V>) {
  const { t } = useTranslation('system');
  const tree = useAsync(load, []);
  const [search, setSearch] = useState('');
  const data = useMemo(() => {
    const all = pruneEmptyChildren<T>(tree.data as T[] | undefined);
    const words = search.trim().toLowerCase();
    return searchText && words && all ? filterTree(all, (n) => searchText(n).toLowerCase().includes(words)) : all;
  }, [tree.data, search, searchText]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [target, setTarget] = useState<{ node: T | null; parentId: number | null } | null>(null);
  const [form] = Form.useForm<V>();
  const editing = target?.node ?? null;

  useEffect(() => {
    // Open the first level once the tree is there; every level that leads to a match while searching.
    if (search.trim() && data) setExpanded(collectKeys(data, (n) => n.id));
    else if (tree.data) setExpanded(tree.data.filter((n) => n.children?.length).map((n) => n.id));
  }, [tree.data, data, search]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(initialValues(target.node, target.parentId) as Parameters<typeof form.setFieldsValue>[0]);
  }, [target, form, initialValues]);

  const parents = useMemo(() => treeOptions(tree.data as T[] | undefined, (n) => n.id, (n) => n.name, editing?.id), [tree.data, editing]);

  const submit = async () => {
    const values = await form.validateFields();
    const parentId = (values as { parentId?: number | null }).parentId ?? null;
    await save(values, editing, parentId);
    toast(t(`${prefix}.saved`), 'success');
    setTarget(null);
    tree.reload();
  };

  const del = async (n: T) => {
    const run = () => remove(n.id);
    if (await confirmDelete({ question: t(`${prefix}.deleteConfirm`, { name: n.name }), okText: t('common.delete'), done: t(`${prefix}.deleted`), run })) tree.reload();
  };

  const allColumns: TableColumnsType<T> = canEdit
    ? [
        ...columns,
        {
          title: t('common.actions'),
          key: 'actions',
          width: 220,
          render: (_, n) => (
            <RowLinks
              wrap
              links={[
                { label: t('common.edit'), onClick: () => setTarget({ node: n, parentId: n.parentId }) },
                { label: t(`${prefix}.addChild`), onClick: () => setTarget({ node: null, parentId: n.id }) },
                ...(rowLinks?.(n, tree.reload) ?? []),
                { label: t('common.delete'), onClick: () => void del(n), danger: true },
              ]}
            />
          ),
        },
      ]
    : columns;

  return (
    <div className="system-page">
      <PageHeader
        title={t(`${prefix}.title`)}
        extra={
          <>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ node: null, parentId: null })}>
                {t(`${prefix}.add`)}
              </Button>
            )}
            <Button onClick={() => setExpanded(collectKeys(data, (n) => n.id))}>{t('menu.expandAll')}</Button>
            <Button onClick={() => setExpanded([])}>{t('menu.collapseAll')}</Button>
          </>
        }
      />
      {searchText && (
        <Input.Search allowClear style={{ maxWidth: 360, marginBottom: 16 }} placeholder={t(`${prefix}.searchPlaceholder`)} onSearch={setSearch} onChange={(e) => !e.target.value && setSearch('')} />
      )}
      <LoadError error={tree.error} onRetry={tree.reload} />
      <Table<T>
        rowKey="id"
        loading={tree.loading}
        columns={allColumns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 700 }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
      />
      <FormModal title={editing ? t(`${prefix}.edit`) : t(`${prefix}.add`)} open={!!target} onClose={() => setTarget(null)} onSubmit={submit}>
        <Form form={form} layout="vertical">
          {fields(form, parents, editing)}
        </Form>
      </FormModal>
    </div>
  );
}

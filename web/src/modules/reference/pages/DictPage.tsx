import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Form, Input, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DICT_TYPE_PATTERN, DICT_VALUE_PATTERN, Perm, type DictItemView, type DictTypeView } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import { FormModal } from '@/app/components/FormModal';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import '@/app/components/page.css';
import { dictApi } from '../api/reference.api';
import { SortStatusFields } from '../components/ReferenceParts';
import '../components/reference.css';
import '../locales';

type TypeValues = { type: string; name: string; nameEn?: string; remark?: string; enabled: boolean };
type ItemValues = { value: string; label: string; labelEn: string; sort: number; enabled: boolean };

const statusTag = (on: boolean, t: (k: string) => string) => (on ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>);

/** Dictionary types on the left, the chosen type's items on the right; only ROOT (system:dict:edit) changes them. */
export default function DictPage() {
  const { t, i18n } = useTranslation('reference');
  const en = normaliseLang(i18n.language) === 'en';
  const canEdit = usePermission([Perm.dictEdit]);
  const types = useAsync(() => dictApi.types(), []);
  const [selected, setSelected] = useState<string | null>(null);
  const current = types.data?.find((d) => d.type === selected) ?? null;
  const items = useAsync((signal) => dictApi.items(selected!, signal), [selected], !!selected);

  const [typeForm] = Form.useForm<TypeValues>();
  const [itemForm] = Form.useForm<ItemValues>();
  const [editingType, setEditingType] = useState<{ type: DictTypeView | null } | null>(null);
  const [editingItem, setEditingItem] = useState<{ item: DictItemView | null } | null>(null);

  // Open the first type once the list is there.
  useEffect(() => {
    if (!selected && types.data?.length) setSelected(types.data[0].type);
  }, [types.data, selected]);

  useEffect(() => {
    if (!editingType) return;
    typeForm.resetFields();
    typeForm.setFieldsValue(editingType.type ?? { enabled: true });
  }, [editingType, typeForm]);

  useEffect(() => {
    if (!editingItem) return;
    itemForm.resetFields();
    const next = (items.data ?? []).reduce((max, i) => Math.max(max, i.sort), 0) + 1;
    itemForm.setFieldsValue(editingItem.item ?? { sort: next, enabled: true });
  }, [editingItem, itemForm, items.data]);

  const saveType = async () => {
    const v = await typeForm.validateFields();
    await dictApi.saveType({ id: editingType?.type?.id, type: v.type.trim(), name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '', remark: v.remark?.trim() ?? '', enabled: v.enabled });
    toast(t('dict.typeSaved'), 'success');
    setEditingType(null);
    setSelected(v.type.trim());
    types.reload();
  };

  const saveItem = async () => {
    const v = await itemForm.validateFields();
    await dictApi.saveItem({ id: editingItem?.item?.id, dictType: selected!, value: v.value.trim(), label: v.label.trim(), labelEn: v.labelEn.trim(), sort: v.sort ?? 0, enabled: v.enabled });
    toast(t('dict.itemSaved'), 'success');
    setEditingItem(null);
    items.reload();
    types.reload();
  };

  const removeType = async (d: DictTypeView) => {
    const deleted = await confirmDelete({ question: t('dict.typeDeleteConfirm', { name: d.name }), okText: t('common.delete'), done: t('dict.typeDeleted'), run: () => dictApi.removeType(d.id) });
    if (!deleted) return;
    if (selected === d.type) setSelected(null);
    types.reload();
  };

  const removeItem = async (i: DictItemView) => {
    const deleted = await confirmDelete({ question: t('dict.itemDeleteConfirm', { name: en ? i.labelEn : i.label }), okText: t('common.delete'), done: t('dict.itemDeleted'), run: () => dictApi.removeItem(i.id) });
    if (!deleted) return;
    items.reload();
    types.reload();
  };

  const typeColumns: TableColumnsType<DictTypeView> = [
    {
      title: t('dict.name'),
      dataIndex: 'name',
      render: (name: string, d) => (
        <div>
          <div>
            {en ? d.nameEn || name : name}{' '}
            {d.builtin && (
              <Tooltip title={t('dict.builtinHint')}>
                <Tag color="blue">{t('dict.builtin')}</Tag>
              </Tooltip>
            )}
          </div>
          <div className="reference-sub">
            {d.type} · {t('dict.itemCount', { count: d.itemCount })}
          </div>
        </div>
      ),
    },
    { title: t('common.status'), dataIndex: 'enabled', width: 80, render: (on: boolean) => statusTag(on, t) },
  ];
  if (canEdit) {
    typeColumns.push({
      title: t('common.actions'),
      key: 'actions',
      width: en ? 120 : 100,
      render: (_, d) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Button type="link" size="small" onClick={() => setEditingType({ type: d })}>
            {t('common.edit')}
          </Button>
          {!d.builtin && (
            <Button type="link" size="small" danger onClick={() => void removeType(d)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  const itemColumns: TableColumnsType<DictItemView> = [
    { title: t('dict.value'), dataIndex: 'value', width: 90 },
    { title: t('dict.label'), dataIndex: 'label' },
    { title: t('dict.labelEn'), dataIndex: 'labelEn' },
    { title: t('sort'), dataIndex: 'sort', width: 70 },
    { title: t('common.status'), dataIndex: 'enabled', width: 80, render: (on: boolean) => statusTag(on, t) },
  ];
  if (canEdit) {
    itemColumns.push({
      title: t('common.actions'),
      key: 'actions',
      width: en ? 120 : 110,
      render: (_, i) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditingItem({ item: i })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => void removeItem(i)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <div className="system-page">
      <PageHeader title={t('dict.title')} />
      {!canEdit && <Alert type="info" showIcon message={t('dict.readOnly')} style={{ marginBottom: 12 }} />}
      <div className="dict-layout">
        <section className="dict-types">
          <div className="system-page__header">
            <h3 className="system-page__title">{t('dict.types')}</h3>
            {canEdit && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setEditingType({ type: null })}>
                {t('dict.addType')}
              </Button>
            )}
          </div>
          <LoadError error={types.error} onRetry={types.reload} />
          <Table<DictTypeView>
            rowKey="id"
            size="small"
            loading={types.loading}
            columns={typeColumns}
            dataSource={types.data ?? []}
            pagination={false}
            rowClassName={(d) => (d.type === selected ? 'dict-type--active' : '')}
            onRow={(d) => ({ onClick: () => setSelected(d.type) })}
          />
        </section>
        <section className="dict-items">
          <div className="system-page__header">
            <h3 className="system-page__title">
              {t('dict.items')}
              {current && <span className="reference-sub"> · {en ? current.nameEn || current.name : current.name} ({current.type})</span>}
            </h3>
            {canEdit && current && (
              <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditingItem({ item: null })}>
                {t('dict.addItem')}
              </Button>
            )}
          </div>
          {selected ? (
            <>
              <LoadError error={items.error} onRetry={items.reload} />
              <Table<DictItemView> rowKey="id" size="small" loading={items.loading} columns={itemColumns} dataSource={items.data ?? []} pagination={false} scroll={{ x: 560 }} />
            </>
          ) : (
            <Empty description={t('dict.chooseType')} />
          )}
        </section>
      </div>
      <FormModal title={editingType?.type ? t('dict.editType') : t('dict.addType')} open={!!editingType} onClose={() => setEditingType(null)} onSubmit={saveType}>
        <Form form={typeForm} layout="vertical" preserve={false}>
          <Form.Item name="type" label={t('dict.type')} extra={editingType?.type?.builtin ? t('dict.builtinHint') : undefined} rules={[{ required: true, pattern: DICT_TYPE_PATTERN, message: t('dict.typeInvalid') }]}>
            <Input maxLength={64} disabled={!!editingType?.type?.builtin} />
          </Form.Item>
          <Form.Item name="name" label={t('dict.name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="remark" label={t('dict.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </FormModal>
      <FormModal title={editingItem?.item ? t('dict.editItem') : t('dict.addItem')} open={!!editingItem} onClose={() => setEditingItem(null)} onSubmit={saveItem}>
        <Form form={itemForm} layout="vertical" preserve={false}>
          <Form.Item name="value" label={t('dict.value')} rules={[{ required: true, pattern: DICT_VALUE_PATTERN, message: t('dict.valueInvalid') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="label" label={t('dict.label')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="labelEn" label={t('dict.labelEn')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Space size="large">
            <SortStatusFields />
          </Space>
        </Form>
      </FormModal>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { Button, Empty, Form, Input, InputNumber, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompetitionDetail, CompetitionItem } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { fenToYuan, yuanToFen } from '../hooks/rules';
import { NS, useEventLabel, RowActions } from './shared';

interface Row {
  name: string;
  nameEn: string;
  quota: number | null;
  fee: number | null;
  orderNum: number;
}
const NEW = -1;

/**
 * A competition's events, edited in place: one row at a time, each save and delete a call of its own that
 * answers the whole competition, which the parent keeps.
 */
export function ItemsEditor({ detail, editable, onChange }: { detail: CompetitionDetail; editable: boolean; onChange: (d: CompetitionDetail) => void }) {
  const { t } = useTranslation(NS);
  const event = useEventLabel();
  const [form] = Form.useForm<Row>();
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const start = (item: CompetitionItem | null) => {
    setEditing(item?.id ?? NEW);
    form.setFieldsValue(
      item
        ? { name: item.name, nameEn: item.nameEn, quota: item.quota, fee: fenToYuan(item.feeCents), orderNum: item.orderNum }
        : { name: '', nameEn: '', quota: null, fee: 0, orderNum: detail.items.length },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    const item = detail.items.find((i) => i.id === editing);
    setBusy(true);
    try {
      const next = await competitionApi.saveItem({
        competitionId: detail.id,
        id: item?.id,
        name: v.name.trim(),
        nameEn: v.nameEn?.trim() ?? '',
        description: item?.description ?? '',
        quota: v.quota ?? null,
        feeCents: yuanToFen(v.fee),
        orderNum: v.orderNum ?? 0,
      });
      onChange(next);
      setEditing(null);
      toast(t('item.saved', { event: event.label }), 'success');
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (item: CompetitionItem) => {
    let next: CompetitionDetail | undefined;
    const deleted = await confirmDelete({
      question: t('item.deleteConfirm', { event: event.lower, name: item.name }),
      okText: t('common.delete'),
      done: t('item.deleted', { event: event.label }),
      run: async () => {
        next = await competitionApi.deleteItem(detail.id, item.id);
      },
    });
    if (deleted && next) onChange(next);
  };

  const rows: (CompetitionItem | { id: number })[] = editing === NEW ? [...detail.items, { id: NEW }] : detail.items;
  const isEditing = (r: { id: number }) => r.id === editing;
  const cell = (r: { id: number }, field: ReactNode, shown: ReactNode) => (isEditing(r) ? field : shown);
  const item = (r: { id: number }) => r as CompetitionItem;

  const columns: TableColumnsType<{ id: number }> = [
    {
      title: t('item.name'),
      key: 'name',
      width: 200,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('item.nameRequired') }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>,
          item(r).name,
        ),
    },
    {
      title: t('item.nameEn'),
      key: 'nameEn',
      width: 220,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="nameEn" rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>,
          item(r).nameEn || '-',
        ),
    },
    {
      title: t('item.quota'),
      key: 'quota',
      width: 130,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="quota">
            <InputNumber min={0} max={1_000_000} precision={0} placeholder={t('item.unlimited')} style={{ width: '100%' }} />
          </Form.Item>,
          item(r).quota ?? t('item.unlimited'),
        ),
    },
    {
      title: t('item.fee'),
      key: 'fee',
      width: 130,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="fee">
            <InputNumber min={0} max={1_000_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>,
          item(r).feeCents ? `¥${fenToYuan(item(r).feeCents).toFixed(2)}` : t('item.free'),
        ),
    },
    {
      title: t('item.order'),
      key: 'orderNum',
      width: 90,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="orderNum">
            <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>,
          item(r).orderNum,
        ),
    },
  ];
  if (editable) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <RowActions
          editing={isEditing(r)}
          locked={editing !== null}
          busy={busy}
          onSave={() => void save()}
          onCancel={() => setEditing(null)}
          onEdit={() => start(item(r))}
          onDelete={() => void remove(item(r))}
        />
      ),
    });
  }

  return (
    <Form form={form} component={false} name="item">
      <Table
        className="editor-table"
        rowKey="id"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('item.empty', { event: event.lower })} /> }}
      />
      {editable && (
        <div className="editor-table__toolbar">
          <Button icon={<PlusOutlined />} disabled={editing !== null} onClick={() => start(null)}>
            {t('item.add', { event: event.lower })}
          </Button>
        </div>
      )}
    </Form>
  );
}

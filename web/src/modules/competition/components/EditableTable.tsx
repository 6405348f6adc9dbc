import { useState, type ReactNode } from 'react';
import { Button, Empty, Form, Input, InputNumber, Space, Table } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompetitionDetail } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { NS, useEventLabel } from './shared';

/** A column of an inline-edited table: its form field while the row is edited, else the value shown. */
export interface EditableColumn<T> {
  key: string;
  title: string;
  width: number;
  field: ReactNode;
  shown: (row: T) => ReactNode;
}

/** A text column edited with an input of the same name. */
export function textColumn<T>(key: string, title: string, width: number, maxLength: number, shown: (row: T) => ReactNode, rules?: FormRule[]): EditableColumn<T> {
  return {
    key,
    title,
    width,
    field: (
      <Form.Item name={key} rules={rules}>
        <Input maxLength={maxLength} />
      </Form.Item>
    ),
    shown,
  };
}

/** The display order column every editable list has. */
export function orderColumn<T extends { orderNum: number }>(title: string): EditableColumn<T> {
  return {
    key: 'orderNum',
    title,
    width: 90,
    field: (
      <Form.Item name="orderNum">
        <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    ),
    shown: (r) => r.orderNum,
  };
}

const NEW = -1;

/** The actions cell of an inline-edited row (events, stages): save and cancel while editing, else edit and delete. */
function RowActions({
  editing,
  locked,
  busy,
  onSave,
  onCancel,
  onEdit,
  onDelete,
}: {
  editing: boolean;
  /** Another row is being edited. */
  locked: boolean;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(NS);
  return editing ? (
    <Space size={0}>
      <GuardedButton type="link" size="small" loading={busy} onClick={onSave}>
        {t('common.save')}
      </GuardedButton>
      <Button type="link" size="small" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Space>
  ) : (
    <Space size={0}>
      <Button type="link" size="small" disabled={locked} onClick={onEdit}>
        {t('common.edit')}
      </Button>
      <Button type="link" size="small" danger disabled={locked} onClick={onDelete}>
        {t('common.delete')}
      </Button>
    </Space>
  );
}


/** What the editors of a competition's rows are given: the competition, whether it may change, and where its new state goes. */
export interface EditorProps {
  detail: CompetitionDetail;
  editable: boolean;
  onChange: (d: CompetitionDetail) => void;
}

/**
 * Rows of a competition (events, stages) edited in place: one row at a time, each save and delete a call of its
 * own that answers the whole competition, which the parent keeps. `kind` names the form (field ids start with
 * it) and the texts (`<kind>.saved`, `.deleted`, `.deleteConfirm`, `.empty`, `.add`, which may name the host's
 * word for events).
 */
export function EditableTable<T extends { id: number; name: string }, V>({
  kind,
  rows,
  columns,
  scrollX,
  valuesOf,
  save,
  remove,
  editable,
  onChange,
}: EditorProps & {
  kind: 'item' | 'stage';
  rows: T[];
  columns: EditableColumn<T>[];
  scrollX: number;
  /** The form's values for a row, or for a new one (null). */
  valuesOf: (row: T | null) => Partial<V>;
  save: (values: V, row: T | undefined) => Promise<CompetitionDetail>;
  remove: (row: T) => Promise<CompetitionDetail>;
}) {
  const { t } = useTranslation(NS);
  const event = useEventLabel();
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const start = (row: T | null) => {
    setEditing(row?.id ?? NEW);
    form.resetFields();
    form.setFieldsValue(valuesOf(row) as Parameters<typeof form.setFieldsValue>[0]);
  };
  const submit = async () => {
    const v = await form.validateFields();
    const row = rows.find((r) => r.id === editing);
    setBusy(true);
    try {
      onChange(await save(v, row));
      setEditing(null);
      toast(t(`${kind}.saved`, { event: event.label }), 'success');
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  const drop = async (row: T) => {
    let next: CompetitionDetail | undefined;
    const deleted = await confirmDelete({
      question: t(`${kind}.deleteConfirm`, { event: event.lower, name: row.name }),
      okText: t('common.delete'),
      done: t(`${kind}.deleted`, { event: event.label }),
      run: async () => {
        next = await remove(row);
      },
    });
    if (deleted && next) onChange(next);
  };

  const shownRows: { id: number }[] = editing === NEW ? [...rows, { id: NEW }] : rows;
  const isEditing = (r: { id: number }) => r.id === editing;
  const tableColumns: TableColumnsType<{ id: number }> = columns.map((c) => ({
    title: c.title,
    key: c.key,
    width: c.width,
    render: (_, r) => (isEditing(r) ? c.field : c.shown(r as T)),
  }));
  if (editable) {
    tableColumns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <RowActions
          editing={isEditing(r)}
          locked={editing !== null}
          busy={busy}
          onSave={() => void submit()}
          onCancel={() => setEditing(null)}
          onEdit={() => start(r as T)}
          onDelete={() => void drop(r as T)}
        />
      ),
    });
  }

  return (
    <Form form={form} component={false} name={kind}>
      <Table
        className="editor-table"
        rowKey="id"
        size="middle"
        pagination={false}
        columns={tableColumns}
        dataSource={shownRows}
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${kind}.empty`, { event: event.lower })} /> }}
      />
      {editable && (
        <div className="editor-table__toolbar">
          <Button icon={<PlusOutlined />} disabled={editing !== null} onClick={() => start(null)}>
            {t(`${kind}.add`, { event: event.lower })}
          </Button>
        </div>
      )}
    </Form>
  );
}

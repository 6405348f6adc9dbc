import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Empty, Form, Input, InputNumber, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompetitionDetail, Stage } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { dayRangeToWindow, windowToDayRange, type DayRange } from '../hooks/rules';
import { formatWindow, NS, useLang, RowActions } from './shared';

interface Row {
  name: string;
  nameEn: string;
  dates: DayRange;
  orderNum: number;
}
const NEW = -1;

/** A competition's stages (preliminary, semi-final, final…), edited in place like its events. */
export function StagesEditor({ detail, editable, onChange }: { detail: CompetitionDetail; editable: boolean; onChange: (d: CompetitionDetail) => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [form] = Form.useForm<Row>();
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const start = (stage: Stage | null) => {
    setEditing(stage?.id ?? NEW);
    form.resetFields();
    if (stage) form.setFieldsValue({ name: stage.name, nameEn: stage.nameEn, dates: windowToDayRange(stage.startAt, stage.endAt), orderNum: stage.orderNum });
    else form.setFieldsValue({ orderNum: detail.stages.length });
  };
  const save = async () => {
    const v = await form.validateFields();
    const stage = detail.stages.find((s) => s.id === editing);
    const { startAt, endAt } = dayRangeToWindow(v.dates);
    setBusy(true);
    try {
      const next = await competitionApi.saveStage({
        competitionId: detail.id,
        id: stage?.id,
        name: v.name.trim(),
        nameEn: v.nameEn?.trim() ?? '',
        description: stage?.description ?? '',
        startAt: startAt!,
        endAt: endAt!,
        orderNum: v.orderNum ?? 0,
      });
      onChange(next);
      setEditing(null);
      toast(t('stage.saved'), 'success');
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (stage: Stage) => {
    let next: CompetitionDetail | undefined;
    const deleted = await confirmDelete({
      question: t('stage.deleteConfirm', { name: stage.name }),
      okText: t('common.delete'),
      done: t('stage.deleted'),
      run: async () => {
        next = await competitionApi.deleteStage(detail.id, stage.id);
      },
    });
    if (deleted && next) onChange(next);
  };

  const rows: { id: number }[] = editing === NEW ? [...detail.stages, { id: NEW }] : detail.stages;
  const isEditing = (r: { id: number }) => r.id === editing;
  const cell = (r: { id: number }, field: ReactNode, shown: ReactNode) => (isEditing(r) ? field : shown);
  const stage = (r: { id: number }) => r as Stage;

  const columns: TableColumnsType<{ id: number }> = [
    {
      title: t('stage.name'),
      key: 'name',
      width: 180,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('stage.nameRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>,
          stage(r).name,
        ),
    },
    {
      title: t('stage.nameEn'),
      key: 'nameEn',
      width: 180,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="nameEn">
            <Input maxLength={200} />
          </Form.Item>,
          stage(r).nameEn || '-',
        ),
    },
    {
      title: t('stage.dates'),
      key: 'dates',
      width: 280,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="dates" rules={[{ required: true, message: t('stage.datesRequired') }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>,
          formatWindow(stage(r).startAt, stage(r).endAt, lang),
        ),
    },
    {
      title: t('stage.order'),
      key: 'orderNum',
      width: 90,
      render: (_, r) =>
        cell(
          r,
          <Form.Item name="orderNum">
            <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>,
          stage(r).orderNum,
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
          onEdit={() => start(stage(r))}
          onDelete={() => void remove(stage(r))}
        />
      ),
    });
  }

  return (
    <Form form={form} component={false} name="stage">
      <Table
        className="editor-table"
        rowKey="id"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 880 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stage.empty')} /> }}
      />
      {editable && (
        <div className="editor-table__toolbar">
          <Button icon={<PlusOutlined />} disabled={editing !== null} onClick={() => start(null)}>
            {t('stage.add')}
          </Button>
        </div>
      )}
    </Form>
  );
}

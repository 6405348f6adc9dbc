import { DatePicker, Empty, Form, InputNumber, Select, Table, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORK_FILE_TYPES, type CompetitionDetail, type WorkFileType, type WorkSubmitSetting } from '@cmp/contracts';
import { dayRangeToWindow, windowToDayRange, type DayRange } from '../hooks/rules';
import { NS, useEventLabel } from './shared';

export interface WorkSubValues {
  window?: DayRange;
  items: { itemId: number; fileTypes: WorkFileType[]; maxFileMb: number; maxFiles: number }[];
}

/** The saved settings as form values; an event without rules yet starts from PDF, 50 MB, 3 files. */
export function workSubValues(detail: CompetitionDetail): WorkSubValues {
  return {
    window: windowToDayRange(detail.workSubmit.startAt, detail.workSubmit.endAt),
    items: detail.items.map((i) => detail.workSubmit.items.find((w) => w.itemId === i.id) ?? { itemId: i.id, fileTypes: ['pdf'], maxFileMb: 50, maxFiles: 3 }),
  };
}

export function workSubPayload(detail: CompetitionDetail, v: WorkSubValues): WorkSubmitSetting {
  return { competitionId: detail.id, ...dayRangeToWindow(v.window), items: v.items };
}

/**
 * The work-submission form: the window, and per event the file types, size and count allowed. The settings
 * page (详情 → 设置 → 作品提交设置) and the wizard's step show the same form.
 */
export function WorkSubFields({ form, detail, disabled }: { form: FormInstance<WorkSubValues>; detail: CompetitionDetail; disabled?: boolean }) {
  const { t } = useTranslation(NS);
  const event = useEventLabel();
  const itemName = (itemId: number) => detail.items.find((i) => i.id === itemId)?.name ?? itemId;
  return (
    <Form form={form} name="workSub" layout="vertical" disabled={disabled} initialValues={workSubValues(detail)}>
      <Form.Item name="window" label={t('workSub.window')} extra={t('enroll.windowHint')}>
        <DatePicker.RangePicker style={{ width: 320 }} />
      </Form.Item>
      <Form.Item label={t('workSub.items', { event: event.lower })}>
        <Form.List name="items">
          {(fields) => (
            <Table
              className="editor-table"
              rowKey="key"
              size="middle"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 760 }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workSub.noItems', { event: event.lower })} /> }}
              columns={[
                { title: event.label, key: 'item', width: 180, render: (_, f) => itemName(form.getFieldValue(['items', f.name, 'itemId']) as number) },
                {
                  title: t('workSub.fileTypes'),
                  key: 'fileTypes',
                  width: 340,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'fileTypes']} rules={[{ required: true, message: t('workSub.fileTypesRequired') }]}>
                      <Select mode="multiple" options={WORK_FILE_TYPES.map((x) => ({ value: x, label: x }))} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('workSub.maxFileMb'),
                  key: 'maxFileMb',
                  width: 150,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'maxFileMb']} rules={[{ required: true, message: t('common.required', { field: t('workSub.maxFileMb') }) }]}>
                      <InputNumber min={1} max={2048} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('workSub.maxFiles'),
                  key: 'maxFiles',
                  width: 120,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'maxFiles']} rules={[{ required: true, message: t('common.required', { field: t('workSub.maxFiles') }) }]}>
                      <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form.List>
      </Form.Item>
    </Form>
  );
}

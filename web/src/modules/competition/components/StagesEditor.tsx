import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Stage } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { dayRangeToWindow, windowToDayRange, type DayRange } from '../hooks/rules';
import { EditableTable, orderColumn, textColumn, type EditableColumn, type EditorProps } from './EditableTable';
import { formatWindow, NS, useLang } from './shared';

interface Values {
  name: string;
  nameEn: string;
  dates: DayRange;
  orderNum: number;
}

/** A competition's stages (preliminary, semi-final, final…), edited in place like its events. */
export function StagesEditor(props: EditorProps) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const { detail } = props;

  const columns: EditableColumn<Stage>[] = [
    textColumn('name', t('stage.name'), 180, 100, (s) => s.name, [{ required: true, whitespace: true, message: t('stage.nameRequired') }]),
    textColumn('nameEn', t('stage.nameEn'), 180, 200, (s) => s.nameEn || '-'),
    {
      key: 'dates',
      title: t('stage.dates'),
      width: 280,
      field: (
        <Form.Item name="dates" rules={[{ required: true, message: t('stage.datesRequired') }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
      ),
      shown: (s) => formatWindow(s.startAt, s.endAt, lang),
    },
    orderColumn(t('stage.order')),
  ];

  const save = (v: Values, s: Stage | undefined) => {
    const { startAt, endAt } = dayRangeToWindow(v.dates);
    return competitionApi.saveStage({
      competitionId: detail.id,
      id: s?.id,
      name: v.name.trim(),
      nameEn: v.nameEn?.trim() ?? '',
      description: s?.description ?? '',
      startAt: startAt!,
      endAt: endAt!,
      orderNum: v.orderNum ?? 0,
    });
  };
  const valuesOf = (s: Stage | null): Partial<Values> =>
    s ? { name: s.name, nameEn: s.nameEn, dates: windowToDayRange(s.startAt, s.endAt), orderNum: s.orderNum } : { orderNum: detail.stages.length };

  return <EditableTable {...props} kind="stage" rows={detail.stages} columns={columns} scrollX={880} valuesOf={valuesOf} save={save} remove={(s) => competitionApi.deleteStage(detail.id, s.id)} />;
}

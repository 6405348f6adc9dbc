import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { fenOf, yuanOf, type CompetitionItem } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { formatMoney } from '@/app/i18n/format';
import { EditableTable, orderColumn, textColumn, type EditableColumn, type EditorProps } from './EditableTable';
import { NS } from './shared';

interface Values {
  name: string;
  nameEn: string;
  quota: number | null;
  /** Yuan as typed ("12.30"), turned into fen exactly by fenOf. */
  fee: string | null;
  orderNum: number;
}

/** A competition's events, edited in place. */
export function ItemsEditor(props: EditorProps) {
  const { t } = useTranslation(NS);
  const { detail } = props;

  const columns: EditableColumn<CompetitionItem>[] = [
    textColumn('name', t('item.name'), 200, 100, (i) => i.name, [{ required: true, whitespace: true, message: t('item.nameRequired') }, { max: 100 }]),
    textColumn('nameEn', t('item.nameEn'), 220, 200, (i) => i.nameEn || '-', [{ max: 200 }]),
    {
      key: 'quota',
      title: t('item.quota'),
      width: 130,
      field: (
        <Form.Item name="quota">
          <InputNumber min={0} max={1_000_000} precision={0} placeholder={t('item.unlimited')} style={{ width: '100%' }} />
        </Form.Item>
      ),
      shown: (i) => i.quota ?? t('item.unlimited'),
    },
    {
      key: 'fee',
      title: t('item.fee'),
      width: 130,
      field: (
        <Form.Item name="fee">
          <InputNumber<string> min="0" max="1000000" precision={2} stringMode style={{ width: '100%' }} />
        </Form.Item>
      ),
      shown: (i) => (i.feeFen ? formatMoney(i.feeFen) : t('item.free')),
    },
    orderColumn(t('item.order')),
  ];

  return (
    <EditableTable<CompetitionItem, Values>
      {...props}
      kind="item"
      rows={detail.items}
      columns={columns}
      scrollX={900}
      valuesOf={(i) =>
        i
          ? { name: i.name, nameEn: i.nameEn, quota: i.quota, fee: yuanOf(i.feeFen), orderNum: i.orderNum }
          : { name: '', nameEn: '', quota: null, fee: '0', orderNum: detail.items.length }
      }
      save={(v, i) =>
        competitionApi.saveItem({
          competitionId: detail.id,
          id: i?.id,
          name: v.name.trim(),
          nameEn: v.nameEn?.trim() ?? '',
          description: i?.description ?? '',
          quota: v.quota ?? null,
          feeFen: fenOf(v.fee) ?? 0,
          orderNum: v.orderNum ?? 0,
        })
      }
      remove={(i) => competitionApi.deleteItem(detail.id, i.id)}
    />
  );
}

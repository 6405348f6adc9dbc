import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeeDay } from '@cmp/contracts';
import { formatMoney } from '@/app/i18n/format';
import { DATA_CENTRE_NS } from '../locales';
import { MoneyChart } from './FigureChart';
import { FigureFrame } from './FigureFrame';

/** Fees per day: payments on the day they were made, refunds on the day they went through; chart or table, and export. */
export function FeeCard({ days, onExport }: { days: FeeDay[]; onExport: () => Promise<void> }) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const money = (fen: number) => <span className="cell-nowrap">{formatMoney(fen)}</span>;
  return (
    <FigureFrame
      figure="fees"
      title={t('fees.title')}
      emptyText={t('fees.empty')}
      empty={!days.length}
      onExport={onExport}
      chart={() => <MoneyChart days={days} names={{ paid: t('fees.paid'), refunded: t('fees.refunded') }} />}
      table={() => (
        <Table<FeeDay>
          size="small"
          rowKey="day"
          dataSource={days}
          scroll={{ x: 480 }}
          pagination={days.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          columns={[
            { title: t('figure.keys.day'), dataIndex: 'day', width: 110 },
            { title: t('fees.paidCount'), dataIndex: 'paidCount', align: 'right' },
            { title: t('fees.paid'), dataIndex: 'paidFen', align: 'right', render: money },
            { title: t('fees.refundCount'), dataIndex: 'refundCount', align: 'right' },
            { title: t('fees.refunded'), dataIndex: 'refundedFen', align: 'right', render: money },
          ]}
        />
      )}
    />
  );
}

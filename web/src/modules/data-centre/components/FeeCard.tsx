import { useState } from 'react';
import { Button, Card, Empty, Segmented, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FeeDay } from '@cmp/contracts';
import { formatMoney } from '@/app/i18n/format';
import { DATA_CENTRE_NS } from '../locales';
import { MoneyChart } from './FigureChart';

/** Fees per day: payments on the day they were made, refunds on the day they went through; chart or table, and export. */
export function FeeCard({ days, onExport }: { days: FeeDay[]; onExport: () => Promise<void> }) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [busy, setBusy] = useState(false);
  const exportIt = () => {
    setBusy(true);
    void onExport()
      .catch(() => undefined) // toasted
      .finally(() => setBusy(false));
  };
  const money = (fen: number) => <span className="cell-nowrap">{formatMoney(fen)}</span>;
  return (
    <Card
      size="small"
      className="figure-card"
      data-figure="fees"
      title={t('fees.title')}
      extra={
        <>
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { value: 'chart', label: t('figure.chart') },
              { value: 'table', label: t('figure.table') },
            ]}
          />
          <Button size="small" icon={<DownloadOutlined />} loading={busy} disabled={!days.length} onClick={exportIt}>
            {t('figure.export')}
          </Button>
        </>
      }
    >
      {!days.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fees.empty')} />
      ) : view === 'chart' ? (
        <MoneyChart days={days} names={{ paid: t('fees.paid'), refunded: t('fees.refunded') }} />
      ) : (
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
    </Card>
  );
}

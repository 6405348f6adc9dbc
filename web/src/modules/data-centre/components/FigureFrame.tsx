import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, Segmented } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DATA_CENTRE_NS } from '../locales';

/** A figure's card: its title, the chart/table switch and the export; `empty` when it has no rows. */
export function FigureFrame({
  figure,
  title,
  emptyText,
  empty,
  onExport,
  chart,
  table,
}: {
  /** The card's data-figure (what tests and print styles find it by). */
  figure: string;
  title: ReactNode;
  emptyText: ReactNode;
  empty: boolean;
  onExport: () => Promise<void>;
  chart: () => ReactNode;
  table: () => ReactNode;
}) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [busy, setBusy] = useState(false);
  const exportIt = () => {
    setBusy(true);
    void onExport()
      .catch(() => undefined) // toasted
      .finally(() => setBusy(false));
  };
  return (
    <Card
      size="small"
      className="figure-card"
      data-figure={figure}
      title={title}
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
          <Button size="small" icon={<DownloadOutlined />} loading={busy} disabled={empty} onClick={exportIt}>
            {t('figure.export')}
          </Button>
        </>
      }
    >
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : view === 'chart' ? chart() : table()}
    </Card>
  );
}

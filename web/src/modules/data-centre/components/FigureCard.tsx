import { useState } from 'react';
import { Button, Card, Empty, Segmented, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { FigureExport } from '@cmp/contracts';
import { DATA_CENTRE_NS } from '../locales';
import { FigureChart, type ChartRow } from './FigureChart';

/** One figure: its chart or its table (every row), and its export; a bar or a row opens the sign-ups it counts (`rowsLink`). */
export function FigureCard({
  dimension,
  rows,
  onExport,
  rowsLink,
}: {
  dimension: FigureExport;
  rows: ChartRow[];
  onExport: () => Promise<void>;
  rowsLink?: (row: ChartRow) => string;
}) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const navigate = useNavigate();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [busy, setBusy] = useState(false);
  const perDay = dimension === 'day' || dimension === 'workDay';
  const countName = t(dimension === 'workDay' ? 'figure.works' : 'figure.count');
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
      data-figure={dimension}
      title={t(`figure.titles.${dimension}`)}
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
          <Button size="small" icon={<DownloadOutlined />} loading={busy} disabled={!rows.length} onClick={exportIt}>
            {t('figure.export')}
          </Button>
        </>
      }
    >
      {!rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('figure.empty')} />
      ) : view === 'chart' ? (
        <FigureChart rows={rows} kind={perDay ? 'line' : 'bar'} countName={countName} onPick={rowsLink && ((row) => navigate(rowsLink(row)))} />
      ) : (
        <Table<ChartRow>
          size="small"
          rowKey="key"
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          columns={[
            {
              title: t(`figure.keys.${dimension}`),
              dataIndex: 'label',
              ellipsis: true,
              render: (label: string, row) => (rowsLink ? <Link to={rowsLink(row)}>{label}</Link> : label),
            },
            { title: countName, dataIndex: 'count', width: 100, align: 'right' },
          ]}
        />
      )}
    </Card>
  );
}

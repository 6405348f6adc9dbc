import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { FigureExport } from '@cmp/contracts';
import { DATA_CENTRE_NS } from '../locales';
import { FigureChart, type ChartRow } from './FigureChart';
import { FigureFrame } from './FigureFrame';

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
  const perDay = dimension === 'day' || dimension === 'workDay';
  const countName = t(dimension === 'workDay' ? 'figure.works' : 'figure.count');
  return (
    <FigureFrame
      figure={dimension}
      title={t(`figure.titles.${dimension}`)}
      emptyText={t('figure.empty')}
      empty={!rows.length}
      onExport={onExport}
      chart={() => <FigureChart rows={rows} kind={perDay ? 'line' : 'bar'} countName={countName} onPick={rowsLink && ((row) => navigate(rowsLink(row)))} />}
      table={() => (
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
    />
  );
}

import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AwardFigures } from '@cmp/contracts';
import { DATA_CENTRE_NS } from '../locales';
import { FigureChart } from './FigureChart';
import { FigureFrame } from './FigureFrame';

type SchoolRow = AwardFigures['bySchool'][number];

/** Published awards: by level as a chart, by school and level as a table; exported as the table. */
export function AwardCard({ awards, onExport }: { awards: AwardFigures; onExport: () => Promise<void> }) {
  const { t } = useTranslation(DATA_CENTRE_NS);
  return (
    <FigureFrame
      figure="awards"
      title={t('awards.title', { total: awards.total })}
      emptyText={t('awards.empty')}
      empty={!awards.total}
      onExport={onExport}
      // Best level on top.
      chart={() => <FigureChart kind="bar" rows={awards.byLevel} countName={t('awards.count')} />}
      table={() => (
        <Table<SchoolRow>
          size="small"
          rowKey="key"
          dataSource={awards.bySchool}
          scroll={{ x: 200 + awards.byLevel.length * 90 }}
          pagination={awards.bySchool.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          columns={[
            { title: t('figure.keys.school'), dataIndex: 'label', ellipsis: true, render: (v: string) => v || t('figure.notGiven') },
            ...awards.byLevel.map((l) => ({ title: l.label, key: l.key, width: 90, align: 'right' as const, render: (_: unknown, r: SchoolRow) => r.levels[l.key] ?? 0 })),
            { title: t('awards.total'), dataIndex: 'total', width: 80, align: 'right' as const },
          ]}
        />
      )}
    />
  );
}

import { useState } from 'react';
import { Card, DatePicker, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { TOTALS_MAX_DAYS, type Totals } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { beijingToday } from '@/app/i18n/format';
import { financeApi } from '../api/finance.api';
import { money, NS } from './shared';

type Row = Totals & { key: string; label: string };
const DAY = 'YYYY-MM-DD';
/** Today in Beijing, whatever the browser's time zone: the days are the ones Alipay's bills and the server count in. */
const today = () => dayjs(beijingToday());

/**
 * 收入统计: paid orders of the organisation per day or per competition over a period (the last 30 days at first):
 * count, received, refunded, net, and the net split into online (Alipay) and offline. One call, scoped by the server.
 */
export function IncomeTotals() {
  const { t } = useTranslation(NS);
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => [today().subtract(29, 'day'), today()]);
  const [by, setBy] = useState<'day' | 'competition'>('day');
  const from = period[0].format(DAY);
  const to = period[1].format(DAY);
  const totals = useAsync((signal) => financeApi.totals(from, to, signal), [from, to]);

  const rows: Row[] =
    by === 'day'
      ? (totals.data?.days ?? []).map((d) => ({ ...d, key: d.day, label: d.day }))
      : (totals.data?.competitions ?? []).map((c) => ({ ...c, key: String(c.competitionId), label: c.competitionName }));
  const amount = (title: string, key: keyof Totals, strong = false): TableColumnsType<Row>[number] => ({
    title,
    dataIndex: key,
    width: 120,
    align: 'right',
    render: (v: number) => (strong ? <Typography.Text strong>{money(v)}</Typography.Text> : money(v)),
  });
  const columns: TableColumnsType<Row> = [
    { title: t(by === 'day' ? 'income.day' : 'income.competition'), dataIndex: 'label', width: by === 'day' ? 120 : 260, ellipsis: true, fixed: 'left' },
    { title: t('income.paidCount'), dataIndex: 'paidCount', width: 80, align: 'right' },
    amount(t('income.gross'), 'grossFen'),
    amount(t('income.refunded'), 'refundedFen'),
    amount(t('income.net'), 'netFen', true),
    amount(t('income.online'), 'onlineFen'),
    amount(t('income.offline'), 'offlineFen'),
  ];
  const total = totals.data?.total;

  return (
    <Card
      size="small"
      className="finance-income"
      title={t('income.title')}
      data-testid="income-totals"
      extra={
        <Segmented
          size="small"
          value={by}
          onChange={(v) => setBy(v as 'day' | 'competition')}
          options={[
            { value: 'day', label: t('income.byDay') },
            { value: 'competition', label: t('income.byCompetition') },
          ]}
        />
      }
    >
      <Space direction="vertical" size="small" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>{t('income.period')}</Typography.Text>
          <DatePicker.RangePicker
            value={period}
            allowClear={false}
            disabledDate={(d) => d.isAfter(today(), 'day')}
            onChange={(v) => v?.[0] && v[1] && v[1].diff(v[0], 'day') < TOTALS_MAX_DAYS && setPeriod([v[0], v[1]])}
          />
          <Typography.Text type="secondary">{t('income.note')}</Typography.Text>
        </Space>
        <Table<Row>
          size="small"
          rowKey="key"
          loading={totals.loading}
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('income.empty') }}
          summary={() =>
            total && rows.length ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('income.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">{total.paidCount}</Table.Summary.Cell>
                {(['grossFen', 'refundedFen', 'netFen', 'onlineFen', 'offlineFen'] as const).map((key, i) => (
                  <Table.Summary.Cell key={key} index={i + 2} align="right">
                    <Typography.Text strong>{money(total[key])}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Space>
    </Card>
  );
}

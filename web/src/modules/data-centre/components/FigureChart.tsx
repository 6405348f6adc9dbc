import ReactEChartsCore from 'echarts-for-react/lib/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the figures draw, rendered as SVG: sharp on screen, in print and in the report's PDF. Drawn at once, without
// animation: a printed page or a screenshot never catches a chart half-drawn.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** antd's primary blue: the charts read as part of the page. */
const COLOR = '#1677ff';
/** A bar chart shows the largest this many; the table view lists them all. */
export const CHART_BARS = 15;

export interface ChartRow {
  /** What the row counts by (a day, an id or a text; '' when not given). */
  key: string;
  label: string;
  count: number;
}

/** Sign-ups per day as a line, or a breakdown as horizontal bars (labels stay readable, largest on top); a click on a point or bar picks its row. */
export function FigureChart({ rows, kind, countName, onPick }: { rows: ChartRow[]; kind: 'line' | 'bar'; countName: string; onPick?: (row: ChartRow) => void }) {
  const bars = kind === 'bar' ? rows.slice(0, CHART_BARS).reverse() : rows;
  const categories = bars.map((r) => r.label);
  const values = bars.map((r) => r.count);
  const option =
    kind === 'line'
      ? {
          animation: false,
          color: [COLOR],
          grid: { left: 40, right: 16, top: 16, bottom: 32, containLabel: true },
          tooltip: { trigger: 'axis' },
          xAxis: { type: 'category', data: categories, boundaryGap: false },
          yAxis: { type: 'value', minInterval: 1 },
          series: [{ name: countName, type: 'line', data: values, smooth: true, areaStyle: { opacity: 0.12 }, symbolSize: 7, label: { show: values.length <= 31, position: 'top' } }],
        }
      : {
          animation: false,
          color: [COLOR],
          grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
          tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
          xAxis: { type: 'value', minInterval: 1 },
          yAxis: { type: 'category', data: categories, axisLabel: { width: 120, overflow: 'truncate' } },
          series: [{ name: countName, type: 'bar', data: values, barMaxWidth: 22, label: { show: true, position: 'right' } }],
        };
  const height = kind === 'line' ? 260 : Math.max(160, bars.length * 28 + 24);
  const onEvents = onPick && { click: (e: { dataIndex: number }) => bars[e.dataIndex] && onPick(bars[e.dataIndex]) };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      onEvents={onEvents}
      style={{ height, width: '100%', cursor: onPick ? 'pointer' : undefined }}
      opts={{ renderer: 'svg' }}
    />
  );
}

export interface MoneyDay {
  day: string;
  paidFen: number;
  refundedFen: number;
}

/** Fees per day: paid and refunded, in yuan, as two lines. */
export function MoneyChart({ days, names }: { days: MoneyDay[]; names: { paid: string; refunded: string } }) {
  const yuan = (fen: number) => fen / 100;
  const option = {
    animation: false,
    color: [COLOR, '#fa8c16'],
    grid: { left: 40, right: 16, top: 32, bottom: 32, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `¥${v.toFixed(2)}` },
    xAxis: { type: 'category', data: days.map((d) => d.day), boundaryGap: false },
    yAxis: { type: 'value' },
    series: [
      { name: names.paid, type: 'line', data: days.map((d) => yuan(d.paidFen)), smooth: true, areaStyle: { opacity: 0.12 }, symbolSize: 7 },
      { name: names.refunded, type: 'line', data: days.map((d) => yuan(d.refundedFen)), smooth: true, symbolSize: 7 },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 260, width: '100%' }} opts={{ renderer: 'svg' }} />;
}

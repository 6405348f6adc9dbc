import * as echarts from 'echarts';
import { beijingCell, formatCount } from '@cmp/common';
import { escapeHtml as e, type AwardFigures, type CompetitionFigures, type FigureRow, type Lang, type ReviewRoundFigures } from '@cmp/contracts';

/*
 * 数据报告: a competition's figures as one self-contained A4 document (cover, key figures, charts, the award list)
 * that the statistics worker prints to PDF with Chromium. Charts are ECharts rendered here to inline SVG, so the page
 * runs no script and fetches nothing. Text from data is escaped (e); the dictionary's text is ours and goes in as is.
 */

export interface ReportInput {
  lang: Lang;
  /** Already in the report's language. */
  competition: { name: string; organisation: string };
  figures: CompetitionFigures;
  generatedAt: Date;
}

const ZH = {
  title: '数据报告',
  subtitle: 'COMPETITION REPORT',
  generatedAt: '生成时间（北京时间）',
  dataAsOf: '数据截至（北京时间）',
  keyFigures: '核心指标',
  signups: '报名总数',
  pending: '待审核报名',
  works: '已提交作品',
  awards: '获奖总数',
  paid: '已缴费（元）',
  refunded: '已退费（元）',
  net: '实收（元）',
  today: '今日新增 {n}',
  payments: '共 {n} 笔',
  netNote: '已缴费减已退费',
  pendingNote: '占报名总数 {n}',
  worksNote: '今日提交 {n}',
  awardsNote: '{n} 个获奖等级',
  trends: '报名与作品',
  signupsByDay: '每日报名数',
  worksByDay: '每日作品提交数',
  distribution: '报名分布',
  byEvent: '各赛项报名数',
  byGrade: '各年级报名数',
  bySchool: '报名数前 10 的学校',
  byCollege: '报名数前 10 的学院',
  byProvince: '各省份报名数',
  topOf: '共 {n} 项，显示前 10',
  fees: '缴费',
  feesByDay: '每日缴费与退费（元）',
  paidSeries: '缴费',
  refundedSeries: '退费',
  review: '评审',
  reviewProgress: '各轮评审进度',
  round: '评审轮次',
  assigned: '分配评审',
  submitted: '已提交评分',
  done: '完成率',
  votes: '投票数',
  checkIn: '现场签到',
  topVotes: '{n}：得票前 10 的作品',
  scoresOf: '{n}：评分分布',
  fromPublished: '成绩来源：第 {n} 版成绩 · 已公布',
  fromLatest: '成绩来源：第 {n} 版成绩 · 最新完成，未公布',
  fromSheets: '成绩来源：评分表合计 · 尚未计算成绩',
  noReview: '暂无评审',
  awardsSection: '获奖',
  awardsByLevel: '各等级获奖数',
  awardsBySchool: '各学校获奖情况',
  school: '学校',
  total: '合计',
  noData: '暂无数据',
  noAwards: '暂无获奖数据',
  notGiven: '未填写',
  /** The footer's page number; {page} and {pages} become CSS counters. */
  page: '第 {page} 页 / 共 {pages} 页',
};

const TEXT: Record<Lang, typeof ZH> = {
  'zh-CN': ZH,
  en: {
    title: 'Competition report',
    subtitle: 'STATISTICS',
    generatedAt: 'Generated (Beijing time)',
    dataAsOf: 'Data as of (Beijing time)',
    keyFigures: 'Key figures',
    signups: 'Sign-ups',
    pending: 'Pending approval',
    works: 'Works submitted',
    awards: 'Awards',
    paid: 'Fees paid (yuan)',
    refunded: 'Refunded (yuan)',
    net: 'Net (yuan)',
    today: '{n} today',
    payments: '{n} payments',
    netNote: 'Paid less refunded',
    pendingNote: '{n} of sign-ups',
    worksNote: '{n} today',
    awardsNote: '{n} award levels',
    trends: 'Sign-ups and works',
    signupsByDay: 'Sign-ups per day',
    worksByDay: 'Works submitted per day',
    distribution: 'Who signed up',
    byEvent: 'Sign-ups by event',
    byGrade: 'Sign-ups by grade',
    bySchool: 'Top 10 schools by sign-ups',
    byCollege: 'Top 10 colleges by sign-ups',
    byProvince: 'Sign-ups by province',
    topOf: 'Top 10 of {n}',
    fees: 'Fees',
    feesByDay: 'Fees paid and refunded per day (yuan)',
    paidSeries: 'Paid',
    refundedSeries: 'Refunded',
    review: 'Review',
    reviewProgress: 'Review progress by round',
    round: 'Round',
    assigned: 'Assigned',
    submitted: 'Sheets submitted',
    done: 'Done',
    votes: 'Votes',
    checkIn: 'Checked in',
    topVotes: '{n}: the 10 most voted works',
    scoresOf: '{n}: scores',
    fromPublished: 'Scores from score version {n} · published',
    fromLatest: 'Scores from score version {n} · latest, not published',
    fromSheets: 'Scores from sheet totals · no score version yet',
    noReview: 'No review rounds yet',
    awardsSection: 'Awards',
    awardsByLevel: 'Awards by level',
    awardsBySchool: 'Awards by school',
    school: 'School',
    total: 'Total',
    noData: 'No data',
    noAwards: 'No awards yet',
    notGiven: 'Not given',
    page: 'Page {page} of {pages}',
  },
};

type Text = typeof ZH;
const fill = (text: string, n: number | string) => text.replace('{n}', String(n));

const FONT = 'Noto Sans CJK SC';
// antd's light palette: primary, then the preset colours a second series or a level takes.
const PRIMARY = '#1677ff';
const PALETTE = [PRIMARY, '#fa8c16', '#52c41a', '#722ed1', '#13c2c2', '#eb2f96'];

/** CSS px of a length in mm (Chromium prints 96 px to the inch): charts are drawn at the size they print. */
const px = (mm: number) => Math.floor((mm * 96) / 25.4);
// A4 less the page's side margins, less a chart card's padding and border.
const CONTENT_MM = 210 - 2 * 15;
const FULL = px(CONTENT_MM - 2 * 4) - 2;
const HALF = px((CONTENT_MM - 5) / 2 - 2 * 4) - 2;

/** YYYY-MM-DD HH:mm in Beijing time. */
const beijingMinute = (at: Date | string) => beijingCell(at).toISOString().slice(0, 16).replace('T', ' ');

/** Yuan from fen, grouped by thousands, 2 decimals. */
const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A chart rendered to an SVG string by ECharts' server-side renderer, in the report's font and colours. */
function svgChart(option: echarts.EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, color: PALETTE, textStyle: { fontFamily: FONT, color: '#595959' }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

// Axes drawn alike in every chart: a quiet category line, light value grid lines, whole numbers for counts.
const CATEGORY_AXIS = { type: 'category', axisTick: { show: false }, axisLine: { lineStyle: { color: '#d9d9d9' } }, axisLabel: { color: '#595959' } } as const;
const VALUE_AXIS = { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#f0f0f0' } }, axisLabel: { color: '#8c8c8c' } } as const;
/** The plot fills the box, shrunk to keep the axis labels inside (containLabel of ECharts 5). */
const grid = (top: number) => ({ left: 4, right: 24, top, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' }) as const;

/** Every day from the first listed to the last: the figures list only days with a count, a chart shows the others as 0. */
function everyDay(listed: string[]): string[] {
  const days: string[] = [];
  for (let t = Date.parse(listed[0]); t <= Date.parse(listed[listed.length - 1]); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Lines over the days (one per series), or null without days. */
function dayChart<R extends { day: string }>(rows: R[], series: { name: string; value: (r: R) => number }[], money = false): string | null {
  if (!rows.length) return null;
  const days = everyDay(rows.map((r) => r.day));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const sameYear = days[0].slice(0, 4) === days[days.length - 1].slice(0, 4);
  const legend = series.length > 1;
  return svgChart(
    {
      grid: grid(legend ? 34 : 14),
      legend: { show: legend, top: 0, right: 0, itemWidth: 16, itemHeight: 8, textStyle: { color: '#595959' } },
      xAxis: { ...CATEGORY_AXIS, boundaryGap: false, data: days.map((d) => (sameYear ? d.slice(5) : d)) },
      yAxis: { ...VALUE_AXIS, minInterval: money ? 0 : 1 },
      series: series.map((s) => ({
        type: 'line',
        name: s.name,
        data: days.map((d) => {
          const r = byDay.get(d);
          return r ? s.value(r) : 0;
        }),
        symbol: days.length > 31 ? 'none' : 'circle',
        symbolSize: 5,
        lineStyle: { width: 2 },
        // One series is shaded; two would hide each other.
        areaStyle: legend ? undefined : { opacity: 0.1 },
      })),
    },
    FULL,
    220,
  );
}

/** The widest label (px) that prints slanted under a bar. */
const SLANTED_LABEL = 96;
/** About how wide a label prints at ECharts' 12px: CJK full width, Latin about half. */
const labelWidth = (text: string) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) >= 0x2e80 ? 12 : 6.5), 0);

/**
 * Bars of a breakdown (most first), or null without rows. Upright while each label fits under its bar; slanted when
 * many short labels crowd; lying, labels wrapped beside their bars, for a few long names (and for rankings).
 */
function barChart(rows: FigureRow[], t: Text, opts: { horizontal?: boolean; width?: number } = {}): string | null {
  if (!rows.length) return null;
  const width = opts.width ?? FULL;
  const labels = rows.map((r) => r.label || t.notGiven);
  const counts = rows.map((r) => r.count);
  const valueLabel = { show: true, color: '#595959' };
  const longest = Math.max(...labels.map(labelWidth));
  const slot = (width - 58) / rows.length - 6;
  if (opts.horizontal || (longest > slot && (rows.length < 5 || longest > SLANTED_LABEL))) {
    // Names wrap to a second line, unless the list is long enough to need every line it can get (a page's worth).
    const box = Math.min(longest + 8, 230, width * 0.4);
    const long = rows.length > 15;
    const row = long ? 20 : longest > box ? 32 : 24;
    return svgChart(
      {
        grid: grid(4),
        xAxis: { ...VALUE_AXIS, splitNumber: 4 },
        yAxis: { ...CATEGORY_AXIS, inverse: true, data: labels, axisLabel: { ...CATEGORY_AXIS.axisLabel, width: box, overflow: long ? 'truncate' : 'break', lineHeight: 13 } },
        series: [{ type: 'bar', data: counts, barMaxWidth: 14, itemStyle: { borderRadius: [0, 3, 3, 0] }, label: { ...valueLabel, position: 'right' } }],
      },
      width,
      Math.max(24 + rows.length * row, 180),
    );
  }
  const slanted = longest > slot;
  return svgChart(
    {
      grid: grid(22),
      xAxis: { ...CATEGORY_AXIS, data: labels, axisLabel: { ...CATEGORY_AXIS.axisLabel, interval: 0, rotate: slanted ? 40 : 0 } },
      yAxis: VALUE_AXIS,
      // Counts over the bars while they have room side by side.
      series: [{ type: 'bar', data: counts, barMaxWidth: 40, itemStyle: { borderRadius: [3, 3, 0, 0] }, label: { ...valueLabel, show: slot >= 24, position: 'top' } }],
    },
    width,
    // Slanted labels take height from the bars.
    slanted ? 240 : 180,
  );
}

/** A titled chart (or the no-data text), kept on one page. */
const figure = (title: string, chart: string | null, t: Text, note = '') =>
  `<figure class="chart"><figcaption>${title}${note ? `<small>${note}</small>` : ''}</figcaption>${chart ?? `<div class="empty">${t.noData}</div>`}</figure>`;

/** The 10 largest of a breakdown, noting how many there are when that is more. */
const top10 = (title: string, rows: FigureRow[], t: Text) => figure(title, barChart(rows.slice(0, 10), t, { horizontal: true }), t, rows.length > 10 ? fill(t.topOf, rows.length) : '');

const section = (n: number, title: string, body: string) => `<section><h2><span>${String(n).padStart(2, '0')}</span>${title}</h2>${body}</section>`;

const card = (label: string, value: string, note: string, accent = false) =>
  `<div class="card${accent ? ' accent' : ''}"><div class="label">${label}</div><div class="value">${value}</div><div class="note">${note}</div></div>`;

function keyFigures(f: CompetitionFigures, t: Text): string {
  const share = f.signups.total ? `${Math.round((f.signups.pending / f.signups.total) * 100)}%` : '—';
  return `<div class="cards four">
    ${card(t.signups, formatCount(f.signups.total), fill(t.today, formatCount(f.signups.today)), true)}
    ${card(t.pending, formatCount(f.signups.pending), fill(t.pendingNote, share))}
    ${card(t.works, formatCount(f.works.submitted), fill(t.worksNote, formatCount(f.works.today)))}
    ${card(t.awards, formatCount(f.awards.total), fill(t.awardsNote, f.awards.byLevel.length))}
  </div><div class="cards three">
    ${card(t.paid, yuan(f.fees.paidFen), fill(t.payments, formatCount(f.fees.paidCount)))}
    ${card(t.refunded, yuan(f.fees.refundedFen), fill(t.payments, formatCount(f.fees.refundCount)))}
    ${card(t.net, yuan(f.fees.netFen), t.netNote, true)}
  </div>`;
}

/** One row per school, a column per level (best first); the header repeats on every page the table runs to. */
function awardTable(a: AwardFigures, t: Text): string {
  if (!a.bySchool.length) return `<div class="empty">${t.noAwards}</div>`;
  const count = (n: number) => `<td class="num${n ? '' : ' zero'}">${formatCount(n)}</td>`;
  const head = `<tr><th class="num">#</th><th>${t.school}</th>${a.byLevel.map((l) => `<th class="num">${e(l.label || l.key)}</th>`).join('')}<th class="num">${t.total}</th></tr>`;
  const rows = a.bySchool.map(
    (s, i) =>
      `<tr><td class="num rank">${i + 1}</td><td>${e(s.label || t.notGiven)}</td>${a.byLevel.map((l) => count(s.levels[l.key] ?? 0)).join('')}<td class="num strong">${formatCount(s.total)}</td></tr>`,
  );
  const totals = `<tr class="totals"><td></td><td>${t.total}</td>${a.byLevel.map((l) => count(l.count)).join('')}<td class="num">${formatCount(a.total)}</td></tr>`;
  return `<table class="awards"><thead>${head}</thead><tbody>${rows.join('')}${totals}</tbody></table>`;
}

/** Each round's progress as a table, then each round's scores in bands of 10, saying where they come from (as 云统计 does). */
function reviewSection(rounds: ReviewRoundFigures[], t: Text): string {
  if (!rounds.length) return `<div class="empty">${t.noReview}</div>`;
  const done = (r: ReviewRoundFigures) => (r.assigned ? `${Math.round((r.submitted / r.assigned) * 100)}%` : '—');
  const checkIn = (r: ReviewRoundFigures) => (r.checkIn ? `${formatCount(r.checkIn.checkedIn)} / ${formatCount(r.checkIn.queued)}` : '—');
  const rows = rounds.map(
    (r) =>
      `<tr><td>${e(r.roundName)}</td><td class="num">${formatCount(r.assigned)}</td><td class="num">${formatCount(r.submitted)}</td><td class="num strong">${done(r)}</td>` +
      `<td class="num">${formatCount(r.votes.total)}</td><td class="num">${checkIn(r)}</td></tr>`,
  );
  const head = [t.assigned, t.submitted, t.done, t.votes, t.checkIn].map((h) => `<th class="num">${h}</th>`).join('');
  const table = `<table class="awards"><thead><tr><th>${t.round}</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const bands = (r: ReviewRoundFigures): FigureRow[] => r.scores.map((b) => ({ ...b, label: `${b.label}–${Number(b.label) + 10}` }));
  const source = ({ scoreVersion: v }: ReviewRoundFigures) => (v ? fill(v.published ? t.fromPublished : t.fromLatest, v.number) : t.fromSheets);
  const charts = rounds.map(
    (r) =>
      figure(fill(t.scoresOf, e(r.roundName)), barChart(bands(r), t), t, source(r)) +
      (r.votes.top.length ? figure(fill(t.topVotes, e(r.roundName)), barChart(r.votes.top, t, { horizontal: true }), t) : ''),
  );
  return `<h3>${t.reviewProgress}</h3>${table}<div class="spacer"></div>${charts.join('')}`;
}

/** A CSS string of any text: everything but letters, digits and spaces as a code point escape (nothing ends the style). */
const cssString = (text: string) => `"${text.replace(/[^\p{L}\p{N} ]/gu, (ch) => `\\${ch.codePointAt(0)!.toString(16)} `)}"`;

/** The footer's page number as CSS content: the text around {page} and {pages}, the counters in their place. */
const pageContent = (text: string) =>
  text
    .split(/\{(pages?)\}/)
    .map((part, i) => (i % 2 ? `counter(${part})` : cssString(part)))
    .join(' ');

export function reportHtml(input: ReportInput): string {
  const { lang, competition, figures: f } = input;
  const t = TEXT[lang] ?? ZH;
  const by = f.signups.by;
  const half = (title: string, rows: FigureRow[]) => figure(title, barChart(rows, t, { width: HALF }), t);
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${e(competition.name)} · ${t.title}</title>
<style>
  @page {
    size: A4; margin: 16mm 15mm 18mm;
    @bottom-left { content: ${cssString(competition.name)}; font: 8pt '${FONT}', sans-serif; color: #8c8c8c; vertical-align: top; padding-top: 5mm; }
    @bottom-right { content: ${pageContent(t.page)}; font: 8pt '${FONT}', sans-serif; color: #8c8c8c; vertical-align: top; padding-top: 5mm; }
  }
  /* The cover is the whole sheet: no margins, no footer. */
  @page :first { margin: 0; @bottom-left { content: none; } @bottom-right { content: none; } }
  * { box-sizing: border-box; }
  html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { margin: 0; font-family: '${FONT}', sans-serif; font-size: 10pt; line-height: 1.5; color: #1f1f1f; }

  .cover { position: relative; width: 210mm; height: 297mm; overflow: hidden; break-after: page; display: flex; flex-direction: column; }
  .cover .band { position: relative; height: 118mm; padding: 30mm 22mm 0; color: #fff; overflow: hidden;
    background: linear-gradient(135deg, #0958d9 0%, ${PRIMARY} 60%, #4096ff 100%); }
  .cover .band::before, .cover .band::after { content: ''; position: absolute; border-radius: 50%; border: 14mm solid rgba(255,255,255,0.07); }
  .cover .band::before { width: 120mm; height: 120mm; right: -30mm; top: -40mm; }
  .cover .band::after { width: 70mm; height: 70mm; right: 40mm; bottom: -45mm; }
  .cover .kicker { font-size: 10pt; letter-spacing: 0.3em; opacity: 0.85; }
  .cover h1 { margin: 6mm 0 0; font-size: 40pt; font-weight: 700; line-height: 1.15; letter-spacing: 0.04em; }
  .cover .rule { width: 18mm; height: 1.6mm; margin-top: 8mm; background: #fff; border-radius: 1mm; }
  .cover .body { flex: 1; display: flex; flex-direction: column; padding: 22mm 22mm 20mm; }
  .cover .name { font-size: 22pt; font-weight: 700; line-height: 1.35; color: #141414; }
  .cover .org { margin-top: 5mm; padding-left: 4mm; border-left: 1.2mm solid ${PRIMARY}; font-size: 13pt; color: #434343; }
  .cover dl { margin: auto 0 0; padding-top: 6mm; border-top: 0.3mm solid #f0f0f0; display: grid; grid-template-columns: auto 1fr; column-gap: 8mm; row-gap: 4mm; font-size: 10.5pt; }
  .cover dt { color: #8c8c8c; }
  .cover dd { margin: 0; color: #1f1f1f; font-variant-numeric: tabular-nums; }

  section { margin-bottom: 4mm; }
  section + section { margin-top: 2mm; }
  h2 { display: flex; align-items: center; gap: 3mm; margin: 0 0 4mm; font-size: 15pt; font-weight: 700; color: #141414; break-after: avoid; }
  h2 span { display: inline-block; min-width: 9mm; padding: 0.6mm 1.6mm; border-radius: 1.2mm; background: ${PRIMARY}; color: #fff; font-size: 10pt; text-align: center; }

  .cards { display: grid; gap: 4mm; margin-bottom: 4mm; }
  .cards.four { grid-template-columns: repeat(4, 1fr); }
  .cards.three { grid-template-columns: repeat(3, 1fr); }
  .card { padding: 3.5mm 4mm; border: 0.3mm solid #f0f0f0; border-radius: 2mm; background: #fafafa; break-inside: avoid; }
  .card.accent { background: #e6f4ff; border-color: #bae0ff; }
  .card .label { font-size: 9pt; color: #595959; }
  .card .value { margin-top: 1mm; font-size: 20pt; font-weight: 700; line-height: 1.2; color: #141414; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .card.accent .value { color: ${PRIMARY}; }
  .card .note { margin-top: 1mm; font-size: 8pt; color: #8c8c8c; }

  .chart { margin: 0 0 4mm; padding: 3mm 4mm 4mm; border: 0.3mm solid #f0f0f0; border-radius: 2mm; break-inside: avoid; }
  .chart figcaption { display: flex; justify-content: space-between; align-items: baseline; margin-bottom: 2mm; font-size: 10.5pt; font-weight: 700; color: #262626; }
  .chart figcaption small { font-size: 8pt; font-weight: 400; color: #8c8c8c; }
  .chart svg { display: block; max-width: 100%; height: auto; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm; }
  .spacer { height: 4mm; }
  .empty { padding: 8mm 0; border-radius: 1.5mm; background: #fafafa; text-align: center; color: #bfbfbf; font-size: 10pt; }

  h3 { margin: 2mm 0 3mm; font-size: 10.5pt; font-weight: 700; color: #262626; break-after: avoid; }
  /* Separate borders: Chromium drops collapsed ones from the header it repeats. */
  table.awards { width: 100%; border-collapse: separate; border-spacing: 0; font-size: 9.5pt; }
  table.awards thead { display: table-header-group; }
  table.awards th { padding: 2mm 2.5mm; background: #f0f5ff; color: #262626; font-weight: 700; text-align: left; border-bottom: 0.4mm solid ${PRIMARY}; }
  table.awards td { padding: 1.8mm 2.5mm; border-bottom: 0.3mm solid #f0f0f0; }
  table.awards tr { break-inside: avoid; }
  table.awards tbody tr:nth-child(even) td { background: #fafafa; }
  table.awards .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  table.awards .rank, table.awards .zero { color: #bfbfbf; }
  table.awards .strong { font-weight: 700; color: ${PRIMARY}; }
  table.awards tr.totals td { font-weight: 700; background: #f0f5ff; border-top: 0.4mm solid #d6e4ff; }
</style></head>
<body>
<section class="cover">
  <div class="band">
    <div class="kicker">${t.subtitle}</div>
    <h1>${t.title}</h1>
    <div class="rule"></div>
  </div>
  <div class="body">
    <div class="name">${e(competition.name)}</div>
    <div class="org">${e(competition.organisation)}</div>
    <dl>
      <dt>${t.generatedAt}</dt><dd>${beijingMinute(input.generatedAt)}</dd>
      <dt>${t.dataAsOf}</dt><dd>${f.updatedAt ? beijingMinute(f.updatedAt) : '—'}</dd>
    </dl>
  </div>
</section>
${section(1, t.keyFigures, keyFigures(f, t))}
${section(
  2,
  t.trends,
  figure(t.signupsByDay, dayChart(f.signups.byDay, [{ name: t.signups, value: (d) => d.count }]), t) +
    figure(t.worksByDay, dayChart(f.works.byDay, [{ name: t.works, value: (d) => d.count }]), t),
)}
${section(
  3,
  t.distribution,
  `<div class="pair">${half(t.byEvent, by.event)}${half(t.byGrade, by.grade)}</div>` +
    top10(t.bySchool, by.school, t) +
    figure(t.byProvince, barChart(by.province, t), t) +
    top10(t.byCollege, by.college, t),
)}
${section(
  4,
  t.fees,
  figure(
    t.feesByDay,
    dayChart(
      f.fees.byDay,
      [
        { name: t.paidSeries, value: (d) => d.paidFen / 100 },
        { name: t.refundedSeries, value: (d) => d.refundedFen / 100 },
      ],
      true,
    ),
    t,
  ),
)}
${section(5, t.review, reviewSection(f.review, t))}
${section(6, t.awardsSection, figure(t.awardsByLevel, barChart(f.awards.byLevel, t), t) + `<h3>${t.awardsBySchool}</h3>` + awardTable(f.awards, t))}
</body></html>`;
}

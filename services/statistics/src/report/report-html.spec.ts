import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChromiumBrowser, printHtmlToPdf } from '@cmp/common';
import type { CompetitionFigures, FigureRow, Lang } from '@cmp/contracts';
import { reportHtml, type ReportInput } from './report-html';

const HOSTILE = '<b>A&B "大学"</b>';
const SCREENSHOTS = path.resolve(__dirname, '../../../../test-artifacts/screenshots');

/** [zh, en] names; the figures come in the report's language. */
type Named = [string, string, number];
const rows = (named: Named[], lang: Lang, key = (i: number) => String(i + 1)): FigureRow[] =>
  named.map(([zh, en, count], i) => ({ key: key(i), label: lang === 'en' ? en : zh, count }));
const sum = (list: { count: number }[]) => list.reduce((n, r) => n + r.count, 0);

const SCHOOLS: Named[] = [
  ['东南理工大学', 'Southeast Institute of Technology', 240],
  ['华东示范大学', 'East China Model University', 205],
  [HOSTILE, HOSTILE, 185],
  ['江南大学', 'Jiangnan University', 150],
  ['浙江工商大学', 'Zhejiang Gongshang University', 130],
  ['上海海事大学', 'Shanghai Maritime University', 110],
  ['安徽师范大学', 'Anhui Normal University', 95],
  ['山东科技大学', 'Shandong University of Science and Technology', 75],
  ['南京邮电大学', 'Nanjing University of Posts and Telecommunications', 60],
  ['宁波大学', 'Ningbo University', 45],
  ['苏州科技大学', 'Suzhou University of Science and Technology', 30],
  ['西部测试大学', 'Western Test University', 15],
];
const LEVELS: [string, string][] = [
  ['一等奖', 'First prize'],
  ['二等奖', 'Second prize'],
  ['三等奖', 'Third prize'],
];
/** Awards per school (by SCHOOLS index, -1: sign-ups without a school): first, second, third. */
const AWARDS: [number, number, number, number][] = [
  [0, 3, 5, 8],
  [2, 2, 4, 7],
  [1, 2, 3, 6],
  [3, 1, 3, 5],
  [4, 0, 2, 4],
  [5, 1, 1, 3],
  [7, 0, 1, 3],
  [-1, 0, 0, 2],
];

/** A competition of 1,340 sign-ups over ten days (one without any), 12 schools, fees and three award levels. */
function figures(lang: Lang): CompetitionFigures {
  const en = lang === 'en';
  const school = rows(SCHOOLS, lang);
  const days = (counts: number[], from: number) =>
    counts.map((count, i) => ({ day: `2026-03-${String(from + i).padStart(2, '0')}`, count })).filter((d) => d.count > 0);
  const paid = [30, 70, 110, 85, 50, 140, 190, 230, 290];
  const refunds: Record<number, number> = { 4: 20000, 8: 50000, 9: 3350 };
  const feeDays = paid.map((n, i) => ({
    day: `2026-03-${String(i + 1).padStart(2, '0')}`,
    paidCount: n,
    paidFen: n * 10000,
    refundCount: refunds[i + 1] ? Math.ceil(refunds[i + 1] / 10000) : 0,
    refundedFen: refunds[i + 1] ?? 0,
  }));
  const total = (k: 'paidCount' | 'paidFen' | 'refundCount' | 'refundedFen') => feeDays.reduce((n, d) => n + d[k], 0);
  const bySchool = AWARDS.map(([s, ...levels]) => ({
    key: s < 0 ? '' : String(s + 1),
    label: s < 0 ? '' : school[s].label,
    total: levels.reduce((a, b) => a + b, 0),
    levels: Object.fromEntries(LEVELS.map(([zh], i) => [zh, levels[i]])),
  }));
  const byLevel = LEVELS.map(([zh, enName], i) => ({ key: zh, label: en ? enName : zh, count: AWARDS.reduce((n, a) => n + a[i + 1], 0) }));
  return {
    competitionId: 7,
    signups: {
      total: sum(school),
      today: 330,
      pending: 86,
      byDay: days([35, 80, 120, 95, 60, 0, 150, 210, 260, 330], 1),
      by: {
        event: rows(
          [
            ['人工智能赛道', 'AI track', 620],
            ['智能硬件赛道', 'Smart hardware', 430],
            ['创新创业赛道', 'Innovation & entrepreneurship', 290],
          ],
          lang,
        ),
        school,
        province: rows(
          [
            ['江苏省', 'Jiangsu', 410],
            ['浙江省', 'Zhejiang', 300],
            ['上海市', 'Shanghai', 250],
            ['安徽省', 'Anhui', 180],
            ['山东省', 'Shandong', 120],
            ['', '', 80],
          ],
          lang,
        ),
        grade: rows(
          [
            ['大三', 'Year 3', 420],
            ['大二', 'Year 2', 380],
            ['大四', 'Year 4', 250],
            ['大一', 'Year 1', 210],
            ['研究生', 'Postgraduate', 60],
            ['', '', 20],
          ],
          lang,
        ),
        college: rows(
          [
            ['计算机科学与技术学院', 'School of Computer Science', 260],
            ['电子信息工程学院', 'School of Electronic Information', 210],
            ['机械工程学院', 'School of Mechanical Engineering', 170],
            ['经济管理学院', 'School of Economics and Management', 150],
            ['自动化学院', 'School of Automation', 120],
            ['数学与统计学院', 'School of Mathematics and Statistics', 100],
            ['', '', 90],
            ['设计艺术学院', 'School of Design', 70],
            ['物理学院', 'School of Physics', 60],
            ['化学化工学院', 'School of Chemistry', 50],
            ['外国语学院', 'School of Foreign Languages', 40],
            ['马克思主义学院', 'School of Marxism', 20],
          ],
          lang,
        ),
        major: [],
      },
    },
    works: { submitted: 912, today: 257, byDay: days([40, 95, 130, 180, 210, 257], 4) },
    fees: {
      paidCount: total('paidCount'),
      paidFen: total('paidFen'),
      refundCount: total('refundCount'),
      refundedFen: total('refundedFen'),
      netFen: total('paidFen') - total('refundedFen'),
      today: { paidFen: 2900000, refundedFen: 3350 },
      byDay: feeDays,
    },
    awards: { total: sum(byLevel), byLevel, bySchool },
    review: [
      {
        roundId: 3,
        roundName: lang === 'en' ? 'Final <round>' : '决赛<评审>',
        assigned: 120,
        submitted: 90,
        byGroup: [],
        byExpert: [],
        scores: [60, 70, 80, 90].map((band, i) => ({ key: String(band), label: String(band), count: [8, 30, 40, 12][i] })),
        votes: { total: 1520, late: 31, top: [{ key: '7', label: lang === 'en' ? 'Smart campus' : '智慧校园', count: 640 }] },
        checkIn: { queued: 30, checkedIn: 28, late: 3, absent: 2, presented: 25 },
      },
    ],
    updatedAt: '2026-03-10T07:45:12.000Z',
  };
}

const EMPTY: CompetitionFigures = {
  competitionId: 8,
  signups: { total: 0, today: 0, pending: 0, byDay: [], by: { event: [], school: [], college: [], major: [], grade: [], province: [] } },
  works: { submitted: 0, today: 0, byDay: [] },
  fees: { paidCount: 0, paidFen: 0, refundCount: 0, refundedFen: 0, netFen: 0, today: { paidFen: 0, refundedFen: 0 }, byDay: [] },
  awards: { total: 0, byLevel: [], bySchool: [] },
  review: [],
  updatedAt: null,
};

const NAMES: Record<Lang, ReportInput['competition']> = {
  'zh-CN': { name: '2026 年全国大学生创新创业大赛', organisation: '华东示范大学' },
  en: { name: '2026 National Student Innovation Contest', organisation: 'East China Model University' },
};

const input = (lang: Lang, f = figures(lang)): ReportInput => ({ lang, competition: NAMES[lang], figures: f, generatedAt: new Date('2026-03-10T08:30:00Z') });

/** pdftotext's words run together, as a reader searching the report would find them. */
const flat = (text: string) => text.replace(/\s+/g, '');

describe('reportHtml', () => {
  it('escapes what data holds and draws every chart that has rows', () => {
    const html = reportHtml(input('zh-CN'));
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;A&amp;B &quot;大学&quot;&lt;/b&gt;');
    // Eleven charts: two days, event, grade, school, province, college, fees, a round's scores and votes, award levels.
    expect(html.match(/<svg /g)).toHaveLength(11);
    // The round's progress, its name escaped.
    expect(html).toContain('决赛&lt;评审&gt;');
    expect(html).toContain('75%');
    expect(html).toContain('28 / 30'); // checked in of queued
    expect(html).toContain('未填写');
    expect(html).toContain('2026-03-10 16:30'); // generated, Beijing time
    expect(html).toContain('2026-03-10 15:45'); // data as of
    expect(html).not.toContain('暂无数据');
  });

  it('keeps a hostile competition name out of the markup and the footer style', () => {
    const name = `</style><script>alert("x")</script> & '赛'`;
    const html = reportHtml({ ...input('en'), competition: { name, organisation: '<i>Org</i>' } });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<i>');
    // The head's style ends once, where it should (the charts' SVGs hold styles of their own).
    expect(html.slice(0, html.indexOf('<body>')).match(/<\/style>/g)).toHaveLength(1);
  });

  it('shows no-data text for empty figures', () => {
    const zh = reportHtml(input('zh-CN', EMPTY));
    expect(zh).not.toContain('<svg');
    expect(zh.match(/暂无数据/g)).toHaveLength(9);
    expect(zh).toContain('暂无获奖数据');
    expect(zh).toContain('暂无评审');
    expect(zh).toMatch(/数据截至（北京时间）<\/dt><dd>—/);
    expect(reportHtml(input('en', EMPTY))).toContain('No awards yet');
  });

  describe('printed', () => {
    const chromium = new ChromiumBrowser(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    afterAll(() => chromium.close());

    /** The report printed: its text, and its first two pages as PNGs under test-artifacts/screenshots. */
    async function print(lang: Lang): Promise<string> {
      const pdf = await printHtmlToPdf(chromium, reportHtml(input(lang)));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
      try {
        const file = path.join(dir, 'report.pdf');
        fs.writeFileSync(file, pdf);
        execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', file, path.join(dir, 'page')]);
        fs.mkdirSync(SCREENSHOTS, { recursive: true });
        const pages = fs.readdirSync(dir).filter((n) => n.endsWith('.png')).sort();
        pages.forEach((n, i) => fs.copyFileSync(path.join(dir, n), path.join(SCREENSHOTS, `report-${lang}-${i + 1}.png`)));
        expect(pages).toHaveLength(2);
        return flat(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    it('in Chinese', async () => {
      const text = await print('zh-CN');
      for (const s of [NAMES['zh-CN'].name, '数据报告', '报名总数', '1,340', '实收（元）', '118,766.50', '东南理工大学', HOSTILE, '各学校获奖情况', '未填写']) {
        expect(text).toContain(flat(s));
      }
    });

    it('in English', async () => {
      const text = await print('en');
      for (const s of [NAMES.en.name, 'Competition report', 'Sign-ups', '1,340', 'Net (yuan)', '118,766.50', 'Southeast Institute of Technology', 'Awards by school', 'Not given']) {
        expect(text).toContain(flat(s));
      }
      expect(text).not.toContain('报名总数');
    });
  });
});

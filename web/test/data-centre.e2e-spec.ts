import type { Page, Target } from 'puppeteer-core';
import type { CompetitionDetail, CompetitionFigures, PayReply, ReportItem, RunningCompetition, Signup } from '@cmp/contracts';
import { api, freshIp, login, upload } from '../../services/gateway/test/support/api';
import { pdfText } from '../../services/gateway/test/support/certificates';
import { dropStudents, makeCompetition, makeStudents, PDF, sql } from '../../services/gateway/test/support/enroll';
import { ALIPAY_URL, waitFor } from '../../services/gateway/test/support/platform';
import { reviewRound } from '../../services/gateway/test/support/review-rounds';
import { answered, choose, chooseOrganisation, click, loadsIn, loginWithPassword, open, useBrowser, waitForPath, waitForText } from './support/browser';

/**
 * 云统计: a competition's figures as charts and tables, exported, on a phone and in English; 数据预览: the sign-ups under a
 * bar; 数据报告: the competition's report made in the background and downloaded.
 */
describe('data centre: cloud statistics', () => {
  const b = useBrowser('data-centre');
  let c: CompetitionDetail;
  let admin1: string;

  beforeAll(async () => {
    admin1 = await login('admin1');
    c = await makeCompetition(admin1, { name: `云统计测试赛 ${Date.now()}`, nameEn: 'Figures Open', items: [['A组', 100, 0, 'Group A'], ['B组', 100, 0, 'Group B'], ['收费组', 100, 8800, 'Paid group']] });
    const students = await makeStudents(6, `cloud${Date.now().toString(36)}`);
    const profiles = [
      { schoolId: 1, college: '计算机学院', grade: '2023级' },
      { schoolId: 1, college: '计算机学院', grade: '2024级' },
      { schoolId: 3, college: '数学学院', grade: '2023级' },
      { schoolId: 3 },
      { college: '外语学院' },
    ];
    for (const [i, s] of students.slice(0, 5).entries()) {
      const r = await api<Signup>('/web/enroll/signUp', { token: s.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[i % 2].id, type: 1, profile: { realName: `云${i}`, ...profiles[i] } } });
      if (r.code !== 0) throw new Error(`sign-up: ${r.msg}`);
      if (i > 0) continue;
      // The first one's work is submitted, and wins a first prize (as the enrollment service keeps a published award).
      await sql(
        `INSERT INTO enrollment.signup_awards (signup_id, round_id, round_name, work_id, level, level_en, rank, published_at, appeal_until)
         VALUES ($1, $2, '决赛', 0, '一等奖', 'First prize', 1, now(), now())`,
        [r.data.id, 800000 + (c.id % 100000)],
      );
      const as = { token: s.token, ip: freshIp() };
      const work = await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: r.data.id, title: '云统计作品', summary: '' } });
      await upload(`/web/work/file/upload?workId=${work.data.id}`, s.token, PDF, '作品.pdf');
      if ((await api('/web/work/submit', { ...as, body: { id: work.data.id } })).code !== 0) throw new Error('work submit failed');
    }
    // The sixth pays its fee at Alipay's cashier (the sandbox).
    const payer = students[5];
    const signup = await api<Signup>('/web/enroll/signUp', { token: payer.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[2].id, type: 1, profile: { realName: '云缴费', schoolId: 1 } } });
    const pay = await api<PayReply>('/alipay/payment/pay', { token: payer.token, ip: freshIp(), body: { signupId: signup.data.id, channel: 'qr' } });
    await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: pay.data.orderNo }) });
    // A review round: one sheet submitted of two.
    await reviewRound(c, { name: '云评审', groupName: '云评审组', sheets: { 云专家: { 1: 88, 2: 'draft' } } });
    // A second round whose final scores are computed (score version 1) and published (as the review service keeps it).
    const final = await reviewRound(c, { name: '云终评', groupName: '云终评组', sheets: { 云终评专家: { 1: 92, 2: 75 } } });
    const made = await api<{ version: { id: number } }>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: final.roundId } });
    if (made.code !== 0) throw new Error(`final scores: ${made.code} ${made.msg}`);
    await waitFor('the score version to be computed', async () => (await api<{ status: string }>(`/review/comment/result/version?id=${made.data.version.id}`, { token: admin1 })).data.status === 'done');
    await sql(`INSERT INTO review.award_sets (round_id, version_id, levels, confirmed_by) VALUES ($1, $2, '[]', 'test')`, [final.roundId, made.data.version.id]);
    await sql(`INSERT INTO review.publications (round_id, version_id, published_by, appeal_until) VALUES ($1, $2, 'test', now() + interval '1 day')`, [final.roundId, made.data.version.id]);
    // The read model has the six, the fee, the rounds and the published version (its events arrive within a moment).
    await waitFor('the figures', async () => {
      const f = (await api<CompetitionFigures>(`/statistics/competition?competitionId=${c.id}`, { token: admin1 })).data;
      return (
        f?.signups.total === 6 && f.works.submitted === 1 && f.fees.paidFen === 8800 && f.awards.total === 1 && f.review[0]?.submitted === 1 && !!f.review[1]?.scoreVersion?.published
      );
    });
  }, 120000);
  afterAll(dropStudents);

  for (const lang of ['zh-CN', 'en'] as const) {
    b.it(`shows a competition's figures as charts and tables, each exportable (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const page = await b.newPage();
      await loadsIn(page, lang);
      const running = answered(page, 'GET /dashboard/competitions');
      await loginWithPassword(page, 'admin1');
      await chooseOrganisation(page, '华东示范大学');
      await waitForPath(page, '/dashboard/index');
      // The workbench lists the newest published competitions with their figures, each opening its statistics.
      const [first] = ((await (await running).json()) as { data: RunningCompetition[] }).data;
      await waitForText(page, [zh ? '进行中的竞赛' : 'Running competitions', zh ? '报名' : 'Sign-ups', first.nameEn && !zh ? first.nameEn : first.name], '[data-testid="running-competitions"]');
      await page.$eval('[data-testid="running-competitions"]', (el) => el.scrollIntoView());
      await b.shot(page, `workbench-running-${lang}`);
      await click(page, `[data-testid="running-competitions"] tr[data-row-key="${first.competitionId}"] a[href^="/database/cloud"]`);
      await waitForPath(page, '/database/cloud');
      expect(new URL(page.url()).search).toBe(`?competitionId=${first.competitionId}`);
      // Without a competition: all the organisation's together, each competition listed, opening its own figures.
      await open(page, '/database/cloud');
      await waitForText(page, zh ? '全部竞赛（含下级机构）' : 'All competitions (subordinates included)', '[data-testid="figure-competition"]');
      await waitForText(page, [zh ? '各竞赛报名' : 'Sign-ups per competition', zh ? c.name : 'Figures Open'], '[data-figure="competitions"]');
      await b.shot(page, `cloud-all-${lang}`);
      await click(page, `[data-figure="competitions"] tr[data-row-key="${c.id}"] a`);
      await waitForPath(page, '/database/cloud');
      expect(new URL(page.url()).search).toBe(`?competitionId=${c.id}`);
      await waitForText(page, [zh ? '报名总数' : 'Sign-ups', '6', zh ? '今日报名' : 'Today', zh ? '已提交作品' : 'Works submitted', zh ? '缴费金额' : 'Fees paid', '¥88.00'], '.data-centre__totals');
      await waitForText(page, [zh ? '按学校' : 'By school', zh ? '南开大学' : 'Nankai'], '[data-figure="school"]');
      // Every figure drawn (SVG), the breakdowns as bars with their counts.
      expect(await page.$$eval('[data-figure] .ant-card-body svg', (els) => els.length)).toBe(11);
      // Review: a round's scores as bars, saying where they come from: the last round (shown first) its published score
      // version's final scores, the other its sheets' totals (no version computed).
      const source = '[data-figure="review"] [data-testid="score-source"]';
      const [published, sheets] = zh ? ['第 1 版成绩 · 已公布', '评分表合计 · 尚未计算成绩'] : ['Score version 1 · published', 'Sheet totals · no score version yet'];
      await waitForText(page, [zh ? '成绩来源' : 'Scores from', published], source);
      await page.$eval('[data-figure="review"]', (el) => el.scrollIntoView());
      await b.shot(page, `cloud-review-version-${lang}`);
      await click(page, '[data-figure="review"] .ant-card-body .ant-segmented-item', '云评审');
      await waitForText(page, sheets, source);
      // Its progress as a table, where each round's scores come from, by group and expert once opened.
      await click(page, '[data-figure="review"] .ant-card-extra .ant-segmented-item:nth-child(2)');
      await waitForText(page, [zh ? '评审轮次' : 'Round', '云评审', '1 / 2', sheets, '云终评', '2 / 2', published], '[data-figure="review"] .ant-table');
      await click(page, '[data-figure="review"] .ant-table-row-expand-icon');
      await waitForText(page, ['云评审组', '云专家', '88.00'], '[data-figure="review"] .ant-table');
      await page.$eval('[data-figure="review"]', (el) => el.scrollIntoView());
      await b.shot(page, `cloud-review-${lang}`);
      // Awards by level, and by school and level as a table.
      await waitForText(page, [zh ? '获奖（共 1 项）' : 'Awards (1)', zh ? '一等奖' : 'First prize'], '[data-figure="awards"]');
      await click(page, '[data-figure="awards"] .ant-segmented-item:nth-child(2)');
      await waitForText(page, [zh ? '学校' : 'School', zh ? '一等奖' : 'First prize', zh ? '合计' : 'Total', zh ? '北京大学' : 'Peking'], '[data-figure="awards"] .ant-table');
      await page.$eval('[data-figure="awards"]', (el) => el.scrollIntoView());
      await b.shot(page, `cloud-awards-${lang}`);
      // Fees per day as a table: today's payment, and its export.
      await click(page, '[data-figure="fees"] .ant-segmented-item:nth-child(2)');
      await waitForText(page, [zh ? '缴费笔数' : 'Payments', '¥88.00'], '[data-figure="fees"] .ant-table');
      const fees = answered(page, `/statistics/competition/export?competitionId=${c.id}&dimension=fees`);
      await click(page, '[data-figure="fees"] .ant-card-extra button');
      expect(decodeURIComponent((await fees).headers()['content-disposition'])).toContain(zh ? `缴费统计-${c.id}.xlsx` : `fees-${c.id}.xlsx`);
      await waitForText(page, [zh ? 'A组' : 'Group A', zh ? 'B组' : 'Group B'], '[data-figure="event"]');
      await b.shot(page, `cloud-${lang}`);

      // The table view lists every row; a sign-up without a school says so.
      await click(page, '[data-figure="school"] .ant-segmented-item:nth-child(2)');
      await waitForText(page, [zh ? '学校' : 'School', zh ? '报名数' : 'Sign-ups', zh ? '未填写' : 'Not given'], '[data-figure="school"] .ant-table');
      await b.shot(page, `cloud-table-${lang}`);

      const exported = answered(page, `/statistics/competition/export?competitionId=${c.id}&dimension=school`);
      await click(page, '[data-figure="school"] .ant-card-extra button');
      const file = await exported;
      expect(file.headers()['content-type']).toContain('spreadsheetml');
      expect(decodeURIComponent(file.headers()['content-disposition'])).toContain(zh ? `报名统计-学校-${c.id}.xlsx` : `sign-ups-School-${c.id}.xlsx`);

      // A row opens 数据预览 on the sign-ups it counts: here the one without a school.
      await click(page, '[data-figure="school"] .ant-table a', zh ? '未填写' : 'Not given');
      await waitForPath(page, '/database/preview');
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ competitionId: String(c.id), dimension: 'school', key: '' });
      const preview = '.system-page .ant-table-tbody';
      await waitForText(page, [zh ? '数据预览' : 'Data preview', zh ? '按学校' : 'By school', zh ? '未填写 (1)' : 'Not given (1)'], '.system-page');
      await waitForText(page, ['外语学院', zh ? '待审核' : 'Pending'], preview);
      expect(await page.$$eval(`${preview} tr.ant-table-row`, (rows) => rows.length)).toBe(1);
      await b.shot(page, `preview-bar-${lang}`);
      const rowsFile = answered(page, '/statistics/competition/rows/export');
      await click(page, '[data-testid="preview-export"]');
      expect(decodeURIComponent((await rowsFile).headers()['content-disposition'])).toContain(zh ? `数据预览-${c.id}.xlsx` : `sign-ups-${c.id}.xlsx`);
      // Filters from the address: the one work submitted, under no figure.
      await open(page, `/database/preview?competitionId=${c.id}&workSubmitted=1`);
      await waitForText(page, [zh ? '已提交' : 'Submitted', '计算机学院'], '.system-page');
      await waitForText(page, zh ? '共 1 条' : '1', '.ant-pagination');
      expect(await page.$$eval(`${preview} tr.ant-table-row`, (rows) => rows.length)).toBe(1);

      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await open(page, `/database/cloud?competitionId=${c.id}`);
      await waitForText(page, zh ? '按省份' : 'By province', '[data-figure="province"]');
      await b.shot(page, `cloud-phone-${lang}`);
      // The round switch and the scores' source wrap under each other on a phone.
      await waitForText(page, published, source);
      await page.$eval('[data-figure="review"]', (el) => el.scrollIntoView());
      await b.shot(page, `cloud-review-phone-${lang}`);
      await open(page, `/database/preview?competitionId=${c.id}&dimension=college&key=${encodeURIComponent('计算机学院')}`);
      await waitForText(page, ['计算机学院', '2024级'], '.system-page .ant-table-tbody');
      await b.shot(page, `preview-phone-${lang}`);
      await page.close();
    });

    b.it(`makes a competition's report in the background and downloads it when done (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const page = await b.newPage();
      await loadsIn(page, lang);
      await loginWithPassword(page, 'admin1');
      await chooseOrganisation(page, '华东示范大学');
      await waitForPath(page, '/dashboard/index');
      await open(page, '/database/report');
      await waitForText(page, [zh ? '数据报告' : 'Reports', zh ? '生成竞赛数据报告' : "Make a competition's report"], '.system-page');
      await choose(page, '[data-testid="report-competition"]', zh ? c.name : 'Figures Open');
      // The report in the interface's language unless another is chosen: here the other one.
      await click(page, '[data-testid="report-lang"] label', zh ? 'English' : '中文');
      const made = (await (await click(page, '[data-testid="report-make"]', { answer: 'POST /statistics/reports' }))!.json()) as { data: ReportItem };
      expect(made.data).toMatchObject({ competitionId: c.id, lang: zh ? 'en' : 'zh-CN' });
      await waitForText(page, zh ? '已加入生成队列' : 'Queued', '.ant-message');
      // The row moves on by itself until it is done, then downloads.
      const row = `.system-page .ant-table-tbody tr[data-row-key="${made.data.id}"]`;
      await waitForText(page, [zh ? 'Figures Open' : c.name, zh ? '已完成' : 'Done', 'KB'], row, 120000);
      await b.shot(page, `report-${lang}`);
      const file = answered(page, `/statistics/reports/${made.data.id}/file`);
      await click(page, `${row} [data-testid="report-download"]`);
      expect((await file).headers()['content-type']).toBe('application/pdf');
      // Each round's score distribution says where it comes from, in the report's language.
      const pdf = pdfText((await api<Buffer>(`/statistics/reports/${made.data.id}/file`, { token: admin1 })).data).text.replace(/\s+/g, '');
      for (const words of zh ? ['Scores from score version 1 · published', 'Scores from sheet totals · no score version yet'] : ['成绩来源：第 1 版成绩 · 已公布', '成绩来源：评分表合计 · 尚未计算成绩']) {
        expect([words, pdf.includes(words.replace(/\s+/g, ''))]).toEqual([words, true]);
      }

      // 预览 opens the PDF viewer in a new tab, through a signed link that needs no login.
      const opened = new Promise<Page>((resolve) => page.browser().once('targetcreated', (t: Target) => void t.page().then((p) => resolve(p!))));
      await click(page, `${row} [data-testid="report-preview"]`, { answer: `/statistics/reports/${made.data.id}/link` });
      const viewer = await opened;
      await viewer.waitForFunction(() => location.pathname === '/preview', { timeout: 20000 });
      await waitForText(viewer, [zh ? '数据报告 · Figures Open' : `Reports · ${c.name}`, zh ? '此预览链接将于' : 'This preview link ends'], '.pdf-preview');
      const src = (await viewer.$eval('[data-testid="pdf-frame"]', (f) => f.getAttribute('src')))!;
      expect(await viewer.evaluate(async (u) => (await fetch(u, { credentials: 'omit' })).headers.get('content-type'), src)).toBe('application/pdf');
      await b.shot(viewer, `report-preview-${lang}`);
      await open(viewer, `/preview/detail?src=${encodeURIComponent(src)}`);
      await waitForText(viewer, [zh ? '文件名' : 'File name', '.pdf'], '.pdf-preview__details');
      // A changed link is refused in words, not shown as a broken file.
      await open(viewer, `/pdf?src=${encodeURIComponent(src.replace(/([?&]s=)[^&]+/, '$1forged'))}`);
      await waitForText(viewer, [zh ? '无法预览' : 'Cannot preview', zh ? '预览链接无效或已过期' : 'not valid or has expired']);
      await viewer.close();

      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await open(page, '/database/report');
      await waitForText(page, zh ? '已完成' : 'Done', row);
      await b.shot(page, `report-phone-${lang}`);
      await page.close();
    });
  }
});

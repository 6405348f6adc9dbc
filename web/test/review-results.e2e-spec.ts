import type { Page } from 'puppeteer-core';
import type { AwardPreset, CompetitionDetail, ExpertSaveReply, Round } from '@cmp/contracts';
import { api, firstLogin, freshIp, login, upload, type Reply } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, type Student } from '../../services/gateway/test/support/enroll';
import { choose, chooseOrganisation, click, fill, loginWithPassword, open, storedToken, textOf, useBrowser, waitForText } from './support/browser';
import { tableProblems } from './support/layout';

/**
 * Results in Chromium: the organiser computes a round's final scores (the version runs in the review worker),
 * reads the experts' calibration, promotes the best works, awards levels and publishes; the participant sees the
 * award and its message in the personal centre; visitors see the winners on the public competition page; English.
 */
const run = String(Date.now()).slice(-6);
const COLUMNS = [
  { name: '创新性', max: 50, step: 0.5, weight: 50, rubric: '' },
  { name: '完成度', max: 50, step: 0.5, weight: 50, rubric: '' },
];
const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';

function ok<T>(r: Reply<T>, what: string): T {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

describe('results in the browser (评审结果, 淘汰晋级, 我的获奖, the public ranking)', () => {
  const b = useBrowser('review-results');
  const titles = [`光伏座椅${run}`, `智能药盒${run}`, `节水花园${run}`];
  const expertNames = [1, 2, 3].map((i) => `结果专家${i}${run.slice(-3)}`);
  let competition: CompetitionDetail;
  let round: Round;
  let authors: Student[];
  let admin: Page;
  const workIds: number[] = [];

  beforeAll(async () => {
    const admin1 = await login('admin1');
    competition = await makeCompetition(admin1, { name: `成绩公布赛${run}` });
    authors = await makeStudents(3, `rsl${run}`);
    for (const [i, s] of authors.entries()) {
      const as = { token: s.token, ip: freshIp() };
      const body = { competitionId: competition.id, itemId: competition.items[0].id, type: 1, profile: { realName: `获奖作者${i + 1}`, schoolName: '华东示范大学' }, teachers: [] };
      const signup = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up');
      const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: signup.id, title: titles[i], summary: '' } }), 'work');
      ok(await api('/enroll/signup/check', { token: admin1, body: { id: signup.id, approve: true } }), 'approve');
      ok(await upload(`/web/work/file/upload?workId=${work.id}`, s.token, PDF, '计划书.pdf'), 'upload');
      ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit');
      workIds.push(work.id);
    }
    const experts: { id: number; token: string }[] = [];
    for (const [i, name] of expertNames.entries()) {
      const saved = ok(await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name, phone: `137${run}${String(i).padStart(2, '0')}`, unit: '社会专家' } }), 'expert');
      experts.push({ id: saved.id, token: await firstLogin(saved.credential!) });
    }
    round = ok(
      await api<Round>('/review/round/save', { token: admin1, body: { competitionId: competition.id, name: `决赛${run}`, type: 'online', expertsPerWork: 3, scoreColumns: COLUMNS, excludeOwnOrganisation: false } }),
      'round',
    );
    ok(await api('/review/round/works/sync', { token: admin1, body: { id: round.id } }), 'sync');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: round.id, name: '一组', expertIds: experts.map((e) => e.id), captainExpertId: experts[0].id } }), 'group');
    ok(await api('/review/distribution/run', { token: admin1, body: { roundId: round.id } }), 'run');
    for (;;) {
      const p = ok(await api<{ status: string } | null>(`/review/distribution/progress?roundId=${round.id}`, { token: admin1 }), 'progress');
      if (p && p.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    ok(await api('/review/round/open', { token: admin1, body: { id: round.id } }), 'open');
    // Totals out of 100: the first work 90, 85, 80; the second 75, 70, 95; the third 60, 65, 20 (the third expert harsh).
    const totals = [
      [90, 85, 80],
      [75, 70, 95],
      [60, 65, 20],
    ];
    for (const [w, workId] of workIds.entries()) {
      for (const [e, expert] of experts.entries()) {
        const [{ id: assignmentId }] = ok(await api<{ list: { assignmentId: number; workId: number }[] }>(`/review/mine/page?roundId=${round.id}&pageSize=50`, { token: expert.token }), 'mine').list
          .filter((x) => x.workId === workId)
          .map((x) => ({ id: x.assignmentId }));
        const half = totals[w][e] / 2;
        ok(await api('/review/sheet/submit', { token: expert.token, body: { assignmentId, scores: [half, half], comment: '好', version: 0 } }), 'sheet');
      }
    }
    admin = await b.newPage();
    await loginWithPassword(admin, 'admin1');
    await chooseOrganisation(admin, '华东示范大学');
    await admin.waitForSelector('.back-layout .sidebar');
  }, 240_000);

  afterAll(dropStudents);

  b.it('computes the round by median in the worker and shows every work with its experts, then the calibration', async () => {
    await open(admin, `/review/result?competitionId=${competition.id}&roundId=${round.id}`);
    await waitForText(admin, ['评审结果', '成绩计算', '还没有计算版本'], '.back-layout__main');
    await click(admin, '[data-testid="method-select"]');
    await click(admin, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', '中位数');
    await click(admin, '[data-testid="calculate"]', { answer: 'POST /review/comment/result/finalScoreCalculation' });
    // The worker finishes the version; the screen follows it and shows the scores: 85, 75, 60 by median.
    await waitForText(admin, ['第 1 版', '中位数', '已完成', titles[0], '85.00', titles[1], '75.00', titles[2], '60.00', expertNames[2]], '.back-layout__main', 30_000);
    await waitForText(admin, '争议', '.back-layout__main'); // the third work's 65 − 20 and the second's 95 − 70 exceed 20
    await b.shot(admin, 'results-scores-zh');
    await click(admin, '.ant-tabs-tab', '专家校准');
    await waitForText(admin, ['校准均值', ...expertNames], '[data-testid="calibration-table"]');
    // Each flag says what it is measured against, with the figures: the mean difference over the shared works and σ.
    await waitForText(admin, ['与同作品其他专家的平均差', '（3 件共评）'], '[data-testid="calibration-table"]');
    await waitForText(admin, ['“评分偏离”的判定', '全轮成绩标准差 σ = '], '[data-testid="calibration-rule"]');
    await b.shot(admin, 'results-calibration-zh');
  }, 90_000);

  b.it('promotes the top two (淘汰晋级), then awards and publishes', async () => {
    await open(admin, `/review/elimination?competitionId=${competition.id}&roundId=${round.id}`);
    await waitForText(admin, ['淘汰晋级', '晋级规则'], '.back-layout__main');
    const value = await admin.waitForSelector('.back-layout__main input#value');
    await value!.click({ clickCount: 3 });
    await value!.type('2');
    await click(admin, '[data-testid="promotion-preview"]', { answer: 'POST /review/comment/result/promotion/preview' });
    await waitForText(admin, ['晋级 2 件，淘汰 1 件', titles[0], titles[2]], '.back-layout__main');
    await click(admin, '[data-testid="promotion-confirm"]', { answer: 'POST /review/comment/result/promotion/preview' });
    await waitForText(admin, '确认本轮晋级名单', '.ant-modal');
    await click(admin, '.ant-modal .ant-btn-primary', { answer: 'POST /review/comment/result/promotion/confirm' });
    await waitForText(admin, ['晋级 2 件，淘汰 1 件', '确认'], '.back-layout__main .ant-alert-success');
    await b.shot(admin, 'elimination-zh');

    // A preset from 奖励管理 fills the levels: of the two promoted works, one 金奖 and one 银奖.
    const levels = [{ name: '金奖', nameEn: 'Gold', rule: 'count', value: 1 }, { name: '银奖', nameEn: 'Silver', rule: 'count', value: 1 }];
    const preset = await api<AwardPreset>('/review/award-preset/save', { token: await storedToken(admin), body: { name: `金银奖 ${Date.now()}`, levels } });
    await open(admin, `/review/result?competitionId=${competition.id}&roundId=${round.id}`);
    await click(admin, '.ant-tabs-tab', '奖项评定');
    await choose(admin, '[data-testid="award-preset"]', preset.data.name);
    await click(admin, '[data-testid="award-preview"]', { answer: 'POST /review/comment/result/award/preview' });
    await waitForText(admin, ['金奖 1 项', '银奖 1 项'], '.back-layout__main');
    await open(admin, `/review/result?competitionId=${competition.id}&roundId=${round.id}`);
    await click(admin, '.ant-tabs-tab', '奖项评定');
    // The default levels (5/10/15/20/30 %) over the two promoted works: 50 % of 2 is one 三等奖, 80 % still one; the
    // eliminated work wins nothing and says why.
    await click(admin, '[data-testid="award-preview"]', { answer: 'POST /review/comment/result/award/preview' });
    await waitForText(admin, ['特等奖 0 项', '三等奖 1 项', '优秀奖 0 项', '淘汰'], '.back-layout__main');
    // Eliminated works included: 80 % of 3 gives a 优秀奖 too, and two winners of three works is a warning.
    await click(admin, '.back-layout__main label', '淘汰作品也参与评奖');
    await click(admin, '[data-testid="award-preview"]', { answer: 'POST /review/comment/result/award/preview' });
    await waitForText(admin, ['三等奖 1 项', '优秀奖 1 项', '获奖作品超过赛项作品数的一半', '3 件作品中 2 件获奖'], '.back-layout__main');
    await b.shot(admin, 'awards-many-winners-zh');
    await click(admin, '.back-layout__main label', '淘汰作品也参与评奖');
    await click(admin, '[data-testid="award-preview"]', { answer: 'POST /review/comment/result/award/preview' });
    await waitForText(admin, ['三等奖 1 项', '优秀奖 0 项'], '.back-layout__main');
    await click(admin, '[data-testid="award-confirm"]');
    await click(admin, '.ant-modal .ant-btn-primary', { answer: 'POST /review/comment/result/award/confirm' });
    await waitForText(admin, '奖项已确认', '.back-layout__main .ant-tag');
    // The round is still open: publishing says so and asks why to go on; the reason stays with the publication.
    await click(admin, '[data-testid="publish"]', { answer: 'GET /review/comment/result/publish/readiness' });
    await waitForText(admin, ['本轮评审尚未完成', '轮次仍在评审中'], '.ant-modal');
    await b.shot(admin, 'results-publish-unfinished-zh');
    await fill(admin, '.ant-modal input', '专家已全部提交，现场确认');
    await click(admin, '.ant-modal .ant-btn-primary', { text: '仍要公布', answer: 'POST /review/comment/result/publish' });
    await waitForText(admin, ['已于', '复议截止', '专家已全部提交，现场确认'], '.back-layout__main');
    await b.shot(admin, 'results-published-zh');

    // 获奖列表: the round's event with its level counts, opening its winners.
    await open(admin, `/competitionReward/list?competitionId=${competition.id}`);
    await waitForText(admin, ['获奖列表', `决赛${run}`, '三等奖 1 项'], '.back-layout__main');
    await b.shot(admin, 'award-list-zh');
    await click(admin, '[data-testid="award-list-winners"]');
    await waitForText(admin, ['获奖明细', titles[0], '三等奖', `决赛${run}`], '.back-layout__main');
    expect(new URL(admin.url()).searchParams.get('roundId')).toBe(String(round.id));
    await open(admin, `/competitionReward/detailedList`);
    await waitForText(admin, ['获奖明细', titles[0], '三等奖', `决赛${run}`], '.back-layout__main');
    // The list may span competitions: each row names its own.
    await waitForText(admin, `成绩公布赛${run}`, '.ant-table-tbody');
    expect(await tableProblems(admin, '.back-layout__main')).toEqual([]);
    await admin.setViewport({ width: 1280, height: 900 });
    expect(await tableProblems(admin, '.back-layout__main')).toEqual([]);
    await b.shot(admin, 'reward-list-1280');
    await admin.setViewport({ width: 1440, height: 900 });
    await b.shot(admin, 'reward-list-zh');
  }, 120_000);

  b.it('shows the participant the award and its message, and visitors the winners on the public page; English', async () => {
    const page = await b.newPage();
    await loginWithPassword(page, authors[0].username);
    await chooseOrganisation(page, '华东示范大学');
    await open(page, '/center/reward');
    await waitForText(page, ['我的获奖', '三等奖', titles[0], '第 1 名', '申请复议'], '[data-testid="my-awards"]');
    await b.shot(page, 'my-awards-zh');
    await open(page, '/center/set');
    await waitForText(page, ['恭喜获奖', '三等奖'], '[data-testid="messages"]');

    await open(page, `/home/competition/details?id=${competition.id}`);
    await click(page, '.site-detail__tabs .ant-tabs-tab', '获奖名单');
    await waitForText(page, [`决赛${run}`, titles[0], '三等奖'], '[data-testid="public-ranking"]');
    await b.shot(page, 'public-ranking-zh');

    await click(page, '.home__header', 'English');
    await click(page, '.site-detail__tabs .ant-tabs-tab', 'Winners');
    await waitForText(page, ['Rank', 'Award', titles[0]], '[data-testid="public-ranking"]');
    await b.shot(page, 'public-ranking-en');
    await open(page, '/center/reward');
    await waitForText(page, ['My awards', 'Rank 1', 'Appeal'], '[data-testid="my-awards"]');
    await page.close();

    await open(admin, `/review/result?competitionId=${competition.id}&roundId=${round.id}`);
    await click(admin, langButton);
    await waitForText(admin, ['Review results', 'Round scores', 'Version 1', 'Median', 'Published'], '.back-layout__main');
    await b.shot(admin, 'results-en');
    // The competition's final score over its one round (100%): the round's published scores.
    await click(admin, '.ant-tabs-tab', 'Final score');
    await click(admin, '.back-layout__main button', { text: 'Compute the final score', answer: 'POST /review/comment/result/competitionScore' });
    await waitForText(admin, [`决赛${run} (100%)`, 'Final score', titles[0], '85.00'], '.back-layout__main .ant-table');
    await b.shot(admin, 'final-score-en');
  }, 120_000);
  b.it('shows 复议处理 with the appellant by name, a labelled status and the whole reason on request', async () => {
    const reason = `评分与作品质量不符：${'我们的作品在创新性上有完整的实验数据支持，'.repeat(6)}请专家复核第三位专家的评分。`;
    const as = { token: authors[1].token, ip: freshIp() };
    ok(await api('/center/reward/appeal', { ...as, body: { roundId: round.id, workId: workIds[1], reason } }), 'appeal');
    await open(admin, `/review/result?competitionId=${competition.id}&roundId=${round.id}`);
    await waitForText(admin, ['Review results'], '.back-layout__main'); // left in English by the test before
    await click(admin, langButton);
    await click(admin, '.ant-tabs-tab', '复议处理');
    const row = '.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row';
    await waitForText(admin, ['申请人', '状态', '复议理由', titles[1], '获奖作者2', '待处理'], '.ant-tabs-tabpane-active');
    expect(await textOf(admin, row)).not.toContain(authors[1].username);
    // antd measures the ellipsis after the first paint: the reason is cut once its expand link shows.
    await admin.waitForSelector(`${row} .appeal-text .ant-typography-expand`);
    expect(await textOf(admin, row)).not.toContain('请专家复核第三位专家的评分。');
    await b.shot(admin, 'appeals-zh');
    await click(admin, `${row} .appeal-text .ant-typography-expand`);
    await waitForText(admin, '请专家复核第三位专家的评分。', row);
    await b.shot(admin, 'appeals-reason-open-zh');
    const wide = admin.viewport()!;
    await admin.setViewport({ width: 390, height: 844 });
    await b.shot(admin, 'appeals-reason-open-390');
    await admin.setViewport(wide);
  }, 120_000);
});

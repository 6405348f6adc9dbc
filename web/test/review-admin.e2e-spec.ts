import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'puppeteer-core';
import type { CompetitionDetail, DistributionView, ExpertSaveReply, Page as ListPage, Round, RoundWorkView } from '@cmp/contracts';
import { api, firstLogin, login, upload } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents, PDF } from '../../services/gateway/test/support/enroll';
import { fill as fillSheet } from '../../services/gateway/test/support/spreadsheets';
import { choose, chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, useBrowser, waitForText } from './support/browser';

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';
const ok = <T,>(r: { code: number; msg: string; data: T }, what: string) => {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
};

/**
 * The organiser's review screens: a round over submitted works, its works loaded and opened from 竞赛评审, two
 * groups split by event with captains on 专家分组, the automatic assignment on 评审分配 with its loads, progress on
 * 评审统计; the assignment screen in English.
 */
describe('an organiser sets up expert review', () => {
  const b = useBrowser('review-admin');
  let page: Page;
  let c: CompetitionDetail;
  let round: Round;
  const tag = Date.now().toString(36).slice(-5);
  const expertNames: string[] = [];
  /** How each expert made here first logs in (to declare a conflict of interest). */
  const credentials = new Map<number, { username: string; password: string }>();

  afterAll(dropStudents);
  beforeAll(async () => {
    const admin1 = await login('admin1');
    c = await makeCompetition(admin1, { name: `评审网测赛 ${tag}`, items: [['创意组', null, 0], ['实践组', null, 0]] });
    const students = await makeStudents(8, `rvw${tag}`);
    for (const [i, s] of students.entries()) {
      const as = { token: s.token, ip: `2001:db8::${s.userId.toString(16)}` };
      const body = { competitionId: c.id, itemId: c.items[i % 2].id, type: 1, profile: { realName: `作者${i}`, schoolName: i % 2 ? '东海大学' : '西山理工' }, teachers: [] };
      const signup = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up');
      const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: signup.id, title: `参评作品${tag}-${i + 1}`, summary: '' } }), 'work');
      ok(await api('/enroll/signup/check', { token: admin1, body: { id: signup.id, approve: true } }), 'approve');
      ok(await upload(`/web/work/file/upload?workId=${work.id}`, s.token, PDF, '计划书.pdf'), 'upload');
      ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit');
    }
    for (let i = 1; i <= 4; i++) {
      const name = `网测专家${tag}${i}`;
      const saved = ok(
        await api<ExpertSaveReply>('/expert/save', {
          token: admin1,
          body: { name, phone: `133${String(Date.now()).slice(-6)}${String(i).padStart(2, '0')}`, unit: '社会专家', itemIds: [c.items[(i - 1) % 2].id] },
        }),
        'expert',
      );
      if (saved.credential) credentials.set(saved.id, saved.credential);
      expertNames.push(name);
    }
    round = ok(
      await api<Round>('/review/round/save', {
        token: admin1,
        body: { competitionId: c.id, name: `初评${tag}`, type: 'online', expertsPerWork: 2, excludeOwnOrganisation: false, scoreColumns: [{ name: '创新性', max: 100, step: 1, weight: 100, rubric: '' }] },
      }),
      'round',
    );

    page = await b.newPage();
    await loadsIn(page, 'zh-CN');
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  }, 120_000);

  const roundRow = () => `.system-page tr[data-row-key="${round.id}"]`;

  /** The library's import template with these rows, written where Chromium can pick it up. */
  async function expertSheet(rows: string[][]): Promise<string> {
    const template = (await api<Buffer>('/expert/template/export', { token: await login('admin1') })).data as unknown as Buffer;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-experts-')), 'experts.xlsx');
    fs.writeFileSync(file, await fillSheet(template, rows));
    return file;
  }

  async function importSheet(file: string) {
    await click(page, '.system-page__header button', '导入');
    await page.waitForSelector('.ant-modal input[type=file]');
    const input = await page.$('.ant-modal input[type=file]');
    await input!.uploadFile(file);
    await waitForText(page, 'experts.xlsx', '.ant-modal .ant-upload-list');
    await click(page, '.ant-modal-footer button', '校验文件');
  }

  b.it('imports experts on 专家库: a bad row is reported, the corrected file goes in and the accounts are shown once', async () => {
    const phone = (n: number) => `132${String(Date.now()).slice(-6)}${n}${n}`;
    const [a, b2] = [`导入专家${tag}甲`, `导入专家${tag}乙`];
    await open(page, '/experts/library');
    await waitForText(page, ['专家库', '添加专家', '下载模板', '导入'], '.system-page');
    await importSheet(await expertSheet([[a, phone(1), '', '教授', '东海大学', '计算机'], [b2, '12345']]));
    await waitForText(page, ['共 2 行，有效 1 行，错误 1 处', '手机号格式不正确（11 位，以 1 开头）'], '.ant-modal');
    await b.shot(page, 'experts-import-errors');
    await click(page, '.ant-modal-footer button', '关');
    await importSheet(await expertSheet([[a, phone(1), '', '教授', '东海大学', '计算机'], [b2, phone(2), '', '副教授', '西山理工', '材料']]));
    await waitForText(page, '共 2 行，有效 2 行', '.ant-modal');
    await click(page, '.ant-modal-footer button', { text: '开始导入', answer: '/expert/template/import' });
    // New accounts come with their one-time passwords, once, as printable login slips.
    await waitForText(page, ['评审专家登录凭条', a, b2, '一次性密码'], 'body');
    await b.shot(page, 'experts-login-slips');
    await page.keyboard.press('Escape');
    await fill(page, '#keyword', `导入专家${tag}`);
    await click(page, '.search-form button[type=submit]', { answer: '/expert/page' });
    await waitForText(page, [a, b2, '东海大学', '西山理工', '共 2 条'], '.system-page .ant-table-wrapper');
    await b.shot(page, 'experts-library');
  });

  b.it('says where rounds come from when a competition has none, and creates one from 竞赛评审', async () => {
    const empty = await makeCompetition(await login('admin1'), { name: `无轮次网测赛 ${tag}` });
    await open(page, '/review/competition');
    await choose(page, '.search-form .ant-select:has(#competitionId)', empty.name);
    await click(page, '.search-form button[type=submit]', { answer: `/review/round/page?competitionId=${empty.id}` });
    await waitForText(page, ['还没有评审轮次', '新增轮次', '竞赛管理 → 评审设置', '前往竞赛管理'], '[data-testid="no-rounds"]');
    await b.shot(page, 'rounds-empty');
    // The new round's competition is the one chosen above.
    await click(page, '.system-page__header button', '新增轮次');
    await waitForText(page, empty.name, '.ant-modal');
    await click(page, '.ant-modal-footer button', { text: '下一步', answer: '/competition/info/detail' });
    await fill(page, '#round_name', `复评${tag}`);
    await fill(page, '#round_scoreColumns_0_name', '完成度');
    await click(page, '.ant-modal-footer button', { text: '保', answer: '/review/round/save' });
    await waitForText(page, '轮次已保存', '.ant-message');
    await waitForText(page, [`复评${tag}`, empty.name, '未开始'], '.system-page .ant-table');
    expect(await page.$('[data-testid="no-rounds"]')).toBeNull();
    await b.shot(page, 'rounds-created');
  });

  b.it('loads the round\'s works and opens it from 竞赛评审', async () => {
    await open(page, '/review/competition');
    await waitForText(page, ['竞赛评审', `初评${tag}`, '未开始'], '.system-page');
    await click(page, `${roundRow()} button`, '载入作品');
    await click(page, '.ant-modal .ant-btn-primary', { text: '确', answer: '/review/round/works/sync' });
    await waitForText(page, '已载入 8 件作品', '.ant-message');
    await b.shot(page, 'rounds');
  });

  b.it('splits the experts into two groups by event and names a captain for each on 专家分组', async () => {
    await click(page, `${roundRow()} button`, '专家分组');
    await waitForText(page, ['专家分组', '本轮还没有分组'], '.system-page');
    await click(page, '.system-page__header button', '按赛项均分');
    await fill(page, '#split_count', '2');
    await click(page, '.ant-modal-footer button', { text: '按赛项均分', answer: '/review/group/auto' });
    await waitForText(page, '已分为 2 组', '.ant-message');
    // Experts judging the same event stay together; each group starts with its first expert as captain.
    await waitForText(page, ['第1组', '第2组', '位专家', '负责赛项'], '.group-cards');
    expect(await page.$$eval('.group-cards .anticon-crown', (els) => els.length)).toBe(2);
    // The organiser makes the other member of 第1组 its captain.
    const before = await page.$eval('.group-cards .ant-col:nth-child(1) .ant-tag-gold', (el) => el.textContent);
    await click(page, '.group-cards .ant-col:nth-child(1) .ant-card-extra button', '编');
    await click(page, '#group_captainExpertId');
    await click(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option:not(.ant-select-item-option-selected)');
    await click(page, '.ant-modal-footer button', { text: '保', answer: '/review/group/save' });
    await waitForText(page, '分组已保存', '.ant-message');
    await page.waitForFunction((b4: string | null) => document.querySelector('.group-cards .ant-col:nth-child(1) .ant-tag-gold')?.textContent !== b4, {}, before);
    expect(await page.$$eval('.group-cards .anticon-crown', (els) => els.length)).toBe(2);
    await b.shot(page, 'groups');
  });

  b.it('finds an event by its name in 负责赛项', async () => {
    await click(page, '.group-cards .ant-col:nth-child(1) .ant-card-extra button', '编');
    await click(page, '.ant-modal .ant-select:has(#group_eventIds)');
    await page.keyboard.type('实践');
    await waitForText(page, '实践组', '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await b.shot(page, 'groups-event-search');
    await click(page, '.ant-modal-title');
    await click(page, '.ant-modal-footer button', '取');
  });

  b.it('assigns every work automatically on 评审分配 and shows balanced loads', async () => {
    await open(page, `/review/distribution?roundId=${round.id}`);
    await waitForText(page, ['评审分配', '专家负载', '作品分配'], '.system-page');
    await click(page, '.system-page__header button', '自动分配');
    await click(page, '.ant-modal .ant-btn-primary', { text: '确', answer: '/review/distribution/run' });
    await waitForText(page, ['最近一次分配', '已完成'], '.run-card');
    // Every expert of the round's groups (the organisation's active experts when they were split, the demo expert
    // too; files running beside this one may add experts since): 8 works × 2 experts, within one of each other per group.
    const groups = ok(await api<{ expertIds: number[] }[]>(`/review/group/list?roundId=${round.id}`, { token: await login('admin1') }), 'groups');
    const experts = groups.reduce((n, g) => n + g.expertIds.length, 0);
    const rows = await page.$$eval('.run-card .ant-table-tbody tr.ant-table-row', (trs) =>
      trs.map((r) => ({ group: r.querySelector('td')?.textContent ?? '', load: Number(r.querySelector('.load-bar span')?.textContent) })),
    );
    expect(rows).toHaveLength(experts);
    expect(rows.reduce((sum, r) => sum + r.load, 0)).toBe(16);
    for (const group of new Set(rows.map((r) => r.group))) {
      const loads = rows.filter((r) => r.group === group).map((r) => r.load);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    }
    await waitForText(page, '第1组：最多与最少相差', '.run-card');
    const perWork = await page.$$eval('.work-experts', (cells) => cells.map((cell) => cell.querySelectorAll('.ant-tag:not(.ant-tag-error)').length));
    expect(perWork.length).toBeGreaterThan(0);
    expect(perWork.every((n) => n === 2)).toBe(true);
    await b.shot(page, 'distribution');
  });

  b.it('offers 更换 only the experts who may take the work, and says why not for the others', async () => {
    const admin1 = await login('admin1');
    const loads = ok(await api<DistributionView>(`/review/distribution/view?roundId=${round.id}`, { token: admin1 }), 'view').loads;
    const works = ok(await api<ListPage<RoundWorkView>>(`/review/distribution/works?roundId=${round.id}&pageSize=50`, { token: admin1 }), 'works').list;
    // A work and an expert made here of its group who does not judge it; the expert declares a conflict with it.
    const pairs = works.flatMap((w) => loads.filter((l) => l.reviewGroupId === w.reviewGroupId && credentials.has(l.expertId) && !w.experts.some((e) => e.expertId === l.expertId)).map((me) => ({ w, me })));
    expect(pairs.length).toBeGreaterThan(0);
    const { w: work, me } = pairs[0];
    const expert = await firstLogin(credentials.get(me.expertId)!);
    ok(await api('/expert/conflict/save', { token: expert, body: { kind: 'work', value: String(work.workId), reason: '网测回避' } }), 'declare');
    try {
      await open(page, `/review/distribution?roundId=${round.id}`);
      await fill(page, '.search-form input#keyword', work.title);
      await click(page, '.search-form button[type=submit]', { answer: '/review/distribution/works' });
      await click(page, '.work-experts .ant-tag', work.experts[0].name);
      await click(page, '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { text: '更换', answer: '/review/distribution/candidates' });
      await click(page, '.ant-modal .ant-select');
      const open_ = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
      await waitForText(page, [me.name, '专家已声明回避', work.experts[1].name, '已在评审此作品'], open_);
      const options = await page.$$eval(`${open_} .ant-select-item-option`, (els) =>
        els.map((el) => ({ text: el.textContent ?? '', disabled: el.classList.contains('ant-select-item-option-disabled') })),
      );
      expect(options.find((o) => o.text.startsWith(me.name))).toMatchObject({ disabled: true });
      expect(options.filter((o) => o.text.includes('已在评审此作品')).every((o) => o.disabled)).toBe(true);
      await b.shot(page, 'distribution-swap-picker');
      // An eligible expert is taken by the server.
      const eligible = options.find((o) => !o.disabled);
      if (eligible) {
        await click(page, `${open_} .ant-select-item-option:not(.ant-select-item-option-disabled)`);
        await click(page, '.ant-modal-footer button', { text: '保', answer: '/review/distribution/swap' });
        await waitForText(page, '已更换', '.ant-message');
      } else {
        await click(page, '.ant-modal-title');
        await click(page, '.ant-modal-footer button', '取');
      }
    } finally {
      const declared = ok(await api<{ id: number }[]>('/expert/conflict/list', { token: expert }), 'conflicts');
      for (const d of declared) ok(await api('/expert/conflict/delete', { token: expert, body: { id: d.id } }), 'withdraw');
    }
  });

  b.it('shows the progress on 评审统计', async () => {
    await open(page, `/review/statistics?roundId=${round.id}`);
    await waitForText(page, ['评审统计', '评审进度', '按评审组', '按专家', '原始评分', '导出 Excel'], '.system-page');
    await waitForText(page, expertNames[0], '.system-page');
    await b.shot(page, 'statistics');
  });

  b.it('reads the assignment screen in English', async () => {
    await open(page, `/review/distribution?roundId=${round.id}`);
    await click(page, langButton);
    await waitForText(page, ['Review assignment', 'Expert loads', 'Last run', 'Done', 'Largest minus smallest'], '.system-page');
    await b.shot(page, 'distribution-english');
    await click(page, langButton);
    await waitForText(page, '评审分配', '.system-page');
  });

  b.it('lets an expert declare and withdraw a conflict of interest on 回避声明', async () => {
    const expert = await b.newPage();
    await loadsIn(expert, 'zh-CN');
    await loginWithPassword(expert, 'expert1');
    await chooseOrganisation(expert, '华东示范大学');
    await expert.waitForSelector('.back-layout .sidebar');
    await open(expert, '/review/conflicts');
    await waitForText(expert, ['专家信息与回避声明', '我的专家信息', '王专家', '回避声明', '还没有回避声明'], '.system-page');
    await click(expert, '#conflict_kind');
    await click(expert, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', '作品编号');
    await fill(expert, '#conflict_work', '4242');
    await fill(expert, '#conflict_reason', '与作者同一课题组');
    await click(expert, '.system-page button', { text: '添加回避', answer: '/expert/conflict/save' });
    await waitForText(expert, '回避声明已添加', '.ant-message');
    await waitForText(expert, ['作品编号', '4242', '与作者同一课题组'], '.system-page .ant-table');
    await b.shot(expert, 'expert-conflicts');
    await click(expert, '.system-page .ant-table button', '删');
    await click(expert, '.ant-modal .ant-btn-primary', { answer: '/expert/conflict/delete' });
    await waitForText(expert, '还没有回避声明', '.system-page');
    await expert.close();
  });
});

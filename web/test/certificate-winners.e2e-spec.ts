import { JSONCodec } from 'nats';
import type { Page } from 'puppeteer-core';
import { EventSubject, NatsUser, type CompetitionDetail, type IssuedCertificate, type Page as ListPage, type ResultsPublishedEvent } from '@cmp/contracts';
import { api, login } from '../../services/gateway/test/support/api';
import { addBatch, addTemplate } from '../../services/gateway/test/support/certificates';
import { approvedSignup, dropStudents, makeCompetition, makeStudents } from '../../services/gateway/test/support/enroll';
import { natsAs, waitFor } from '../../services/gateway/test/support/platform';
import { chooseOrganisation, click, fill, loginWithPassword, open, useBrowser, waitForGone, waitForText } from './support/browser';

const winnersModal = '.ca-winners .ant-modal';
const pickModal = '.ca-pick .ant-modal';

describe('certificate winners picked from sign-ups', () => {
  const b = useBrowser('certificate-winners');
  const tag = Date.now().toString(36);
  const batchName = `报名获奖批次 ${tag}`;
  const teamName = `闪电队${tag}`;
  const competitionName = `报名获奖赛 ${tag}`;
  let admin1: string;
  let c: CompetitionDetail;
  let page: Page;
  let team: number;
  let solo: number;
  let other: number;

  afterAll(dropStudents);
  beforeAll(async () => {
    admin1 = await login('admin1');
    c = await makeCompetition(admin1, { name: competitionName, items: [['本科组', 100, 0], ['研究生组', 100, 0]] });
    const st = await makeStudents(4, `pick${tag}`);
    team = await approvedSignup(admin1, c, st[0], { realName: '林队长', team: { name: teamName, members: [st[1]] }, teachers: ['周老师'], workTitle: '校园导航机器人' });
    solo = await approvedSignup(admin1, c, st[2], { realName: `独立参赛者${tag}` });
    other = await approvedSignup(admin1, c, st[3], { realName: '未获奖者' });
    const template = await addTemplate(admin1, { variant: 'randomCode' });
    await addBatch(admin1, { name: batchName, templateId: template.id, competitionId: c.id, itemId: c.items[0].id });
    page = await b.newPage();
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  b.it('picks two approved sign-ups as winners with an award and sees them in the winners list and preview', async () => {
    await open(page, '/certificate/list');
    await fill(page, '[data-testid="ca-batch-search"]', batchName);
    await page.keyboard.press('Enter');
    await waitForText(page, batchName, '[data-testid="ca-batches"] .ant-table-tbody');
    await click(page, '[data-testid="ca-batches"] .ant-table-tbody', '获奖名单');
    await waitForText(page, [`获奖名单 · ${batchName}`, '从报名选择', '名单为空'], winnersModal);
    await click(page, '[data-testid="ca-winners-pick"]');

    // The batch's event is the default filter; all three approved sign-ups are listed with members, teachers and work.
    await waitForText(page, ['从报名选择获奖人', '本科组', teamName, '林队长、林队长队友1', '周老师', '校园导航机器人', '未获奖者', '添加为获奖人（0）'], pickModal);
    await b.shot(page, 'pick-list');
    // Ticks survive a new search: one sign-up found by team name, the other by the applicant's name.
    const find = async (keyword: string, shown: number, hidden: number) => {
      await fill(page, `${pickModal} [data-testid="ca-pick-keyword"]`, keyword);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`${pickModal} tr[data-row-key="${hidden}"]`, { hidden: true });
      await click(page, `${pickModal} tr[data-row-key="${shown}"] .ant-checkbox-input`);
    };
    await find('闪电队', team, other);
    await find('独立参赛者', solo, team);
    await waitForText(page, ['已选择 2 个报名', '添加为获奖人（2）'], pickModal);

    // The award is required.
    await click(page, '[data-testid="ca-pick-save"]');
    await waitForText(page, '请填写奖项', pickModal);
    await b.shot(page, 'pick-award-required');
    await fill(page, '[data-testid="ca-pick-award"]', '一等奖');
    await b.shot(page, 'pick-ready');
    await click(page, '[data-testid="ca-pick-save"]', { answer: '/certificate/batch/recipients/fromSignups' });
    await waitForText(page, '已从 2 个报名添加 2 名获奖人', '.ant-message');
    await waitForGone(page, pickModal);
    await waitForText(page, ['共 2 名获奖人', teamName, `独立参赛者${tag}`, '一等奖', '林队长、林队长队友1', '校园导航机器人'], winnersModal);
    await b.shot(page, 'winners-after-pick');

    // Picked sign-ups are marked and cannot be ticked again.
    await click(page, '[data-testid="ca-winners-pick"]');
    await page.waitForSelector(`${pickModal} tr[data-row-key="${team}"] .ant-checkbox-disabled`);
    await waitForText(page, '已在名单', `${pickModal} tr[data-row-key="${team}"]`);
    await b.shot(page, 'pick-already-added');
    await click(page, `${pickModal} .ant-modal-close`);
    await waitForGone(page, pickModal);
    await click(page, `${winnersModal} .ant-modal-close`);
    await waitForGone(page, winnersModal);

    // The check screen previews the picked winners.
    await waitForText(page, [batchName, '2'], '[data-testid="ca-batches"] .ant-table-tbody');
    await click(page, '[data-testid="ca-batches"] .ant-table-tbody', '审核发证');
    await page.waitForSelector('[data-testid="ca-fits"], [data-testid="ca-overflow"]', { timeout: 30000 });
    const texts = await page.$$eval('iframe.ca-preview__frame', (frames) => frames.map((f) => (f as HTMLIFrameElement).contentDocument?.body.innerText ?? ''));
    // The demo design prints the students, work and award (the holder line is spaced out letter by letter).
    for (const text of ['林队长、林队长队友1', '校园导航机器人', '一等奖']) expect(texts.join('\n')).toContain(text);
    await b.shot(page, 'check-preview');
  });

  b.it('issues a batch from a published round for two levels at once, each certificate with its level and the competition', async () => {
    // The review service publishes a round: three winners at three levels (as review.results.published carries them).
    const roundId = 2_000_000_000 - Math.floor(Math.random() * 1_000_000);
    const award = (signupId: number, level: string, rank: number, score: number) => ({ workId: 0, signupId, eventId: null, eventName: '本科组', title: '', level, levelEn: '', rank, score, schoolNames: [] });
    const event: ResultsPublishedEvent = {
      roundId, roundName: `初审${tag}`, competitionId: c.id, groupId: 0, publishedAt: new Date().toISOString(), appealUntil: new Date().toISOString(),
      awards: [award(team, '一等奖', 1, 92.5), award(solo, '二等奖', 2, 88), award(other, '三等奖', 3, 80.25)],
    };
    // As the review service, the only one that may publish review.results.published.
    const nc = await natsAs(NatsUser.review);
    try {
      await nc.jetstream().publish(EventSubject.resultsPublished, JSONCodec().encode(event), { msgID: `results-${roundId}` });
    } finally {
      await nc.close();
    }
    const batch = await addBatch(admin1, { name: `公布结果批次 ${tag}`, templateId: (await addTemplate(admin1, { variant: 'randomCode' })).id, competitionId: c.id });
    await waitFor('certificates to keep the published round', async () => (await api<unknown[]>(`/certificate/batch/publishedRounds?batchId=${batch.id}`, { token: admin1 })).data?.length === 1);

    await open(page, '/certificate/list');
    await fill(page, '[data-testid="ca-batch-search"]', batch.name);
    await page.keyboard.press('Enter');
    await waitForText(page, batch.name, '[data-testid="ca-batches"] .ant-table-tbody');
    await click(page, '[data-testid="ca-batches"] .ant-table-tbody', '获奖名单');
    await click(page, '[data-testid="ca-winners-pick"]');
    await click(page, '[data-testid="ca-pick-published"]');

    // The newest published round with all its levels; each winner with rank, level and score, best first.
    await waitForText(page, ['从公布结果选择获奖人', competitionName, `初审${tag}`, '一等奖（1）', '二等奖（1）', '三等奖（1）', '名次', '得分', '92.50', '80.25', '无需输入'], pickModal);
    const ranks = () => page.$$eval(`${pickModal} .ant-table-tbody tr[data-row-key]`, (rows) => rows.map((r) => r.textContent ?? ''));
    expect((await ranks()).map((r) => r.slice(0, 4))).toEqual(['1一等奖', '2二等奖', '3三等奖']);
    // Two levels of three: the third is taken out of the choice.
    await click(page, `${pickModal} [data-testid="ca-pick-levels"]`);
    await click(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', '三等奖（1）');
    await click(page, `${pickModal} .ant-modal-title`);
    await page.waitForSelector(`${pickModal} tr[data-row-key="${other}"]`, { hidden: true });
    await click(page, '[data-testid="ca-pick-all"]', '选择全部 2 名获奖者');
    await waitForText(page, ['已选择 2 个报名', '添加为获奖人（2）'], pickModal);
    await b.shot(page, 'pick-published');
    await click(page, '[data-testid="ca-pick-save"]', { answer: '/certificate/batch/recipients/fromSignups' });
    await waitForText(page, '已从 2 个报名添加 2 名获奖人', '.ant-message');
    await waitForGone(page, pickModal);
    await waitForText(page, ['共 2 名获奖人', teamName, `独立参赛者${tag}`, '一等奖', '二等奖'], winnersModal);

    // Each certificate's award is its winner's level; the demo design prints the competition's name.
    const list = (await api<ListPage<IssuedCertificate>>(`/certificate/page?batchId=${batch.id}`, { token: admin1 })).data.list;
    expect(list.map((x) => [x.holderName, x.awardName])).toEqual([[teamName, '一等奖'], [`独立参赛者${tag}`, '二等奖']]);
    await click(page, `${winnersModal} .ant-modal-close`);
    await waitForGone(page, winnersModal);
    await open(page, `/certificate/check?batchId=${batch.id}`);
    await page.waitForSelector('[data-testid="ca-fits"], [data-testid="ca-overflow"]', { timeout: 30000 });
    const texts = (await page.$$eval('iframe.ca-preview__frame', (frames) => frames.map((f) => (f as HTMLIFrameElement).contentDocument?.body.innerText ?? ''))).join('\n');
    for (const text of [competitionName, '一等奖', '二等奖']) expect(texts).toContain(text);
    await b.shot(page, 'check-published');
  });
});

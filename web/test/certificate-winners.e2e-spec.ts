import type { Page } from 'puppeteer-core';
import { login } from '../../services/gateway/test/support/api';
import { addBatch, addTemplate } from '../../services/gateway/test/support/certificates';
import { approvedSignup, dropStudents, makeCompetition, makeStudents } from '../../services/gateway/test/support/enroll';
import { chooseOrganisation, click, fill, loginWithPassword, open, useBrowser, waitForGone, waitForText } from './support/browser';

const winnersModal = '.ca-winners .ant-modal';
const pickModal = '.ca-pick .ant-modal';

describe('certificate winners picked from sign-ups', () => {
  const b = useBrowser('certificate-winners');
  const tag = Date.now().toString(36);
  const batchName = `报名获奖批次 ${tag}`;
  const teamName = `闪电队${tag}`;
  let page: Page;
  let team: number;
  let solo: number;
  let other: number;

  afterAll(dropStudents);
  beforeAll(async () => {
    const admin1 = await login('admin1');
    const c = await makeCompetition(admin1, { name: `报名获奖赛 ${tag}`, items: [['本科组', 100, 0], ['研究生组', 100, 0]] });
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
});

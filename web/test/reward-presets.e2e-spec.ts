import { chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, useBrowser, waitForGone, waitForPath, waitForText } from './support/browser';

/** 奖励管理: an organiser keeps the award levels they use as a preset, edits and deletes it, at 1440 px and on a phone. */
describe('award presets', () => {
  const b = useBrowser('reward-presets');

  for (const lang of ['zh-CN', 'en'] as const) {
    b.it(`keeps, edits and deletes an award preset (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const name = `${zh ? '常用预设' : 'Usual'} ${Date.now().toString(36)}`;
      const page = await b.newPage();
      await loadsIn(page, lang);
      await loginWithPassword(page, 'admin1');
      await chooseOrganisation(page, '华东示范大学');
      await waitForPath(page, '/dashboard/index');
      await open(page, '/competitionReward/reward');
      await waitForText(page, zh ? '奖励管理' : 'Rewards', '.system-page');
      // A new preset starts from the default levels; the first level becomes the top 3 works.
      await click(page, '[data-testid="preset-add"]');
      await fill(page, '[data-testid="preset-name"]', name);
      await click(page, '.ant-modal .ant-select');
      await click(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', zh ? '名额' : 'Count');
      await fill(page, '.ant-modal .ant-input-number-input', '3');
      await b.shot(page, `preset-form-${lang}`);
      await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /review/award-preset/save' });
      await waitForGone(page, '.ant-modal-wrap');
      const row = `.system-page .ant-table-row`;
      await waitForText(page, [name, zh ? '特等奖 · 3 名' : 'Grand prize · 3 works', zh ? '一等奖 · 10%' : 'First prize · 10%'], row);
      await b.shot(page, `presets-${lang}`);
      // Found by its name, shown on a phone.
      await fill(page, '[data-testid="preset-search"]', name.slice(-6));
      await page.keyboard.press('Enter');
      await waitForText(page, name, row);
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await waitForText(page, name, row);
      await b.shot(page, `presets-phone-${lang}`);
      await page.setViewport({ width: 1440, height: 900 });
      // Deleted after confirming.
      await click(page, `${row} .ant-btn-dangerous`);
      await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /review/award-preset/delete' });
      await waitForGone(page, row, name);
      await page.close();
    });
  }
});

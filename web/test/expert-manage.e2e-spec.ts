import { login } from '../../services/gateway/test/support/api';
import { threeExpertsRound } from '../../services/gateway/test/support/review-rounds';
import { chooseOrganisation, click, loadsIn, loginWithPassword, open, useBrowser, waitForPath, waitForText } from './support/browser';

/** 专家管理: an organiser sees how the experts of a competition review, pauses one and hands their works on. */
describe('expert management', () => {
  const b = useBrowser('expert-manage');

  for (const lang of ['zh-CN', 'en'] as const) {
    b.it(`shows each expert's reviewing, pauses one and hands their works on (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const { competitionName } = await threeExpertsRound(await login('admin1'), 960_000 + Math.floor(Math.random() * 30_000));
      const page = await b.newPage();
      await loadsIn(page, lang);
      await loginWithPassword(page, 'admin1');
      await chooseOrganisation(page, '华东示范大学');
      await waitForPath(page, '/dashboard/index');
      await open(page, '/experts/manage');
      await waitForText(page, zh ? '专家管理' : 'Expert management', '.system-page');
      await click(page, '.search-form .ant-select', zh ? '全部竞赛' : 'All competitions');
      await click(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', competitionName);
      await click(page, '.search-form button[type=submit]', { answer: '/expert/manage/page' });
      const row = '.system-page .ant-table-row';
      await waitForText(page, ['专家甲', '1/3', zh ? '偏高 8.5 分 · 偏离' : '8.5 higher · out of line'], row);
      await b.shot(page, `experts-${lang}`);

      await click(page, `${row} .ant-btn-dangerous`, zh ? '暂停' : 'Pause');
      await click(page, '.ant-modal .ant-btn-primary', { answer: '/expert/status' });
      await waitForText(page, zh ? '已暂停' : 'Paused', row);
      await click(page, `${row} .ant-btn-link`, zh ? '改派' : 'Hand on');
      await click(page, '.ant-modal .ant-btn-primary', { answer: '/expert/manage/reassign' });
      await waitForText(page, zh ? ['已改派 1 件，1 件未能改派', '专家已开始评分，不能移除'] : ['1 handed on, 1 could not be', 'The expert has started scoring it'], '.ant-modal');
      await b.shot(page, `handed-on-${lang}`);
      await click(page, '.ant-modal-footer .ant-btn');
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await waitForText(page, zh ? '专家管理' : 'Expert management', '.system-page');
      await b.shot(page, `experts-phone-${lang}`);
      await page.close();
    });
  }
});

import { api, firstLogin, phoneCode } from '../../services/gateway/test/support/api';
import { choose, chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, textOf, useBrowser, waitForGone, waitForPath, waitForText } from './support/browser';

const tag = () => Date.now().toString(36).slice(-5);
const freshPhone = () => `136${String(Date.now()).slice(-8)}`;

/**
 * 机构管理: a university applies on /experience; ROOT follows it up and opens its organisation in 试用申请, then
 * disables it in 机构列表; an organiser sees one organisation's users in 机构用户. At 1440 px and on a phone.
 */
describe('organisations and the trial application', () => {
  const b = useBrowser('organisations');

  for (const lang of ['zh-CN', 'en'] as const) {
    b.it(`a university applies for a trial and ROOT opens its organisation (${lang})`, async () => {
      const zh = lang === 'zh-CN';
      const university = `${zh ? '试用大学' : 'Trial University '}${tag()}`;
      const phone = freshPhone();
      const page = await b.newPage();
      // On a phone first (changing to a phone's viewport reloads the page, which would empty the form).
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await loadsIn(page, lang);
      await open(page, '/experience');
      await waitForText(page, zh ? ['申请试用', '现场答辩'] : ['Apply for a trial', 'On-site presentations'], '.auth__card');
      await b.shot(page, `experience-phone-${lang}`);
      await page.setViewport({ width: 1440, height: 900 });
      await waitForText(page, zh ? '申请试用' : 'Apply for a trial', '.auth__card');
      // The form says what is missing before anything is sent.
      await click(page, '.auth__card > .ant-btn-primary');
      await waitForText(page, zh ? ['请填写学校名称', '请选择学生规模'] : ["Enter the university's name", 'Choose how many students it has'], '.auth__card');
      await fill(page, '#university', university);
      await fill(page, '#contact', zh ? '王老师' : 'Ms Wang');
      await fill(page, '#phone', phone);
      await click(page, '[data-testid="send-code"]', { answer: 'POST /system/product/trial/code/send' });
      await fill(page, '#code', (await phoneCode('trial', phone))!);
      await choose(page, '#size', zh ? '2 万–5 万人' : '20,000–50,000');
      await fill(page, '#needs', zh ? '明年春季举办创新大赛' : 'An innovation contest next spring');
      await b.shot(page, `experience-${lang}`);
      await click(page, '.auth__card > .ant-btn-primary', { answer: 'POST /system/product/trial/save' });
      await waitForText(page, zh ? '申请已提交' : 'Application sent', '.auth__card');

      // ROOT finds it in 试用申请, notes a call and opens its organisation.
      await page.evaluate(() => localStorage.clear());
      await loadsIn(page, lang);
      await loginWithPassword(page, 'root');
      await page.waitForSelector('.back-layout .sidebar');
      await open(page, '/organization/trial');
      await fill(page, '#keyword', university);
      await page.keyboard.press('Enter');
      const row = '.system-page .ant-table-row';
      await waitForText(page, [university, zh ? '待跟进' : 'New', zh ? '2 万–5 万人' : '20,000–50,000'], row);
      await b.shot(page, `trial-list-${lang}`);
      await click(page, `${row} .ant-btn-link`, zh ? '跟进' : 'Follow up');
      await waitForText(page, zh ? '明年春季举办创新大赛' : 'An innovation contest next spring', '.ant-modal');
      await fill(page, '.ant-modal textarea', zh ? '已电话沟通，下周演示' : 'Called; a demo next week');
      await click(page, '.ant-modal .ant-radio-wrapper', zh ? '跟进中' : 'Following up');
      await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /system/product/trial/note' });
      await waitForText(page, zh ? '已电话沟通，下周演示' : 'Called; a demo next week', '.ant-modal .ant-timeline');
      await b.shot(page, `trial-follow-${lang}`);
      await click(page, '.ant-modal-close');
      await waitForGone(page, '.ant-modal-wrap');
      await waitForText(page, zh ? '跟进中' : 'Following up', row);

      await click(page, `${row} .ant-btn-link`, zh ? '开通机构' : 'Open organisation');
      await fill(page, '.ant-modal #code', `TRY-${tag()}`);
      await b.shot(page, `trial-convert-${lang}`);
      await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /system/product/trial/convert' });
      await waitForText(page, zh ? ['机构已开通', '一次性密码'] : ['Organisation opened', 'One-time password'], '.ant-modal');
      const username = (await textOf(page, '.ant-modal .trial-username')).trim();
      const password = (await textOf(page, '.ant-modal .trial-password')).trim();
      expect(username).toBe(phone);
      await b.shot(page, `trial-opened-${lang}`);
      // The applicant's administrator logs in with it and sets a password.
      expect(await firstLogin({ username, password })).toBeTruthy();
      await click(page, '.ant-modal-footer .ant-btn');
      await waitForText(page, zh ? '已开通' : 'Opened', row);

      // 机构列表: the new university with its administrator; disabled after confirming.
      await open(page, '/organization/list');
      await fill(page, '.system-page .ant-input-search input', university);
      await page.keyboard.press('Enter');
      await waitForText(page, [university, zh ? '大学' : 'University', zh ? '王老师' : 'Ms Wang'], row);
      await b.shot(page, `organisations-${lang}`);
      await click(page, `${row} .ant-btn-dangerous`, zh ? '停用' : 'Disable');
      await waitForText(page, zh ? '立即退出登录' : 'logged out at once', '.ant-modal');
      await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /system/group/status' });
      await waitForText(page, [zh ? '停用' : 'Disabled', zh ? '启用' : 'Enable'], row);
      const refused = await api('/auth/login/pwd', { body: { username, password: 'Demo@2026' }, lang });
      expect(refused.msg).toContain(zh ? '机构已停用' : 'organisation is disabled');
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await waitForText(page, university, row);
      await b.shot(page, `organisations-phone-${lang}`);
      await page.close();
    });
  }

  b.it("an organiser sees one organisation's users in 机构用户", async () => {
    const page = await b.newPage();
    await loadsIn(page, 'zh-CN');
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await waitForPath(page, '/dashboard/index');
    await open(page, '/organization/users');
    // Its own organisation's accounts first (other tests add some meanwhile: any of them will do).
    await waitForText(page, '华东示范大学 的用户', '.system-page');
    await waitForText(page, '华东示范大学', '.system-page .ant-table-row');
    await click(page, '.system-page .ant-tree-select');
    await click(page, '.ant-select-tree-node-content-wrapper', '华东示范大学计算机学院（DEMO-U1-CS）');
    await waitForText(page, '华东示范大学计算机学院 的用户', '.system-page');
    await waitForText(page, 'college1', '.system-page .ant-table-row');
    expect(await textOf(page, '.system-page .ant-table-tbody')).not.toMatch(/华东示范大学(?!计算机学院)/);
    await b.shot(page, 'organisation-users');
    await page.close();
  });
});

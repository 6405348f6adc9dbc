import type { Page } from 'puppeteer-core';
import type { CertificateSearchHit, Page as ListPage } from '@cmp/contracts';
import { api, login } from '../../services/gateway/test/support/api';
import { addBatch, addTemplate, addWinners, settled } from '../../services/gateway/test/support/certificates';
import { approvedSignup, dropStudents, makeCompetition, makeStudents, type Student } from '../../services/gateway/test/support/enroll';
import { makeOnsiteRound, ok } from '../../services/gateway/test/support/scene';
import { chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, pathOf, settle, textOf, useBrowser, waitForText } from './support/browser';
import { phoneProblems, sidebarProblems, tableProblems } from './support/layout';

/**
 * Issue 13, items 13 and 14: names in English where one was entered, and screens whose text fits. The layout
 * check opens the back office's list screens at 1280 and 1440 px in both languages and fails on any table cell
 * that cuts its text off (unless ellipsised with a tooltip), a date wrapped onto two lines or a word broken
 * across lines, and on sidebar labels cut off.
 */
describe('English names and layout', () => {
  const b = useBrowser('layout');
  const tag = Date.now().toString(36);
  const zhName = `版式检查赛${tag}`;
  const enName = `Layout Check Cup ${tag}`;
  const zhItem = `本科组${tag}`;
  const enItem = `Undergraduate ${tag}`;
  const teamName = `Team ${tag}`;
  let admin1: string;
  let st: Student[];
  let competitionId: number;
  let teamSignup: number;
  let batchName: string;
  let traceUrl: string;
  let inviteCode: string;
  let draftName: string;

  afterAll(dropStudents);
  beforeAll(async () => {
    admin1 = await login('admin1');
    const c = await makeCompetition(admin1, { name: zhName, nameEn: enName, items: [[zhItem, 100, 0, enItem]], teamMax: 3 });
    competitionId = c.id;
    st = await makeStudents(3, `lay${tag}`);
    teamSignup = await approvedSignup(admin1, c, st[0], { realName: '林队长', team: { name: teamName, members: [st[1]] }, teachers: ['周老师'], workTitle: 'Campus robot' });
    // Pending, with a place left: its invitation can still be opened.
    const pending = await approvedSignup(admin1, c, st[2], { realName: '陈同学', team: { name: `Open ${tag}`, members: [] }, pending: true });
    inviteCode = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${pending}`, { token: st[2].token, ip: `2001:db8::${st[2].userId.toString(16)}` })).data.inviteCode;
    const template = await addTemplate(admin1, { variant: 'randomCode' });
    batchName = `版式批次 ${tag}`;
    const batch = await addBatch(admin1, { name: batchName, templateId: template.id, competitionId: c.id, itemId: c.items[0].id });
    await addWinners(admin1, batch.id, [{ holderName: '林队长', username: st[0].username, awardName: '一等奖', values: {} }]);
    await api('/certificate/batch/issue', { token: admin1, body: { batchId: batch.id } });
    await settled(admin1, batch.id);
    await api('/certificate/batch/send', { token: admin1, body: { batchId: batch.id } });
    // A one-line intro, and a draft batch to pick winners into.
    const update = await api('/competition/info/update', { token: admin1, body: { id: c.id, name: zhName, nameEn: enName, year: 2026, summary: '报名测试', intro: '<p>一行简介</p>' } });
    if (update.code !== 0) throw new Error(`update: ${update.msg}`);
    draftName = `版式草稿批次 ${tag}`;
    const draft = await addBatch(admin1, { name: draftName, templateId: template.id, competitionId: c.id, itemId: c.items[0].id });
    await addWinners(admin1, draft.id, [{ holderName: '王同学', awardName: '二等奖', values: {} }]);
    const hits = await api<ListPage<CertificateSearchHit>>(`/certificate/search?keyword=${encodeURIComponent('林队长')}&pageNum=1&pageSize=50`, { token: admin1 });
    traceUrl = hits.data.list.find((h) => h.batchName === batchName)!.traceUrl!;
  });

  async function organiser(lang: 'zh-CN' | 'en'): Promise<Page> {
    const page = await b.newPage();
    await loadsIn(page, lang);
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
    return page;
  }

  async function student(s: Student, lang: 'zh-CN' | 'en'): Promise<Page> {
    const page = await b.newPage();
    await loadsIn(page, lang);
    await loginWithPassword(page, s.username);
    if (pathOf(page) === '/role') await chooseOrganisation(page, '华东示范大学');
    return page;
  }

  /** The text under `selector` names the competition (and event) in English, and never in Chinese. */
  async function namedInEnglish(page: Page, selector: string, item = true) {
    await waitForText(page, item ? [enName, enItem] : enName, selector);
    const text = await textOf(page, selector);
    expect(text).not.toContain(zhName);
    expect(text).not.toContain(zhItem);
  }

  b.it('English back-office screens name the competition and event in English', async () => {
    const page = await organiser('en');
    await open(page, '/signUp/index');
    await namedInEnglish(page, '.ant-table-tbody');
    await b.shot(page, 'signups-en');

    await open(page, '/works/list');
    await namedInEnglish(page, '.ant-table-tbody');
    await b.shot(page, 'works-en');

    await open(page, '/certificate/list');
    await fill(page, '[data-testid="ca-batch-search"]', batchName);
    await page.keyboard.press('Enter');
    await namedInEnglish(page, '[data-testid="ca-batches"] .ant-table-tbody');
    await b.shot(page, 'batches-en');

    await open(page, '/certificate/trace');
    await fill(page, '.search-form input', '林队长');
    await page.keyboard.press('Enter');
    await namedInEnglish(page, '.ant-table-tbody');
    await b.shot(page, 'trace-search-en');
  });

  b.it('English personal centre, sign-up, team, invitation and trace pages name the competition in English', async () => {
    const page = await student(st[0], 'en');
    await open(page, '/center/newReward');
    await namedInEnglish(page, '[data-testid="my-certificates"] .ant-table-tbody');
    // The competition column is wide enough to read (it was about two characters wide).
    const width = await page.$eval('[data-testid="my-certificates"] .ant-table-tbody td', (td) => td.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(200);
    expect(await tableProblems(page, '[data-testid="my-certificates"]')).toEqual([]);
    await b.shot(page, 'my-certificates-en');

    for (const path of ['/center/competition', '/center/team', '/center/work']) {
      await open(page, path);
      await namedInEnglish(page, '.ant-table-tbody');
    }
    await b.shot(page, 'my-works-en');

    await open(page, `/home/competition/team/details?id=${teamSignup}`);
    await namedInEnglish(page, '.ant-descriptions');
    await b.shot(page, 'team-en');

    await open(page, `/home/signUp?competitionId=${competitionId}`);
    await namedInEnglish(page, 'body');
    await b.shot(page, 'sign-up-en');

    // The public trace page, logged out: English names, and no full-width brackets in English text.
    const visitor = await b.newPage();
    await loadsIn(visitor, 'en');
    await open(visitor, traceUrl);
    await namedInEnglish(visitor, '[data-testid="certificate-trace"]');
    expect(await textOf(visitor, '[data-testid="certificate-trace"]')).not.toMatch(/[（）]/);
    await waitForText(visitor, '(part of the name is hidden for privacy)', '[data-testid="certificate-trace"]');
    await b.shot(visitor, 'trace-en');

    // A logged-out invitee's login page names the team's competition and event in English.
    await open(visitor, `/neibu/login?redirect=${encodeURIComponent(`/home/competition/team/details?inviteCode=${inviteCode}`)}`);
    await namedInEnglish(visitor, '[data-testid="invitation-notice"]');
    await b.shot(visitor, 'invitation-en');
    await visitor.close();
  });

  /** Back-office list screens, each with what shows that its rows are in. */
  const SCREENS: [path: string, name: string][] = [
    ['/competition/list', 'competitions'],
    ['/signUp/index', 'sign-ups'],
    ['/works/list', 'works'],
    ['/certificate/template', 'certificate-templates'],
    ['/certificate/list', 'certificate-batches'],
    ['/certificate/send', 'certificate-send'],
    ['/newsManagement/list', 'news'],
    ['/system/user', 'users'],
    ['/system/role', 'roles'],
  ];

  for (const lang of ['zh-CN', 'en'] as const) {
    b.it(`back-office lists fit their text at 1280 and 1440 px (${lang})`, async () => {
      const page = await organiser(lang);
      const problems: string[] = [];
      // 1280 px with the sidebar closed (as it starts) and 1440 px with it open: the same room for the list.
      for (const [width, sidebar] of [[1280, 'closed'], [1440, 'opened']] as const) {
        await page.setViewport({ width, height: 900 });
        await page.evaluate((s: string) => localStorage.setItem('sidebarStatus', s), sidebar);
        for (const [path, name] of SCREENS) {
          await open(page, path);
          await page.waitForSelector('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder .ant-empty');
          await page.waitForFunction(() => !document.querySelector('.ant-table-wrapper .ant-spin-spinning'));
          await settle(page);
          problems.push(...(await tableProblems(page)).map((p) => `${width}px (sidebar ${sidebar}) ${path}: ${p}`));
          await b.shot(page, `${name}-${width}-${lang}`);
        }
      }
      expect(problems).toEqual([]);
    }, 240000);

    b.it(`sidebar labels are not cut off (${lang})`, async () => {
      const page = await organiser(lang);
      await page.setViewport({ width: 1280, height: 900 });
      await page.evaluate(() => localStorage.setItem('sidebarStatus', 'opened'));
      await open(page, '/dashboard/index');
      await page.waitForSelector('.sidebar:not(.ant-layout-sider-collapsed) .ant-menu-submenu');
      // Every sub-menu open, so that its items are measured too.
      // One visible closed title at a time: opening one shows nested ones and moves the rest.
      for (let i = 0; i < 100; i++) {
        const opened = await page.evaluate(() => {
          const titles = document.querySelectorAll<HTMLElement>('.sidebar .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
          const title = [...titles].find((t) => t.getClientRects().length);
          title?.click();
          return !!title;
        });
        await settle(page);
        if (!opened) break;
      }
      expect(await sidebarProblems(page)).toEqual([]);
      if (lang === 'en') await waitForText(page, ['Expert recommendations', 'Certificate templates'], '.sidebar');
      await b.shot(page, `sidebar-${lang}`);
    });
  }

  b.it('the collapsed sidebar shows the selected entry\'s icon on 报名管理', async () => {
    const page = await organiser('zh-CN');
    await page.evaluate(() => localStorage.setItem('sidebarStatus', 'closed'));
    await open(page, '/signUp/index');
    await page.waitForSelector('.sidebar.ant-layout-sider-collapsed .ant-menu-item-selected');
    await settle(page);
    const selected = await page.$eval('.sidebar .ant-menu-item-selected', (el) => {
      const icon = el.querySelector('.anticon');
      const box = icon?.getBoundingClientRect();
      const own = el.getBoundingClientRect();
      return { icon: !!icon && !!box && box.width > 0 && box.left >= own.left && box.right <= own.right, width: own.width };
    });
    expect(selected.icon).toBe(true);
    await b.shot(page, 'sidebar-collapsed-signups');
  });

  b.it('team page, public detail, intro box, winners count and pick dialog are laid out as read', async () => {
    // The team page's details column is headed by what it shows in both cases.
    const captain = await student(st[0], 'zh-CN');
    await open(captain, `/home/competition/team/details?id=${teamSignup}`);
    await waitForText(captain, '已填写完整', '.ant-table-tbody');
    const headers = await captain.$$eval('.ant-table-thead th', (ths) => ths.map((th) => (th as HTMLElement).innerText.trim()));
    expect(headers).toContain('资料');
    expect(headers).not.toContain('待填写');
    await b.shot(captain, 'team-details-column');

    // The public detail page: 我要报名 keeps its distance from the line above it.
    await open(captain, `/home/competition/details?id=${competitionId}`);
    await captain.waitForSelector('[data-testid="detail-sign-up"]');
    const gap = await captain.$eval('[data-testid="detail-sign-up"]', (btn) => {
      const above = btn.closest('.site-detail__action')!.previousElementSibling!.getBoundingClientRect();
      return btn.getBoundingClientRect().top - above.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(12);
    await b.shot(captain, 'public-detail');

    // The back office's intro box is as tall as its one-line intro (it was 420 px).
    const page = await organiser('zh-CN');
    await open(page, `/competition/details?id=${competitionId}`);
    await page.waitForSelector('[data-testid="html-view"]');
    await page.waitForFunction(() => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="html-view"]')!;
      return frame.contentDocument?.body.innerText.includes('一行简介') && frame.getBoundingClientRect().height < 80;
    });
    await b.shot(page, 'intro-box');

    // Winners of a draft batch: the count has a line of its own under the buttons.
    await open(page, '/certificate/list');
    await fill(page, '[data-testid="ca-batch-search"]', draftName);
    await page.keyboard.press('Enter');
    await waitForText(page, draftName, '[data-testid="ca-batches"] .ant-table-tbody');
    await click(page, '[data-testid="ca-batches"] .ant-table-tbody', '获奖名单');
    await waitForText(page, '共 1 名获奖人', '[data-testid="ca-winners-count"]');
    // Layout distance (offsets), not on-screen: the dialog may still be zooming in, which scales what it shows.
    const countGap = await page.$eval('.ca-winners__actions', (actions) => {
      const count = document.querySelector<HTMLElement>('[data-testid="ca-winners-count"]')!;
      const a = actions as HTMLElement;
      return count.offsetTop - (a.offsetTop + a.offsetHeight);
    });
    expect(countGap).toBeGreaterThanOrEqual(8);
    await b.shot(page, 'winners-count');

    // The pick dialog says an approved sign-up is approved (it showed "-").
    await click(page, '[data-testid="ca-winners-pick"]');
    const row = `.ca-pick tr[data-row-key="${teamSignup}"]`;
    await page.waitForSelector(row);
    await waitForText(page, '已通过', row);
    expect(await textOf(page, row)).not.toMatch(/(^|\t)-(\t|$)/m);
    expect(await tableProblems(page, '.ca-pick')).toEqual([]);
    await b.shot(page, 'pick-status');
  });

  /**
   * Issue 26, item 27: students use phones. Every participant page at 390 × 844 (a phone's screen, touch), in both
   * languages: nothing scrolls sideways, nothing is cut off or squeezed, and the page's primary action is in reach.
   */
  describe('on a phone', () => {
    const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
    let fee: { id: number; signup: number; inviteCode: string };
    let captain: Student;
    let invitee: Student;
    let onsite: Student;
    let onsiteSignup: number;
    let onsiteWork: number;

    beforeAll(async () => {
      const c = await makeCompetition(admin1, { name: `手机版式赛${tag}`, nameEn: `Phone Layout Cup ${tag}`, items: [[`团队组${tag}`, 100, 5000, `Team event ${tag}`]], teamMax: 3 });
      const [cap, member, other] = await makeStudents(3, `ph${tag}`);
      [captain, invitee] = [cap, other];
      const signup = await approvedSignup(admin1, c, cap, { realName: '赵队长', team: { name: `手机队${tag}`, members: [member] }, teachers: ['钱老师'], pending: true });
      const { inviteCode } = ok(await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${signup}`, { token: cap.token, ip: `2001:db8::${cap.userId.toString(16)}` }), 'invite');
      fee = { id: c.id, signup, inviteCode };
      // A submitted work in a published on-site round: the work list, the work page and the check-in QR.
      const round = await makeOnsiteRound(admin1, 1, [{ name: '第1评审室', nameEn: 'Room 1' }], `phs${tag}`);
      ok(await api('/review/scene/draw', { token: admin1, body: { roundId: round.round.id, method: 'signup' } }), 'draw');
      ok(await api('/review/scene/publish', { token: admin1, body: { roundId: round.round.id } }), 'publish');
      onsite = round.students[0];
      onsiteWork = round.workIds[0];
      onsiteSignup = ok(await api<{ id: number }[]>('/web/enroll/my', { token: onsite.token }), 'my sign-ups')[0].id;
    }, 180000);

    async function phone(who: Student | null, lang: 'zh-CN' | 'en'): Promise<Page> {
      const page = await b.newPage();
      await page.setViewport(PHONE);
      await loadsIn(page, lang);
      if (who) {
        await loginWithPassword(page, who.username);
        if (pathOf(page) === '/role') await chooseOrganisation(page, '华东示范大学');
      }
      return page;
    }

    /** Opens the page, waits for what shows it is in, checks it and takes its picture. */
    async function check(page: Page, path: string, shown: string, shot: string, problems: string[]) {
      await open(page, path);
      await page.waitForSelector(shown, { visible: true });
      await settle(page);
      problems.push(...(await phoneProblems(page)).map((p) => `${path}: ${p}`));
      await b.shot(page, shot);
    }

    /** The element is on the screen, whole, once scrolled to (not off to the side). */
    async function inReach(page: Page, selector: string, problems: string[]) {
      await page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));
      const box = await page.$eval(selector, (el) => el.getBoundingClientRect().toJSON() as DOMRect);
      if (box.left < 0 || box.right > PHONE.width) problems.push(`${pathOf(page)}: ${selector} is out of reach (${Math.round(box.left)}…${Math.round(box.right)} px)`);
    }

    for (const lang of ['zh-CN', 'en'] as const) {
      b.it(`participant pages fit a 390 px phone (${lang})`, async () => {
        const problems: string[] = [];
        const visitor = await phone(null, lang);
        // The three homepage templates: the platform's (showcase) and the two universities' (classic, portal).
        for (const host of ['localhost', 'u1.localhost', 'u2.localhost']) {
          const { groupId } = ok(await api<{ groupId: number }>('/web/competitionWebsite/getWebsiteSetting', { headers: { 'x-forwarded-host': host } }), host);
          await check(visitor, `/home/homepage?groupId=${groupId}`, '[data-template]', `phone-home-${host}-${lang}`, problems);
        }
        await check(visitor, '/home/competition', '.home__nav', `phone-competitions-${lang}`, problems);
        await check(visitor, `/home/competition/details?id=${fee.id}`, '[data-testid="detail-sign-up"]', `phone-detail-${lang}`, problems);
        await inReach(visitor, '[data-testid="detail-sign-up"]', problems);
        await check(visitor, '/neibu/register', '.auth__card', `phone-register-${lang}`, problems);
        await check(visitor, `/neibu/login?redirect=${encodeURIComponent(`/home/competition/team/details?inviteCode=${fee.inviteCode}`)}`, '[data-testid="invitation-notice"]', `phone-invitation-login-${lang}`, problems);
        await visitor.close();

        const lead = await phone(captain, lang);
        await check(lead, '/center/competition', '[data-testid="pay-button"]', `phone-my-competitions-${lang}`, problems);
        await inReach(lead, '[data-testid="pay-button"]', problems);
        await check(lead, `/home/competition/team/details?id=${fee.signup}`, '[data-testid="team-invite"]', `phone-team-${lang}`, problems);
        await check(lead, `/home/competition/submitWork?signupId=${fee.signup}`, '.center__page, .ant-result, .ant-alert, .ant-form', `phone-submit-work-${lang}`, problems);
        for (const [path, name] of [['/center/users', 'account'], ['/center/team', 'my-teams'], ['/center/newReward', 'my-certificates'], ['/center/reward', 'my-awards']]) {
          await check(lead, path, '.center__page', `phone-${name}-${lang}`, problems);
        }
        await lead.close();

        const joining = await phone(invitee, lang);
        await check(joining, `/home/signUp?competitionId=${fee.id}`, '.enroll-item', `phone-sign-up-${lang}`, problems);
        await check(joining, `/home/competition/team/details?inviteCode=${fee.inviteCode}`, '[data-testid="team-join"]', `phone-invitation-${lang}`, problems);
        await joining.close();

        // A certificate (the suite's captain has one): its download and check links in reach.
        const winner = await phone(st[0], lang);
        await check(winner, '/center/newReward', '[data-testid="my-certificates"] .rtable__card', `phone-my-certificates-won-${lang}`, problems);
        await winner.close();

        const author = await phone(onsite, lang);
        await check(author, '/center/work', '.rtable__card', `phone-my-works-${lang}`, problems);
        await check(author, `/home/competition/submitWork?signupId=${onsiteSignup}`, '[data-testid="work-files"]', `phone-submitted-work-${lang}`, problems);
        await check(author, `/home/work/workDetail?id=${onsiteWork}`, '[data-testid="work-detail"]', `phone-work-detail-${lang}`, problems);
        await check(author, '/center/scene', '[data-testid="my-scene"] canvas, [data-testid="my-scene"] img', `phone-my-scene-${lang}`, problems);
        await author.close();
        expect(problems).toEqual([]);
      }, 240000);
    }
  });
});

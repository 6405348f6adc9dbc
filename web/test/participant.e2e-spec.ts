import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { Signup, Work } from '@cmp/contracts';
import { api, freshIp, login, upload } from '../../services/gateway/test/support/api';
import { dropStudents, FAKE_PDF, makeCompetition, makeStudents, PDF, type Student } from '../../services/gateway/test/support/enroll';
import { choose, chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, pathOf, textOf, useBrowser, waitForPath, waitForText, WEB_URL } from './support/browser';

/** A file of this run's own directory, for the upload inputs. */
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-participant-'));
const goodPdf = path.join(files, '作品说明.pdf');
const fakePdf = path.join(files, 'disguised.pdf');
const as = (s: Student) => ({ token: s.token, ip: freshIp() });

/** A team competition like the one the participant signs up to (places per school, school from the list). */
const competition = async (name: string) =>
  makeCompetition(await login('admin1'), {
    name,
    mode: 2,
    teamMin: 1,
    teamMax: 3,
    teacherMax: 1,
    // Places per school: the captain's school must be one of the reference data, picked from the list.
    schoolQuota: 10,
    requiredFields: ['realName', 'school', 'phone'],
    items: [['团队赛', 20, 0]],
    files: { fileTypes: ['pdf', 'zip'], maxFileMb: 1, maxFiles: 2 },
  });

interface Team {
  competitionName: string;
  teamName: string;
  /** The team page of the sign-up (path and query). */
  signupPath: string;
  inviteCode: string;
}

/**
 * A team of `captain` (陈同学) signed up through the API to a competition of its own, joined by `members`
 * (刘同学, 黄同学), with the work 校园碳足迹地图 submitted when `work` is asked for.
 */
async function team(tag: string, captain: Student, members: Student[], work = false): Promise<Team> {
  const competitionName = `参赛流程测试赛 ${tag}`;
  const teamName = `飞跃队${tag.slice(-6)}`;
  const c = await competition(competitionName);
  const ok = <T>(r: { code: number; msg: string; data: T }, what: string) => {
    if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
    return r.data;
  };
  // Places are counted per school of the reference data: the school goes by its id, as the form picks it.
  const schools = await api<{ list: { id: number; name: string }[] }>(`/home/school/page?name=${encodeURIComponent('华东示范大学')}`);
  const school = schools.data.list.find((x) => x.name === '华东示范大学')!;
  const profile = (realName: string, n: number) => ({ realName, phone: `1380000001${n}`, schoolId: school.id, schoolName: school.name });
  const s = ok(
    await api<Signup>('/web/enroll/signUp', { ...as(captain), body: { competitionId: c.id, itemId: c.items[0].id, type: 2, teamName, profile: profile('陈同学', 1) } }),
    'sign up',
  );
  const { inviteCode } = ok(await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${s.id}`, as(captain)), 'invite');
  for (const [i, m] of members.entries()) {
    ok(await api('/web/enroll/team/join', { ...as(m), body: { inviteCode, profile: profile(['刘同学', '黄同学'][i], i + 2) } }), 'join');
  }
  if (work) {
    const saved = ok(await api<Work>('/web/work/save', { ...as(captain), body: { signupId: s.id, title: '校园碳足迹地图', summary: '用公开数据绘制校园碳排放热力图。' } }), 'work');
    ok(await upload(`/web/work/file/upload?workId=${saved.id}`, captain.token, PDF, '作品说明.pdf'), 'upload');
    ok(await api('/web/work/submit', { ...as(captain), body: { id: saved.id } }), 'submit');
  }
  return { competitionName, teamName, signupPath: `/home/competition/team/details?id=${s.id}`, inviteCode };
}

/**
 * The participant's path through the web app: a team of three signs up and joins by invite link, the
 * captain submits a work (a disguised file is refused with a clear message), and the personal centre
 * lists all of it. Each test has a competition of its own (unique name), set up through the API as far as
 * the test does not do it in the browser itself, so no other test's or spec's data matters.
 */
describe('participant', () => {
  const b = useBrowser('participant');
  const stamp = Date.now();
  /** The captain of the teams set up through the API, logged in on `captain`. */
  let cap: Student;
  let members: Student[];
  let captain: Page;

  beforeAll(async () => {
    fs.writeFileSync(goodPdf, PDF);
    fs.writeFileSync(fakePdf, FAKE_PDF);
    [cap, ...members] = await makeStudents(5, `part${stamp.toString(36)}`);
    captain = await b.newPage();
    // Whatever language a test switched to, each test's first load is in Chinese.
    await loadsIn(captain, 'zh-CN');
    await loginWithPassword(captain, cap.username);
    await chooseOrganisation(captain, '华东示范大学');
  });

  afterAll(async () => {
    fs.rmSync(files, { recursive: true, force: true });
    await dropStudents();
  });

  /** Logs in from the login page the app sent us to and waits until it brings us back to `back`. */
  async function loginAndReturn(page: Page, username: string, back: string) {
    await waitForPath(page, '/neibu/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toContain(back);
    await loginWithPassword(page, username);
    // An account in several organisations chooses one first (any will do for the public site).
    await page.waitForFunction((to: string) => window.location.pathname === to || document.querySelectorAll('.role-list strong').length > 1, {}, back);
    if (pathOf(page) === '/role') await chooseOrganisation(page, await textOf(page, '.role-list strong'));
    await waitForPath(page, back);
  }

  async function fillDetails(page: Page, realName: string, phone: string) {
    await fill(page, '#profile_realName', realName);
    await fill(page, '#profile_phone', phone);
    // The search answers after a pause in typing: its answer is waited for, then the school picked.
    await choose(page, '#profile_school', '华东示范大学', '/home/school/page?name=华东示范大学');
    await waitForText(page, '华东示范大学', '.ant-select-selection-item');
  }

  b.it('signs up a team after logging in, with remaining places shown per event', async () => {
    const competitionName = `参赛流程测试赛 ${stamp}`;
    const teamName = `飞跃队${stamp % 100000}`;
    const c = await competition(competitionName);
    const page = await b.newPage();
    await open(page, `/home/signUp?competitionId=${c.id}`);
    await loginAndReturn(page, 'student1', '/home/signUp');
    await waitForText(page, [competitionName, '选择竞赛赛项', '团队赛', '剩余 20 个名额', '报名方式', '团队 1–3 人', '我的报名信息', '姓名', '学校', '手机号', '指导老师']);
    // Exactly the required fields: no identity number asked for.
    expect(await textOf(page, '[data-testid="sign-up"]')).not.toContain('身份证号');
    await b.shot(page, 'sign-up-form');

    // A bad phone number is shown on its field.
    await click(page, '.enroll-item', '团队赛');
    await fill(page, '#teamName', teamName);
    await fillDetails(page, '陈同学', '12345');
    await click(page, 'button', '提交报名');
    await waitForText(page, '请输入 11 位手机号', '.ant-form-item-explain');
    await b.shot(page, 'sign-up-field-error');

    await fill(page, '#profile_phone', '13800000011');
    await click(page, 'button', '提交报名');
    await waitForPath(page, '/home/competition/team/details');
    await waitForText(page, [teamName, '待审核', '免费', '资料完整', '队员 (1)', '陈同学', '队长', '邀请队员', '复制链接', '提交作品']);
    const inviteLink = await page.$eval('[data-testid="invite-link"]', (el) => (el as HTMLInputElement).value);
    expect(inviteLink.startsWith(`${WEB_URL}/home/competition/team/details?inviteCode=`)).toBe(true);
    expect(await page.$eval('.enroll-invite img', (img) => (img as HTMLImageElement).src)).toMatch(/^data:image\/png;base64,/);
    await click(page, '[data-testid="team-invite"] button', '复制链接');
    await waitForText(page, ['邀请链接已复制'], '.ant-message');
    await b.shot(page, 'team-created-invite');

    // Coming back to the sign-up page says it is done and links to the sign-up.
    await open(page, `/home/signUp?competitionId=${c.id}`);
    await waitForText(page, ['你已报名：团队赛', '待审核', '查看报名', '你已报名该竞赛的全部竞赛赛项']);
    await b.shot(page, 'sign-up-already');
    await page.close();
  });

  b.it('lets two more students join by the invite link after logging in', async () => {
    const { competitionName, teamName, signupPath, inviteCode } = await team(`${stamp}-join`, cap, []);
    for (const [username, realName, phone] of [
      ['student2', '刘同学', '13800000012'],
      ['student3', '黄同学', '13800000013'],
    ]) {
      const page = await b.newPage();
      await open(page, `/home/competition/team/details?inviteCode=${inviteCode}`);
      // The login page says who invited them, and that they come back to the invitation.
      await waitForText(page, [`「${teamName}」（队长 陈*学）邀请你加入队伍，参加 ${competitionName} · 团队赛`, '登录后会回到邀请页面完成加入'], '[data-testid="invitation-notice"]');
      if (username === 'student2') await b.shot(page, 'invitation-login');
      await loginAndReturn(page, username, '/home/competition/team/details');
      // The invitation shows the team, its event and who is in it, names masked; no account names or phones.
      const already = realName === '黄同学' ? '陈*学、刘*学' : '陈*学';
      await waitForText(page, ['加入队伍', `陈*学 邀请你加入队伍「${teamName}」`, '团队赛', already, '加入前请填写本竞赛要求的信息'], '[data-testid="team-join"]');
      const card = await textOf(page, '[data-testid="team-join"]');
      for (const hidden of [cap.username, '13800000011', '陈同学', '刘同学']) expect(card).not.toContain(hidden);
      await fillDetails(page, realName, phone);
      await b.shot(page, `join-${username}`);
      await click(page, '[data-testid="team-join"] button', { text: '加入队伍', answer: '/web/enroll/team/join' });
      await waitForText(page, ['已加入队伍', '我的资料', '你的资料已填写完整', '退出队伍']);
      expect(new URL(page.url()).searchParams.get('id')).toBe(new URL(`http://x${signupPath}`).searchParams.get('id'));
      await page.close();
    }
    await open(captain, signupPath);
    await waitForText(captain, ['队员 (3)', '陈同学', '刘同学', '黄同学', '队伍人数已满（3 人）', '转让队长', '移出'], '[data-testid="team-page"]');
    await b.shot(captain, 'team-of-three');
    // Two students log in (a password hash each on the server) and fill in the form: a minute on a loaded machine.
  }, 120000);

  b.it('tells a logged-out invitee in English which team invited them, also on the way through registering', async () => {
    const { competitionName, teamName, inviteCode } = await team(`${stamp}-inv-en`, cap, []);
    const page = await b.newPage();
    await loadsIn(page, 'en');
    await open(page, `/home/competition/team/details?inviteCode=${inviteCode}`);
    await waitForPath(page, '/neibu/login');
    // The competition's English name (makeCompetition enters one); the event has none and stays Chinese.
    await waitForText(page, [`"${teamName}" (captain 陈*学) invites you to join the team for ${competitionName} EN · 团队赛`, 'After logging in you come back to the invitation'], '[data-testid="invitation-notice"]');
    await b.shot(page, 'invitation-login-english');
    // Registering first keeps the invitation: the register page says it too, and leads back to the login that returns there.
    await click(page, '.auth__links a', 'Register');
    await waitForPath(page, '/neibu/register');
    await waitForText(page, `"${teamName}" (captain 陈*学)`, '[data-testid="invitation-notice"]');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/home/competition/team/details?inviteCode=${inviteCode}`);
    await click(page, '.auth__links a', 'Have an account? Log in');
    await waitForPath(page, '/neibu/login');
    await loginAndReturn(page, 'student4', '/home/competition/team/details');
    await waitForText(page, ['Join a team', teamName]);
    await page.close();
  }, 120000);

  b.it('submits a work with upload progress, refusing a disguised file clearly', async () => {
    const { competitionName, teamName, signupPath } = await team(`${stamp}-work`, cap, members.slice(0, 2));
    await open(captain, signupPath);
    await click(captain, 'a', '提交作品');
    await waitForPath(captain, '/home/competition/submitWork');
    await waitForText(captain, ['作品名称', '作品简介', '允许的类型：PDF / ZIP；单个文件不超过 1 MB；最多 2 个文件', '请先填写名称和简介并保存，再上传文件']);
    await fill(captain, '#title', '校园碳足迹地图');
    await fill(captain, '#summary', '用公开数据绘制校园碳排放热力图。');
    await click(captain, 'button', { text: '保 存', answer: '/web/work/save' }); // antd spaces out a two-character label
    await waitForText(captain, ['已保存', '草稿']);
    const input = (await captain.waitForSelector('input[data-testid="work-file-input"]')) as ElementHandle<HTMLInputElement>;

    await input.uploadFile(fakePdf);
    await waitForText(captain, ['disguised.pdf 上传失败：文件类型不符', '允许 pdf, zip'], '[data-testid="work-files"]');
    await b.shot(captain, 'work-wrong-file');

    // The progress bar is there while the file goes out (recorded by an observer, not by timing).
    await captain.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="upload-progress"] .ant-progress')) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await input.uploadFile(goodPdf);
    await waitForText(captain, ['作品说明.pdf 已上传'], '.ant-message');
    await waitForText(captain, ['作品说明.pdf', 'PDF'], '[data-testid="work-files"] .ant-table');
    expect(await captain.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    expect(await textOf(captain, '[data-testid="work-files"]')).not.toContain('上传失败');
    await b.shot(captain, 'work-uploaded');

    await click(captain, 'button', { text: '提交作品', answer: '/web/work/submit' });
    await waitForText(captain, ['作品已提交', '已提交', '撤回作品']);
    await b.shot(captain, 'work-submitted');

    await click(captain, 'a', '查看作品');
    await waitForPath(captain, '/home/work/workDetail');
    await waitForText(captain, ['校园碳足迹地图', competitionName, '团队赛', teamName, '用公开数据绘制校园碳排放热力图。', '作品说明.pdf', '复制分享链接']);
    await b.shot(captain, 'work-detail');
  });

  b.it('names the competition, the team and the event above the work, each once', async () => {
    const header = () => textOf(captain, '[data-testid="work-signup"]');
    const { competitionName, teamName, signupPath } = await team(`${stamp}-head`, cap, []);
    await open(captain, `/home/competition/submitWork?signupId=${new URLSearchParams(signupPath.split('?')[1]).get('id')}`);
    await waitForText(captain, competitionName, '[data-testid="work-signup"]');
    expect(await header()).toBe(`${competitionName} · ${teamName} · 团队赛`);
    // An individual sign-up has no team: the event is named once.
    const solo = await makeCompetition(await login('admin1'), { name: `个人作品测试赛 ${stamp}`, items: [['创意组', null, 0]] });
    const body = { competitionId: solo.id, itemId: solo.items[0].id, type: 1, profile: { realName: '陈同学', schoolName: '华东示范大学' }, teachers: [] };
    const signup = await api<Signup>('/web/enroll/signUp', { ...as(cap), body });
    expect(signup.code).toBe(0);
    await open(captain, `/home/competition/submitWork?signupId=${signup.data.id}`);
    await waitForText(captain, solo.name, '[data-testid="work-signup"]');
    expect(await header()).toBe(`${solo.name} · 创意组`);
    await b.shot(captain, 'work-header-individual');
    const wide = captain.viewport()!;
    await captain.setViewport({ width: 390, height: 844 });
    await b.shot(captain, 'work-header-individual-390');
    await captain.setViewport(wide);
  });

  b.it("shows the sign-up, the team and the work in the personal centre", async () => {
    const { competitionName, teamName } = await team(`${stamp}-centre`, cap, members.slice(2, 4), true);
    for (const [route, texts] of [
      ['/center/competition', ['我的竞赛', competitionName, '团队赛', `团队 · ${teamName}`, '待审核', '免费', '详情']],
      ['/center/team', ['我的团队', teamName, competitionName, '队长', '3 / 3', '资料完整']],
      ['/center/work', ['我的作品', '校园碳足迹地图', competitionName, '已提交']],
    ] as const) {
      await open(captain, route);
      await captain.waitForSelector('.ant-table-row');
      await fill(captain, '.enroll-toolbar input', competitionName);
      await captain.keyboard.press('Enter');
      await waitForText(captain, [...texts], '.center__page');
      await b.shot(captain, `centre-${route.split('/').pop()}`);
    }
    await click(captain, '.center__page a', '校园碳足迹地图');
    await waitForPath(captain, '/home/work/workDetail');
  });

  b.it('after approval and a submitted work, offers only what is still allowed and says why the rest is gone', async () => {
    const { competitionName, signupPath } = await team(`${stamp}-fixed`, cap, members.slice(0, 1), true);
    const id = Number(new URL(`http://x${signupPath}`).searchParams.get('id'));
    const approved = await api('/enroll/signup/check', { token: await login('admin1'), body: { id, approve: true } });
    expect(approved.code).toBe(0);

    await open(captain, signupPath);
    await waitForText(captain, ['已通过', '队伍已通过审核，不能再解散；如需退赛请联系组织方', '查看作品'], '[data-testid="team-page"]');
    const summary = await textOf(captain, '[data-testid="team-page"] .ant-card');
    expect(summary).not.toContain('解散队伍');
    expect(summary).not.toContain('提交作品');
    await b.shot(captain, 'team-approved');
    // The work is offered to view, and its tooltip says how to change it.
    await captain.hover('[data-testid="team-page"] [data-testid="work-action"]');
    await waitForText(captain, '作品已提交，可查看；如需修改，请在作品页撤回后再改', '.ant-tooltip');
    await b.shot(captain, 'team-approved-work-hint');

    await open(captain, '/center/competition');
    await captain.waitForSelector('.ant-table-row');
    await fill(captain, '.enroll-toolbar input', competitionName);
    await captain.keyboard.press('Enter');
    await waitForText(captain, [competitionName, '已通过', '查看作品'], '[data-testid="my-signups"]');
    expect(await textOf(captain, '[data-testid="my-signups"] .ant-table-tbody')).not.toContain('提交作品');
    await b.shot(captain, 'my-competitions-submitted');

    await open(captain, signupPath);
    await waitForText(captain, '查看作品', '[data-testid="team-page"]');
    await click(captain, '.home__header', 'English');
    await waitForText(captain, ['Approved', 'The team is approved and can no longer be dissolved; contact the organiser to pull out', 'View the work'], '[data-testid="team-page"]');
    expect(await textOf(captain, '[data-testid="team-page"] .ant-card')).not.toContain('Dissolve the team');
    await b.shot(captain, 'team-approved-en');
    await click(captain, '.home__header', '简体中文');
    await waitForText(captain, '查看作品', '[data-testid="team-page"]');
  }, 120000);

  b.it('shows the team page in English after the language switch', async () => {
    const { signupPath } = await team(`${stamp}-en`, cap, members.slice(0, 2));
    await open(captain, signupPath);
    await waitForText(captain, '队员 (3)');
    await click(captain, '.home__header', 'English');
    await waitForText(captain, ['Sign-up details', 'Pending', 'Free', 'Members (3)', 'Captain', 'Make captain', 'Remove', 'Submit work', 'Dissolve the team', 'My details']);
    await b.shot(captain, 'team-en');
    await click(captain, '.home__header', '简体中文');
    await waitForText(captain, '队员 (3)');
  });
});

import type { Page } from 'puppeteer-core';
import type { ExpertSaveReply, Round } from '@cmp/contracts';
import { api, DEMO_PASSWORD, firstLogin, login, upload, type Reply } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents } from '../../services/gateway/test/support/enroll';
import { waitFor } from '../../services/gateway/test/support/platform';
import { chooseOrganisation, click, fill, loginWithPassword, open, ready, useBrowser, waitForGone, waitForPath, waitForText } from './support/browser';

/**
 * The expert's review screens in Chromium: 我的评审 lists the assigned works, the scoring screen shows the
 * work's PDF inline beside the score sheet, drafts save themselves and survive a reload, a submit locks the
 * sheet; the group's captain returns a sheet with a reason, the expert sees it, corrects and resubmits; the
 * workbench lists the expert's rounds; and the screens speak English after the language switch.
 */
const run = String(Date.now()).slice(-6);
const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';
const COLUMNS = [
  { name: '创新性', max: 40, step: 0.5, weight: 40, rubric: '选题新颖，方法有创意' },
  { name: '完成度', max: 60, step: 1, weight: 60, rubric: '' },
];
const REASON = '完成度评分与作品不符，请复核';

/** A one-page PDF with a line of text (offsets computed, so any viewer opens it). */
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function ok<T>(r: Reply<T>, what: string): T {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

interface Expert {
  id: number;
  username: string;
  /** The login slip's one-time password. */
  slip: string;
  name: string;
}

describe('an expert reviews in the browser (我的评审)', () => {
  const b = useBrowser('review-mine');
  const titles = [`节能宿舍${run}`, `校园导航${run}`];
  const workIds: number[] = [];
  const experts: Expert[] = [];
  let round: Round;

  beforeAll(async () => {
    const admin1 = await login('admin1');
    const c = await makeCompetition(admin1);
    const students = await makeStudents(2, `rvm${run}`);
    for (const [i, s] of students.entries()) {
      const as = { token: s.token, ip: `2001:db8::${s.userId.toString(16)}` };
      const body = { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: `评审作者${i + 1}`, schoolName: '华东示范大学' }, teachers: [{ name: '赵老师' }] };
      const signup = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up');
      const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: signup.id, title: titles[i], summary: '' } }), 'work');
      ok(await api('/enroll/signup/check', { token: admin1, body: { id: signup.id, approve: true } }), 'approve');
      ok(await upload(`/web/work/file/upload?workId=${work.id}`, s.token, onePagePdf(`Work ${i + 1} plan`), `计划书${i + 1}.pdf`), 'upload');
      ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit');
      workIds.push(work.id);
    }
    // Two experts, both on every work: the first captains the group, the second scores in the browser.
    for (const i of [1, 2]) {
      const name = `网评专家${i}${run.slice(-3)}`;
      const saved = ok(await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name, phone: `135${run}${String(i).padStart(2, '0')}`, unit: '社会专家' } }), 'expert');
      experts.push({ id: saved.id, username: saved.credential!.username, slip: saved.credential!.password, name });
    }
    // The captain's first login sets the demo password; the other expert's happens in the browser below.
    await firstLogin({ username: experts[0].username, password: experts[0].slip });
    const closesAt = new Date(Date.now() + 7 * 86400_000).toISOString();
    round = ok(
      await api<Round>('/review/round/save', {
        token: admin1,
        body: { competitionId: c.id, name: `初评${run}`, type: 'online', expertsPerWork: 2, scoreColumns: COLUMNS, commentRequired: true, excludeOwnOrganisation: false, closesAt },
      }),
      'round',
    );
    ok(await api('/review/round/works/sync', { token: admin1, body: { id: round.id } }), 'sync');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: round.id, name: '第一组', expertIds: experts.map((e) => e.id), captainExpertId: experts[0].id } }), 'group');
    ok(await api('/review/distribution/run', { token: admin1, body: { roundId: round.id } }), 'run');
    for (;;) {
      const p = ok(await api<{ status: string } | null>(`/review/distribution/progress?roundId=${round.id}`, { token: admin1 }), 'progress');
      if (p && p.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    round = ok(await api<Round>('/review/round/open', { token: admin1, body: { id: round.id } }), 'open');
  }, 180_000);

  afterAll(dropStudents);

  async function loginAs(e: Expert): Promise<Page> {
    const page = await b.newPage();
    await loginWithPassword(page, e.username);
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
    return page;
  }

  /** Types a score into a column's number box (blur commits it). */
  async function score(page: Page, column: number, value: number): Promise<void> {
    await fill(page, `[data-testid="score-sheet"] input[data-column="${column}"], [data-testid="score-sheet"] [data-column="${column}"] input`, String(value));
  }

  b.it('asks for a new password at the first login with the slip\'s one-time password, which then stops working', async () => {
    const e = experts[1];
    const page = await b.newPage();
    await open(page, '/neibu/login');
    await fill(page, '#username', e.username);
    await fill(page, '#password', e.slip);
    await click(page, '.auth__card button.ant-btn-primary', { answer: '/auth/login/pwd' });
    await waitForText(page, ['设置新密码', '一次性密码'], '.auth__card');
    await b.shot(page, 'first-login-zh');
    // The new password must be the account's own: not the slip's.
    await fill(page, '#password', e.slip);
    await fill(page, '#confirm', e.slip);
    await click(page, '.auth__card button.ant-btn-primary', { answer: '/auth/login/pwd/first' });
    await waitForText(page, '新密码不能与一次性密码相同', '.ant-message');
    await fill(page, '#password', DEMO_PASSWORD);
    await fill(page, '#confirm', DEMO_PASSWORD);
    await click(page, '.auth__card button.ant-btn-primary', { answer: '/auth/login/pwd/first' });
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
    await page.close();

    // The slip's password is spent.
    const again = await b.newPage();
    await open(again, '/neibu/login');
    await fill(again, '#username', e.username);
    await fill(again, '#password', e.slip);
    await click(again, '.auth__card button.ant-btn-primary', { answer: '/auth/login/pwd' });
    await waitForText(again, '账号或密码错误', '.ant-message');
    await again.close();
  }, 60_000);

  b.it('shows the expert their rounds on the workbench and both works in 我的评审', async () => {
    const page = await loginAs(experts[1]);
    await open(page, '/dashboard/index');
    await waitForText(page, [round.name, '分配', '已提交', '被退回', '去评审'], '[data-testid="expert-rounds"]');
    await b.shot(page, 'workbench-zh');
    await click(page, '[data-testid="expert-rounds"] button', '去评审');
    await waitForPath(page, '/review/mine');
    expect(new URL(page.url()).searchParams.get('roundId')).toBe(String(round.id));
    await waitForText(page, [...titles, '未开始', '截止时间'], '[data-testid="my-reviews"]');
    await waitForText(page, '我的评审', '.back-header');
    await b.shot(page, 'mine-zh');

    // The status filter: nothing is a draft yet.
    await click(page, '[data-testid="my-reviews"] .ant-select:has(#my-review-search_status)');
    await click(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', '草稿');
    await click(page, '[data-testid="my-reviews"] button[type="submit"]', { answer: '/review/mine/page?status=draft' });
    await waitForText(page, '没有符合条件的作品', '[data-testid="my-reviews"]');
    await page.close();
  }, 90_000);

  b.it('shows the PDF inline, saves a draft that survives a reload, and locks the sheet once submitted', async () => {
    const page = await loginAs(experts[1]);
    await open(page, `/review/mine?roundId=${round.id}`);
    const fileAnswer = page.waitForResponse((r) => r.url().includes('/review/sheet/file/view/'));
    await click(page, '[data-testid="my-reviews"] a', titles[0]);
    await waitForPath(page, '/review/score');
    const file = await fileAnswer;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    // The PDF is shown in the page: the viewer frame is there, sized, and shows the file from a link ending in its
    // name, which the browser's PDF viewer shows as the document's title (not a blob id or about:blank).
    const frame = await ready(page, '[data-testid="pdf-viewer"]');
    const box = await frame.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(300);
    const src = await frame.evaluate((f) => (f as HTMLIFrameElement).src);
    expect(decodeURIComponent(src)).toMatch(/\/review\/sheet\/file\/view\/[\w-]{24}\/计划书1\.pdf$/);
    const viewerTitle = async () => {
      for (const f of page.frames()) if (f.url().startsWith('chrome-extension://')) return f.title().catch(() => '');
      return '';
    };
    await waitFor("the PDF viewer's title to be the file's name", async () => (await viewerTitle()) === '计划书1.pdf', 20_000);
    // The link is a ticket for this file alone: a made-up one is refused with the envelope.
    expect((await api(`/review/sheet/file/view/${'x'.repeat(24)}/a.pdf`)).code).toBe(10404);
    await waitForText(page, ['创新性', '满分 40', '步长 0.5', '权重 40%', '选题新颖，方法有创意', '完成度', '加权总分', '评语'], '[data-testid="score-sheet"]');

    await score(page, 0, 35.5);
    await score(page, 1, 50);
    await fill(page, '[data-testid="score-sheet"] textarea', '创意突出，完成较好');
    await waitForText(page, '85.5', '[data-testid="sheet-total"]');
    await page.waitForSelector('[data-testid="save-state"][data-state="saved"]');
    await waitForText(page, '草稿已保存于', '[data-testid="save-state"]');
    await b.shot(page, 'score-draft-zh');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForText(page, ['草稿', '85.5'], '[data-testid="score-sheet"]');
    expect(await page.$eval('[data-testid="score-sheet"] textarea', (t) => (t as HTMLTextAreaElement).value)).toBe('创意突出，完成较好');

    await click(page, '[data-testid="submit-sheet"]');
    await waitForText(page, '提交后评分表将被锁定', '.ant-modal');
    await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /review/sheet/submit' });
    await waitForText(page, ['已提交', '评分表已锁定'], '[data-testid="score-sheet"]');
    expect(await page.$$('[data-testid="submit-sheet"]')).toHaveLength(0);
    expect(await page.$eval('[data-testid="score-sheet"] textarea', (t) => (t as HTMLTextAreaElement).disabled)).toBe(true);
    await b.shot(page, 'score-submitted-zh');

    // The second work at tablet width: the files above the sheet.
    await page.setViewport({ width: 1024, height: 900 });
    await open(page, `/review/mine?roundId=${round.id}`);
    await click(page, '[data-testid="my-reviews"] a', titles[1]);
    await ready(page, '[data-testid="pdf-viewer"]');
    const [files, sheet] = await Promise.all(['.review-score__files', '[data-testid="score-sheet"]'].map((s) => page.$eval(s, (el) => el.getBoundingClientRect().top)));
    expect(sheet).toBeGreaterThan(files);
    await score(page, 0, 30);
    await score(page, 1, 40);
    await fill(page, '[data-testid="score-sheet"] textarea', '思路清晰');
    await waitForText(page, '70', '[data-testid="sheet-total"]');
    await b.shot(page, 'score-tablet-zh');
    await click(page, '[data-testid="submit-sheet"]');
    await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /review/sheet/submit' });
    await waitForText(page, '评分表已锁定', '[data-testid="score-sheet"]');
    await page.close();
  }, 120_000);

  b.it('lets the captain return a sheet with a reason; the expert sees it, corrects and resubmits', async () => {
    const captain = await loginAs(experts[0]);
    // The workbench names the group to confirm and opens the captain's view on it.
    await open(captain, '/dashboard/index');
    await waitForText(captain, ['待确认的评审组', `第一组（${round.name}）`, '已提交 2 / 4'], '[data-testid="captain-groups"]');
    await b.shot(captain, 'workbench-captain-zh');
    await captain.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await open(captain, '/dashboard/index');
    await waitForText(captain, '已提交 2 / 4', '[data-testid="captain-groups"]');
    await b.shot(captain, 'workbench-captain-phone-zh');
    await captain.setViewport({ width: 1440, height: 900 });
    await open(captain, '/dashboard/index');
    await click(captain, `[data-testid="captain-groups"] [data-round="${round.id}"] button`);
    await waitForText(captain, ['第一组', experts[1].name, titles[0], '已提交 2 / 4'], '[data-testid="captain-view"]');
    expect(new URL(captain.url()).search).toBe(`?roundId=${round.id}&tab=captain`);
    await b.shot(captain, 'captain-zh');
    await click(captain, `[data-testid="captain-view"] tr[data-row-key="${workIds[0]}"] button`, '退回');
    await waitForText(captain, ['退回评分', experts[1].name], '.ant-modal');
    // No reason: the dialog stays and says what is missing.
    await click(captain, '.ant-modal .ant-btn-primary');
    await waitForText(captain, '请填写退回原因', '.ant-modal');
    await fill(captain, '.ant-modal input, .ant-modal textarea', REASON);
    await click(captain, '.ant-modal .ant-btn-primary', { answer: 'POST /review/sheet/return' });
    await waitForText(captain, '已退回', `[data-testid="captain-view"] tr[data-row-key="${workIds[0]}"]`);
    await captain.close();

    const page = await loginAs(experts[1]);
    await open(page, `/review/mine?roundId=${round.id}`);
    await waitForText(page, ['已退回', '修改'], '[data-testid="my-reviews"]');
    await click(page, '[data-testid="my-reviews"] a', titles[0]);
    await waitForText(page, ['评分被退回', REASON], '[data-testid="return-reason"]');
    await b.shot(page, 'returned-zh');
    await score(page, 1, 58);
    await waitForText(page, '93.5', '[data-testid="sheet-total"]');
    await click(page, '[data-testid="submit-sheet"]', '重新提交');
    await click(page, '.ant-modal .ant-btn-primary', { answer: 'POST /review/sheet/submit' });
    await waitForText(page, '评分表已锁定', '[data-testid="score-sheet"]');
    await waitForGone(page, '[data-testid="return-reason"]');
    await open(page, `/review/mine?roundId=${round.id}`);
    await waitForText(page, '93.5', '[data-testid="my-reviews"]');
    await page.close();
  }, 120_000);

  b.it('speaks English after the language switch', async () => {
    const page = await loginAs(experts[1]);
    await open(page, `/review/mine?roundId=${round.id}`);
    await waitForText(page, titles[0], '[data-testid="my-reviews"]');
    await click(page, langButton);
    await waitForText(page, ['My reviews', 'Round', 'Status', 'Keyword', 'Work', 'Deadline', 'Submitted', 'View'], '[data-testid="my-reviews"]');
    await waitForText(page, 'My reviews', '.back-header');
    await b.shot(page, 'mine-en');
    await click(page, '[data-testid="my-reviews"] a', titles[0]);
    await waitForText(page, ['Score sheet', 'Max 40', 'Step 0.5', 'Weight 40%', 'Weighted total', 'Comment', 'the sheet is locked'], '[data-testid="score-sheet"]');
    await waitForText(page, ['Files', 'Back to my reviews'], '[data-testid="score-page"]');
    await b.shot(page, 'score-en');
    await page.setViewport({ width: 1024, height: 900 });
    await b.shot(page, 'score-en-1024');
    await open(page, '/dashboard/index');
    await waitForText(page, ['My review rounds', 'Assigned', 'Submitted', 'Returned', 'Review', 'Closes'], '[data-testid="expert-rounds"]');
    await b.shot(page, 'workbench-en');
    await page.close();

    const captain = await loginAs(experts[0]);
    await open(captain, `/review/mine?roundId=${round.id}&tab=captain`);
    await waitForText(captain, '组长视图', '.ant-tabs');
    await click(captain, langButton);
    await waitForText(captain, 'Captain view', '.ant-tabs');
    await waitForText(captain, ['Captain view: 第一组', '2 of 4 submitted', 'Confirm the group'], '[data-testid="captain-view"]');
    await b.shot(captain, 'captain-en');
    await captain.close();
  }, 120_000);
});

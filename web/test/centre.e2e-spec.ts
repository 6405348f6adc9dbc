import type { Page } from 'puppeteer-core';
import type { BankCard, Signup, Work } from '@cmp/contracts';
import { api, freshIp, login, upload } from '../../services/gateway/test/support/api';
import { addBatch, addTemplate, addWinners, competitionWithEvent, settled, winners } from '../../services/gateway/test/support/certificates';
import { dropStudents, makeCompetition, makeStudents, PDF, type Student } from '../../services/gateway/test/support/enroll';
import { waitFor } from '../../services/gateway/test/support/platform';
import { answered, choose, chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, textOf, useBrowser, waitForGone, waitForText } from './support/browser';

/** The personal centre of a student: participant details, bank card, messages and settings, study records. */
describe('personal centre: details, bank card, messages, study records', () => {
  const b = useBrowser('centre');
  /** Fills in the details, adds a card, reads the message and the study records (one test each). */
  let student: Student;
  /** Has all of that already (card and read message through the API): the English settings test reads it. */
  let reader: Student;
  let newcomer: Student;
  let competitionName: string;
  let workTitle: string;
  let page: Page;

  beforeAll(async () => {
    const admin1 = await login('admin1');
    [student, reader, newcomer] = await makeStudents(3, `centre${Date.now().toString(36)}`);
    // A complete sign-up with a submitted work each, approved by admin1: the approval is the student's message.
    competitionName = `个人中心测试赛 ${Date.now()}`;
    workTitle = `校园节水方案 ${Date.now() % 100000}`;
    const c = await makeCompetition(admin1, { name: competitionName, requiredFields: ['realName'], files: { fileTypes: ['pdf'], maxFileMb: 1, maxFiles: 1 } });
    const approvedWithWork = async (who: Student) => {
      const as = { token: who.token, ip: freshIp() };
      const s = await api<Signup>('/web/enroll/signUp', { ...as, body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '林晓' } } });
      if (s.code !== 0) throw new Error(`sign-up: ${s.msg}`);
      const w = await api<Work>('/web/work/save', { ...as, body: { signupId: s.data.id, title: workTitle, summary: '' } });
      await upload(`/web/work/file/upload?workId=${w.data.id}`, who.token, PDF, '方案.pdf');
      if ((await api('/web/work/submit', { ...as, body: { id: w.data.id } })).code !== 0) throw new Error('work submit failed');
      if ((await api('/enroll/signup/check', { token: admin1, body: { id: s.data.id, approve: true } })).code !== 0) throw new Error('approve failed');
    };
    // A certificate sent to the student, of a competition and template of its own (numbered GR-0001 for
    // the student; numbers are unique in the organisation, so the reader's has another prefix).
    const certificate = async (who: Student, prefix: string) => {
      const { competitionId, itemId } = await competitionWithEvent(admin1, `证书竞赛 ${Date.now()}-${who.userId}`);
      const template = await addTemplate(admin1, { variant: 'autoincrementFour', prefix }, 'autoincrementFour');
      const batch = await addBatch(admin1, { templateId: template.id, competitionId, itemId });
      await addWinners(admin1, batch.id, winners(1, '林', { username: who.username, holderName: '林晓' }));
      await api('/certificate/batch/issue', { token: admin1, body: { batchId: batch.id } });
      await settled(admin1, batch.id);
      await api('/certificate/batch/send', { token: admin1, body: { batchId: batch.id } });
    };
    for (const who of [student, reader]) await approvedWithWork(who);
    await Promise.all([certificate(student, 'GR-'), certificate(reader, 'GS-')]);
    // The reader has a card and has read the approval.
    const card = await api('/web/user/bankCard/save', { token: reader.token, body: { accountName: '林晓', bankName: '中国工商银行', cardNumber: '6222 0202 0000 0000 006' } });
    if (card.code !== 0) throw new Error(`bank card: ${card.msg}`);
    // Both messages (the approval and the certificate, which comes through an event) are there before all are read.
    await waitFor("the reader's two messages", async () => (await api<{ total: number }>('/web/center/message/page?pageNum=1&pageSize=10', { token: reader.token })).data?.total === 2);
    if ((await api('/web/center/message/read', { token: reader.token, body: {} })).code !== 0) throw new Error('message read failed');

    page = await b.newPage();
    await loginWithPassword(page, student.username);
    await chooseOrganisation(page, '华东示范大学');
  }, 180000);
  afterAll(dropStudents);

  b.it('shows the account: the role and the organisation by name, not by key or id', async () => {
    await open(page, '/center/users');
    await waitForText(page, ['角色', '学生', '所属机构', '华东示范大学'], '[data-testid="account-info"]');
    const text = await textOf(page, '[data-testid="account-info"]');
    expect(text).not.toMatch(/\bstudent\b/);
    expect(text).not.toMatch(/所属机构\s*\d+\s*$/m);
    await b.shot(page, 'account-info');
  });

  b.it('fills in the participant details: a bad identity number is refused on its field, a valid one gives the gender', async () => {
    // The form shows the saved details once they are loaded: typing starts after that.
    const loaded = answered(page, '/web/user/detail');
    await open(page, '/center/users?tab=participant');
    await loaded;
    await waitForText(page, ['参赛信息', '报名竞赛时会自动带入这些信息'], '.center__page');
    await fill(page, '#realName', '林晓');
    await fill(page, '#idNumber', '110105194913310021');
    await fill(page, '#phone', '13912345678');
    await fill(page, '#email', 'linxiao@example.edu');
    // The search answers after a pause in typing: its answer is waited for, then the school picked.
    await choose(page, '#school', '华东示范大学', '/home/school/page?name=华东示范大学');
    await waitForText(page, '华东示范大学', '[data-testid="participant-form"] .ant-select-selection-item');
    await fill(page, '#college', '计算机科学与技术学院');
    await fill(page, '#major', '软件工程');
    await fill(page, '#studentNo', '2023010101');
    await fill(page, '#grade', '2023级');
    await click(page, '[data-testid="participant-form"] button', { text: '保 存', answer: '/web/user/detail/save' });
    await waitForText(page, '出生日期无效', '[data-testid="participant-form"] .ant-form-item-explain-error');
    await b.shot(page, 'participant-bad-id');

    await fill(page, '#idNumber', '11010519491231002X');
    await waitForText(page, '性别：女（由身份证号得出）', '[data-testid="derived-gender"]');
    await waitForGone(page, '[data-testid="participant-form"] .ant-form-item-explain');
    await click(page, '[data-testid="participant-form"] button', { text: '保 存', answer: '/web/user/detail/save' });
    await waitForText(page, '参赛信息已保存', '.ant-message');
    await b.shot(page, 'participant-saved');
    const saved = await api<{ profile: Record<string, unknown> }>('/web/user/detail', { token: student.token });
    expect(saved.data.profile).toMatchObject({
      realName: '林晓', idNumber: '11010519491231002X', gender: 2, phone: '13912345678', schoolName: '华东示范大学',
      schoolId: expect.any(Number), college: '计算机科学与技术学院', major: '软件工程', studentNo: '2023010101', grade: '2023级',
    });
  });

  b.it('adds a bank card: a mistyped number is refused, a valid one shows masked only', async () => {
    await open(page, '/center/users?tab=bankCard');
    await waitForText(page, ['尚未绑定银行卡', '卡号加密保存'], '[data-testid="bank-card"]');
    await click(page, '[data-testid="bank-card"] button', '绑定银行卡');
    await waitForText(page, '开户名', '[data-testid="bank-card-form"]');
    await fill(page, '#accountName', '林晓');
    await fill(page, '#bankName', '中国工商银行');
    await fill(page, '#cardNumber', '6222 0202 0000 0000 007');
    await click(page, '[data-testid="bank-card-form"] button', { text: '保 存', answer: '/web/user/bankCard/save' });
    await waitForText(page, '银行卡号校验未通过，请核对是否输错', '[data-testid="bank-card-form"] .ant-form-item-explain-error');
    await b.shot(page, 'bank-card-bad-number');

    await fill(page, '#cardNumber', '6222 0202 0000 0000 006');
    // Editing the field takes the server's message away, and the button moves up once its motion is over.
    await waitForGone(page, '[data-testid="bank-card-form"] .ant-form-item-explain');
    await click(page, '[data-testid="bank-card-form"] button', { text: '保 存', answer: '/web/user/bankCard/save' });
    await waitForText(page, ['**** **** **** 0006', '中国工商银行', '林晓'], '[data-testid="bank-card"]');
    expect(await page.$eval('[data-testid="bank-card"]', (el) => (el as HTMLElement).innerText)).not.toContain('6222020200000000006');
    await b.shot(page, 'bank-card-masked');
    expect((await api<BankCard>('/web/user/bankCard', { token: student.token })).data.cardNumberMasked).toBe('**** **** **** 0006');
  });

  b.it('reads the approval and certificate messages: unread badge, mark one read, then all', async () => {
    await open(page, '/center/set');
    await waitForText(page, ['消息通知', `报名已通过：${competitionName}`, '您获得的证书已发放', '标为已读'], '[data-testid="messages"]');
    expect(await page.$eval('[data-testid="messages"] .ant-card-head .ant-badge-count', (el) => el.getAttribute('title'))).toBe('2 条未读');
    await b.shot(page, 'messages-unread');
    await click(page, '[data-testid="messages"] .ant-list-item button', { text: '标为已读', answer: '/web/center/message/read' });
    await page.waitForFunction(() => document.querySelector('[data-testid="messages"] .ant-card-head .ant-badge-count')?.getAttribute('title') === '1 条未读');
    await click(page, '[data-testid="messages"] button', { text: '全部标为已读', answer: '/web/center/message/read' });
    await waitForText(page, '全部已读', '[data-testid="messages"] .ant-card-head');
    await waitForGone(page, '[data-testid="messages"] .ant-list-item button', '标为已读');
    await b.shot(page, 'messages-read');
  });

  b.it('sees the study records: the sign-up, the submitted work and the certificate, newest first', async () => {
    await open(page, '/center/study');
    await waitForText(page, ['学习记录', `报名 ${competitionName}`, '已通过', `提交作品《${workTitle}》`, '已提交', '获得证书：一等奖', 'GR-0001'], '[data-testid="study-records"]');
    const order = await page.$$eval('[data-testid="study-records"] .study-record', (els) => els.map((el) => el.getAttribute('data-testid')!.slice(6, 7)));
    // The certificate came last, the sign-up first.
    expect(order).toEqual(['c', 'w', 's']);
    await b.shot(page, 'study-records');
    await click(page, '[data-testid="study-records"] .ant-segmented-item', '证书');
    await waitForGone(page, '[data-testid="study-records"] .study-record', '提交作品');
    await b.shot(page, 'study-certificates-only');
  });

  b.it('switches the interface to English in the settings, and the centre follows', async () => {
    const page = await b.newPage();
    await loginWithPassword(page, reader.username);
    await chooseOrganisation(page, '华东示范大学');
    await open(page, '/center/set');
    // A click that lands while the page is still rendering its first data can be lost.
    await click(page, '[data-testid="language-preference"] label', { text: 'English', until: { selector: '[data-testid="language-preference"] .ant-radio-button-wrapper-checked', text: 'English' } });
    await waitForText(page, ['Messages', 'Interface language', `Sign-up approved: ${competitionName}`, 'All read'], '.center__page');
    await b.shot(page, 'settings-english');
    await open(page, '/center/study');
    await waitForText(page, ['Study records', `Signed up for ${competitionName}`, 'Approved', `Submit work: "${workTitle}"`, 'Received a certificate'], '[data-testid="study-records"]');
    await b.shot(page, 'study-english');
    await open(page, '/center/users');
    await waitForText(page, ['Roles', 'Student', 'Organisation', '华东示范大学'], '[data-testid="account-info"]');
    await b.shot(page, 'account-info-english');
    await open(page, '/center/users?tab=bankCard');
    await waitForText(page, ['Bank card', '**** **** **** 0006', 'Replace the card'], '.center__page');
    await b.shot(page, 'bank-card-english');
    // Removing asks first.
    await click(page, '[data-testid="bank-card"] button', 'Remove');
    await waitForText(page, ['Remove this bank card?', 'Prize money cannot be paid to you until you add a card again.'], '.ant-modal');
    await b.shot(page, 'bank-card-remove-confirm');
    await click(page, '.ant-modal-footer button', { text: 'Remove', answer: '/web/user/bankCard/delete' });
    await waitForText(page, ['No bank card yet', 'Add a bank card'], '[data-testid="bank-card"]');
    expect((await api('/web/user/bankCard', { token: reader.token })).data).toBeNull();
    await page.close();
    // Five screens after a login: more than the default minute on a loaded machine.
  }, 120000);

  b.it("opens on each sign-up's next step, the caller's own first, each opening where it is done", async () => {
    const admin1 = await login('admin1');
    const [entrant] = await makeStudents(1, `next${Date.now().toString(36)}`);
    const paid = await makeCompetition(admin1, { name: `缴费下一步赛 ${Date.now()}`, items: [['收费组', null, 5000]] });
    const free = await makeCompetition(admin1, { name: `作品下一步赛 ${Date.now()}` });
    const signUp = async (c: typeof paid) => {
      const r = await api<Signup>('/web/enroll/signUp', { token: entrant.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '陈下一步' } } });
      if (r.code !== 0) throw new Error(`sign-up: ${r.msg}`);
      return r.data;
    };
    const [owes, noWork] = [await signUp(paid), await signUp(free)];
    const fresh = await b.newPage();
    await loginWithPassword(fresh, entrant.username);
    await chooseOrganisation(fresh, '华东示范大学');
    await open(fresh, '/center/users');
    await waitForText(fresh, ['我的下一步', paid.name, '缴纳报名费 ¥50.00', free.name, '提交作品'], '[data-testid="next-steps"]');
    expect(await fresh.$$eval('[data-testid="next-steps"] [data-signup]', (els) => els.map((e) => [Number(e.getAttribute('data-signup')), e.getAttribute('data-step')]))).toEqual([
      [noWork.id, 'submit'],
      [owes.id, 'pay'],
    ]);
    await b.shot(fresh, 'next-steps');
    await click(fresh, `[data-signup="${noWork.id}"] button`);
    await waitForText(fresh, free.name, 'body');
    expect(new URL(fresh.url()).pathname).toBe('/home/competition/submitWork');
    await open(fresh, '/center/users');
    await click(fresh, `[data-signup="${owes.id}"] button`);
    await waitForText(fresh, '¥50.00', 'body');
    expect(new URL(fresh.url()).search).toBe(`?id=${owes.id}`);
    await loadsIn(fresh, 'en');
    await open(fresh, '/center/users');
    await waitForText(fresh, ['My next steps', 'All sign-ups', 'Submit your work', 'Pay the entry fee of ¥50.00', 'Pay'], '[data-testid="next-steps"]');
    await b.shot(fresh, 'next-steps-en');
    // The student whose work is in waits for the results; on a phone.
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await open(page, '/center/users');
    await waitForText(page, [competitionName, '等待评审结果'], '[data-testid="next-steps"]');
    await b.shot(page, 'next-steps-phone');
    await page.setViewport({ width: 1440, height: 900 });
    await open(page, '/center/users');
  });

  b.it('shows a newcomer empty messages and study records, saying what will appear there', async () => {
    const fresh = await b.newPage();
    await loginWithPassword(fresh, newcomer.username);
    await chooseOrganisation(fresh, '华东示范大学');
    await open(fresh, '/center/users');
    await waitForText(fresh, ['还没有进行中的竞赛报名', '看看正在报名的竞赛'], '[data-testid="next-steps"]');
    await open(fresh, '/center/set');
    await waitForText(fresh, '暂无消息。报名审核结果、缴费确认和队员加入时会在这里通知你。', '[data-testid="messages"]');
    await b.shot(fresh, 'messages-empty');
    await open(fresh, '/center/study');
    await waitForText(fresh, ['还没有学习记录', '去看看竞赛'], '[data-testid="study-records"]');
    await b.shot(fresh, 'study-empty');
  });
});

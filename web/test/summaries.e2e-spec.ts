import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SummaryRequirement } from '@cmp/contracts';
import { api, login } from '../../services/gateway/test/support/api';
import { chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, useBrowser, waitForPath, waitForText } from './support/browser';

const tag = () => Math.random().toString(36).slice(2, 7);

/** 总结管理: an organiser asks a college for a summary, the college's contact hands in a PDF, the organiser returns it. */
describe('school summaries', () => {
  const b = useBrowser('summaries');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summaries-'));
  const pdfFile = path.join(dir, '计算机学院总结.pdf');
  const textFile = path.join(dir, 'notes.pdf');
  fs.writeFileSync(pdfFile, '%PDF-1.4\n% 总结\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  fs.writeFileSync(textFile, 'not a pdf at all');
  // The first test's requirement, which the second reads in English.
  const title = `年度竞赛总结 ${tag()}`;

  b.it('sets a requirement, the college hands in a PDF on a phone, the organiser returns it with a reason (zh-CN)', async () => {
    const page = await b.newPage();
    await loadsIn(page, 'zh-CN');
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await waitForPath(page, '/dashboard/index');

    // 总结设置: the form asks for a title, a deadline (two weeks ahead by default) and the organisations.
    await open(page, '/summary/setting');
    await waitForText(page, ['总结设置', '新建总结要求'], '.system-page');
    await click(page, '.system-page__header .ant-btn-primary', '新建总结要求');
    await fill(page, '.ant-modal input#title', title);
    await click(page, '.ant-modal [data-testid=summary-targets]');
    await click(page, '.ant-select-tree-node-content-wrapper', '华东示范大学计算机学院');
    await click(page, '.ant-modal-title');
    await b.shot(page, 'requirement-form');
    await click(page, '.ant-modal-footer .ant-btn-primary', { answer: '/summary/requirement/save' });
    await waitForText(page, [title, '0/1'], '.ant-table-row');
    await b.shot(page, 'settings');

    // The college's contact sees it, is told a text file is not a PDF, and hands in the PDF (on a phone).
    const contact = await b.newPage();
    await contact.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await loadsIn(contact, 'zh-CN');
    await loginWithPassword(contact, 'college1');
    await waitForPath(contact, /^\/newsManagement\//);
    await open(contact, '/summary/submissions');
    const card = `[data-testid=summary-task]`;
    // Other tests ask the college too: this test's requirement is found by its title.
    await fill(contact, '.search-form input#keyword', title);
    await click(contact, '.search-form button[type=submit]', { answer: '/summary/task/page' });
    await waitForText(contact, [title, '华东示范大学', '未提交'], card);
    const input = await contact.$(`${card} input[type=file]`);
    await input!.uploadFile(textFile);
    await waitForText(contact, '内容不是 PDF');
    await (await contact.$(`${card} input[type=file]`))!.uploadFile(pdfFile);
    await waitForText(contact, ['待审核', '计算机学院总结.pdf', '第 1 次提交'], card);
    await b.shot(contact, 'submissions-phone');

    // 提交记录: the organiser sees it waiting, returns it with a reason; the contact reads the reason.
    const [r] = (await api<{ list: SummaryRequirement[] }>(`/summary/requirement/page?keyword=${encodeURIComponent(title)}`, { token: await login('admin1') })).data.list;
    await open(page, `/summary/records?requirementId=${r.id}`);
    const row = '.system-page .ant-table-row';
    await waitForText(page, ['华东示范大学计算机学院', '待审核', '计算机学院总结.pdf'], row);
    await waitForText(page, '共 1 个机构：已提交 1，已通过 0，已退回 0，未提交 0', '[data-testid=summary-counts]');
    await b.shot(page, 'records');
    await click(page, `${row} .ant-btn-dangerous`, '退回');
    await fill(page, '.ant-modal input, .ant-modal textarea', '请补充获奖名单');
    await click(page, '.ant-modal .ant-btn-primary', { answer: '/summary/submission/review' });
    await waitForText(page, ['已退回', '请补充获奖名单'], row);

    await click(contact, '.search-form button[type=submit]', { answer: '/summary/task/page' });
    await waitForText(contact, ['已退回', '被退回：请补充获奖名单', '重新上传'], card);
    await b.shot(contact, 'returned-phone');
    await contact.close();
    await page.close();
  });

  b.it('reads every summary screen in English, the archive on a phone too', async () => {
    const page = await b.newPage();
    await loadsIn(page, 'en');
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await waitForPath(page, '/dashboard/index');
    await open(page, '/summary/setting');
    await waitForText(page, ['Summary settings', 'New requirement', 'Progress', 'Records'], '.system-page');
    await b.shot(page, 'settings-en');
    // The requirement the test before returned: its records in English.
    const [r] = (await api<{ list: SummaryRequirement[] }>(`/summary/requirement/page?keyword=${encodeURIComponent(title)}`, { token: await login('admin1') })).data.list;
    await open(page, `/summary/records?requirementId=${r.id}`);
    await waitForText(page, ['Submission records', 'Remind'], '.system-page');
    await waitForText(page, ['华东示范大学计算机学院', 'Returned', '请补充获奖名单'], '.ant-table-row');
    await b.shot(page, 'records-en');
    await open(page, '/summary/school');
    await waitForText(page, ['School summaries', 'Organisation', 'Requirement'], '.system-page');
    await waitForText(page, ['计算机学院总结.pdf', 'Preview'], '.ant-table-row');
    await b.shot(page, 'school-en');
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await waitForText(page, 'School summaries', '.system-page');
    await b.shot(page, 'school-phone-en');

    const contact = await b.newPage();
    await loadsIn(contact, 'en');
    await loginWithPassword(contact, 'college1');
    await waitForPath(contact, /^\/newsManagement\//);
    await open(contact, '/summary/submissions');
    await waitForText(contact, ['Submissions', 'Still to hand in'], '.system-page');
    await waitForText(contact, ['Returned: 请补充获奖名单', 'Upload again', 'Asked by'], '[data-testid=summary-task]');
    await b.shot(contact, 'submissions-en');
    await contact.close();
    await page.close();
  });
});

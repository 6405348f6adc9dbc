import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'puppeteer-core';
import { WINNER_COLUMNS, type CertificateTemplate, type IssuedCertificate, type Page as ListPage, type Recipient } from '@cmp/contracts';
import { api, login } from '../../services/gateway/test/support/api';
import { addBatch, addTemplate, addWinners, competitionWithEvent, SEAL_PNG, settled } from '../../services/gateway/test/support/certificates';
import { sql } from '../../services/gateway/test/support/enroll';
import { waitFor } from '../../services/gateway/test/support/platform';
import { choose, chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, useBrowser, waitForPath, waitForText } from './support/browser';

/** An .xlsx of winners with the template's Chinese headers. */
async function winnersSheet(rows: string[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('winners');
  ws.addRow(WINNER_COLUMNS.map((c) => c.zh + (c.required ? ' *' : '')));
  rows.forEach((r) => ws.addRow(r));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ca-')), 'winners.xlsx');
  fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
  return file;
}

const inModal = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal';
const importModal = '.sheet-import .ant-modal';
const winnersModal = '.ca-winners .ant-modal';
/** The dialog's primary button (antd spaces two-character labels: 发 证). */
const confirmOk = (page: Page, answer?: string) => click(page, `${inModal} .ant-modal-footer .ant-btn-primary`, { answer });
/** An antd Select of the batch form, by its test id. */
const select = (testId: string) => `[data-testid="${testId}"] .ant-select-selector`;

/** Searches a batch list (`list`: the batch list or the send list) for one batch and waits until its row is the only one. */
async function search(page: Page, list: 'ca-batches' | 'ca-send', name: string) {
  await fill(page, list === 'ca-batches' ? '[data-testid="ca-batch-search"]' : '[data-testid="ca-send-search"]', name);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (sel: string, n: string) => {
      const rows = [...document.querySelectorAll<HTMLElement>(sel)];
      return rows.length === 1 && rows[0].innerText.includes(n);
    },
    {},
    `[data-testid="${list}"] .ant-table-tbody tr.ant-table-row`,
    name,
  );
}

const longest = '阿卜杜热西提·买买提艾力';
/** The winners of the good spreadsheet below, the longest name among them. */
const WINNERS: Recipient[] = [
  { holderName: '张三', username: 'student1', awardName: '一等奖', values: { school: '华东示范大学', student: '张三、李四', teacher: '王老师', workName: '智慧校园' } },
  {
    holderName: longest,
    awardName: '二等奖',
    values: { school: '中国人民解放军国防科学技术大学信息通信与网络空间安全学院', student: `${longest}、欧阳娜娜`, teacher: '爱新觉罗·启功', workName: '面向乡村振兴的多源异构农业大数据智能分析平台' },
  },
  { holderName: '王五', awardName: '三等奖', values: { school: '华东示范大学', student: '王五', teacher: '王老师', workName: '智慧交通' } },
];

describe('certificate back office: template, seal, batch, check, issue, send, trace', () => {
  const b = useBrowser('certificate-admin');
  const tag = String(Date.now());
  const competitionName = `证书后台竞赛 ${tag}`;
  const templateName = `后台模板 ${tag}`;
  let page: Page;
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-zip-'));
  /** A template made through the API, for the batches the tests make in the browser. */
  let template: CertificateTemplate;
  /** Batches set up through the API, each in the state its test starts from (named in `name`). */
  const batches = {
    check: { name: `后台批次 ${tag} 审核`, issue: false, winners: WINNERS, id: 0 },
    send: { name: `后台批次 ${tag} 发放`, issue: true, winners: WINNERS, id: 0 },
    trace: { name: `后台批次 ${tag} 溯源`, issue: true, winners: WINNERS, id: 0 },
    english: { name: `后台批次 ${tag} 英文`, issue: true, winners: WINNERS.slice(0, 2), id: 0 },
    // A team without an adviser, checked by an organisation that has not uploaded a seal yet.
    empty: { name: `后台批次 ${tag} 空白`, issue: false, winners: [WINNERS[0], { holderName: '无师队', awardName: '二等奖', values: { school: '华东示范大学', student: '赵六', workName: '智慧农业' } }], id: 0 },
  };
  const issuerName = `华东示范大学证书中心${tag}`;
  /** The longest winner's certificate in the trace test's batch. */
  let traced: IssuedCertificate;

  beforeAll(async () => {
    const admin1 = await login('admin1');
    const { competitionId, itemId } = await competitionWithEvent(admin1, competitionName);
    template = await addTemplate(admin1, { variant: 'randomCode' });
    await Promise.all(
      Object.values(batches).map(async (x) => {
        x.id = (await addBatch(admin1, { name: x.name, templateId: template.id, competitionId, itemId, issuerName })).id;
        await addWinners(admin1, x.id, x.winners);
        if (!x.issue) return;
        if ((await api('/certificate/batch/issue', { token: admin1, body: { batchId: x.id } })).code !== 0) throw new Error(`issue ${x.name}`);
        if ((await settled(admin1, x.id)).status !== 'done') throw new Error(`${x.name} did not render`);
      }),
    );
    const certs = await api<ListPage<IssuedCertificate>>(`/certificate/page?batchId=${batches.trace.id}`, { token: admin1 });
    traced = certs.data.list.find((c) => c.holderName === longest)!;

    page = await b.newPage();
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
    const cdp = await page.createCDPSession();
    await cdp.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  }, 180000);

  b.it('creates a template from a category in the designer and finds it in the template list', async () => {
    await open(page, '/certificate/template');
    await waitForText(page, ['证书模板', '从类别新建'], '[data-testid="ca-templates"]');
    await click(page, '[data-testid="ca-template-add"]');
    await waitForText(page, ['选择模板类别', '横版', '竖版'], inModal);
    await b.shot(page, 'categories');
    await click(page, '[data-testid="ca-category-award1"]');
    await waitForPath(page, '/certificate/make');
    await page.waitForSelector('[data-testid="certificate-designer"] .cd-el--bound[data-code="awardName"]');
    await fill(page, '.cd-title', templateName);
    await page.keyboard.press('Tab');
    await click(page, '[data-testid="cd-save"]');
    await waitForText(page, templateName, '.ant-message');
    await b.shot(page, 'designer-from-category');

    await open(page, '/certificate/template');
    await fill(page, '[data-testid="ca-templates"] .search-form input', templateName);
    await page.keyboard.press('Enter');
    await waitForText(page, [templateName, '获奖', '横版'], '[data-testid="ca-templates"] .ant-table-tbody');
    await b.shot(page, 'template-list');
  });

  b.it('checks a batch as it will print: empty fields listed and left blank, no seal, the issuer printed, warnings on issue', async () => {
    // Before any seal is uploaded (the next test uploads one).
    await sql(`DELETE FROM certificates.seals WHERE group_id = (SELECT id FROM auth.groups WHERE code = 'DEMO-U1')`);
    await open(page, `/certificate/check?batchId=${batches.empty.id}`);
    await waitForText(page, ['1 名获奖人的证书有空白字段', '无师队', '指导教师'], '[data-testid="ca-empty-fields"]');
    await waitForText(page, '尚未上传印章', '[data-testid="ca-check-warning"]');
    await page.waitForSelector('[data-testid="ca-fits"], [data-testid="ca-overflow"]', { timeout: 30000 });
    const pages = await page.$$eval('iframe.ca-preview__frame', (frames) =>
      frames.map((f) => {
        const doc = (f as HTMLIFrameElement).contentDocument!;
        return { text: doc.body.innerText, seal: !!doc.querySelector('[data-code="seal"] img') };
      }),
    );
    const blank = pages.find((p) => p.text.includes('赵六'))!;
    expect(blank.text).not.toContain('【指导老师】');
    expect(blank.text).not.toContain('指导老师');
    expect(pages.map((p) => p.text.includes(issuerName))).toEqual([true, true]);
    expect(pages.map((p) => p.seal)).toEqual([false, false]);
    await b.shot(page, 'check-empty-fields-no-seal');

    await click(page, '[data-testid="ca-issue"]');
    await confirmOk(page, '/certificate/batch/issue');
    await waitForText(page, '尚未上传印章', '.ant-message');
    await b.shot(page, 'check-issued-no-seal-warning');

    // The template's own preview shows no seal either: there is none to print.
    await open(page, '/certificate/template');
    await fill(page, '[data-testid="ca-templates"] .search-form input', template.name);
    await page.keyboard.press('Enter');
    await waitForText(page, template.name, '[data-testid="ca-templates"] .ant-table-tbody');
    await click(page, '[data-testid="ca-templates"] .ant-table-tbody', '预览');
    await page.waitForSelector('[data-testid="cd-fits"], [data-testid="cd-overflow"]', { timeout: 30000 });
    const sealShown = await page.$eval('.cd-preview-frame', (f) => !!(f as HTMLIFrameElement).contentDocument?.querySelector('[data-code="seal"] img'));
    expect(sealShown).toBe(false);
    await b.shot(page, 'template-preview-no-seal');
  }, 120000);

  b.it('uploads the organisation seal, refusing a file that is not an image', async () => {
    await open(page, '/certificate/setting');
    await waitForText(page, ['机构印章', '证书编号规则', '竞赛内自增（3 位）', '999'], '[data-testid="ca-setting"]');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-seal-'));
    fs.writeFileSync(path.join(dir, 'seal.txt'), 'not an image');
    fs.writeFileSync(path.join(dir, 'seal.png'), SEAL_PNG);
    const input = await page.waitForSelector('[data-testid="ca-setting"] input[type=file]');
    await input!.uploadFile(path.join(dir, 'seal.txt'));
    await waitForText(page, '不是图片', '[data-testid="ca-seal-problem"]');
    await b.shot(page, 'seal-bad-file');
    // antd renders a fresh file input after each choice.
    const again = await page.waitForSelector('[data-testid="ca-setting"] input[type=file]');
    await again!.uploadFile(path.join(dir, 'seal.png'));
    await page.waitForFunction(() => (document.querySelector('[data-testid="ca-seal-image"] img') as HTMLImageElement | null)?.naturalWidth === 64);
    await click(page, '[data-testid="ca-seal-save"]');
    await waitForText(page, '印章已保存', '.ant-message');
    await b.shot(page, 'seal-saved');
  });

  b.it('creates a batch for the competition and imports winners: a bad row is named, a good file goes in', async () => {
    const batchName = `后台批次 ${tag} 导入`;
    await open(page, '/certificate/list');
    await click(page, '[data-testid="ca-batch-add"]');
    await waitForText(page, '新建证书批次', inModal);
    await choose(page, select('ca-batch-template'), template.name);
    await fill(page, '[data-testid="ca-batch-name"]', batchName);
    await choose(page, select('ca-batch-competition'), competitionName, `/competition/info/page?keyword=${competitionName}`);
    await choose(page, select('ca-batch-item'), '本科组');
    await fill(page, '[data-testid="ca-batch-issuer"]', '华东示范大学');
    await b.shot(page, 'batch-form');
    await click(page, '[data-testid="ca-batch-save"]', { answer: '/certificate/batch/add' });
    await waitForText(page, [`获奖名单 · ${batchName}`, '名单为空'], winnersModal);

    await click(page, '[data-testid="ca-winners-import"]');
    await waitForText(page, '导入获奖名单', importModal);
    const bad = await winnersSheet([
      ['张三', '', '一等奖', '华东示范大学', '张三、李四', '王老师', '智慧校园'],
      ['李四', '', '', '华东示范大学', '李四', '王老师', '智慧农业'],
    ]);
    const upload = async (file: string) => {
      const [chooser] = await Promise.all([page.waitForFileChooser(), click(page, `${importModal} .ant-upload-drag`)]);
      await chooser.accept([file]);
      await waitForText(page, 'winners.xlsx', `${importModal} .ant-upload-list`);
      await click(page, `${importModal} .ant-modal-footer .ant-btn-primary`, { answer: '/certificate/batch/recipients/import' });
    };
    await upload(bad);
    await waitForText(page, ['共 2 行，1 行有效，1 处错误', '3', '奖项'], `${importModal} .import-summary`);
    await b.shot(page, 'import-row-error');

    const good = await winnersSheet(WINNERS.map((w) => [w.holderName, w.username ?? '', w.awardName!, w.values.school, w.values.student, w.values.teacher, w.values.workName]));
    await upload(good);
    await waitForText(page, '已导入 3 名获奖人', '.ant-message');
    await waitForText(page, ['共 3 名获奖人', longest, '王五'], winnersModal);
    await b.shot(page, 'winners-imported');
  });

  b.it('previews the batch with its longest name, issues it and watches the progress reach done', async () => {
    const batchName = batches.check.name;
    await open(page, '/certificate/list');
    await search(page, 'ca-batches', batchName);
    await waitForText(page, [batchName, '草稿', '未发证'], '[data-testid="ca-batches"] .ant-table-tbody');
    await b.shot(page, 'batch-list-draft');
    await click(page, '[data-testid="ca-batches"] .ant-table-tbody', '审核发证');
    await waitForPath(page, '/certificate/check');
    await waitForText(page, [batchName, '随机码', '华东示范大学'], '[data-testid="ca-check"]');
    await page.waitForSelector('[data-testid="ca-fits"], [data-testid="ca-overflow"]', { timeout: 30000 });
    const texts = await page.$$eval('iframe.ca-preview__frame', (frames) => frames.map((f) => (f as HTMLIFrameElement).contentDocument?.body.innerText ?? ''));
    expect(texts.length).toBe(3);
    // The longest winner comes first, its name printed in the preview.
    expect(texts[0]).toContain(longest);
    await b.shot(page, 'check-preview-longest');

    await click(page, '[data-testid="ca-issue"]');
    await waitForText(page, '3 名获奖人发证', inModal);
    await confirmOk(page, '/certificate/batch/issue');
    await page.waitForSelector('[data-testid="ca-check"] [data-testid="ca-progress"]');
    await b.shot(page, 'check-issued-progress');
    await page.waitForSelector('[data-testid="ca-check"] [data-testid="ca-progress"][data-status="done"]', { timeout: 120000 });
    await waitForText(page, '完成 3 · 失败 0 · 剩余 0', '[data-testid="ca-check"]');
    await b.shot(page, 'check-done');
  }, 180000);

  b.it('sends the batch and downloads its ZIP with one PDF per certificate', async () => {
    const batchName = batches.send.name;
    await open(page, '/certificate/send');
    await search(page, 'ca-send', batchName);
    await waitForText(page, [batchName, '已生成', '未发放', '完成 3 · 失败 0 · 剩余 0'], '[data-testid="ca-send"] .ant-table-tbody');
    await b.shot(page, 'send-list');
    await click(page, '[data-testid="ca-send-batch"]');
    await waitForText(page, '获奖人会在个人中心看到证书', inModal);
    await confirmOk(page, '/certificate/batch/send');
    await waitForText(page, '发放于', '[data-testid="ca-send"] .ant-table-tbody');
    await b.shot(page, 'sent');

    await click(page, '[data-testid="ca-zip"]');
    let zipFile = '';
    await waitFor('the batch ZIP to download', async () => {
      zipFile = fs.readdirSync(downloads).find((f) => f.endsWith('.zip')) ?? '';
      return !!zipFile;
    });
    const zip = await JSZip.loadAsync(fs.readFileSync(path.join(downloads, zipFile)));
    const pdfs = Object.keys(zip.files).filter((f) => f.endsWith('.pdf'));
    expect(pdfs).toHaveLength(3);
    expect((await zip.files[pdfs[0]].async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  b.it('shows a rendered certificate, revokes one on the trace screen and sees it revoked there', async () => {
    const batchName = batches.trace.name;
    await open(page, '/certificate/list');
    await search(page, 'ca-batches', batchName);
    await waitForText(page, [batchName, '已生成'], '[data-testid="ca-batches"] .ant-table-tbody');
    await click(page, '[data-testid="ca-batch-certs"]');
    await waitForText(page, [`证书 · ${batchName}`, longest], '.ant-drawer');
    await b.shot(page, 'batch-certificates');
    await click(page, '.ant-drawer [data-testid="ca-cert-preview"]');
    await page.waitForFunction(() => ((document.querySelector('[data-testid="ca-png"]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 500);
    await b.shot(page, 'certificate-png');

    await open(page, '/certificate/trace');
    await waitForText(page, ['证书溯源', '输入关键字开始查找'], '[data-testid="ca-trace"]');
    await fill(page, '[data-testid="ca-trace-keyword"]', longest);
    await page.keyboard.press('Enter');
    // Other batches of this file hold the same winner: this batch's certificate is the row acted on.
    const row = `[data-testid="ca-trace"] .ant-table-tbody tr[data-row-key="${traced.id}"]`;
    await waitForText(page, [longest, batchName, '已生成'], row);
    await click(page, `${row} [data-testid="ca-cert-revoke"]`);
    await waitForText(page, '请填写原因', inModal);
    await fill(page, `${inModal} input`, '姓名有误');
    await confirmOk(page, '/certificate/revoke');
    await waitForText(page, '证书已撤销', '.ant-message');
    await waitForText(page, ['已撤销', '补发'], row);
    await click(page, `${row} [data-testid="ca-trace-result"]`);
    await waitForText(page, ['已撤销', '姓名有误', '阿*'], '[data-testid="ca-trace-modal"]');
    await b.shot(page, 'trace-revoked');
  });

  // The batch has two live certificates.
  b.it('works in English', async () => {
    const page = await b.newPage();
    await loadsIn(page, 'en');
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
    await open(page, '/certificate/send');
    await search(page, 'ca-send', batches.english.name);
    await waitForText(page, ['Certificate sending', 'Rendered', 'Done 2 · failed 0 · remaining 0', 'Download ZIP'], '[data-testid="ca-send"]');
    await b.shot(page, 'send-en');
    await open(page, '/certificate/setting');
    await waitForText(page, ['Organisation seal', 'Sequence per event (3 digits)', 'Capacity rule'], '[data-testid="ca-setting"]');
    await b.shot(page, 'setting-en');
    await page.close();
  });
});

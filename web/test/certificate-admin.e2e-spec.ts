import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'puppeteer-core';
import { WINNER_COLUMNS } from '@cmp/contracts';
import { login } from '../../services/gateway/test/support/api';
import { competitionWithEvent, SEAL_PNG } from '../../services/gateway/test/support/certificates';
import { waitFor } from '../../services/gateway/test/support/platform';
import { chooseOrganisation, click, fill, loginWithPassword, open, settle, useBrowser, waitForGone, waitForPath, waitForText } from './support/browser';

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

/** Picks an option of the antd Select marked `testId` by typing part of its label. */
async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"] .ant-select-selector`).click();
  await page.locator(`[data-testid="${testId}"] input`).fill(text);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option ::-p-text(${text})`).click();
  await settle(page);
}

const inModal = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal';
const importModal = '.sheet-import .ant-modal';
const winnersModal = '.ca-winners .ant-modal';
/** The dialog's primary button (antd spaces two-character labels: 发 证). */
const confirmOk = async (page: Page) => {
  await settle(page);
  await page.locator(`${inModal} .ant-modal-footer .ant-btn-primary`).click();
};

describe('certificate back office: template, seal, batch, check, issue, send, trace', () => {
  const b = useBrowser('certificate-admin');
  const tag = String(Date.now());
  const competitionName = `证书后台竞赛 ${tag}`;
  const templateName = `后台模板 ${tag}`;
  const batchName = `后台批次 ${tag}`;
  const longest = '阿卜杜热西提·买买提艾力';
  let page: Page;
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-zip-'));

  beforeAll(async () => {
    await competitionWithEvent(await login('admin1'), competitionName);
    page = await b.newPage();
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
    const cdp = await page.createCDPSession();
    await cdp.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  });

  b.it('creates a template from a category in the designer and finds it in the template list', async () => {
    await open(page, '/certificate/template');
    await waitForText(page, ['证书模板', '从类别新建'], '[data-testid="ca-templates"]');
    await page.locator('[data-testid="ca-template-add"]').click();
    await waitForText(page, ['选择模板类别', '横版', '竖版'], inModal);
    await b.shot(page, 'categories');
    await page.locator('[data-testid="ca-category-award1"]').click();
    await waitForPath(page, '/certificate/make');
    await page.waitForSelector('[data-testid="certificate-designer"] .cd-el--bound[data-code="awardName"]');
    await fill(page, '.cd-title', templateName);
    await page.keyboard.press('Tab');
    await page.locator('[data-testid="cd-save"]').click();
    await waitForText(page, templateName, '.ant-message');
    await b.shot(page, 'designer-from-category');

    await open(page, '/certificate/template');
    await fill(page, '[data-testid="ca-templates"] .search-form input', templateName);
    await page.keyboard.press('Enter');
    await waitForText(page, [templateName, '获奖', '横版'], '[data-testid="ca-templates"] .ant-table-tbody');
    await b.shot(page, 'template-list');
  });

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
    await page.locator('[data-testid="ca-seal-save"]').click();
    await waitForText(page, '印章已保存', '.ant-message');
    await b.shot(page, 'seal-saved');
  });

  b.it('creates a batch for the competition and imports winners: a bad row is named, a good file goes in', async () => {
    await open(page, '/certificate/list');
    await page.locator('[data-testid="ca-batch-add"]').click();
    await waitForText(page, '新建证书批次', inModal);
    await choose(page, 'ca-batch-template', templateName);
    await fill(page, '[data-testid="ca-batch-name"]', batchName);
    await choose(page, 'ca-batch-competition', competitionName);
    await choose(page, 'ca-batch-item', '本科组');
    await fill(page, '[data-testid="ca-batch-issuer"]', '华东示范大学');
    await b.shot(page, 'batch-form');
    await page.locator('[data-testid="ca-batch-save"]').click();
    await waitForText(page, [`获奖名单 · ${batchName}`, '名单为空'], winnersModal);

    await page.locator('[data-testid="ca-winners-import"]').click();
    await waitForText(page, '导入获奖名单', importModal);
    const bad = await winnersSheet([
      ['张三', '', '一等奖', '华东示范大学', '张三、李四', '王老师', '智慧校园'],
      ['李四', '', '', '华东示范大学', '李四', '王老师', '智慧农业'],
    ]);
    const upload = async (file: string) => {
      await settle(page);
      const [chooser] = await Promise.all([page.waitForFileChooser(), page.locator(`${importModal} .ant-upload-drag`).click()]);
      await chooser.accept([file]);
      await waitForText(page, 'winners.xlsx', `${importModal} .ant-upload-list`);
      await page.locator(`${importModal} .ant-modal-footer .ant-btn-primary`).click();
    };
    await upload(bad);
    await waitForText(page, ['共 2 行，1 行有效，1 处错误', '3', '奖项'], `${importModal} .import-summary`);
    await b.shot(page, 'import-row-error');

    const good = await winnersSheet([
      ['张三', 'student1', '一等奖', '华东示范大学', '张三、李四', '王老师', '智慧校园'],
      [longest, '', '二等奖', '中国人民解放军国防科学技术大学信息通信与网络空间安全学院', `${longest}、欧阳娜娜`, '爱新觉罗·启功', '面向乡村振兴的多源异构农业大数据智能分析平台'],
      ['王五', '', '三等奖', '华东示范大学', '王五', '王老师', '智慧交通'],
    ]);
    await upload(good);
    await waitForText(page, '已导入 3 名获奖人', '.ant-message');
    await waitForText(page, ['共 3 名获奖人', longest, '王五'], winnersModal);
    await b.shot(page, 'winners-imported');
  });

  b.it('previews the batch with its longest name, issues it and watches the progress reach done', async () => {
    await page.keyboard.press('Escape');
    await waitForGone(page, winnersModal);
    await fill(page, '[data-testid="ca-batch-search"]', batchName);
    await page.keyboard.press('Enter');
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

    await page.locator('[data-testid="ca-issue"]').click();
    await waitForText(page, '3 名获奖人发证', inModal);
    await confirmOk(page);
    await page.waitForSelector('[data-testid="ca-check"] [data-testid="ca-progress"]');
    await b.shot(page, 'check-issued-progress');
    await page.waitForSelector('[data-testid="ca-check"] [data-testid="ca-progress"][data-status="done"]', { timeout: 120000 });
    await waitForText(page, '完成 3 · 失败 0 · 剩余 0', '[data-testid="ca-check"]');
    await b.shot(page, 'check-done');
  });

  b.it('sends the batch and downloads its ZIP with one PDF per certificate', async () => {
    await page.locator('[data-testid="ca-go-send"]').click();
    await waitForPath(page, '/certificate/send');
    await fill(page, '[data-testid="ca-send-search"]', batchName);
    await page.keyboard.press('Enter');
    await waitForText(page, [batchName, '已生成', '未发放', '完成 3 · 失败 0 · 剩余 0'], '[data-testid="ca-send"] .ant-table-tbody');
    await b.shot(page, 'send-list');
    await page.locator('[data-testid="ca-send-batch"]').click();
    await waitForText(page, '获奖人会在个人中心看到证书', inModal);
    await confirmOk(page);
    await waitForText(page, '发放于', '[data-testid="ca-send"] .ant-table-tbody');
    await b.shot(page, 'sent');

    await page.locator('[data-testid="ca-zip"]').click();
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
    await open(page, '/certificate/list');
    await fill(page, '[data-testid="ca-batch-search"]', batchName);
    await page.keyboard.press('Enter');
    await waitForText(page, [batchName, '已生成'], '[data-testid="ca-batches"] .ant-table-tbody');
    await page.locator('[data-testid="ca-batch-certs"]').click();
    await waitForText(page, [`证书 · ${batchName}`, longest], '.ant-drawer');
    await b.shot(page, 'batch-certificates');
    await page.locator('.ant-drawer [data-testid="ca-cert-preview"]').click();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="ca-png"]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 500);
    await b.shot(page, 'certificate-png');

    await open(page, '/certificate/trace');
    await waitForText(page, ['证书溯源', '输入关键字开始查找'], '[data-testid="ca-trace"]');
    await fill(page, '[data-testid="ca-trace-keyword"]', longest);
    await page.keyboard.press('Enter');
    await waitForText(page, [longest, batchName, '已生成'], '[data-testid="ca-trace"] .ant-table-tbody');
    await page.locator('[data-testid="ca-trace"] [data-testid="ca-cert-revoke"]').click();
    await waitForText(page, '请填写原因', inModal);
    await fill(page, `${inModal} input`, '姓名有误');
    await confirmOk(page);
    await waitForText(page, '证书已撤销', '.ant-message');
    await waitForText(page, ['已撤销', '补发'], '[data-testid="ca-trace"] .ant-table-tbody');
    await page.locator('[data-testid="ca-trace-result"]').click();
    await waitForText(page, ['已撤销', '姓名有误', '阿*'], '[data-testid="ca-trace-modal"]');
    await b.shot(page, 'trace-revoked');
  });

  // One certificate was revoked above: two live ones remain.
  b.it('works in English', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await open(page, '/certificate/send');
    await fill(page, '[data-testid="ca-send-search"]', batchName);
    await page.keyboard.press('Enter');
    await waitForText(page, ['Certificate sending', 'Rendered', 'Done 2 · failed 0 · remaining 0', 'Download ZIP'], '[data-testid="ca-send"]');
    await b.shot(page, 'send-en');
    await open(page, '/certificate/setting');
    await waitForText(page, ['Organisation seal', 'Sequence per event (3 digits)', 'Capacity rule'], '[data-testid="ca-setting"]');
    await b.shot(page, 'setting-en');
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});

import type { Page } from 'puppeteer-core';
import type { CertificateSearchHit, IssuedCertificate, Page as ListPage } from '@cmp/contracts';
import { api, login } from '../../services/gateway/test/support/api';
import { addBatch, addTemplate, addWinners, competitionWithEvent, settled, winners } from '../../services/gateway/test/support/certificates';
import { chooseOrganisation, click, loadsIn, loginWithPassword, open, textOf, useBrowser, waitForText } from './support/browser';

describe('certificates in the personal centre and on the trace page', () => {
  const b = useBrowser('certificate');
  let admin1: string;
  let competitionName: string;
  let mine: IssuedCertificate;
  /** The public trace page of `mine` (its QR link). */
  let traceHref: string;

  beforeAll(async () => {
    admin1 = await login('admin1');
    competitionName = `创新大赛 ${Date.now()}`;
    const { competitionId, itemId } = await competitionWithEvent(admin1, competitionName);
    const template = await addTemplate(admin1, { variant: 'autoincrementFour', prefix: 'CX-' }, 'autoincrementFour');
    const batch = await addBatch(admin1, { templateId: template.id, competitionId, itemId });
    await addWinners(admin1, batch.id, winners(3, '网', { username: 'teacher1', holderName: '王建国' }));
    await api('/certificate/batch/issue', { token: admin1, body: { batchId: batch.id } });
    await settled(admin1, batch.id);
    await api('/certificate/batch/send', { token: admin1, body: { batchId: batch.id } });
    mine = (await api<ListPage<IssuedCertificate>>(`/certificate/page?batchId=${batch.id}`, { token: admin1 })).data.list[0];
    // The public trace page the certificate's QR link opens, as the back office's search names it.
    const hits = await api<ListPage<CertificateSearchHit>>(`/certificate/search?keyword=${encodeURIComponent(mine.holderName)}&pageNum=1&pageSize=50`, { token: admin1 });
    traceHref = hits.data.list.find((h) => h.id === mine.id)!.traceUrl!;
  });

  b.it('a winner finds the certificate in the personal centre, previews it and follows its check link', async () => {
    const page = await b.newPage();
    await loginWithPassword(page, 'teacher1');
    await chooseOrganisation(page, '华东示范大学');
    await open(page, '/center/newReward');
    await waitForText(page, ['我的证书', competitionName, '本科组', '一等奖', 'CX-0001', '有效'], '[data-testid="my-certificates"]');
    await b.shot(page, 'my-certificates');

    await click(page, '[data-testid="my-certificates"] button', '预览');
    await page.waitForFunction(() => {
      const img = document.querySelector('.ant-modal img') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 500;
    });
    await b.shot(page, 'preview');
    const href = await page.$eval('[data-testid="my-certificates"] a[href^="/certificate/trace"]', (a) => a.getAttribute('href')!);
    expect(href).toMatch(/^\/certificate\/trace\?token=[A-Za-z0-9_-]{22}$/);
  });

  b.it('我的获奖 shows the awards, not the certificates again: empty until results are published, in both languages', async () => {
    const page = await b.newPage();
    await loadsIn(page, 'zh-CN');
    await loginWithPassword(page, 'teacher1');
    await chooseOrganisation(page, '华东示范大学');
    await open(page, '/center/reward');
    await waitForText(page, ['我的获奖', '竞赛结果公布后，你的获奖会显示在这里'], '[data-testid="my-awards"]');
    expect(await page.$('[data-testid="my-certificates"]')).toBeNull();
    expect(await textOf(page, '.center__page')).not.toContain(competitionName);
    await b.shot(page, 'my-awards-zh');
    await click(page, '.home__header', 'English');
    await waitForText(page, ['My awards', 'your awards appear here once competition results are published'], '[data-testid="my-awards"]');
    await b.shot(page, 'my-awards-en');
    // The hint leads to the certificates.
    await click(page, '[data-testid="my-awards"] a', 'New awards');
    await waitForText(page, ['My certificates', competitionName], '[data-testid="my-certificates"]');
    await page.close();
  }, 120000);

  b.it('anyone with the QR link sees the certificate is genuine, and later that it was revoked', async () => {
    const page: Page = await b.newPage();
    await open(page, traceHref);
    await waitForText(page, ['证书查验', '有效证书', '王**', competitionName, '一等奖', 'CX-0001', '华东示范大学'], '[data-testid="certificate-trace"]');
    await b.shot(page, 'trace-valid');

    await api('/certificate/revoke', { token: admin1, body: { id: mine.id, reason: '获奖信息有误' } });
    await open(page, traceHref);
    await waitForText(page, ['证书已撤销', '获奖信息有误', 'CX-0001'], '[data-testid="certificate-trace"]');
    await b.shot(page, 'trace-revoked');

    await open(page, `/certificate/trace?token=${'Z'.repeat(22)}`);
    await waitForText(page, '查无此证书', '[data-testid="certificate-trace"]');
    await b.shot(page, 'trace-unknown');
  });
});

import type { Page } from 'puppeteer-core';
import { fill, loadsIn, open, useBrowser, waitForText } from './support/browser';

/** Asks through the input and waits for the answer to finish streaming; the last answer's text. */
async function ask(page: Page, question: string): Promise<string> {
  const before = (await page.$$('[data-testid="assistant-answer"]')).length;
  await fill(page, '.assistant__composer textarea', question);
  await page.locator('[data-testid="assistant-send"]').click();
  await page.waitForFunction(
    (n: number) => {
      const answers = document.querySelectorAll('[data-testid="assistant-answer"]');
      return answers.length > n && answers[answers.length - 1].getAttribute('data-done') === 'yes';
    },
    { timeout: 30_000 },
    before,
  );
  return page.$$eval('[data-testid="assistant-answer"]', (els) => els[els.length - 1].textContent ?? '');
}

/** The links of the last answer's sources, in order. */
const lastSources = (page: Page) =>
  page.$$eval('[data-testid="assistant-sources"]', (lists) => [...lists[lists.length - 1].querySelectorAll('a')].map((a) => a.getAttribute('href')));

describe('the help assistant (/deepChat)', () => {
  const b = useBrowser('assistant');

  b.it('answers a visitor’s question from the site’s competitions, streamed, with numbered sources', async () => {
    const page = await b.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    await loadsIn(page, 'zh-CN');
    await open(page, '/deepChat');
    await waitForText(page, ['智能问答', '可以这样问', '报名什么时候截止？', '登录后还可以查询本人的报名状态']);
    await b.shot(page, 'empty');
    const answer = await ask(page, '创新设计邀请赛的团队人数有什么要求？');
    expect(answer).toContain('2 至 5 人');
    expect(answer).toMatch(/\[1\]/);
    expect(answer).toContain('出处');
    const links = await lastSources(page);
    expect(links[0]).toMatch(/^\/home\/competition\/details\?id=\d+$/);
    await b.shot(page, 'answer');
    // A suggested question is asked with one click; a question about someone else is refused.
    const refused = await ask(page, '张三的报名状态是什么？');
    expect(refused).toContain('不能查询其他人的报名');
    await b.shot(page, 'refused');
  });

  b.it('answers in English, and from the manual', async () => {
    const page = await b.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    await loadsIn(page, 'en');
    await open(page, '/deepChat');
    await waitForText(page, ['Help assistant', 'Try asking']);
    const answer = await ask(page, 'How can I check that a certificate is genuine?');
    expect(answer).toContain('Sources');
    expect(answer).toContain('Manual');
    const links = await lastSources(page);
    expect(links).toContain('/manual?role=participant#certificate-check');
    await b.shot(page, 'english');
  });

  b.it('fits a phone', async () => {
    const page = await b.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await loadsIn(page, 'zh-CN');
    await open(page, '/deepChat');
    await waitForText(page, ['智能问答', '可以这样问']);
    await b.shot(page, 'phone-empty');
    await ask(page, '创新设计邀请赛报名费多少钱？');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await b.shot(page, 'phone-answer');
  });
});

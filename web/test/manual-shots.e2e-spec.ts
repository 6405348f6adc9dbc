import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'puppeteer-core';
import { MANUAL_SHOTS, manualEn as en, manualZh as zh, type ManualShot } from '@cmp/contracts';
import { REPO, SHOT_DIR } from '../../services/gateway/test/support/platform';
import { chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, settle, useBrowser, waitForPath, waitForText } from './support/browser';

/** Who takes each screenshot, where, and what shows the page is ready. */
const TABLE = '.ant-table, .ant-empty';
const SHOTS: Record<ManualShot, { user: string | null; path: string; ready: string }> = {
  'competition-list': { user: 'admin1', path: '/competition/list', ready: '.ant-table-row' },
  'competition-edit': { user: 'admin1', path: '/competition/addEdit', ready: 'form' },
  signups: { user: 'admin1', path: '/signUp', ready: TABLE },
  'review-rounds': { user: 'admin1', path: '/review/competition', ready: TABLE },
  distribution: { user: 'admin1', path: '/review/distribution', ready: `${TABLE}, .ant-card` },
  results: { user: 'admin1', path: '/review/result', ready: `${TABLE}, .ant-card` },
  certificates: { user: 'admin1', path: '/certificate/list', ready: TABLE },
  'data-centre': { user: 'admin1', path: '/database/cloud', ready: '.ant-card' },
  'website-banners': { user: 'admin1', path: '/system/banner', ready: TABLE },
  organisations: { user: 'admin1', path: '/organization/list', ready: '.ant-table-row' },
  home: { user: null, path: '/home/homepage', ready: '.home__main' },
  'competition-detail': { user: null, path: '/home/competition', ready: '.home__main' },
  'my-competitions': { user: 'student1', path: '/center/competition', ready: '.center' },
  'my-reviews': { user: 'expert1', path: '/review/mine', ready: `${TABLE}, .ant-card` },
  orders: { user: 'finance1', path: '/finance/order', ready: TABLE },
  'trial-applications': { user: 'root', path: '/organization/trial', ready: TABLE },
  'job-queues': { user: 'root', path: '/system/queues', ready: `${TABLE}, .ant-card` },
};

/**
 * The manual's screenshots, taken from the running platform so they stay true. `npm run manual:shots` writes them
 * to web/public/manual (committed); `npm test` takes them into test-artifacts, which proves every page still opens.
 */
const OUT = process.env.npm_lifecycle_event === 'manual:shots' ? path.join(REPO, 'web', 'public', 'manual') : path.join(SHOT_DIR, 'manual');

describe('the manual', () => {
  const b = useBrowser('manual-shots');

  it('uses each screenshot once in each language, every one of them in the repository, with the same sections', () => {
    for (const chapters of [zh, en]) {
      const shots = chapters.flatMap((c) => c.sections.flatMap((s) => (s.shot ? [s.shot] : [])));
      expect([...shots].sort()).toEqual([...MANUAL_SHOTS].sort());
    }
    expect(en.flatMap((c) => c.sections.map((s) => s.id))).toEqual(zh.flatMap((c) => c.sections.map((s) => s.id)));
    for (const shot of MANUAL_SHOTS) expect([shot, fs.existsSync(path.join(REPO, 'web', 'public', 'manual', `${shot}.webp`))]).toEqual([shot, true]);
  });

  b.it('takes every screenshot from the running platform', async () => {
    fs.mkdirSync(OUT, { recursive: true });
    const pages = new Map<string, Page>();
    const as = async (user: string | null): Promise<Page> => {
      const key = user ?? 'visitor';
      if (pages.has(key)) return pages.get(key)!;
      const page = await b.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      await loadsIn(page, 'zh-CN');
      if (user) {
        await loginWithPassword(page, user);
        // An organiser of two organisations enters the first one offered; /role may also pass on by itself (ROOT), so a
        // card gone before the click is no failure: the path below is what must follow.
        await page.waitForFunction(() => location.pathname !== '/role' || !!document.querySelector('.role-list .ant-card'));
        await page.$eval('.role-list .ant-card', (el) => (el as HTMLElement).click()).catch(() => undefined);
        await waitForPath(page, /^\/(?!role$|neibu)/);
      }
      pages.set(key, page);
      return page;
    };
    for (const [shot, s] of Object.entries(SHOTS)) {
      const page = await as(s.user);
      await open(page, s.path);
      await page.waitForSelector(s.ready, { timeout: 20000 });
      // Shown once loaded: no spinner left in the picture.
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), { timeout: 15000 });
      await settle(page);
      const png = await page.screenshot({ type: 'png' });
      await sharp(png).resize({ width: 1280 }).webp({ quality: 70 }).toFile(path.join(OUT, `${shot}.webp`));
    }
    for (const page of pages.values()) await page.close();
    expect(fs.readdirSync(OUT).filter((f) => f.endsWith('.webp')).length).toBeGreaterThanOrEqual(MANUAL_SHOTS.length);
  });

  for (const lang of ['zh-CN', 'en'] as const) {
    b.it(`reads a chapter per role and finds sections by words, on the site and in the back office (${lang})`, async () => {
      const zhLang = lang === 'zh-CN';
      const page = await b.newPage();
      await loadsIn(page, lang);
      await open(page, '/manual');
      await waitForText(page, zhLang ? ['操作手册', '竞赛组织者', '创建并发布竞赛'] : ['Manual', 'Organisers', 'Creating and publishing a competition'], '.manual');
      // The screenshots load as they come into view: the first one, scrolled to, really shows.
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('img.manual__shot, .manual__shot img');
        img?.scrollIntoView();
        return !!img && img.complete && img.naturalWidth > 0;
      });
      await b.shot(page, `manual-${lang}`);
      await click(page, '.manual__nav .ant-menu-item', zhLang ? '财务人员' : 'Finance staff');
      await waitForText(page, zhLang ? '订单管理' : 'Orders', '.manual__content');
      // Words found across every chapter, marked where they are.
      await fill(page, 'input[data-testid="manual-search"]', zhLang ? '退款' : 'refund');
      await page.keyboard.press('Enter');
      await waitForText(page, zhLang ? '“退款”：找到' : '"refund":', '.manual__content');
      expect(await page.$$eval('.manual__content mark', (m) => m.length)).toBeGreaterThan(3);
      await b.shot(page, `manual-search-${lang}`);
      await fill(page, 'input[data-testid="manual-search"]', zhLang ? '不存在的词语组合' : 'zzqx nowhere');
      await page.keyboard.press('Enter');
      await waitForText(page, zhLang ? '没有找到相关内容' : 'Nothing found', '.manual__content');
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await open(page, '/manual?role=expert');
      await waitForText(page, zhLang ? '评审专家' : 'Experts', '.manual__content');
      await b.shot(page, `manual-phone-${lang}`);
      await page.close();
    });
  }

  b.it('is the back office 操作手册 too', async () => {
    const page = await b.newPage();
    await loadsIn(page, 'zh-CN');
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await waitForPath(page, '/dashboard/index');
    await open(page, '/manualAdmin/index');
    await waitForText(page, ['操作手册', '竞赛组织者', '审核报名'], '.manual');
    await page.close();
  });
});

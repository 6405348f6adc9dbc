// @e2e-alone: kills and restarts the gateway. (jest.e2e-runner.js)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'puppeteer-core';
import { api, login } from '../../services/gateway/test/support/api';
import { dropStudents } from '../../services/gateway/test/support/enroll';
import { KIOSK_URL, platformHealthy, startService, stopService, waitFor } from '../../services/gateway/test/support/platform';
import { makeOnsiteRound, ok, type OnsiteRound } from '../../services/gateway/test/support/scene';
import { chooseOrganisation, click, fill, loginWithPassword, open, textOf, useBrowser, waitForText } from './support/browser';

/**
 * The venue screen in Chromium beside the back office: pairing with a code, a call showing on the screen and spoken
 * (the audio is fetched, and sox hears sound in it), recall and skip, five calls while the screen is offline, the
 * gateway killed and restarted under a connected screen (recovered without a reload), and English.
 */
const run = String(Date.now()).slice(-6);
const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';

/** The number the kiosk shows as the current call ('' when none). */
const currentOf = (kiosk: Page) => kiosk.$eval('[data-testid=current]', (el) => el.querySelector('.team__number')?.textContent ?? '').catch(() => '');
const waitForCurrent = (kiosk: Page, number: string) =>
  kiosk.waitForFunction((n: string) => document.querySelector('[data-testid=current] .team__number')?.textContent === n, { timeout: 20_000 }, number);

/** RMS amplitude of a WAV file, as sox measures it. */
function rmsOf(wav: Buffer): number {
  const file = path.join(os.tmpdir(), `kiosk-voice-${process.pid}.wav`);
  fs.writeFileSync(file, wav);
  // sox prints its statistics on stderr.
  const { stderr } = spawnSync('sox', [file, '-n', 'stat'], { encoding: 'utf8' });
  fs.rmSync(file, { force: true });
  return Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)![1]);
}

describe('venue kiosk', () => {
  const b = useBrowser('kiosk');
  let admin1: string;
  let s: OnsiteRound;
  let roomA: number;
  const call = (action: string, roomId = roomA) => api(`/review/scene/${action}`, { token: admin1, body: { roomId } });

  beforeAll(async () => {
    admin1 = await login('admin1');
    s = await makeOnsiteRound(admin1, 12, [{ name: '第1评审室', nameEn: 'Room 1' }, { name: '第2评审室', nameEn: 'Room 2' }], `ksk${run}`);
    roomA = s.setting.rooms[0].id;
    ok(await api('/review/scene/draw', { token: admin1, body: { roundId: s.round.id, method: 'signup' } }), 'draw');
  }, 180_000);
  afterAll(() => dropStudents());

  let kiosk: Page;
  let staff: Page;
  /** The team called after the gateway came back, still on the screen of room A. */
  let lastCalled: { number: string; workId: number };

  b.it('pairs a screen from the back office, calls a team, announces it aloud, recalls and skips', async () => {
    kiosk = await b.newPage();
    const voices: Buffer[] = [];
    kiosk.on('response', (r) => {
      if (r.url().includes('/kiosk/voice')) void r.buffer().then((buf) => voices.push(buf), () => undefined);
    });
    await kiosk.goto(KIOSK_URL, { waitUntil: 'domcontentloaded' });
    await kiosk.waitForFunction(() => /^[A-Z2-9]{6}$/.test(document.querySelector('[data-testid=pairing-code]')?.textContent ?? ''));
    const code = await kiosk.$eval('[data-testid=pairing-code]', (el) => el.textContent!);
    await b.shot(kiosk, 'pairing code');

    staff = await b.newPage();
    await loginWithPassword(staff, 'admin1');
    await chooseOrganisation(staff, '华东示范大学');
    await staff.waitForSelector('.back-layout .sidebar');
    await open(staff, `/screenCall/index?competitionId=${s.round.competitionId}&roundId=${s.round.id}`);
    await fill(staff, '[data-testid=pair-code]', code);
    await fill(staff, '[data-testid=pair-name]', '一号厅主屏');
    // A multiple select stays open after a pick: pick, then close it.
    await click(staff, '[data-testid=pair-rooms]');
    await click(staff, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', '第1评审室');
    await staff.keyboard.press('Escape');
    await click(staff, '[data-testid=pair-bind]', { answer: '/review/scene/kiosk/bind' });
    await waitForText(staff, ['一号厅主屏', '使用中']);
    await b.shot(staff, 'paired screens');

    // The screen picks up its token and shows its room; sound waits for one tap.
    await waitForText(kiosk, ['第1评审室', '暂未叫号', '即将上场', 'A001']);
    await waitForText(kiosk, '声音未开启');
    await click(kiosk, '.sound-button');

    await open(staff, `/review/scene?competitionId=${s.round.competitionId}&roundId=${s.round.id}`);
    const room = `.scene-room[data-room="${roomA}"]`;
    await click(staff, `${room} [data-testid=call-next]`, { answer: '/review/scene/call' });
    const called = Date.now();
    await waitForCurrent(kiosk, 'A001');
    console.log(`call → screen: ${Date.now() - called} ms`);
    await waitForText(kiosk, ['正在叫号', '请到 第1评审室']);
    await b.shot(kiosk, 'called A001 1920');

    // Spoken twice after a chime, in Chinese and (bilingual) English: the clips are fetched and are not silence.
    await waitFor('the call audio', async () => voices.length >= 2, 20_000);
    for (const v of voices) expect(rmsOf(v)).toBeGreaterThan(0.01);

    await click(staff, `${room} [data-testid=recall]`, { answer: '/review/scene/recall' });
    await waitForText(kiosk, '第 2 次呼叫');
    await click(staff, `${room} [data-testid=skip]`);
    await click(staff, '[data-testid=skip-after]', { answer: '/review/scene/skip' });
    await waitForText(kiosk, ['暂未叫号', '过号']);
    expect(await currentOf(kiosk)).toBe('');
    await b.shot(staff, 'staff queue');
    await click(staff, '.ant-tabs-tab', '出场顺序');
    await waitForText(staff, ['按报名顺序', 'A001', 'B001']);
    await b.shot(staff, 'staff order');
    await click(staff, '.ant-tabs-tab', '场地与评审室');
    await waitForText(staff, ['每队时长（分钟）', '中英双语叫号']);
    await b.shot(staff, 'staff rooms');
  }, 180_000);

  b.it('shows the latest call and the right history after five calls while offline', async () => {
    await kiosk.setOfflineMode(true);
    await waitForText(kiosk, '网络已断开');
    await b.shot(kiosk, 'offline');
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const st = ok(await call('call'), 'call');
      numbers.push((st as { current: { number: string } }).current.number);
      if (i < 4) {
        ok(await call('start'), 'start');
        ok(await call('end'), 'end');
      }
    }
    expect(await currentOf(kiosk)).toBe(''); // nothing reached it
    await kiosk.setOfflineMode(false);
    await waitForCurrent(kiosk, numbers[4]);
    const history = await kiosk.$$eval('[data-testid=history] .team__number', (els) => els.map((e) => e.textContent));
    // The four presented before, latest first, then the skipped A001 called earlier.
    expect(history.slice(0, 4)).toEqual(numbers.slice(0, 4).reverse());
    await kiosk.waitForFunction(() => !document.querySelector('[data-testid=offline]'));
  }, 120_000);

  b.it('recovers without a reload when the gateway it is connected to is killed and restarted', async () => {
    await kiosk.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    ok(await call('start'), 'start');
    ok(await call('end'), 'end');
    stopService('gateway', 'SIGKILL');
    await waitForText(kiosk, '网络已断开', 'body', 30_000);
    startService('gateway');
    await waitFor('the gateway to be back', platformHealthy, 60_000);
    const next = ok(await call('call'), 'call after restart') as { current: { number: string; workId: number } };
    lastCalled = next.current;
    await waitForCurrent(kiosk, next.current.number);
    await kiosk.waitForFunction(() => !document.querySelector('[data-testid=offline]'), { timeout: 20_000 });
    expect(await kiosk.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
  }, 120_000);

  b.it("shows a participant the published order with the check-in QR code, which the door's scan checks in", async () => {
    ok(await api('/review/scene/publish', { token: admin1, body: { roundId: s.round.id } }), 'publish');
    const page = await b.newPage();
    await loginWithPassword(page, s.students[1].username);
    await chooseOrganisation(page, '华东示范大学');
    await open(page, '/center/scene');
    await waitForText(page, ['我的现场评审', '第2评审室', 'B001', '第 1 位', '未签到'], '[data-testid="my-scene"]');
    await b.shot(page, 'my on-site review');
    // The QR image carries the signed code the venue's scanner reads.
    const { checkInCode } = ok(await api<{ checkInCode: string }[]>('/center/scene/list', { token: s.students[1].token }), 'mine')[0];
    ok(await api('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code: checkInCode } }), 'scan');
    await page.reload();
    await waitForText(page, '已签到', '[data-testid="my-scene"]');
  }, 120_000);

  b.it('reads in English, and fills 4K and portrait screens', async () => {
    const en = await kiosk.browserContext().newPage();
    await en.setViewport({ width: 1920, height: 1080 });
    await en.goto(`${KIOSK_URL}/?lang=en`, { waitUntil: 'domcontentloaded' });
    await waitForText(en, ['Room 1', 'Now calling', 'Please go to Room 1', 'Up next', 'Done']);
    await b.shot(en, 'english 1920');
    await en.setViewport({ width: 1920, height: 1080, deviceScaleFactor: 2 });
    await b.shot(en, 'english 3840x2160');
    await en.setViewport({ width: 1080, height: 1920 });
    await b.shot(en, 'english portrait');
    await en.close();

    // A venue screen: both rooms in columns (paired through the API this time).
    const pairing = ok(await api<{ code: string; pairingKey: string }>('/kiosk/pair', { method: 'POST' }), 'pair');
    const rooms = s.setting.rooms.map((r) => r.id);
    ok(await api('/review/scene/kiosk/bind', { token: admin1, body: { code: pairing.code, roundId: s.round.id, roomIds: rooms, name: '大厅', layout: 'venue' } }), 'bind');
    const { token } = ok(await api<{ token: string }>('/kiosk/pair/status', { body: { pairingKey: pairing.pairingKey } }), 'token');
    const venue = await b.newPage();
    await venue.evaluateOnNewDocument((tk: string) => localStorage.setItem('kiosk.token', tk), token);
    await venue.setViewport({ width: 1920, height: 1080 });
    await venue.goto(KIOSK_URL, { waitUntil: 'domcontentloaded' });
    await waitForText(venue, ['第1评审室', '第2评审室', '即将上场', 'B001']);
    expect(await venue.$$eval('.screen__rooms--venue .room', (els) => els.length)).toBe(2);
    await b.shot(venue, 'venue 1920');
    await venue.setViewport({ width: 1080, height: 1920 });
    await b.shot(venue, 'venue portrait');
  }, 60_000);
  b.it('tags an absent team in 最近叫号, has an icon, and names the rooms in English for English staff', async () => {
    ok(await api('/review/scene/absent', { token: admin1, body: { roundId: s.round.id, workId: lastCalled.workId } }), 'absent');
    await kiosk.waitForFunction(
      (n: string) => [...document.querySelectorAll('[data-testid=history] .team')].some((el) => el.querySelector('.team__number')?.textContent === n && el.textContent!.includes('缺席')),
      { timeout: 20_000 },
      lastCalled.number,
    );
    await b.shot(kiosk, 'absent in history');
    const icon = await kiosk.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel=icon]')?.href;
      const res = href ? await fetch(href) : null;
      return res && { status: res.status, type: res.headers.get('content-type') };
    });
    expect(icon).toMatchObject({ status: 200, type: expect.stringContaining('image/svg') });

    await open(staff, `/review/scene?competitionId=${s.round.competitionId}&roundId=${s.round.id}`);
    await waitForText(staff, '第1评审室', '.scene-rooms');
    await click(staff, langButton);
    await waitForText(staff, ['Room 1', 'Room 2'], '.scene-rooms');
    expect(await textOf(staff, '.scene-rooms')).not.toMatch(/第[12]评审室/);
    await b.shot(staff, 'staff queue english');
    await click(staff, langButton);
    await waitForText(staff, '第1评审室', '.scene-rooms');
  }, 60_000);

  b.it('keeps a call on the screen when its sound fails to load, and asks for the sound once more', async () => {
    const roomB = s.setting.rooms[1].id;
    const pairing = ok(await api<{ code: string; pairingKey: string }>('/kiosk/pair', { method: 'POST' }), 'pair');
    ok(await api('/review/scene/kiosk/bind', { token: admin1, body: { code: pairing.code, roundId: s.round.id, roomIds: [roomB], name: '二号厅', layout: 'room' } }), 'bind');
    const { token } = ok(await api<{ token: string }>('/kiosk/pair/status', { body: { pairingKey: pairing.pairingKey } }), 'token');
    const screen = await b.newPage();
    await screen.evaluateOnNewDocument((tk: string) => localStorage.setItem('kiosk.token', tk), token);
    // The first request of each clip fails the way the proxy in front answers when the gateway drops it.
    const asked: string[] = [];
    const answered: string[] = [];
    await screen.setRequestInterception(true);
    screen.on('request', (r) => {
      if (!r.url().includes('/kiosk/voice')) return void r.continue();
      const lang = new URL(r.url()).searchParams.get('lang')!;
      asked.push(lang);
      if (asked.filter((l) => l === lang).length === 1) return void r.respond({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
      void r.continue();
    });
    screen.on('response', (r) => {
      if (r.url().includes('/kiosk/voice')) answered.push(`${new URL(r.url()).searchParams.get('lang')} ${r.status()}`);
    });
    await screen.goto(KIOSK_URL, { waitUntil: 'domcontentloaded' });
    await waitForText(screen, ['第2评审室', '即将上场']);
    const st = ok(await call('call', roomB), 'call B') as { current: { number: string } };
    await waitForCurrent(screen, st.current.number);
    await waitFor('the sound asked for again', async () => answered.filter((a) => a.endsWith(' 200')).length >= 2, 20_000);
    expect(answered.sort()).toEqual(['en 200', 'en 500', 'zh-CN 200', 'zh-CN 500']);
    // The call stays on the screen throughout (an uncaught error in the page fails the test by itself).
    expect(await currentOf(screen)).toBe(st.current.number);
    await waitForText(screen, ['正在叫号', '请到 第2评审室']);
    await b.shot(screen, 'call after a failed sound');
    await screen.close();
  }, 60_000);
});

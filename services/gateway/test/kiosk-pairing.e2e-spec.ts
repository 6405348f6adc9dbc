import type { KioskPairing, UserView } from '@cmp/contracts';
import { api, freshIp, login, redis } from './support/api';
import { dropStudents } from './support/enroll';
import { makeOnsiteRound, ok, type OnsiteRound } from './support/scene';

/**
 * Guessing a kiosk's pairing code: a wrong code and a wrong round are answered alike, and binding attempts are
 * limited per account and per address (10 failures in 10 minutes), a right code after the limit refused too.
 * Each test uses its own organiser accounts and its own client addresses (X-Forwarded-For from the trusted proxy),
 * so the limits it reaches touch no other test.
 */
const run = String(Date.now()).slice(-6);
const PASSWORD = 'Passw0rd1';
const MAX_FAILURES = 10;

/** Where the gateway counts failures; deleting the key stands for its 10-minute window passing. */
const accountKey = (userId: number) => `kiosk-pair-fail:account:${userId}`;
const addressKey = (ip: string) => `kiosk-pair-fail:address:${ip}`;

describe('kiosk pairing against guessing', () => {
  let admin1: string;
  let s: OnsiteRound;
  let made = 0;

  /** A new organiser of admin1's organisation (may bind kiosks), with its user id and a token. */
  async function organiser(): Promise<{ userId: number; token: string }> {
    const username = `kp${run}${String.fromCharCode(97 + made++)}`;
    const user = ok(await api<UserView>('/system/user/add', { token: admin1, body: { username, realName: '配对测试', password: PASSWORD, roleKeys: ['admin'] } }), 'organiser');
    return { userId: user.id, token: await login(username, PASSWORD) };
  }

  const pair = async () => ok(await api<KioskPairing>('/kiosk/pair', { method: 'POST' }), 'pair');
  /** A code that is not the one shown (same alphabet, another pairing's code is possible but vanishingly unlikely). */
  const wrongCode = (right: string) => (right.startsWith('Z') ? 'YYYYYY' : 'ZZZZZZ');
  const bind = (token: string, ip: string, code: string, roundId = s.round.id, lang: 'zh-CN' | 'en' = 'zh-CN') =>
    api('/review/scene/kiosk/bind', { token, ip, lang, body: { code, roundId, roomIds: [s.setting.rooms[0].id], name: '猜码屏', layout: 'room' } });
  const forget = async (...keys: string[]) => {
    const r = redis();
    await r.del(...keys);
    r.disconnect();
  };

  beforeAll(async () => {
    admin1 = await login('admin1');
    s = await makeOnsiteRound(admin1, 1, [{ name: '配对室', nameEn: 'Pairing room' }], `kp${run}`);
  }, 120_000);
  afterAll(() => dropStudents());

  it('answers a wrong code and a wrong round the same way', async () => {
    const { userId, token } = await organiser();
    const ip = freshIp();
    const pairing = await pair();
    for (const lang of ['zh-CN', 'en'] as const) {
      const wrong = await bind(token, ip, wrongCode(pairing.code), s.round.id, lang);
      // The right code with a round this account cannot see: it must not tell that the code was right.
      const otherRound = await bind(token, ip, pairing.code, 2_000_000_000, lang);
      expect({ status: otherRound.status, code: otherRound.code, msg: otherRound.msg }).toEqual({ status: wrong.status, code: wrong.code, msg: wrong.msg });
      expect(wrong.code).toBe(10400);
    }
    await forget(accountKey(userId), addressKey(ip));
    // The code was never used up by the refused tries.
    ok(await bind(token, ip, pairing.code), 'bind with the right round');
  });

  it('refuses an account after 10 failures, a right code too, until the window passes; another account is not affected', async () => {
    const guesser = await organiser();
    const pairing = await pair();
    // Parallel guesses from as many addresses: each is counted before it is tried, so only 10 get an answer.
    const guesses = await Promise.all(Array.from({ length: MAX_FAILURES + 5 }, () => bind(guesser.token, freshIp(), wrongCode(pairing.code))));
    expect(guesses.filter((g) => g.code === 10400)).toHaveLength(MAX_FAILURES);
    expect(guesses.filter((g) => g.code === 10429)).toHaveLength(5);

    const right = await bind(guesser.token, freshIp(), pairing.code);
    expect(right.code).toBe(10429);
    expect(right.msg).toBe('配对尝试过多，请 10 分钟后再试');
    expect((await bind(guesser.token, freshIp(), pairing.code, s.round.id, 'en')).msg).toBe('Too many pairing attempts; try again in 10 min');

    // Another organiser binds the same code at once.
    const other = await organiser();
    ok(await bind(other.token, freshIp(), pairing.code), 'another account');

    await forget(accountKey(guesser.userId));
    ok(await bind(guesser.token, freshIp(), (await pair()).code), 'after the window');
  });

  it('refuses an address after 10 failures from several accounts; another address is not affected', async () => {
    const ip = freshIp();
    const accounts = [await organiser(), await organiser(), await organiser()];
    const pairing = await pair();
    // 4 + 3 + 3 failures: no account reaches its own limit, the address does.
    for (let i = 0; i < MAX_FAILURES; i++) expect((await bind(accounts[i % 3].token, ip, wrongCode(pairing.code))).code).toBe(10400);
    const fresh = await organiser();
    const right = await bind(fresh.token, ip, pairing.code, s.round.id, 'en');
    expect(right.code).toBe(10429);
    expect(right.msg).toBe('Too many pairing attempts; try again in 10 min');

    ok(await bind(fresh.token, freshIp(), pairing.code), 'from another address');
    await forget(addressKey(ip));
    ok(await bind(fresh.token, ip, (await pair()).code), 'after the window');
  });
});

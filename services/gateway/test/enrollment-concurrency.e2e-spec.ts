import type { Signup } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { dropStudents, makeCompetition, makeStudents, sql, type Student } from './support/enroll';

const profile = { realName: '抢报', phone: '13900000000' };

/** Fires every request at once and waits for all the answers. */
const all = <T>(jobs: (() => Promise<T>)[]) => Promise.all(jobs.map((j) => j()));
const codes = (rs: { code: number }[]) => rs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.code]: (acc[r.code] ?? 0) + 1 }), {});

describe('sign-up under concurrency (PostgreSQL decides)', () => {
  let admin1: string;
  afterAll(dropStudents);
  beforeAll(async () => {
    admin1 = await login('admin1');
  });

  it('sells the last places of an event exactly once when 150 students ask at the same moment', async () => {
    const quota = 30;
    const c = await makeCompetition(admin1, { mode: 1, items: [['抢报组', quota, 0]], requiredFields: ['realName'] });
    const item = c.items[0].id;
    const students = await makeStudents(quota - 5 + 150);
    const signUp = (s: Student) => api<Signup>('/web/enroll/signUp', { token: s.token, ip: freshIp(), lang: 'en', body: { competitionId: c.id, itemId: item, type: 1, profile } });
    // Nearly full: all but five places taken.
    const early = await all(students.slice(0, quota - 5).map((s) => () => signUp(s)));
    expect(codes(early)).toEqual({ 0: quota - 5 });

    const rush = await all(students.slice(quota - 5).map((s) => () => signUp(s)));
    expect(codes(rush)).toEqual({ 0: 5, 10409: 145 });
    expect(new Set(rush.filter((r) => r.code !== 0).map((r) => r.msg))).toEqual(new Set(['This event is full']));

    const [{ active, slots }] = await sql<{ active: number; slots: number }>(
      `SELECT (SELECT count(*)::int FROM enrollment.signups WHERE item_id = $1 AND status IN (0, 1)) AS active,
              (SELECT count(*)::int FROM enrollment.event_slots WHERE item_id = $1 AND signup_id IS NOT NULL) AS slots`,
      [item],
    );
    expect({ active, slots }).toEqual({ active: quota, slots: quota });
    expect((await api<{ items: { remaining: number }[] }>(`/enroll/team/num?competitionId=${c.id}`)).data.items[0].remaining).toBe(0);

    // A withdrawal frees a place, which the next student gets.
    const winner = students[0];
    const mine = (await api<Signup[]>('/web/enroll/my', { token: winner.token })).data.find((s) => s.itemId === item)!;
    expect((await api('/web/enroll/withdraw', { token: winner.token, body: { id: mine.id } })).code).toBe(0);
    const loser = students.find((s, i) => i >= quota - 5 && rush[i - (quota - 5)].code !== 0)!;
    expect((await signUp(loser)).code).toBe(0);
  });

  it('lets one person hold one sign-up per event, however many tabs they submit from', async () => {
    const c = await makeCompetition(admin1, { items: [['重复组', null, 0]], requiredFields: ['realName'] });
    const [s] = await makeStudents(1);
    const rs = await all(
      Array.from({ length: 25 }, () => () =>
        api('/web/enroll/signUp', { token: s.token, ip: freshIp(), lang: 'en', body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile } }),
      ),
    );
    expect(codes(rs)).toEqual({ 0: 1, 10409: 24 });
    const rows = await sql(`SELECT 1 FROM enrollment.signup_members WHERE item_id = $1 AND user_id = $2 AND active`, [c.items[0].id, s.userId]);
    expect(rows).toHaveLength(1);

    // The same at the last place of an event, where the tabs also wait for each other's place.
    const last = await makeCompetition(admin1, { mode: 1, schoolQuota: 5, items: [['最后一席', 1, 0]], requiredFields: ['realName'] });
    const tabs = await all(
      Array.from({ length: 25 }, () => () =>
        api('/web/enroll/signUp', { token: s.token, ip: freshIp(), body: { competitionId: last.id, itemId: last.items[0].id, type: 1, profile: { ...profile, schoolId: 7 } } }),
      ),
    );
    expect(codes(tabs)).toEqual({ 0: 1, 10409: 24 });
  });

  it('never grows a team past its maximum when 40 people follow the link at once', async () => {
    const c = await makeCompetition(admin1, { mode: 2, teamMin: 2, teamMax: 4, items: [['组队组', null, 0]], requiredFields: ['realName'] });
    const [captain, ...joiners] = await makeStudents(41);
    const t = await api<Signup>('/web/enroll/signUp', { token: captain.token, body: { competitionId: c.id, itemId: c.items[0].id, type: 2, teamName: '满员队', profile } });
    const { inviteCode } = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${t.data.id}`, { token: captain.token })).data;
    const rs = await all(joiners.map((s) => () => api('/web/enroll/team/join', { token: s.token, ip: freshIp(), body: { inviteCode, profile } })));
    expect(codes(rs)).toEqual({ 0: 3, 10409: 37 });
    const [{ n, count }] = await sql<{ n: number; count: number }>(
      `SELECT (SELECT count(*)::int FROM enrollment.signup_members WHERE signup_id = $1 AND active) AS n, (SELECT member_count FROM enrollment.signups WHERE id = $1) AS count`,
      [t.data.id],
    );
    expect({ n, count }).toEqual({ n: 4, count: 4 });
  });

  it("never gives a school more than its places of an event", async () => {
    const c = await makeCompetition(admin1, { mode: 1, schoolQuota: 3, items: [['校额组', 100, 0]], requiredFields: ['realName'] });
    const students = await makeStudents(41);
    const newcomer = students.pop()!;
    const rs = await all(
      students.map((s, i) => () =>
        api('/web/enroll/signUp', {
          token: s.token,
          ip: freshIp(),
          lang: 'en',
          // Half from school 1, half from school 2.
          body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { ...profile, schoolId: 1 + (i % 2), schoolName: `学校${1 + (i % 2)}` } },
        }),
      ),
    );
    expect(codes(rs)).toEqual({ 0: 6, 10409: 34 });
    expect(new Set(rs.filter((r) => r.code !== 0).map((r) => r.msg))).toEqual(new Set(["Your school's places for this event are taken"]));
    // The event's places taken match the sign-ups: none leaked by the refused ones.
    const [{ slots }] = await sql<{ slots: number }>(`SELECT count(*)::int AS slots FROM enrollment.event_slots WHERE item_id = $1 AND signup_id IS NOT NULL`, [c.items[0].id]);
    expect(slots).toBe(6);
    expect((await api('/web/enroll/signUp', { token: newcomer.token, lang: 'en', body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile } })).msg).toBe(
      'This competition has places per school: give your school',
    );
  });
});

// @e2e-alone: kills and restarts the enrollment service in the middle of a 300-student rush. (jest.e2e-runner.js)
import type { Signup } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { dropStudents, makeCompetition, makeStudents, sql, type Student } from './support/enroll';
import { platformHealthy, startService, stopService, waitFor } from './support/platform';

describe('when the enrollment service is killed in the middle of a sign-up rush', () => {
  afterAll(async () => {
    await dropStudents();
    // Leave a running enrollment service behind whatever happened.
    if (!(await platformHealthy().catch(() => false))) startService('enrollment');
    await waitFor('enrollment to be back', platformHealthy);
  });

  it('loses no acknowledged sign-up and duplicates none', async () => {
    const admin1 = await login('admin1');
    const c = await makeCompetition(admin1, { mode: 1, items: [['断电组', 1000, 0]], requiredFields: ['realName'] });
    const item = c.items[0].id;
    const students = await makeStudents(300);
    const queue = [...students];
    const acknowledged = new Map<number, number>(); // userId → sign-up id
    const outcomes: Record<number, number> = {};
    let killed = false;
    let restarted = false;

    const worker = async () => {
      for (let s: Student | undefined; (s = queue.shift()); ) {
        const r = await api<Signup>('/web/enroll/signUp', { token: s.token, ip: freshIp(), body: { competitionId: c.id, itemId: item, type: 1, profile: { realName: s.username } } });
        outcomes[r.code] = (outcomes[r.code] ?? 0) + 1;
        if (r.code === 0) acknowledged.set(s.userId, r.data.id);
        // Down: this student tries again later. Their sign-up may have been committed without an answer;
        // the retry then hears "already signed up", and the row below proves it is there.
        else if (r.code === 10503) {
          queue.push(s);
          await new Promise((res) => setTimeout(res, 100));
        } else if (r.code !== 10409) throw new Error(`unexpected answer ${r.code} ${r.msg}`);
        if (!killed && acknowledged.size >= 60) {
          killed = true;
          stopService('enrollment', 'SIGKILL');
        }
        // Back once the rush has been told it is down.
        if (killed && !restarted && outcomes[10503]) {
          restarted = true;
          startService('enrollment');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));

    expect(killed).toBe(true);
    expect(outcomes[10503]).toBeGreaterThan(0);
    const rows = await sql<{ id: number; userId: number }>(
      `SELECT s.id::int AS id, m.user_id AS "userId" FROM enrollment.signups s JOIN enrollment.signup_members m ON m.signup_id = s.id AND m.active
       WHERE s.item_id = $1 AND s.status = 0`,
      [item],
    );
    const byUser = new Map(rows.map((r) => [r.userId, r.id]));
    // Every acknowledged sign-up is there, under the id the student was told.
    for (const [userId, id] of acknowledged) expect(byUser.get(userId)).toBe(id);
    // Every student ended with exactly one sign-up: none lost, none doubled.
    expect(rows).toHaveLength(students.length);
    expect(byUser.size).toBe(students.length);
    const [{ slots }] = await sql<{ slots: number }>(`SELECT count(*)::int AS slots FROM enrollment.event_slots WHERE item_id = $1 AND signup_id IS NOT NULL`, [item]);
    expect(slots).toBe(students.length);
  });
});

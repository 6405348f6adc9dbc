// @e2e-alone: stops the statistics service and runs two replicas of it in its place, one applying facts, one answering. (jest.e2e-runner.js)
import type { NatsConnection } from 'nats';
import { FIGURES_CHANGED, type CompetitionDetail, type CompetitionFigures, type Signup } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { dropStudents, makeCompetition, makeStudents, sql, type Student } from './support/enroll';
import { natsAs, platformHealthy, processGone, replicaListening, startReplica, startService, stopService, waitFor } from './support/platform';

/** The replica that takes the JetStream facts and answers no request (STATISTICS_ROLE=facts). */
const APPLIER = 1;
/** The replica that answers every read and takes no fact (STATISTICS_ROLE=reads). */
const READER = 2;

/**
 * Issue 29, kept figures and versions (docs/decisions.md, "Kept scopes and versions"): each replica keeps a
 * competition's figures under its version; the replica that applies facts broadcasts statistics.figures.changed
 * after its commit, and every replica checks what it keeps against the database every second should a broadcast be
 * lost. Here the replica that applies is never the one that answers, so only the broadcast or the check can tell the
 * answering one that its figures are old.
 */
describe('statistics with one replica applying the facts and another answering the reads', () => {
  let admin1: string;
  let students: Student[];
  let c: CompetitionDetail;
  let nc: NatsConnection | undefined;
  /** The competitions each statistics.figures.changed heard here named (null: all of them). */
  const heard: (number[] | null)[] = [];

  const figures = async (): Promise<CompetitionFigures> => {
    const r = await api<CompetitionFigures>(`/statistics/competition?competitionId=${c.id}`, { token: admin1 });
    if (r.code !== 0) throw new Error(`figures: ${r.code} ${r.msg}`);
    return r.data;
  };
  const signUp = async (s: Student): Promise<void> => {
    const r = await api<Signup>('/web/enroll/signUp', { token: s.token, ip: freshIp(), body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: s.username } } });
    if (r.code !== 0) throw new Error(`sign-up: ${r.code} ${r.msg}`);
  };
  /** The sign-ups the model counts for the competition, as committed (what any replica reading the database answers). */
  const modelTotal = async (): Promise<number> =>
    (await sql<{ n: number }>(`SELECT COALESCE(sum(count), 0)::int AS n FROM statistics.signup_counts WHERE competition_id = $1 AND dimension = 'status'`, [c.id]))[0].n;
  const namesIt = (ids: number[] | null) => ids === null || ids.includes(c.id);
  /** The index after the first broadcast from `from` on that names the competition. */
  async function nextBroadcast(from: number): Promise<number> {
    const end = Date.now() + 30000;
    for (;;) {
      const i = heard.findIndex((ids, n) => n >= from && namesIt(ids));
      if (i >= 0) return i + 1;
      if (Date.now() > end) throw new Error(`no statistics.figures.changed naming competition ${c.id}`);
      // Polled often: the read below should follow the broadcast closely (the replicas' own checks run every second).
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  beforeAll(async () => {
    admin1 = await login('admin1');
    students = await makeStudents(5, `figrep${Date.now().toString(36)}`);
    c = await makeCompetition(admin1, {});
    nc = await natsAs('statistics');
    nc.subscribe(FIGURES_CHANGED, { callback: (_e, m) => heard.push((JSON.parse(m.string()) as { competitionIds: number[] | null }).competitionIds) });
    const first = stopService('statistics');
    await waitFor('the statistics service to stop', () => processGone(first));
    startReplica('statistics', APPLIER, { STATISTICS_ROLE: 'facts' });
    startReplica('statistics', READER, { STATISTICS_ROLE: 'reads' });
    await waitFor('the applying replica to run', () => replicaListening('statistics', APPLIER, 'without answering requests'), 60000);
    await waitFor('the answering replica to serve', () => replicaListening('statistics', READER), 60000);
  }, 120000);

  afterAll(async () => {
    await nc?.close();
    // Whatever happened, the platform is left with its one statistics service.
    const replicas = [stopService('statistics', 'SIGTERM', APPLIER), stopService('statistics', 'SIGTERM', READER)];
    await waitFor('the replicas to stop', async () => (await Promise.all(replicas.map(processGone))).every(Boolean));
    startService('statistics');
    await waitFor('the statistics service to be back', platformHealthy, 60000);
    await dropStudents();
  }, 120000);

  it('answers a new sign-up on the other replica as soon as the applying one has broadcast its change', async () => {
    await signUp(students[0]);
    // The answering replica reads the competition's version and keeps its figures for it.
    await waitFor('the first sign-up to be counted', async () => (await figures()).signups.total === 1);
    for (let n = 2; n <= 4; n++) {
      let from = heard.length;
      await signUp(students[n - 1]);
      // The applying replica committed the sign-up (the model counts it) and then said so.
      do {
        from = await nextBroadcast(from);
      } while ((await modelTotal()) !== n);
      // One read, not polled: without the broadcast the answering replica would still answer its kept figures.
      const f = await figures();
      expect([n, f.signups.total, f.signups.pending, f.signups.by.event.map((r) => r.count)]).toEqual([n, n, n, [n]]);
    }
  });

  it('answers a change that no broadcast told of once its check of the versions finds it', async () => {
    // Every fact of the sign-ups applied: nothing more about the competition is on its way.
    await waitFor('the model to hold every sign-up as last changed', async () => {
      const [{ behind }] = await sql<{ behind: number }>(
        `SELECT count(*)::int AS behind FROM enrollment.signups e LEFT JOIN statistics.signups s ON s.id = e.id
         WHERE e.competition_id = $1 AND (s.id IS NULL OR s.version < e.fact_version)`,
        [c.id],
      );
      return behind === 0;
    });
    const before = await modelTotal();
    // And the answering replica keeps the figures it answers.
    await waitFor('the answering replica to show them', async () => (await figures()).signups.total === before);
    const from = heard.length;
    // What a replica killed between its commit and its broadcast leaves: the counts and the version moved in one
    // transaction, and no statistics.figures.changed. (Put back below, the same way.)
    const move = (by: number) =>
      sql(
        `WITH counted AS (UPDATE statistics.signup_counts SET count = count + $2 WHERE competition_id = $1 AND dimension = 'status' AND key = '0' RETURNING 1)
         UPDATE statistics.figure_versions SET version = nextval('statistics.figure_version') WHERE competition_id = $1`,
        [c.id, by],
      );
    await move(1);
    try {
      // Within the replicas' check (every second; docs/decisions.md): polled, not timed.
      await waitFor('the answering replica to show the change', async () => (await figures()).signups.total === before + 1, 15000);
    } finally {
      await move(-1);
    }
    await waitFor('the answering replica to show it put back', async () => (await figures()).signups.total === before, 15000);
    // No broadcast named the competition meanwhile: the check alone found both changes.
    expect(heard.slice(from).filter(namesIt)).toEqual([]);
  });
});

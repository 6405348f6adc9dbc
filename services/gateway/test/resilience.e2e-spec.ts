// @e2e-alone: kills and restarts the auth service, which every other file needs. (jest.e2e-runner.js)
import { api, freshIp, login } from './support/api';
import { platformHealthy, replicaListening, startReplica, startService, stopService, waitFor } from './support/platform';

describe('when the auth service dies', () => {
  afterAll(async () => {
    // Leave a running auth service behind whatever happened.
    if (!(await platformHealthy().catch(() => false))) startService('auth');
    await waitFor('auth to be back', platformHealthy);
  });

  it('answers clearly (not a hang) while it is down, and recovers when it is back', async () => {
    const token = await login('admin1');
    let stop = false;
    const outcomes: { code: number }[] = [];
    // A steady stream of requests, as the web would send.
    const flow = (async () => {
      while (!stop) {
        // Each call ends with an answer (the gateway's RPC time-out bounds it); a hang would time the test out.
        const r = await api('/auth/user/info', { token, lang: 'en' });
        outcomes.push({ code: r.code });
      }
    })();
    await waitFor('the flow to be answered', async () => outcomes.some((o) => o.code === 0));
    stopService('auth', 'SIGKILL');
    // Down once the flow is told so (the gateway's RPC to a killed service answers 10503).
    await waitFor('the flow to hear that auth is down', async () => outcomes.some((o) => o.code === 10503));

    const down = await api('/auth/user/info', { token, lang: 'en' });
    expect(down.code).toBe(10503);
    expect(down.status).toBe(503);
    expect(down.msg).toBe('The auth service is temporarily unavailable, please try again shortly');
    expect((await api('/health')).code).toBe(10503);

    startService('auth');
    await waitFor('auth to answer again', async () => (await api('/auth/user/info', { token })).code === 0);
    stop = true;
    await flow;

    expect(outcomes.some((o) => o.code === 0)).toBe(true);
    expect(outcomes.some((o) => o.code === 10503)).toBe(true);
    expect(outcomes.every((o) => o.code === 0 || o.code === 10503)).toBe(true);
    // Sessions live in Redis, so the same token works after the restart.
    expect((await api('/auth/user/info', { token })).code).toBe(0);
  });
});

describe('with two replicas of the auth service', () => {
  afterAll(() => {
    // Whatever happened, the platform is left with its one auth service.
    stopService('auth', 'SIGKILL', 1);
  });

  it('a replica killed under light load costs at most the requests it had in flight, and the other answers on', async () => {
    const token = await login('admin1');
    startReplica('auth', 1);
    await waitFor('the second auth replica to serve', () => replicaListening('auth', 1), 60000);

    const CLIENTS = 4;
    let stop = false;
    let inFlight = 0;
    let killed = false;
    let inFlightAtKill = 0;
    const before: number[] = [];
    const after: number[] = [];
    // Light load: a few clients, each with one request at a time, as many browsers would send.
    const client = async () => {
      while (!stop) {
        inFlight++;
        const r = await api('/auth/user/info', { token, ip: freshIp() });
        inFlight--;
        // A request sent before the kill may have been in flight on the killed replica: its answer counts after.
        (killed ? after : before).push(r.code);
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    // Queue groups share the requests between the two replicas: each has served some of these.
    await waitFor('the light load to be answered', async () => before.filter((c) => c === 0).length >= 40);
    inFlightAtKill = inFlight;
    killed = true;
    stopService('auth', 'SIGKILL', 1);
    // The requests it held end (the gateway's RPC time-out answers them); the others go to the first replica.
    await waitFor('requests to succeed after the kill', async () => after.filter((c) => c === 0).length >= 40, 60000);
    stop = true;
    await Promise.all(clients);

    expect(before.every((c) => c === 0)).toBe(true);
    const failed = after.filter((c) => c !== 0);
    expect(failed.length).toBeLessThanOrEqual(inFlightAtKill);
    expect(failed.every((c) => c === 10503)).toBe(true);
    expect(after.filter((c) => c === 0).length).toBeGreaterThanOrEqual(40);
    // And it answers on once the killed replica's requests have ended (those are the flow's last answers).
    const next = await Promise.all(Array.from({ length: CLIENTS }, () => api('/auth/user/info', { token, ip: freshIp() })));
    expect(next.map((r) => r.code)).toEqual(Array(CLIENTS).fill(0));
  });
});

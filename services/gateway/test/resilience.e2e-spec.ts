// @e2e-alone: kills and restarts the auth service, which every other file needs. (jest.e2e-runner.js)
import { api, login } from './support/api';
import { platformHealthy, startService, stopService, waitFor } from './support/platform';

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

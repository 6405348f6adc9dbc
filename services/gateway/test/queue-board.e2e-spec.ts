import type { JobQueueCounts, OperationLogView, Page } from '@cmp/contracts';
import { api, login } from './support/api';
import { BASE, waitFor } from './support/platform';

const BOARD = `${BASE}/queues`;
/** Every worker's queue. */
const QUEUES = ['certificates', 'payment', 'review', 'statistics'];

/** A call to the queue board as the browser makes it: no Authorization header, only the board's cookie. */
const board = (path: string, cookie?: string, init: RequestInit = {}) =>
  fetch(`${BOARD}${path}`, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) } });

async function boardCookie(token: string): Promise<string> {
  const r = await api<{ path: string }>('/system/queues/board-session', { method: 'POST', token });
  expect(r.code).toBe(0);
  expect(r.data.path).toBe('/prod-api/queues/');
  const set = r.headers.get('set-cookie') ?? '';
  expect(set).toMatch(/Path=\/prod-api\/queues;.*HttpOnly; SameSite=Strict/);
  return set.split(';')[0];
}

describe('job queues and the queue board (ROOT only)', () => {
  let root: string;
  let admin: string;

  beforeAll(async () => {
    [root, admin] = await Promise.all([login('root'), login('admin1')]);
  });

  it('lists every queue of the platform with its counts for ROOT, and nobody else', async () => {
    const r = await api<JobQueueCounts[]>('/system/queues', { token: root });
    expect(r.code).toBe(0);
    expect(r.data.map((q) => q.name).sort()).toEqual(QUEUES);
    for (const q of r.data) expect(Object.values(q).slice(1).every((n) => Number.isInteger(n) && (n as number) >= 0)).toBe(true);

    expect((await api('/system/queues', { token: admin })).code).toBe(401);
    expect((await api('/system/queues/board-session', { method: 'POST', token: admin })).code).toBe(401);
    expect((await api('/system/queues')).code).toBe(11000);

    // 系统管理 > 任务队列 is in ROOT's menu only (an organiser administrator's role holds all of 系统管理 else).
    const components = async (token: string) => JSON.stringify((await api('/system/menu/userMenu', { token })).data);
    expect(await components(root)).toContain('"system/queues/index"');
    expect(await components(admin)).not.toContain('system/queues/index');
  });

  it('opens the board, its assets and its data with the session cookie, and refuses without it', async () => {
    const refused = await board('/');
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(((await refused.json()) as { code: number }).code).toBe(11000);

    const cookie = await boardCookie(root);
    const page = await board('/', cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Its scripts load relative to the board's address (bull-board's assets have 404ed under a prefix before).
    expect(html).toMatch(/<base href="\/prod-api\/queues\/"/);
    const script = /src="(static\/js\/main[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await board(`/${script}`, cookie);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await board(`/${script}`)).status).toBe(401);

    const data = (await (await board('/api/queues', cookie)).json()) as { queues: { name: string }[] };
    expect(data.queues.map((q) => q.name).sort()).toEqual(QUEUES);
  });

  it('refuses an organiser administrator\'s cookie and a signed-out session', async () => {
    const adminCookie = (await api('/system/queues/board-session', { method: 'POST', token: root })).headers.get('set-cookie')!.split(';')[0].replace(/=.*/, `=${admin}`);
    const r = await board('/api/queues', adminCookie);
    expect(((await r.json()) as { code: number }).code).toBe(401);

    const other = await login('root');
    const cookie = await boardCookie(other);
    expect((await board('/api/queues', cookie)).status).toBe(200);
    await api('/auth/logout', { method: 'POST', token: other });
    expect(((await (await board('/api/queues', cookie)).json()) as { code: number }).code).toBe(11000);
  });

  it('records what ROOT does on the board in the operation log', async () => {
    const cookie = await boardCookie(root);
    const paused = await board('/api/queues/certificates/pause', cookie, { method: 'PUT' });
    const resumed = await board('/api/queues/certificates/resume', cookie, { method: 'PUT' });
    expect([paused.status, resumed.status]).toEqual([200, 200]);
    const requestId = resumed.headers.get('x-request-id')!;
    let entry: OperationLogView | undefined;
    await waitFor('the board action in the operation log', async () => {
      const page = await api<Page<OperationLogView>>('/system/log/page?pageSize=50', { token: root, lang: 'en' });
      entry = page.data.list.find((e) => e.requestId === requestId);
      return !!entry;
    });
    expect(entry).toMatchObject({ username: 'root', method: 'PUT', path: '/prod-api/queues/api/queues/certificates/resume', success: true });
    expect(entry!.label).toContain('Job queue board action');
  });
});

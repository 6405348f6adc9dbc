import { randomUUID } from 'node:crypto';
import { JSONCodec } from 'nats';
import { Client } from 'pg';
import { EventSubject, NatsUser, type IdNumberReveal, type OperationLogView, type Page, type SignupDetail } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { dropStudents, makeCompetition, makeStudents } from './support/enroll';
import { DATABASE_URL, natsAs, waitFor } from './support/platform';

const freshName = (p: string) => `${p}${Math.random().toString(36).slice(2, 10)}`;

type LogPage = Page<OperationLogView>;

/** Polls the operation log as `token` until the entry of a request appears (events arrive asynchronously). */
async function entryOf(token: string, requestId: string, query: Record<string, string> = {}): Promise<OperationLogView> {
  let found: OperationLogView | undefined;
  await waitFor(`operation log entry ${requestId}`, async () => {
    const qs = new URLSearchParams({ pageSize: '100', ...query });
    const r = await api<LogPage>(`/system/log/page?${qs}`, { token });
    found = r.data?.list.find((e) => e.requestId === requestId);
    return !!found;
  });
  return found!;
}

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

describe('operation log', () => {
  let admin1: string;
  let admin2: string;
  let root: string;
  const password = 'Secr3tPassw0rd';
  let addRequestId: string;
  let username: string;
  let addedUserId: number;

  afterAll(dropStudents);
  beforeAll(async () => {
    [admin1, admin2, root] = [await login('admin1'), await login('admin2'), await login('root')];
    username = freshName('logged');
    const add = await api('/system/user/add', { token: admin1, body: { username, realName: '日志用户', password } });
    expect(add.code).toBe(0);
    addRequestId = add.headers.get('x-request-id')!;
    expect(addRequestId).toBeTruthy();
    addedUserId = (add.data as { id: number }).id;
  });

  it('records a mutating call with who, what, result, duration and address', async () => {
    const e = await entryOf(admin1, addRequestId, { username: 'admin1', keyword: '/system/user/add' });
    expect(e).toMatchObject({ username: 'admin1', method: 'POST', path: '/prod-api/system/user/add', resultCode: 0, success: true, groupName: '华东示范大学' });
    expect(e.title).toBe('system: users / add');
    expect(e.userId).toEqual(expect.any(Number));
    expect(e.durationMs).toBeGreaterThanOrEqual(0);
    expect(e.ip).toBeTruthy();
    expect(JSON.parse(e.params!)).toMatchObject({ username, password: '***' });
  });

  it("labels each action in the reader's language and finds entries by their label", async () => {
    const zh = await entryOf(admin1, addRequestId, { keyword: '新增用户' });
    expect(zh.label).toBe('用户管理 / 新增用户');
    const en = await api<LogPage>(`/system/log/page?keyword=${encodeURIComponent('add a user')}&pageSize=100`, { token: admin1, lang: 'en' });
    expect(en.data.list.find((e) => e.requestId === addRequestId)).toMatchObject({
      title: 'system: users / add',
      label: 'Users / Add a user',
      groupName: 'East China Demonstration University',
    });
  });

  it('shows an organisation administrator only the entries of their organisation; ROOT sees all', async () => {
    await entryOf(root, addRequestId);
    const seenByAdmin2 = await api<LogPage>(`/system/log/page?username=admin1&pageSize=100`, { token: admin2 });
    expect(seenByAdmin2.code).toBe(0);
    expect(seenByAdmin2.data.list.find((e) => e.requestId === addRequestId)).toBeUndefined();
    // And admin2's own calls are theirs alone.
    const own = await api('/system/user/add', { token: admin2, body: { username: freshName('u2'), realName: '二号', password } });
    const ownId = own.headers.get('x-request-id')!;
    await entryOf(admin2, ownId);
    const seenByAdmin1 = await api<LogPage>(`/system/log/page?pageSize=100`, { token: admin1 });
    expect(seenByAdmin1.data.list.find((e) => e.requestId === ownId)).toBeUndefined();
  });

  it('records failed calls with their code and message, and filters by result', async () => {
    const taken = await api('/system/user/add', { token: admin1, body: { username: 'student1', realName: '重复', password }, lang: 'en' });
    expect(taken.code).toBe(10409);
    const e = await entryOf(admin1, taken.headers.get('x-request-id')!, { result: 'failure' });
    expect(e).toMatchObject({ resultCode: 10409, success: false, message: 'The account name student1 is already taken' });
    const failures = await api<LogPage>('/system/log/page?result=failure&pageSize=100', { token: admin1 });
    expect(failures.data.list.every((x) => x.resultCode !== 0)).toBe(true);
    const successes = await api<LogPage>('/system/log/page?result=success&pageSize=100', { token: admin1 });
    expect(successes.data.list.every((x) => x.resultCode === 0)).toBe(true);
  });

  it('records login attempts, successful or not, under the account they name', async () => {
    const bad = await api('/auth/login/pwd', { body: { username: 'expert1', password: 'wrong-pass1' }, ip: freshIp() });
    expect(bad.code).toBe(10401);
    const good = await api('/auth/login/pwd', { body: { username: 'expert1', password: 'Demo@2026' }, ip: freshIp() });
    expect(good.code).toBe(0);
    // expert1 belongs to DEMO-U1: its administrator sees both.
    const failed = await entryOf(admin1, bad.headers.get('x-request-id')!, { username: 'expert1' });
    expect(failed).toMatchObject({ username: 'expert1', resultCode: 10401, title: 'auth / login password', groupName: '华东示范大学' });
    const ok = await entryOf(admin1, good.headers.get('x-request-id')!, { username: 'expert1' });
    expect(ok.resultCode).toBe(0);
    expect(ok.params).not.toContain('Demo@2026');
  });

  it('filters by date range and keyword', async () => {
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 86400000);
    const inRange = await api<LogPage>(`/system/log/page?from=${today.toISOString().slice(0, 10)}&to=${tomorrow.toISOString().slice(0, 10)}&keyword=user/add&pageSize=100`, { token: admin1 });
    expect(inRange.data.list.some((e) => e.requestId === addRequestId)).toBe(true);
    const past = await api<LogPage>('/system/log/page?from=2000-01-01&to=2000-01-02', { token: admin1 });
    expect(past.data.total).toBe(0);
    const bad = await api('/system/log/page?from=yesterday', { token: admin1, lang: 'en' });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/from must be a date/);
  });

  it('needs the log permission', async () => {
    const r = await api('/system/log/page', { token: await login('student1') });
    expect(r.code).toBe(401);
  });

  it('never stores a password, code or token', async () => {
    // A recovery attempt and a password change, both carrying secrets. The change is the added user's own: changing
    // a demo account's password would end its sessions in the files running beside this one.
    const newPassword = 'N3wSecr3tPassw0rd';
    const change = await api('/system/user/update/pwd', { token: await login(username, password), body: { oldPassword: password, newPassword } });
    expect(change.code).toBe(0);
    await entryOf(root, change.headers.get('x-request-id')!);
    const rows = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.operation_logs WHERE params LIKE ANY($1) OR message LIKE ANY($1)`,
      [['%Demo@2026%', `%${password}%`, `%${newPassword}%`, '%wrong-pass1%', '%Bearer%']],
    );
    expect(rows[0].n).toBe(0);
    const stored = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM auth.operation_logs`);
    expect(stored[0].n).toBeGreaterThan(0);
  });

  /** The entries of the log (as ROOT) for `path` whose recorded parameters contain `text`, once `n` of them are in. */
  async function entriesWith(path: string, text: string, n: number): Promise<OperationLogView[]> {
    let found: OperationLogView[] = [];
    await waitFor(`${n} operation log entries of ${path} with ${text}`, async () => {
      const r = await api<LogPage>(`/system/log/page?${new URLSearchParams({ pageSize: '100', keyword: path })}`, { token: root });
      found = (r.data?.list ?? []).filter((e) => e.params?.includes(text));
      return found.length >= n;
    });
    return found;
  }

  // Issue 27: the id that de-duplicates log events is the server's, whatever X-Request-Id the caller sends.
  it('logs two updates sent with the same X-Request-Id as two entries, each with its own id', async () => {
    const reused = randomUUID();
    const first = await api('/system/user/update', { token: admin1, body: { id: addedUserId, realName: '同号一' }, headers: { 'x-request-id': reused } });
    const second = await api('/system/user/update', { token: admin1, body: { id: addedUserId, realName: '同号二' }, headers: { 'x-request-id': reused } });
    expect([first.code, second.code]).toEqual([0, 0]);
    const [one] = await entriesWith('/system/user/update', '同号一', 1);
    const [two] = await entriesWith('/system/user/update', '同号二', 1);
    expect(one.requestId).not.toBe(two.requestId);
    expect([one.requestId, two.requestId]).toEqual([first.headers.get('x-request-id'), second.headers.get('x-request-id')]);
  });

  it('logs an identity number reveal sent with the id of an earlier request', async () => {
    const c = await makeCompetition(admin1, { requiredFields: ['realName', 'phone', 'idNumber'] });
    const [student] = await makeStudents(1, `reqid${Date.now().toString(36)}`);
    const signed = await api<SignupDetail>('/web/enroll/signUp', {
      token: student.token,
      ip: freshIp(),
      body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: '王同号', phone: '13900003333', idNumber: '11010519491231002X' } },
    });
    expect(signed.code).toBe(0);
    const query = `id=${signed.data.id}&userId=${student.userId}`;
    const first = await api<IdNumberReveal>(`/enroll/signup/idNumber?${query}`, { token: admin1 });
    const old = first.headers.get('x-request-id')!;
    await entryOf(admin1, old);
    // The second reveal claims the first one's id: it is logged all the same, under an id of its own.
    const again = await api<IdNumberReveal>(`/enroll/signup/idNumber?${query}`, { token: admin1, headers: { 'x-request-id': old } });
    expect(again.code).toBe(0);
    const entries = await entriesWith('/enroll/signup/idNumber', `"id":"${signed.data.id}"`, 2);
    expect(entries.map((e) => e.requestId).sort()).toEqual([old, again.headers.get('x-request-id')].sort());
  });

  it("keeps the caller's X-Request-Id beside the server's id, for tracing only", async () => {
    const trace = `trace-${randomUUID()}`;
    const r = await api('/system/user/update', { token: admin1, body: { id: addedUserId, realName: '带追踪号' }, headers: { 'x-request-id': trace } });
    expect(r.code).toBe(0);
    const serverId = r.headers.get('x-request-id')!;
    expect(serverId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const e = await entryOf(admin1, serverId);
    expect(e).toMatchObject({ requestId: serverId, clientRequestId: trace });
    // A call without the header has none.
    const plain = await api('/system/user/update', { token: admin1, body: { id: addedUserId, realName: '无追踪号' } });
    expect((await entryOf(admin1, plain.headers.get('x-request-id')!)).clientRequestId).toBeNull();
  });

  it('stores a redelivered event once (the consumer is idempotent on the request id)', async () => {
    // As the gateway, the only one that may publish audit.operation.logged.
    const nc = await natsAs(NatsUser.gateway);
    try {
      const js = nc.jetstream();
      const [stored] = await sql<{ title: string }>(`SELECT title FROM auth.operation_logs WHERE request_id = $1`, [addRequestId]);
      const event = { requestId: addRequestId, userId: null, username: 'replayed', groupId: null, method: 'POST', path: '/x', title: 'replayed',
        resultCode: 0, message: null, durationMs: 1, ip: '127.0.0.1', userAgent: null, params: null, at: new Date().toISOString() };
      // Another message id, so JetStream's own de-duplication does not hide it: the table must.
      await js.publish(EventSubject.operationLogged, JSONCodec().encode(event), { msgID: randomUUID() });
      const marker = randomUUID();
      await js.publish(EventSubject.operationLogged, JSONCodec().encode({ ...event, requestId: marker }), { msgID: marker });
      // Events are handled in order: once the marker is in, the replay has been handled.
      await entryOf(root, marker);
      const rows = await sql<{ title: string }>(`SELECT title FROM auth.operation_logs WHERE request_id = $1`, [addRequestId]);
      expect(rows).toEqual([stored]);
    } finally {
      await nc.close();
    }
  });
});

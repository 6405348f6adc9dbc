// @e2e-alone: kills and restarts the certificates worker, which renders every other file's certificates. (jest.e2e-runner.js)
import * as fs from 'node:fs';
import * as path from 'node:path';
import Redis from 'ioredis';
import { CertificateQueue, type IssuedCertificate, type Page } from '@cmp/contracts';
import { api, login } from './support/api';
import { addBatch, addTemplate, addWinners, competitionWithEvent, descendantsOf, progressOf, settled, winners } from './support/certificates';
import { REDIS_PREFIX, REDIS_URL, REPO, startService, stopService, waitFor } from './support/platform';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function numbersOf(token: string, batchId: number): Promise<string[]> {
  const out: string[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await api<Page<IssuedCertificate>>(`/certificate/page?batchId=${batchId}&pageSize=100&pageNum=${pageNum}`, { token });
    out.push(...r.data.list.map((c) => c.number!));
    if (out.length >= r.data.total || !r.data.list.length) return out;
  }
}

const range = (from: number, to: number, digits: number, prefix = '') => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(digits, '0')}`);

describe('certificate numbering', () => {
  let admin1: string;
  beforeAll(async () => {
    admin1 = await login('admin1');
  });

  it('refuses before issuing a batch that a 3-digit scheme cannot hold', async () => {
    const { competitionId } = await competitionWithEvent(admin1, `容量测试 ${Date.now()}`);
    const template = await addTemplate(admin1, { variant: 'allAutoincrementThree' });
    const b = await addBatch(admin1, { templateId: template.id, competitionId });
    await addWinners(admin1, b.id, winners(1000, '容'));
    const r = await api('/certificate/batch/issue', { token: admin1, body: { batchId: b.id }, lang: 'en' });
    expect(r).toMatchObject({
      code: 10400,
      msg: 'Not enough numbers: 3-digit numbers end at 999, 0 are used and this batch needs 1000; choose 4 digits or a random code',
    });
    expect((await progressOf(admin1, b.id)).status).toBe('draft');
    // Per-event numbering needs an event.
    const perEvent = await addTemplate(admin1, { variant: 'autoincrementThree' });
    const noItem = await api('/certificate/batch/add', { token: admin1, body: { templateId: perEvent.id, competitionId, name: 'x', issuerName: 'y' }, lang: 'en' });
    expect(noItem).toMatchObject({ code: 10400, msg: 'Auto-increment numbering within an event needs an event' });
  });

  it('gives two batches issued at once consecutive numbers of one counter: no gap, no repeat', async () => {
    const { competitionId, itemId } = await competitionWithEvent(admin1, `并发编号 ${Date.now()}`);
    const template = await addTemplate(admin1, { variant: 'autoincrementThree', prefix: 'E' }, 'autoincrementThree');
    const a = await addBatch(admin1, { templateId: template.id, competitionId, itemId });
    const b = await addBatch(admin1, { templateId: template.id, competitionId, itemId });
    await addWinners(admin1, a.id, winners(40, '甲'));
    await addWinners(admin1, b.id, winners(35, '乙'));
    const [ra, rb] = await Promise.all([a, b].map((x) => api('/certificate/batch/issue', { token: admin1, body: { batchId: x.id } })));
    expect([ra.code, rb.code]).toEqual([0, 0]);
    expect((await settled(admin1, a.id)).status).toBe('done');
    expect((await settled(admin1, b.id)).status).toBe('done');
    const na = await numbersOf(admin1, a.id);
    const nb = await numbersOf(admin1, b.id);
    // Each batch holds one contiguous block, in list order; together they are 001..075.
    expect([...na, ...nb].sort()).toEqual(range(1, 75, 3, 'E'));
    const blockA = na.map((n) => Number(n.slice(1)));
    expect(blockA).toEqual(range(blockA[0], blockA[0] + 39, 0).map(Number));
  }, 180000);

  it('finishes a batch whose worker was killed mid-way without repeating or skipping a number', async () => {
    const { competitionId } = await competitionWithEvent(admin1, `崩溃恢复 ${Date.now()}`);
    const template = await addTemplate(admin1, { variant: 'allAutoincrementFour', prefix: 'K' });
    const b = await addBatch(admin1, { templateId: template.id, competitionId });
    await addWinners(admin1, b.id, winners(150, '丙'));
    const pids = JSON.parse(fs.readFileSync(path.join(REPO, '.data', 'e2e-pids.json'), 'utf8')) as Record<string, number>;
    const worker = pids['certificates-worker'];
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: b.id } })).code).toBe(0);
    // Kill it as soon as it has started on the batch, Chromium with it (nobody else would end that one).
    await waitFor('the worker to start the batch', async () => (await progressOf(admin1, b.id)).status === 'running', 30000);
    const chromium = descendantsOf(worker);
    stopService('certificates-worker', 'SIGKILL');
    for (const pid of chromium) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const midway = await progressOf(admin1, b.id);
    expect(midway.status).toBe('running');
    startService('certificates-worker');
    const done = await settled(admin1, b.id, 120000);
    expect(done).toMatchObject({ status: 'done', done: 150, failed: 0, remaining: 0 });
    expect(await numbersOf(admin1, b.id)).toEqual(range(1, 150, 4, 'K'));
  }, 180000);

  it('recovers from a crashed Chromium mid-batch, and a retry leaves rendered certificates alone', async () => {
    const { competitionId } = await competitionWithEvent(admin1, `浏览器崩溃 ${Date.now()}`);
    const template = await addTemplate(admin1, { variant: 'allAutoincrementFour' });
    const b = await addBatch(admin1, { templateId: template.id, competitionId });
    await addWinners(admin1, b.id, winners(120, '丁'));
    const pids = JSON.parse(fs.readFileSync(path.join(REPO, '.data', 'e2e-pids.json'), 'utf8')) as Record<string, number>;
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: b.id } })).code).toBe(0);
    await waitFor('the worker to start the batch', async () => (await progressOf(admin1, b.id)).status === 'running', 30000);
    // The worker's test hook kills its Chromium (SIGKILL) under the running job.
    process.kill(pids['certificates-worker'], 'SIGUSR2');
    expect(await settled(admin1, b.id, 120000)).toMatchObject({ status: 'done', done: 120, failed: 0 });
    const before = await numbersOf(admin1, b.id);
    expect(before).toEqual(range(1, 120, 4));

    const retried = await api('/certificate/batch/retry', { token: admin1, body: { batchId: b.id } });
    expect(retried.code).toBe(0);
    expect(await settled(admin1, b.id)).toMatchObject({ status: 'done', done: 120, failed: 0 });
    expect(await numbersOf(admin1, b.id)).toEqual(before);
  }, 180000);

  it('finishes a queued batch whose job Redis lost: the worker\'s sweeper queues it again', async () => {
    const { competitionId } = await competitionWithEvent(admin1, `丢失任务 ${Date.now()}`);
    const template = await addTemplate(admin1, { variant: 'allAutoincrementFour', prefix: 'L' });
    const b = await addBatch(admin1, { templateId: template.id, competitionId });
    await addWinners(admin1, b.id, winners(5, '戊'));
    // No worker takes the job meanwhile: it is stopped (gracefully) and gone before the batch is issued.
    const pids = JSON.parse(fs.readFileSync(path.join(REPO, '.data', 'e2e-pids.json'), 'utf8')) as Record<string, number>;
    const worker = pids['certificates-worker'];
    stopService('certificates-worker');
    await waitFor('the certificates worker to exit', async () => !alive(worker), 30000);
    try {
      expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: b.id } })).code).toBe(0);
      expect((await progressOf(admin1, b.id)).status).toBe('queued');
      // Redis loses the queue (a restart without persistence): every key of it, under the tests' prefix.
      const raw = new Redis(REDIS_URL);
      const keys = await raw.keys(`${REDIS_PREFIX}:bull:${CertificateQueue.name}:*`);
      expect(keys.length).toBeGreaterThan(0);
      await raw.del(...keys);
      expect(await raw.keys(`${REDIS_PREFIX}:bull:${CertificateQueue.name}:*`)).toEqual([]);
      raw.disconnect();
    } finally {
      startService('certificates-worker');
    }
    expect(await settled(admin1, b.id, 120000)).toMatchObject({ status: 'done', done: 5, failed: 0, remaining: 0 });
    expect(await numbersOf(admin1, b.id)).toEqual(range(1, 5, 4, 'L'));
  }, 180000);
});

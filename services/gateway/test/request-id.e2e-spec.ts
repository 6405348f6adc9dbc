import * as fs from 'node:fs';
import * as path from 'node:path';
import { CertificateQueue } from '@cmp/contracts';
import { api, login } from './support/api';
import { addBatch, addTemplate, addWinners, settled, winners } from './support/certificates';
import { LOG_DIR, waitFor } from './support/platform';

/** The JSON lines of a process's log (test-artifacts/logs/<name>.log) that carry the request id. */
function linesWith(name: string, requestId: string): Record<string, unknown>[] {
  const file = path.join(LOG_DIR, `${name}.log`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes(requestId))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.requestId === requestId);
}

async function lineOf(name: string, requestId: string, match: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await waitFor(`a line with ${requestId} in ${name}.log`, async () => Boolean((found = linesWith(name, requestId).find(match))), 60000);
  return found!;
}

/**
 * Issue 28: one id finds a request's whole path. The gateway answers with its own request id and logs one line per
 * request; the id travels in NATS headers to the service (and on to the services it asks) and in the job's data to
 * the worker, whose lines carry it.
 */
describe('request id from the gateway into a service and a worker', () => {
  let admin1: string;

  beforeAll(async () => {
    admin1 = await login('admin1');
  });

  it('follows one certificate issue from the gateway to the certificates service, the auth service it asks, and the render worker', async () => {
    const template = await addTemplate(admin1, { variant: 'randomCode', prefix: 'RQ' });
    const batch = await addBatch(admin1, { templateId: template.id });
    await addWinners(admin1, batch.id, winners(1, '追踪'));
    const clientId = `client-${Date.now()}`;
    const issued = await api('/certificate/batch/issue', { token: admin1, body: { batchId: batch.id }, headers: { 'x-request-id': clientId } });
    expect(issued.code).toBe(0);
    const requestId = issued.headers.get('x-request-id')!;
    // The server's own id, not the caller's: the caller's is only logged beside it.
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const line = await lineOf('gateway', requestId, () => true);
    expect(line).toMatchObject({ method: 'POST', route: '/prod-api/certificate/batch/issue', status: 200, clientRequestId: clientId, userId: expect.any(Number), groupId: expect.any(Number) });
    expect(line.ms).toEqual(expect.any(Number));
    // One line per request, not two.
    expect(linesWith('gateway', requestId)).toHaveLength(1);

    expect(await lineOf('certificates', requestId, (l) => l.subject === 'certificates.batch.issue')).toMatchObject({ outcome: 'ok', ms: expect.any(Number) });
    // The service asked the auth service on the request's behalf (the organisation's public hosts).
    expect(await lineOf('auth', requestId, (l) => typeof l.subject === 'string')).toMatchObject({ outcome: 'ok' });
    expect(await lineOf('certificates-worker', requestId, (l) => l.job === CertificateQueue.renderBatch)).toMatchObject({ outcome: 'ok' });
    expect(await settled(admin1, batch.id)).toMatchObject({ status: 'done', done: 1 });
  });

  it("logs a refused call's error code in the service's line under the same id", async () => {
    const r = await api('/certificate/batch/issue', { token: admin1, body: { batchId: 2_000_000_000 } });
    expect(r.code).not.toBe(0);
    const requestId = r.headers.get('x-request-id')!;
    expect(await lineOf('certificates', requestId, (l) => l.subject === 'certificates.batch.issue')).toMatchObject({ outcome: String(r.code) });
    expect(await lineOf('gateway', requestId, () => true)).toMatchObject({ status: r.status, route: '/prod-api/certificate/batch/issue' });
  });
});

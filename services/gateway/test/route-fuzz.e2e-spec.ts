// @e2e-alone: thousands of hostile requests; runs last (jest.sequencer.js), its junk rows seen by no other file. (jest.e2e-runner.js)
import * as fs from 'node:fs';
import { ErrorCode } from '@cmp/contracts';
import { freshIp, login } from './support/api';
import { mustRefuse, routesOf, variantsOf, type FuzzRequest, type OpenApiDocument } from './support/fuzz';
import { BASE } from './support/platform';

/**
 * Every route of the OpenAPI document gets hostile variants of each parameter and body field, with ROOT's
 * token (which passes every permission check) and without one (a route that asks for a login refuses it before
 * validation: only what is read before that is sent without a token). Each answer must be the envelope, never a
 * 5xx, and a variant no field could accept must be refused with a non-zero code. A route added later is
 * covered without a test of its own. Runs last (jest.sequencer.js): its requests leave junk behind.
 */
describe('route fuzzer', () => {
  let doc: OpenApiDocument;
  let root: string;
  let sent = 0;

  beforeAll(async () => {
    root = await login('root');
    doc = (await (await fetch(`${BASE}/docs-json`)).json()) as OpenApiDocument;
  });

  /** Sends one request; answers what was wrong with the reply, or null. */
  async function check(req: FuzzRequest, token: string | undefined): Promise<string | null> {
    return (await send(req, token)).problem;
  }

  /** Sends one request; answers what was wrong with the reply (or null) and the envelope's code. */
  async function send(req: FuzzRequest, token: string | undefined): Promise<{ problem: string | null; code?: number }> {
    const problem = (text: string) => ({ problem: text });
    const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), 'accept-language': 'en' };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = req.raw;
    if (req.raw !== undefined) headers['content-type'] = req.contentType!;
    else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const what = `${req.method} ${req.path.slice(0, 120)} [${req.label}${token ? '' : ', no token'}]`;
    let res: Response;
    let text: string;
    try {
      sent += 1;
      res = await fetch(`${BASE}${req.path}`, { method: req.method, headers, body });
      text = await res.text();
    } catch (e) {
      // A connection closed before the answer is a problem of its own, not the end of the run.
      return problem(`${what}: no answer (${String((e as Error).cause ?? e)})`);
    }
    if (res.status >= 500) return problem(`${what}: HTTP ${res.status} ${text.slice(0, 200)}`);
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) return { problem: res.ok ? null : `${what}: HTTP ${res.status} without the envelope` };
    let envelope: { code?: unknown; msg?: unknown };
    try {
      envelope = JSON.parse(text);
    } catch {
      return problem(`${what}: not JSON`);
    }
    if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string') return problem(`${what}: no envelope: ${text.slice(0, 200)}`);
    if (/\bat .+\.js:\d+/.test(text)) return problem(`${what}: a stack trace`);
    // The hostile values are long runs of one character: a message holding such a run repeats a huge value whole.
    if (/(.)\1{199}/su.test(envelope.msg)) return problem(`${what}: the message repeats a huge value (${envelope.msg.length} characters)`);
    if (req.refuse && envelope.code === 0) return problem(`${what}: accepted`);
    return { problem: null, code: envelope.code };
  }

  it('answers every hostile request with the envelope and never a 5xx', async () => {
    const routes = routesOf(doc);
    const jobs: (() => Promise<string | null>)[] = [];
    // Ending the session would turn ROOT's later requests into "login expired": each logout gets a session of
    // its own, one after another at the end, so the logins do not pile up on the auth service.
    const logouts: (() => Promise<string | null>)[] = [];
    for (const route of routes) {
      const variants = variantsOf(route);
      for (const req of variants) {
        const refuse = mustRefuse(route, req);
        if (/logout/.test(route.path)) logouts.push(async () => check({ ...req, refuse }, await login('root')));
        else jobs.push(() => check({ ...req, refuse }, root));
      }
      // Without a token: a route that asks for a login refuses before its pipes validate anything, so of its variants
      // only what is read before that refusal (its path, raw bodies, a huge field name) is sent; an open route gets it all.
      jobs.push(async () => {
        const [plausible, ...rest] = variants;
        const first = await send({ ...plausible, refuse: false }, undefined);
        const guarded = first.code === ErrorCode.LOGIN_EXPIRED;
        const problems = [first.problem];
        for (const req of rest) {
          if (guarded && req.raw === undefined && !req.label.startsWith('path ') && !req.label.includes('100 KB')) continue;
          problems.push(await check({ ...req, refuse: false }, undefined));
        }
        return problems.filter(Boolean).join('\n') || null;
      });
    }
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const problem = await jobs[next++]();
        if (problem) problems.push(...problem.split('\n'));
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    for (const logout of logouts) {
      const problem = await logout();
      if (problem) problems.push(problem);
    }
    console.log(`route fuzzer: ${routes.length} routes, ${sent} requests, ${problems.length} problems`);
    // FUZZ_REPORT=<file> keeps every problem, not just the first 50 the assertion shows.
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, problems.join('\n'));
    expect(problems.slice(0, 50)).toEqual([]);
  }, 600_000);
});

import { Logger } from '@nestjs/common';
import { createLogger } from './logger';
import { requestScope, withRequestId, carriedRequestId } from './request-context';

/** What the logger writes while `fn` runs. */
function written(fn: () => void): string {
  const out: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return out.join('');
}

describe('createLogger', () => {
  afterEach(() => Logger.overrideLogger(createLogger('test', { logLevel: 'log', nodeEnv: 'test' })));

  it('adds the request id to readable lines written inside a request, and nothing outside one', () => {
    Logger.overrideLogger(createLogger('svc', { logLevel: 'log', nodeEnv: 'test' }));
    const inside = written(() => requestScope.run({ requestId: 'rid-123' }, () => new Logger('Batch').warn('slow render')));
    expect(inside).toMatch(/WARN \[Batch\] \[rid-123\] slow render/);
    expect(written(() => new Logger('Batch').warn('slow render'))).not.toContain('rid-');
  });

  it('adds it as requestId to JSON lines', () => {
    Logger.overrideLogger(createLogger('svc', { logLevel: 'log', nodeEnv: 'production' }));
    const line = written(() => requestScope.run({ requestId: 'rid-456' }, () => new Logger('Batch').log('queued')));
    expect(JSON.parse(line)).toMatchObject({ level: 'log', context: 'Batch', message: 'queued', requestId: 'rid-456' });
  });
});

describe('withRequestId', () => {
  it("carries the request's id in job data, and leaves data alone outside a request", () => {
    const data = requestScope.run({ requestId: 'rid-789' }, () => withRequestId({ batchId: 7 }));
    expect(data).toMatchObject({ batchId: 7 });
    expect(carriedRequestId(data)).toBe('rid-789');
    expect(withRequestId({ batchId: 7 })).toEqual({ batchId: 7 });
  });
});

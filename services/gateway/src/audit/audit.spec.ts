import 'reflect-metadata';
import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LOG_ACTIONS, operationLabel } from '@cmp/contracts';
import { CONTROLLERS } from '../app.module';
import { AuditedRead, auditedReads, MUTATING_METHODS, operationEvent, redactParams, routeTitles, type FinishedRequest } from './audit';

describe('redactParams', () => {
  it('masks passwords, codes and tokens at any depth and keeps the rest', () => {
    const json = redactParams({ username: 'bob', password: 'Secret123', newPassword: 'x', oldPassword: 'y', code: '123456', nested: { token: 't', name: 'n' } });
    expect(JSON.parse(json!)).toEqual({ username: 'bob', password: '***', newPassword: '***', oldPassword: '***', code: '***', nested: { token: '***', name: 'n' } });
    expect(json).not.toMatch(/Secret123|123456/);
  });

  it('masks bank card and identity numbers', () => {
    const json = redactParams({ accountName: '陈同学', cardNumber: '6222020200000000007', profile: { idNumber: '11010519491231002X' } });
    expect(JSON.parse(json!)).toEqual({ accountName: '陈同学', cardNumber: '***', profile: { idNumber: '***' } });
  });

  it('answers null for no body and cuts long values and lists', () => {
    expect(redactParams(undefined)).toBeNull();
    expect(redactParams({})).toBeNull();
    const long = JSON.parse(redactParams({ text: 'x'.repeat(500), ids: Array.from({ length: 30 }, (_, i) => i) })!);
    expect(long.text.length).toBeLessThan(210);
    expect(long.ids).toHaveLength(21);
  });
});

@ApiTags('things')
@Controller('thing')
class ThingController {
  @Post('add')
  addThing(@Body() _b: unknown) {}
  @Get('list')
  list() {}
  @Get('secret')
  @AuditedRead()
  secret() {}
}

describe('routeTitles', () => {
  it('titles each route "<tag> / <handler in words>" under the global prefix', () => {
    const titles = routeTitles([ThingController], 'prod-api');
    expect(titles.get('POST /prod-api/thing/add')).toBe('things / add thing');
    expect(titles.get('GET /prod-api/thing/list')).toBe('things / list');
  });
});

describe('the operation log catalogue', () => {
  // What the log screen shows: a recorded route without a label would show its raw title ("finance / close").
  it('labels every recorded route in both languages', () => {
    const reads = auditedReads(CONTROLLERS, 'prod-api');
    const recorded = [...routeTitles(CONTROLLERS, 'prod-api')].filter(([route]) => MUTATING_METHODS.has(route.split(' ')[0]) || reads.has(route)).map(([, title]) => title);
    expect(recorded.length).toBeGreaterThan(100);
    expect(recorded.filter((title) => !LOG_ACTIONS[title] || operationLabel(title, 'en') === title)).toEqual([]);
    expect(operationLabel('finance / close', 'en')).toBe('Finance / Close an order');
    expect(operationLabel('finance / close', 'zh-CN')).toBe('财务 / 关闭订单');
  });
});

describe('operationEvent', () => {
  const base: FinishedRequest = {
    requestId: 'r1',
    method: 'POST',
    route: '/prod-api/thing/add',
    url: '/prod-api/thing/add?x=1',
    statusCode: 200,
    durationMs: 12.4,
    ip: '127.0.0.1',
    userAgent: 'jest',
    identity: { userId: 7, username: 'admin1', groupId: 3, roleKeys: ['admin'], permissions: [], sessionId: 's' },
    body: { name: 'a' },
    outcome: undefined,
  };
  const titles = new Map([['POST /prod-api/thing/add', 'things / add thing']]);

  it('records who, what, result and duration of a mutating call', () => {
    const e = operationEvent(base, titles, new Date('2026-01-01T00:00:00Z'))!;
    expect(e).toMatchObject({ requestId: 'r1', userId: 7, username: 'admin1', groupId: 3, path: '/prod-api/thing/add', title: 'things / add thing', resultCode: 0, message: null, durationMs: 12, at: '2026-01-01T00:00:00.000Z' });
  });

  it('takes the failure code and message the caller got', () => {
    const e = operationEvent({ ...base, statusCode: 409, outcome: { code: 10409, msg: 'taken' } }, titles)!;
    expect(e.resultCode).toBe(10409);
    expect(e.message).toBe('taken');
  });

  it('names the account a login attempt claims, never its password', () => {
    const e = operationEvent({ ...base, identity: undefined, body: { username: 'bob', password: 'Secret123' } }, titles)!;
    expect(e.username).toBe('bob');
    expect(e.userId).toBeNull();
    expect(e.params).not.toContain('Secret123');
  });

  it('logs a refused login whose name holds a NUL with a character PostgreSQL stores', () => {
    const e = operationEvent({ ...base, identity: undefined, body: { username: 'a\u0000b', password: 'x' }, outcome: { code: 10400, msg: 'bad' } }, titles)!;
    expect(e.username).toBe('a\uFFFDb');
  });

  it('skips reads and addresses no route serves', () => {
    expect(operationEvent({ ...base, method: 'GET' }, titles)).toBeNull();
    expect(operationEvent({ ...base, route: undefined }, titles)).toBeNull();
  });

  it('records a read marked audited, with its query summarised', () => {
    const e = operationEvent({ ...base, method: 'GET', route: '/prod-api/thing/secret', body: undefined, query: { id: '3', userId: '9' }, auditedRead: true }, titles)!;
    expect(e).toMatchObject({ method: 'GET', params: '{"id":"3","userId":"9"}', resultCode: 0 });
  });
});

describe('auditedReads', () => {
  it('lists the GET routes marked @AuditedRead() only', () => {
    expect([...auditedReads([ThingController], 'prod-api')]).toEqual(['GET /prod-api/thing/secret']);
  });
});

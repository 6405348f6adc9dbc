import { classifyBinary, decideEnvelope, decideResponse, decideTransportError, fileNameFrom, isReportableCode, TransportCode } from './decide';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key);

describe('HTTP code handling', () => {
  it('resolves code 0 with the envelope', () => {
    const env = { code: 0, msg: 'ok', data: { a: 1 } };
    expect(decideEnvelope(env, t)).toEqual({ kind: 'ok', envelope: env });
  });

  it('11000: login expired, with the spec message', () => {
    expect(decideEnvelope({ code: 11000, msg: 'whatever', data: null }, t)).toEqual({ kind: 'expired', message: 'http.expired' });
  });

  it('401: no access, with the spec message rather than the server one', () => {
    expect(decideEnvelope({ code: 401, msg: 'server says', data: null }, t)).toEqual({ kind: 'noAccess', message: 'http.noAccess' });
  });

  it("13017: 'import failed!' and the envelope is returned", () => {
    const env = { code: 13017, msg: 'x', data: { total: 2, valid: 1, errors: [{ rowNumber: 3, field: 'phone', message: 'bad' }] } };
    expect(decideEnvelope(env, t)).toEqual({ kind: 'importFailed', message: 'http.importFailed', envelope: env });
  });

  it('40030: nothing shown', () => {
    expect(decideEnvelope({ code: 40030, msg: 'quiet', data: null }, t)).toEqual({ kind: 'silent', code: 40030 });
  });

  it("other codes: the server's msg, or 'system error' when it has none", () => {
    expect(decideEnvelope({ code: 10409, msg: '账号已存在', data: null }, t)).toEqual({ kind: 'error', message: '账号已存在', code: 10409 });
    expect(decideEnvelope({ code: 10500, msg: '', data: null }, t)).toEqual({ kind: 'error', message: 'http.systemError', code: 10500 });
    expect(decideEnvelope({ code: 10500, msg: '   ', data: null }, t)).toEqual({ kind: 'error', message: 'http.systemError', code: 10500 });
  });

  it('keeps the data of an error, such as the field a message is about', () => {
    expect(decideEnvelope({ code: 10400, msg: '身份证号错误', data: { field: 'idNumber' } }, t)).toEqual({
      kind: 'error',
      message: '身份证号错误',
      code: 10400,
      data: { field: 'idNumber' },
    });
  });

  it("the body's code decides whatever the HTTP status", () => {
    expect(decideResponse(401, { code: 11000, msg: '', data: null }, t).kind).toBe('expired');
    expect(decideResponse(403, { code: 401, msg: '', data: null }, t).kind).toBe('noAccess');
    expect(decideResponse(200, { code: 10400, msg: 'bad', data: null }, t)).toMatchObject({ kind: 'error', message: 'bad' });
  });

  it('without an envelope, the status class decides', () => {
    expect(decideResponse(502, '<html>', t)).toEqual({ kind: 'error', message: 'http.serverError:{"status":502}', code: TransportCode.badResponse });
    expect(decideResponse(404, null, t)).toEqual({ kind: 'error', message: 'http.badRequest:{"status":404}', code: TransportCode.badResponse });
    expect(decideResponse(200, 'text', t).kind).toBe('error');
    expect(decideResponse(200, { code: '0' }, t).kind).toBe('error');
  });

  it('transport failures: timeout and network are shown, cancellation is not', () => {
    expect(decideTransportError({ timeout: true }, t)).toEqual({ kind: 'error', message: 'http.timeout', code: TransportCode.timeout });
    expect(decideTransportError({}, t)).toEqual({ kind: 'error', message: 'http.network', code: TransportCode.network });
    expect(decideTransportError({ canceled: true }, t)).toEqual({ kind: 'silent', code: TransportCode.canceled });
  });

  describe('binary responses', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    it('saves spreadsheets and zips', () => {
      expect(classifyBinary(xlsx, 'attachment; filename="t.xlsx"')).toBe('file');
      expect(classifyBinary(xlsx, undefined)).toBe('file');
      expect(classifyBinary('application/zip', undefined)).toBe('file');
      expect(classifyBinary('application/octet-stream', undefined)).toBe('file');
    });

    it('reads a JSON "file" as an envelope', () => {
      expect(classifyBinary('application/json; charset=utf-8', undefined)).toBe('json');
      expect(classifyBinary('application/json', 'attachment; filename=x')).toBe('json');
      expect(classifyBinary('text/plain', undefined)).toBe('json');
      expect(classifyBinary(undefined, undefined)).toBe('json');
    });

    it('takes the file name from Content-Disposition', () => {
      expect(fileNameFrom(`attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`, 'f.xlsx')).toBe('用户.xlsx');
      expect(fileNameFrom('attachment; filename="users.xlsx"', 'f.xlsx')).toBe('users.xlsx');
      expect(fileNameFrom('attachment; filename=a%20b.zip', 'f')).toBe('a b.zip');
      expect(fileNameFrom(undefined, 'f.xlsx')).toBe('f.xlsx');
      expect(fileNameFrom('inline', 'f.xlsx')).toBe('f.xlsx');
    });
  });

  it('lets screens report only the failures nobody else has handled', () => {
    expect([11000, 401, 40030, TransportCode.canceled].map(isReportableCode)).toEqual([false, false, false, false]);
    expect([10400, 10503, TransportCode.network, TransportCode.timeout].map(isReportableCode)).toEqual([true, true, true, true]);
  });
});

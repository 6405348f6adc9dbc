import JSZip from 'jszip';
import type { CertificateBatch, ImportCheckReply, IssuedCertificate, MyCertificate, Page, TraceResult } from '@cmp/contracts';
import { api, freshIp, login, upload } from './support/api';
import { addBatch, addTemplate, addWinners, competitionWithEvent, demoAwardDesign, pdfText, progressOf, SEAL_PNG, settled, winners } from './support/certificates';
import { fill } from './support/spreadsheets';

/** Every certificate of a batch, in batch order. */
async function allOf(token: string, batchId: number): Promise<IssuedCertificate[]> {
  const out: IssuedCertificate[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await api<Page<IssuedCertificate>>(`/certificate/page?batchId=${batchId}&pageSize=100&pageNum=${pageNum}`, { token });
    out.push(...r.data.list);
    if (out.length >= r.data.total || !r.data.list.length) return out;
  }
}

describe('certificates: a batch from winners list to trace page', () => {
  let admin1: string;
  let batch: CertificateBatch;
  let certs: IssuedCertificate[];
  const N = 200;

  beforeAll(async () => {
    admin1 = await login('admin1');
  });

  it('refuses bad templates with a message naming what to fix', async () => {
    const numbering = { variant: 'randomCode' };
    const base = { name: '坏模板', category: 'award1', numbering };
    const cases: [object, RegExp][] = [
      [{ ...base, design: { title: 'x', slides: [] } }, /slides must be a non-empty list/],
      [{ ...base, design: { slides: [{ id: '1', elements: [{ type: 'text', name: 'award', left: 0, top: 0, width: 10, height: 10, code: 'prize' }] }] } }, /element award: unknown text binding code "prize"/],
      [{ ...base, design: { slides: [{ id: '1', elements: [{ type: 'video', left: 0, top: 0, width: 1, height: 1 }] }] } }, /type must be "text" or "image"/],
      [{ ...base, design: { slides: [{ id: '1', elements: [{ type: 'text', left: 'a', top: 0, width: 1, height: 1 }] }] } }, /left must be a number/],
      [{ ...base, design: demoAwardDesign('allAutoincrementFour') }, /number element uses allAutoincrementFour, the scheme says randomCode/],
      [{ ...base, category: 'poster', design: demoAwardDesign('randomCode') }, /category must be one of/],
      [{ ...base, numbering: { variant: 'sequential' }, design: demoAwardDesign('randomCode') }, /numbering.variant must be one of/],
      [{ ...base, design: 'slides' }, /design must be an object/],
    ];
    for (const [body, message] of cases) {
      const r = await api('/certificate/template/add', { token: admin1, body, lang: 'en' });
      expect({ code: r.code, msg: r.msg }).toEqual({ code: 10400, msg: expect.stringMatching(message) });
    }
  });

  it(`renders a batch of ${N} end to end: numbered without gaps, every PDF holding its names and number`, async () => {
    const up = await upload('/file/upload/image', admin1, SEAL_PNG, 'seal.png');
    expect(up.code).toBe(0);
    const sealUrl = (up.data as { url: string }).url;
    expect((await api('/certificate/seal/save', { token: admin1, body: { imageUrl: sealUrl } })).code).toBe(0);
    expect((await api<{ imageUrl: string }>('/certificate/seal', { token: admin1 })).data.imageUrl).toBe(sealUrl);

    const { competitionId, itemId } = await competitionWithEvent(admin1, `证书大赛 ${Date.now()}`);
    const template = await addTemplate(admin1, { variant: 'allAutoincrementFour', prefix: 'ZS-', suffix: '-A' });
    batch = await addBatch(admin1, { templateId: template.id, competitionId, itemId });
    expect(batch).toMatchObject({ status: 'draft', itemName: '本科组', numbering: { variant: 'allAutoincrementFour', prefix: 'ZS-', suffix: '-A' } });
    await addWinners(admin1, batch.id, winners(N, '甲', { username: 'student1', holderName: '张三丰' }));

    // The preview puts the longest texts first, numbered with a sample.
    const preview = await api<{ design: unknown; values: Record<string, unknown>[] }>(`/certificate/batch/preview?batchId=${batch.id}&count=2`, { token: admin1 });
    expect(preview.data.values).toHaveLength(2);
    expect(String(preview.data.values[0].student)).toMatch(/甲学生(1\d\d|200)/);
    expect(preview.data.values[0].allAutoincrementFour).toBe('0001');

    const issued = await api('/certificate/batch/issue', { token: admin1, body: { batchId: batch.id } });
    expect(issued.code).toBe(0);
    // Issuing twice is refused: nothing is queued twice.
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: batch.id } })).code).toBe(10409);
    const done = await settled(admin1, batch.id, 180000);
    expect(done).toMatchObject({ status: 'done', total: N, done: N, failed: 0, remaining: 0 });

    certs = await allOf(admin1, batch.id);
    expect(certs.map((c) => c.number)).toEqual(Array.from({ length: N }, (_, i) => `ZS-${String(i + 1).padStart(4, '0')}-A`));

    for (const c of certs) {
      const pdf = await api<Buffer>(`/certificate/file/${c.id}/pdf`, { token: admin1 });
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const { text, pages, size } = pdfText(pdf.data);
      expect(pages).toBe(1);
      // A4 landscape (841.89 × 595.28 pt), give or take Chromium's rounding to whole CSS pixels.
      const [w, h] = size.split(' x ').map(Number);
      expect(Math.abs(w - 841.89)).toBeLessThan(0.5);
      expect(Math.abs(h - 595.28)).toBeLessThan(0.5);
      const flat = text.replace(/\s+/g, '');
      expect(flat).toContain(c.values.student);
      expect(flat).toContain(c.values.workName);
      expect(flat).toContain(c.awardName);
      expect(flat).toContain(c.number!);
    }
    const png = await api<Buffer>(`/certificate/file/${certs[0].id}/png`, { token: admin1 });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.data.subarray(1, 4).toString()).toBe('PNG');
  }, 300000);

  it('zips the whole batch for the organiser', async () => {
    const r = await api<Buffer>(`/certificate/batch/zip?batchId=${batch.id}`, { token: admin1 });
    expect(r.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(r.data);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(N);
    expect(names[0]).toBe('00001_ZS-0001-A_张三丰.pdf');
  });

  it('shows sent certificates to their holder, who downloads them; the QR token proves them until revoked', async () => {
    const student1 = await login('student1');
    // Not before the batch is sent.
    expect((await api<Page<MyCertificate>>('/certificate/my/page', { token: student1 })).data.list.some((c) => c.number === 'ZS-0001-A')).toBe(false);
    expect((await api(`/certificate/file/${certs[0].id}/pdf`, { token: student1 })).code).toBe(10404);
    const sent = await api<CertificateBatch>('/certificate/batch/send', { token: admin1, body: { batchId: batch.id } });
    expect(sent.data.sentAt).toBeTruthy();

    const mine = (await api<Page<MyCertificate>>('/certificate/my/page', { token: student1 })).data.list.find((c) => c.number === 'ZS-0001-A')!;
    expect(mine).toMatchObject({ awardName: '一等奖', itemName: '本科组', issuerName: '华东示范大学', revoked: false });
    const pdf = await api<Buffer>(mine.pdfUrl.replace('/prod-api', ''), { token: student1 });
    expect(pdfText(pdf.data).text.replace(/\s+/g, '')).toContain('ZS-0001-A');
    // Another student can neither see nor download it.
    const student2 = await login('student2');
    expect((await api(`/certificate/file/${mine.id}/pdf`, { token: student2 })).code).toBe(10404);

    const token = new URL(mine.traceUrl, 'http://x').searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const ip = freshIp();
    const valid = await api<TraceResult>(`/certificate/trace?token=${token}`, { ip });
    expect(valid.data).toMatchObject({ holderName: '张**', number: 'ZS-0001-A', status: 'valid', awardName: '一等奖', issuerName: '华东示范大学' });

    expect((await api('/certificate/revoke', { token: admin1, body: { id: mine.id, reason: '' } })).code).toBe(10400);
    const revoked = await api<IssuedCertificate>('/certificate/revoke', { token: admin1, body: { id: mine.id, reason: '姓名有误' } });
    expect(revoked.data.status).toBe('revoked');
    const after = await api<TraceResult>(`/certificate/trace?token=${token}`, { ip, lang: 'en' });
    expect(after.data).toMatchObject({ status: 'revoked', revokedReason: '姓名有误', number: 'ZS-0001-A' });

    // The reissue keeps the number, carries the corrected name and a new token; the old QR code stays revoked.
    const re = await api<IssuedCertificate>('/certificate/reissue', { token: admin1, body: { id: mine.id, holderName: '张三风' } });
    expect(re.data).toMatchObject({ number: 'ZS-0001-A', holderName: '张三风', status: 'pending' });
    await settled(admin1, batch.id);
    const renewed = (await api<Page<MyCertificate>>('/certificate/my/page', { token: student1 })).data.list.find((c) => c.id === re.data.id)!;
    expect(renewed.revoked).toBe(false);
    expect((await api<TraceResult>(`/certificate/trace?${new URL(renewed.traceUrl, 'http://x').searchParams}`, { ip })).data.status).toBe('valid');
    expect((await api<TraceResult>(`/certificate/trace?token=${token}`, { ip })).data.status).toBe('revoked');

    const unknown = await api(`/certificate/trace?token=${'A'.repeat(22)}`, { ip, lang: 'en' });
    expect(unknown).toMatchObject({ code: 10404, msg: 'No certificate matches this code: the QR code or check code is not valid' });
  });

  it('rate-limits the public trace call per address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await api(`/certificate/trace?token=${'B'.repeat(22)}`, { ip })).code;
    expect(last).toBe(10429);
    // Another address is not affected.
    expect((await api(`/certificate/trace?token=${'B'.repeat(22)}`, { ip: freshIp() })).code).toBe(10404);
  });

  it('keeps other organisations out of templates, batches, certificates and files', async () => {
    const admin2 = await login('admin2');
    const notFound = { code: 10404 };
    expect(await api(`/certificate/batch/detail?id=${batch.id}`, { token: admin2 })).toMatchObject(notFound);
    expect(await api(`/certificate/batch/progress?batchId=${batch.id}`, { token: admin2 })).toMatchObject(notFound);
    expect(await api(`/certificate/page?batchId=${batch.id}`, { token: admin2 })).toMatchObject(notFound);
    expect(await api(`/certificate/file/${certs[1].id}/pdf`, { token: admin2 })).toMatchObject(notFound);
    expect(await api(`/certificate/batch/zip?batchId=${batch.id}`, { token: admin2 })).toMatchObject(notFound);
    expect(await api('/certificate/revoke', { token: admin2, body: { id: certs[1].id, reason: 'x' } })).toMatchObject(notFound);
    expect(await api(`/certificate/template/detail?id=${batch.templateId}`, { token: admin2 })).toMatchObject(notFound);
    expect((await api<Page<CertificateBatch>>('/certificate/batch/page?pageSize=100', { token: admin2 })).data.list.some((b) => b.id === batch.id)).toBe(false);
    // Students have no back office.
    expect((await api('/certificate/batch/page', { token: await login('student2') })).code).toBe(401);
    // ROOT sees everything.
    expect((await api(`/certificate/batch/detail?id=${batch.id}`, { token: await login('root') })).code).toBe(0);
  });

  it('imports a winners spreadsheet, answering bad files and bad rows with 13017 and what to fix', async () => {
    const template = await addTemplate(admin1, { variant: 'randomCode', prefix: 'R' });
    const b = await addBatch(admin1, { templateId: template.id });
    const xlsx = (await api<Buffer>('/certificate/batch/recipients/template', { token: admin1 })).data;

    const notXlsx = await upload(`/certificate/batch/recipients/import?batchId=${b.id}`, admin1, Buffer.from('name,award\n张三,一等奖'), 'winners.csv', 'en');
    expect(notXlsx.code).toBe(13017);
    expect((notXlsx.data as ImportCheckReply).errors[0]).toMatchObject({ rowNumber: 0, message: expect.stringMatching(/xlsx/) });

    const bad = await fill(xlsx, [
      ['李雷', '', '一等奖', '华东示范大学', '李雷', '王老师', '作品一'],
      ['', '', '二等奖', '华东示范大学', '韩梅梅', '', '作品二'],
      ['王五', 'bad account!', '', '', '', '', ''],
    ]);
    const rowsBad = await upload(`/certificate/batch/recipients/import?batchId=${b.id}`, admin1, bad, 'winners.xlsx', 'en');
    expect(rowsBad.code).toBe(13017);
    const errors = (rowsBad.data as ImportCheckReply).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rowNumber: 3, field: 'holderName' }),
        expect.objectContaining({ rowNumber: 4, field: 'username' }),
        expect.objectContaining({ rowNumber: 4, field: 'awardName' }),
      ]),
    );
    expect(errors.some((e) => e.rowNumber === 2)).toBe(false);
    // Nothing was added.
    expect((await api<Page<IssuedCertificate>>(`/certificate/page?batchId=${b.id}`, { token: admin1 })).data.total).toBe(0);

    const good = await fill(xlsx, [
      ['李雷', 'student2', '一等奖', '华东示范大学', '李雷、韩梅梅', '王老师', '作品一'],
      ['韩梅梅', '', '二等奖', '华东示范大学', '韩梅梅', '', '作品二'],
    ]);
    const ok = await upload(`/certificate/batch/recipients/import?batchId=${b.id}`, admin1, good);
    expect(ok).toMatchObject({ code: 0, data: { total: 2, valid: 2 } });
    const list = (await api<Page<IssuedCertificate>>(`/certificate/page?batchId=${b.id}`, { token: admin1 })).data.list;
    expect(list.map((c) => [c.holderName, c.username, c.awardName, c.values.student])).toEqual([
      ['李雷', 'student2', '一等奖', '李雷、韩梅梅'],
      ['韩梅梅', null, '二等奖', '韩梅梅'],
    ]);

    // Random codes: unique, prefixed, and rendered.
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: b.id } })).code).toBe(0);
    expect(await settled(admin1, b.id)).toMatchObject({ status: 'done', done: 2 });
    const numbers = (await allOf(admin1, b.id)).map((c) => c.number!);
    expect(numbers[0]).toMatch(/^R[A-HJKMNP-Z2-9]{10}$/);
    expect(new Set(numbers).size).toBe(2);
    // An issued batch takes no more winners.
    expect((await api('/certificate/batch/recipients/add', { token: admin1, body: { batchId: b.id, recipients: winners(1, '迟') } })).code).toBe(10409);
  });

  it('answers progress for a draft and refuses to issue an empty list', async () => {
    const template = await addTemplate(admin1, { variant: 'randomDigits' });
    const b = await addBatch(admin1, { templateId: template.id });
    expect(await progressOf(admin1, b.id)).toMatchObject({ status: 'draft', total: 0 });
    const r = await api('/certificate/batch/issue', { token: admin1, body: { batchId: b.id }, lang: 'en' });
    expect(r).toMatchObject({ code: 10400, msg: 'The winners list is empty: import or add winners first' });
  });
});

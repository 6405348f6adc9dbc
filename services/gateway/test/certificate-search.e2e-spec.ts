import type { CertificateSearchHit, Page, TraceResult } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { addBatch, addTemplate, addWinners, competitionWithEvent, settled, winners } from './support/certificates';

/** GET /certificate/search: the trace screen finds a certificate by holder, account or number without its batch. */
describe('certificates: search across batches', () => {
  let admin1: string;
  let admin2: string;
  const tag = `搜${Date.now()}`;

  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
  });

  it('finds certificates of every batch by holder and number, with the trace page once numbered', async () => {
    const { competitionId } = await competitionWithEvent(admin1, `溯源搜索竞赛 ${tag}`);
    const template = await addTemplate(admin1, { variant: 'allAutoincrementThree', prefix: `S${Date.now() % 100000}-` });
    const issued = await addBatch(admin1, { templateId: template.id, competitionId, name: `已发批次 ${tag}` });
    const draft = await addBatch(admin1, { templateId: template.id, competitionId, name: `草稿批次 ${tag}` });
    await addWinners(admin1, issued.id, winners(2, tag));
    await addWinners(admin1, draft.id, winners(1, tag));
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: issued.id } })).code).toBe(0);
    expect((await settled(admin1, issued.id)).status).toBe('done');

    const byName = await api<Page<CertificateSearchHit>>(`/certificate/search?keyword=${encodeURIComponent(`${tag}获奖人1`)}&pageSize=50`, { token: admin1 });
    expect(byName.code).toBe(0);
    // One from each batch, the newest batch first; the draft's certificate has no number and no trace page yet.
    expect(byName.data.list.map((h) => [h.batchName, h.holderName, h.status])).toEqual([
      [`草稿批次 ${tag}`, `${tag}获奖人1`, 'pending'],
      [`已发批次 ${tag}`, `${tag}获奖人1`, 'rendered'],
    ]);
    const [pending, rendered] = byName.data.list;
    expect(pending.traceUrl).toBeNull();
    expect(rendered).toMatchObject({ competitionName: `溯源搜索竞赛 ${tag}`, itemName: '', issuerName: '华东示范大学' });
    expect(rendered.pdfUrl).toMatch(/\/pdf$/);

    const byNumber = await api<Page<CertificateSearchHit>>(`/certificate/search?keyword=${encodeURIComponent(rendered.number!)}`, { token: admin1 });
    expect(byNumber.data.list.map((h) => h.id)).toEqual([rendered.id]);
    const token = /token=([\w-]+)/.exec(rendered.traceUrl!)![1];
    const trace = await api<TraceResult>(`/certificate/trace?token=${token}`, { ip: freshIp() });
    expect(trace.data).toMatchObject({ number: rendered.number, status: 'valid' });
  });

  it('keeps other organisations out and asks for a keyword', async () => {
    const r = await api<Page<CertificateSearchHit>>(`/certificate/search?keyword=${encodeURIComponent(tag)}`, { token: admin2 });
    expect(r.code).toBe(0);
    expect(r.data.total).toBe(0);
    expect((await api('/certificate/search?keyword=', { token: admin1 })).code).toBe(10400);
    expect((await api('/certificate/search', { token: admin1 })).code).toBe(10400);
    expect((await api(`/certificate/search?keyword=${encodeURIComponent('%_\\')}&pageNum=-3&pageSize=abc`, { token: admin1 })).code).toBe(10400);
  });
});

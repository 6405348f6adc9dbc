import type { BatchPreviewReply, BatchProgress, CertificateBatch, CertificateTemplate, CompetitionDetail, EnrollMessagePage, IssuedCertificate, Page } from '@cmp/contracts';
import { api, login } from './support/api';
import { addBatch, addTemplate, addWinners, competitionWithEvent, pdfText, settled, winners } from './support/certificates';
import { approvedSignup, dropStudents, makeCompetition, makeStudents, sql, type Student } from './support/enroll';
import { WEB_PORT, waitFor } from './support/platform';

const certificatesOf = async (token: string, batchId: number) =>
  (await api<Page<IssuedCertificate>>(`/certificate/page?batchId=${batchId}&pageSize=100`, { token })).data.list;

async function pdfOf(token: string, c: IssuedCertificate): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT ?? 18080}${c.pdfUrl}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer())).text;
}

/** The organiser's seal, removed for the length of a test (an organisation that never uploaded one). */
const withoutSeal = () => sql(`DELETE FROM certificates.seals WHERE group_id = (SELECT id FROM auth.groups WHERE code = 'DEMO-U1')`);

/**
 * What a certificate prints, tried as a new organiser and students would: empty fields, the seal, the issuer,
 * the QR code's address and the site message when a batch is sent.
 */
describe('certificate output: what is printed and announced', () => {
  let admin1: string;
  let c: CompetitionDetail;
  let st: Student[];
  let template: CertificateTemplate;
  let advised: number;
  let unadvised: number;
  const tag = Date.now().toString(36);

  afterAll(dropStudents);
  beforeAll(async () => {
    admin1 = await login('admin1');
    [c, st] = await Promise.all([makeCompetition(admin1, { name: `证书输出赛 ${tag}` }), makeStudents(2, `out${tag}`)]);
    advised = await approvedSignup(admin1, c, st[0], { realName: '有师者', teachers: ['王老师'], workTitle: '作品甲' });
    unadvised = await approvedSignup(admin1, c, st[1], { realName: '无师者', workTitle: '作品乙' });
    template = await addTemplate(admin1, { variant: 'randomCode' });
    await withoutSeal();
  });

  it('prints nothing for an empty field, leaves its label out, prints the issuer, warns of the missing seal, and tells each holder', async () => {
    const issuerName = `华东示范大学教务处${tag}`;
    // Creating the batch warns that no seal will print (the template binds one), without refusing it.
    const added = await api<CertificateBatch>('/certificate/batch/add', { token: admin1, body: { templateId: template.id, competitionId: c.id, name: `输出 ${tag}`, issuerName } });
    expect(added.code).toBe(0);
    expect(added.data.warnings).toEqual([expect.stringContaining('尚未上传印章')]);
    const en = await api<CertificateBatch>('/certificate/batch/add', { token: admin1, body: { templateId: template.id, name: 'en', issuerName }, lang: 'en' });
    expect(en.data.warnings).toEqual([expect.stringMatching(/has not uploaded a seal.*upload one under Certificate settings/)]);
    const b = added.data;
    const picked = await api('/certificate/batch/recipients/fromSignups', { token: admin1, body: { batchId: b.id, signupIds: [advised, unadvised], awardName: '一等奖', per: 'signup' } });
    expect(picked.code).toBe(0);

    // The check screen's data: the winner without an adviser listed, no seal to print, the same warning.
    const preview = await api<BatchPreviewReply>(`/certificate/batch/preview?batchId=${b.id}&count=3`, { token: admin1 });
    expect(preview.code).toBe(0);
    expect(preview.data.empty).toEqual({ total: 1, list: [expect.objectContaining({ holderName: '无师者', fields: ['teacher'] })] });
    expect(preview.data.sealUrl).toBeNull();
    expect(preview.data.warnings).toEqual([expect.stringContaining('尚未上传印章')]);
    expect(preview.data.values.every((v) => v.issuerName === issuerName)).toBe(true);

    // Issuing warns again, and goes ahead.
    const issued = await api<BatchProgress>('/certificate/batch/issue', { token: admin1, body: { batchId: b.id } });
    expect(issued.code).toBe(0);
    expect(issued.data.warnings).toEqual([expect.stringContaining('尚未上传印章')]);
    expect((await settled(admin1, b.id)).status).toBe('done');

    const [withTeacher, withoutTeacher] = await certificatesOf(admin1, b.id);
    const full = await pdfOf(admin1, withTeacher);
    expect(full).toContain('指导老师：');
    expect(full).toContain('王老师');
    expect(full).toContain(issuerName);
    const empty = await pdfOf(admin1, withoutTeacher);
    expect(empty).not.toContain('【指导老师】');
    expect(empty).not.toContain('指导老师');
    expect(empty).toContain(issuerName);
    expect(empty).not.toContain('竞赛组委会');

    // The QR code opens the organisation's own public site (DEMO-U1's host), not localhost.
    for (const x of [withTeacher, withoutTeacher]) {
      expect(x.traceLink).toMatch(new RegExp(`^http://u1\\.localhost:${WEB_PORT}/certificate/trace\\?token=[\\w-]{16,}$`));
    }

    // Sending gives each holder one site message; sending again adds none.
    const messagesOf = async (s: Student) =>
      (await api<EnrollMessagePage>('/web/center/message/page?pageNum=1&pageSize=50', { token: s.token, ip: `2001:db8::${s.userId.toString(16)}` })).data.list.filter((m) =>
        m.title.includes('证书已发放'),
      );
    expect((await api('/certificate/batch/send', { token: admin1, body: { batchId: b.id } })).code).toBe(0);
    await waitFor('the certificate messages', async () => (await messagesOf(st[0])).length > 0 && (await messagesOf(st[1])).length > 0);
    expect((await api('/certificate/batch/send', { token: admin1, body: { batchId: b.id } })).code).toBe(0);
    for (const [s, award] of [[st[0], '一等奖'], [st[1], '一等奖']] as const) {
      const mine = await messagesOf(s);
      expect(mine).toHaveLength(1);
      expect(mine[0].title).toContain(`证书输出赛 ${tag}`);
      expect(mine[0].title).toContain(award);
    }
  }, 180000);

  it('refuses a batch whose numbers would repeat another counter\'s, and fails a batch that meets a taken number', async () => {
    const one = await competitionWithEvent(admin1, `编号冲突甲 ${tag}`);
    const two = await competitionWithEvent(admin1, `编号冲突乙 ${tag}`);
    const scheme = { variant: 'allAutoincrementThree' as const, prefix: `DUP${tag}-` };
    const t = await addTemplate(admin1, scheme);
    const first = await addBatch(admin1, { templateId: t.id, competitionId: one.competitionId });
    const second = await addBatch(admin1, { templateId: t.id, competitionId: two.competitionId });
    await addWinners(admin1, first.id, winners(2, '甲'));
    await addWinners(admin1, second.id, winners(2, '乙'));
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: first.id } })).code).toBe(0);
    expect((await settled(admin1, first.id)).status).toBe('done');

    // Issuing the other competition's batch would print DUP…-001 again: refused, naming the batch and what to change.
    const clash = await api('/certificate/batch/issue', { token: admin1, body: { batchId: second.id }, lang: 'en' });
    expect(clash).toMatchObject({ code: 10400, msg: expect.stringMatching(new RegExp(`repeat those of batch "${first.name}".*change the prefix or suffix`)) });
    const created = await api('/certificate/batch/add', { token: admin1, body: { templateId: t.id, competitionId: two.competitionId, name: 'x', issuerName: 'y' } });
    expect(created).toMatchObject({ code: 10400, msg: expect.stringContaining('编号会与批次') });

    // A number taken behind the check's back (another counter, same prefix): the worker fails the batch with the
    // number instead of retrying, and the counter is not used up.
    const third = await competitionWithEvent(admin1, `编号冲突丙 ${tag}`);
    const fresh = { variant: 'allAutoincrementThree' as const, prefix: `TAKEN${tag}-` };
    const t2 = await addTemplate(admin1, fresh);
    const victim = await addBatch(admin1, { templateId: t2.id, competitionId: third.competitionId });
    await addWinners(admin1, victim.id, winners(2, '丙'));
    await sql(
      `INSERT INTO certificates.certificates (batch_id, group_id, position, holder_name, award_name, "values", token, number, status)
       SELECT id, group_id, 999, '占号者', '一等奖', '{}', 'taken-${tag}-token-0001', $2, 'rendered' FROM certificates.batches WHERE id = $1`,
      [first.id, `TAKEN${tag}-002`],
    );
    expect((await api('/certificate/batch/issue', { token: admin1, body: { batchId: victim.id } })).code).toBe(0);
    const failed = await settled(admin1, victim.id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining(`证书编号 TAKEN${tag}-002 已被本机构其他证书使用`) });
    expect(await sql(`SELECT last_value FROM certificates.counters WHERE counter_key = $1`, [`competition:${third.competitionId}`])).toEqual([{ last_value: 0 }]);
  }, 180000);
});

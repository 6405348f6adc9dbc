import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CompetitionDetail, OfflinePaymentView, Signup } from '@cmp/contracts';
import { api, freshIp, login, upload } from './support/api';
import { dropStudents, makeCompetition, makeStudents, type Student } from './support/enroll';
import { REPO } from './support/platform';

const STORAGE = process.env.STORAGE_DIR || path.join(REPO, '.data', 'storage');
const FEE = 6600;

/** A voucher (a PDF) that says `marker`, so this test finds its own files among those other tests store. */
const voucher = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

/** The stored files of a kind that hold `marker`. */
function storedWith(kind: string, marker: string): string[] {
  const dir = path.join(STORAGE, kind);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => fs.readFileSync(path.join(dir, name)).includes(marker));
}

describe('a refused upload stores nothing', () => {
  let finance: string;
  let students: Student[];
  let mine: CompetitionDetail;
  let theirs: CompetitionDetail;

  beforeAll(async () => {
    finance = await login('finance1');
    mine = await makeCompetition(await login('admin1'), { items: [['收费组', null, FEE], ['免费组', null, 0]] });
    theirs = await makeCompetition(await login('admin2'), { items: [['外单位收费组', null, FEE]] });
    students = await makeStudents(4, `refused${Date.now().toString(36)}`);
  });
  afterAll(dropStudents);

  const signUp = async (student: Student, c: CompetitionDetail, item = 0) => {
    const s = await api<Signup>('/web/enroll/signUp', {
      token: student.token,
      ip: freshIp(),
      body: { competitionId: c.id, itemId: c.items[item].id, type: 1, profile: { realName: '线下付款人', phone: '13900000000' } },
    });
    expect(s.code).toBe(0);
    return s.data.id;
  };

  const recordOffline = (signupId: number, file: Buffer, reason = '银行转账') =>
    upload('/finance/offline/create', finance, file, 'voucher.pdf', 'en', { signupId: String(signupId), reason }) as Promise<{ code: number; msg: string; data: OfflinePaymentView }>;

  it('offline/create: a sign-up of another organisation, one that owes nothing or one already held leaves no voucher behind', async () => {
    const tag = `refused-${Date.now()}-${Math.random()}`;
    // Another organisation's sign-up: not found for this finance account.
    const other = await recordOffline(await signUp(students[0], theirs), voucher(`${tag}-other`));
    expect(other.code).not.toBe(0);
    expect(other.status).toBeLessThan(500);
    // A free sign-up owes no fee.
    const free = await recordOffline(await signUp(students[1], mine, 1), voucher(`${tag}-free`));
    expect(free).toMatchObject({ code: 10400 });
    // A sign-up already held by a waiting record.
    const held = await signUp(students[2], mine);
    expect((await recordOffline(held, voucher(`${tag}-first`))).code).toBe(0);
    expect((await recordOffline(held, voucher(`${tag}-again`))).code).not.toBe(0);
    // A bad form (no reason) and a voucher that is not a picture or a PDF.
    expect((await recordOffline(await signUp(students[3], mine), voucher(`${tag}-noreason`), '')).code).toBe(10400);
    expect((await recordOffline(held, Buffer.from(`<html>${tag}-html</html>`))).code).toBe(10415);

    expect(storedWith('vouchers', `${tag}-first`)).toHaveLength(1);
    for (const refused of ['other', 'free', 'again', 'noreason', 'html']) expect({ refused, files: storedWith('vouchers', `${tag}-${refused}`) }).toEqual({ refused, files: [] });
  });
});

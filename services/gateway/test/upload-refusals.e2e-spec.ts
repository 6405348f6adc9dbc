import * as fs from 'node:fs';
import * as path from 'node:path';
import JSZip from 'jszip';
import type { CompetitionDetail, OfflinePaymentView, ReconDetail, Signup } from '@cmp/contracts';
import { api, freshIp, login, upload } from './support/api';
import { dropStudents, makeCompetition, makeStudents, type Student } from './support/enroll';
import { alipayEnv, platformHealthy, REPO } from './support/platform';

/* eslint-disable @typescript-eslint/no-require-imports */
const bill = require(`${REPO}/infra/alipay-sandbox/bill.js`);

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

describe('the Alipay bill import under attack', () => {
  let finance: string;
  beforeAll(async () => {
    finance = await login('finance1');
  });

  const importBill = (file: Buffer, name: string, day?: string, lang: 'zh-CN' | 'en' = 'en') =>
    upload(`/finance/reconcile/import${day ? `?billDay=${day}` : ''}`, finance, file, name, lang) as Promise<{ status: number; code: number; msg: string; data: ReconDetail }>;

  it('refuses a bill zip bomb (about 220 KB inflating to 220 MB), honest or lying about its sizes, and gateway and payment stay healthy', async () => {
    const zip = new JSZip();
    zip.file('2088000000000000_20260101_业务明细.csv', Buffer.alloc(220 * 1024 * 1024, 0x30));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(300 * 1024);
    // The same bytes with every size in the central directory set to 1 KB: only inflating tells.
    const liar = Buffer.from(bomb);
    const central = liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(1024, central + 24);

    for (const file of [bomb, liar]) {
      const r = await importBill(file, 'bill.csv.zip');
      expect({ status: r.status, code: r.code, msg: r.msg }).toEqual({ status: 413, code: 10413, msg: expect.stringMatching(/^The file unpacks to more than 20 MB/) });
    }
    expect((await importBill(bomb, 'bill.csv.zip', undefined, 'zh-CN')).msg).toMatch(/^文件解压后超过 20 MB/);
    expect(await platformHealthy()).toBe(true);
  });

  it('imports the bill of a busy day: 30,000 lines, zipped with GBK names as Alipay does', async () => {
    // A day of its own, long past: this run supersedes no other test's.
    const day = `2020-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const rows = Array.from({ length: 30_000 }, (_, i) => ({
      tradeNo: `2020${String(i).padStart(24, '0')}`,
      outTradeNo: `BUSY${day.replace(/-/g, '')}${String(i).padStart(8, '0')}`,
      kind: i % 50 === 49 ? '退款' : '交易',
      subject: '2026年全国大学生程序设计竞赛（华东赛区）报名费-本科组',
      createdAt: `${day} 10:00:00`,
      finishedAt: `${day} 10:00:01`,
      buyer: 'pay***@example.com',
      amountFen: i % 50 === 49 ? -FEE : FEE,
      requestNo: i % 50 === 49 ? `R${i}` : undefined,
    }));
    const zipped = bill.billZip({ account: alipayEnv().ALIPAY_SELLER_ID, day, rows, exportedAt: `${day.replace(/-/g, '')} 09:00:00` }) as Buffer;
    const r = await importBill(zipped, `${alipayEnv().ALIPAY_SELLER_ID}_${day.replace(/-/g, '')}.csv.zip`, day);
    expect({ code: r.code, msg: r.msg }).toEqual({ code: 0, msg: expect.any(String) });
    expect(r.data).toMatchObject({ billDay: day, billRows: 30_000 });
    expect(r.data.counts.alipayOnly + r.data.counts.otherOrg).toBe(30_000);
  });
});

import ExcelJS from 'exceljs';
import type { ExpertDashboard, ExpertSaveReply, GroupScores, MyReviewItem, Page, Round, RoundProgress, ScoreSheet, ScoreTableRow, SheetDetail, SheetHistoryEntry } from '@cmp/contracts';
import { api, firstLogin, login, upload, type Reply } from './support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, sql } from './support/enroll';
import { expectBeijingTime } from './support/spreadsheets';

/**
 * Scoring through the gateway: an expert's workspace and sheets (drafts, checks, submit once, locked), a captain
 * returning a sheet and the trail it leaves, files inline and only for those who may see them, blind rounds that
 * name nobody, the organiser's progress, reminders and export, and another organisation kept out.
 */
const run = String(Date.now()).slice(-6);
const COLUMNS = [
  { name: '创新性', max: 40, step: 0.5, weight: 40, rubric: '新颖程度' },
  { name: '完成度', max: 60, step: 1, weight: 60, rubric: '' },
];

function ok<T>(r: Reply<T>, what: string): T {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

interface Expert {
  id: number;
  userId: number;
  token: string;
}

describe('scoring (review service)', () => {
  let admin1: string;
  let admin2: string;
  const experts: Expert[] = [];
  const works: { id: number; author: string; school: string }[] = [];
  let open: Round;
  let blind: Round;

  /** A round over the competition's works with every expert in one group (the first the captain), assigned and opened. */
  async function openRound(competitionId: number, o: Partial<Round>): Promise<Round> {
    const round = ok(
      await api<Round>('/review/round/save', {
        token: admin1,
        body: { competitionId, name: `评审 ${Date.now()}`, type: 'online', expertsPerWork: 2, scoreColumns: COLUMNS, excludeOwnOrganisation: false, ...o },
      }),
      'round',
    );
    // Rounds over the same works side by side: every submitted work, whatever the round before.
    ok(await api('/review/round/works/sync', { token: admin1, body: { id: round.id, allSubmitted: true } }), 'sync');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: round.id, name: '一组', expertIds: experts.map((e) => e.id), captainExpertId: experts[0].id } }), 'group');
    ok(await api('/review/distribution/run', { token: admin1, body: { roundId: round.id } }), 'run');
    for (;;) {
      const p = ok(await api<{ status: string } | null>(`/review/distribution/progress?roundId=${round.id}`, { token: admin1 }), 'progress');
      if (p && p.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return ok(await api<Round>('/review/round/open', { token: admin1, body: { id: round.id } }), 'open');
  }

  const mine = async (e: Expert, roundId: number, lang: 'zh-CN' | 'en' = 'zh-CN') =>
    ok(await api<Page<MyReviewItem>>(`/review/mine/page?roundId=${roundId}&pageSize=50`, { token: e.token, lang }), 'mine').list;

  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    const c = await makeCompetition(admin1);
    const students = await makeStudents(3, `sco${run}`);
    for (const [i, s] of students.entries()) {
      const as = { token: s.token, ip: `2001:db8::${s.userId.toString(16)}` };
      const author = `作者${i + 1}号`;
      const school = ['东海大学', '西山理工', '南湖师范'][i];
      const body = { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: author, schoolName: school }, teachers: [{ name: `导师${i + 1}` }] };
      const signup = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up');
      const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: signup.id, title: `作品${i + 1}`, summary: '' } }), 'work');
      ok(await api('/enroll/signup/check', { token: admin1, body: { id: signup.id, approve: true } }), 'approve');
      ok(await upload(`/web/work/file/upload?workId=${work.id}`, s.token, PDF, `${school}-${author}-计划书.pdf`), 'upload');
      ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit');
      works.push({ id: work.id, author, school });
    }
    for (let i = 1; i <= 3; i++) {
      const saved = ok(
        await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name: `评分专家${i}`, phone: `134${run}${String(i).padStart(2, '0')}`, unit: '社会专家' } }),
        'expert',
      );
      const token = await firstLogin(saved.credential!);
      const [{ userId }] = await sql<{ userId: number }>(`SELECT user_id AS "userId" FROM review.experts WHERE id = $1`, [saved.id]);
      experts.push({ id: saved.id, userId, token });
    }
    open = await openRound(c.id, { commentRequired: true });
    blind = await openRound(c.id, { blind: true });
  }, 120_000);

  afterAll(dropStudents);

  it('gives each expert their assigned works and the round\'s score sheet, and nothing else', async () => {
    const setting = ok(await api<{ columns: unknown[]; commentRequired: boolean }>(`/review/comment/info/getColumnSetting?roundId=${open.id}`, { token: experts[0].token }), 'columns');
    expect(setting).toMatchObject({ commentRequired: true, columns: COLUMNS });
    const lists = await Promise.all(experts.map((e) => mine(e, open.id)));
    // 3 works × 2 experts over 3 experts: two each, none twice.
    expect(lists.map((l) => l.length)).toEqual([2, 2, 2]);
    expect(lists.flat().every((i) => i.status === 'notStarted')).toBe(true);
    expect(lists[0][0]).toMatchObject({ roundName: open.name, members: [expect.stringMatching(/^作者/)], schools: [expect.any(String)], advisers: [expect.stringMatching(/^导师/)] });

    // A work assigned to someone else: not theirs to score, nor to open (expert 2 is no captain).
    const foreign = [...lists[0], ...lists[1]].find((i) => !lists[2].some((m) => m.workId === i.workId))!;
    const r = await api('/review/sheet/submit', { token: experts[2].token, lang: 'en', body: { assignmentId: foreign.assignmentId, scores: [20, 30], comment: 'x', version: 0 } });
    expect({ code: r.code, msg: r.msg }).toEqual({ code: 10404, msg: 'This work is not assigned to you' });
    expect((await api(`/review/sheet/detail?assignmentId=${foreign.assignmentId}`, { token: experts[2].token })).code).toBe(10404);
    // The captain opens any sheet of the group, but edits only their own.
    const others = lists[1].find((i) => !lists[0].some((m) => m.assignmentId === i.assignmentId))!;
    expect(ok(await api<SheetDetail>(`/review/sheet/detail?assignmentId=${others.assignmentId}`, { token: experts[0].token }), 'captain').editable).toBe(false);
  });

  it('saves drafts, checks scores against each column, submits once and then locks the sheet', async () => {
    const e = experts[1];
    const [item] = await mine(e, open.id);
    const bad = await api('/review/sheet/save', { token: e.token, lang: 'en', body: { assignmentId: item.assignmentId, scores: [40.5, 30.5], comment: '', version: 0 } });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toBe('Please fix the scores: 创新性: the score must be between 0 and 40; 完成度: the score must be a multiple of 1');
    const draft = ok(await api<ScoreSheet>('/review/sheet/save', { token: e.token, body: { assignmentId: item.assignmentId, scores: [35.5, null], comment: '', version: 0 } }), 'draft');
    expect(draft).toMatchObject({ status: 'draft', version: 1, total: null });
    expect((await mine(e, open.id)).find((i) => i.assignmentId === item.assignmentId)!.status).toBe('draft');
    // A stale editor (version 0 again) does not overwrite the draft.
    expect((await api('/review/sheet/save', { token: e.token, lang: 'en', body: { assignmentId: item.assignmentId, scores: [1, 1], comment: '', version: 0 } })).msg).toBe(
      'The score sheet changed meanwhile; reload it and try again',
    );
    const noComment = await api('/review/sheet/submit', { token: e.token, lang: 'en', body: { assignmentId: item.assignmentId, scores: [35.5, 50], comment: ' ', version: 1 } });
    expect(noComment.msg).toBe('This round requires a comment');

    // Two identical submits at once (a double click): one applies, the other gets the same sheet.
    const body = { assignmentId: item.assignmentId, scores: [35.5, 50], comment: '创意突出', version: 1 };
    const [a, b] = await Promise.all([0, 1].map(() => api<ScoreSheet>('/review/sheet/submit', { token: e.token, body })));
    expect([ok(a, 'a'), ok(b, 'b')].map((s) => [s.status, s.version, s.total])).toEqual([['submitted', 2, 85.5], ['submitted', 2, 85.5]]);
    const history = ok(await api<SheetHistoryEntry[]>(`/review/sheet/history?sheetId=${a.data.id}`, { token: e.token }), 'history');
    expect(history.map((h) => h.action)).toEqual(['save', 'submit']);

    const locked = await api('/review/sheet/save', { token: e.token, lang: 'en', body: { ...body, version: 2 } });
    expect(locked.msg).toBe('The sheet is submitted; it changes only after a captain or the organiser returns it');
    const detail = ok(await api<SheetDetail>(`/review/sheet/detail?assignmentId=${item.assignmentId}`, { token: e.token }), 'detail');
    expect(detail).toMatchObject({ editable: false, sheet: { status: 'submitted', comment: '创意突出' } });
  });

  it('lets the captain return a sheet with a reason; the expert corrects it and the trail says who, when and why', async () => {
    const [captain, e] = [experts[0], experts[1]];
    const [item] = await mine(e, open.id);
    const scores = ok(await api<GroupScores>(`/review/group/scores?roundId=${open.id}`, { token: captain.token }), 'group');
    const sheet = scores.works.flatMap((w) => w.sheets).find((s) => s.assignmentId === item.assignmentId)!;
    expect(sheet).toMatchObject({ status: 'submitted', total: 85.5 });
    // Not the captain: nothing to return. Another organisation: not found either.
    expect((await api('/review/sheet/return', { token: experts[2].token, body: { sheetId: sheet.sheetId, reason: 'x' } })).code).toBe(10404);
    expect((await api('/review/sheet/return', { token: admin2, body: { sheetId: sheet.sheetId, reason: 'x' } })).code).toBe(10404);
    expect((await api(`/review/group/scores?roundId=${open.id}`, { token: experts[2].token })).code).toBe(10404);

    const returned = ok(await api<ScoreSheet>('/review/sheet/return', { token: captain.token, body: { sheetId: sheet.sheetId, reason: '完成度评分偏低，请复核' } }), 'return');
    expect(returned).toMatchObject({ status: 'returned', returnReason: '完成度评分偏低，请复核' });
    expect((await api('/review/sheet/return', { token: captain.token, lang: 'en', body: { sheetId: sheet.sheetId, reason: 'again' } })).msg).toBe('Only a submitted sheet can be returned');
    const messages = ok(await api<Page<{ title: string }>>('/web/center/message/page', { token: e.token }), 'messages').list.map((m) => m.title);
    expect(messages).toContainEqual(expect.stringContaining('完成度评分偏低，请复核'));

    const fixed = ok(
      await api<ScoreSheet>('/review/sheet/submit', { token: e.token, body: { assignmentId: item.assignmentId, scores: [35.5, 58], comment: '复核后上调', version: returned.version } }),
      'resubmit',
    );
    expect(fixed).toMatchObject({ status: 'submitted', total: 93.5 });
    const history = ok(await api<SheetHistoryEntry[]>(`/review/sheet/history?sheetId=${fixed.id}`, { token: admin1 }), 'history');
    expect(history.map((h) => [h.action, h.actorId, h.reason])).toEqual([
      ['save', e.userId, ''],
      ['submit', e.userId, ''],
      ['return', captain.userId, '完成度评分偏低，请复核'],
      ['submit', e.userId, ''],
    ]);
    expect(history[2]).toMatchObject({ before: { status: 'submitted', scores: [35.5, 50] }, after: { status: 'returned' } });
    for (const h of history) expect(Date.parse(h.createdAt)).toBeGreaterThan(Date.now() - 600_000);
  });

  it('shows a work\'s PDF inline only to those who may see it', async () => {
    const e = experts[0];
    const detail = ok(await api<SheetDetail>(`/review/sheet/detail?assignmentId=${(await mine(e, open.id))[0].assignmentId}`, { token: e.token }), 'detail');
    expect(detail.files).toHaveLength(1);
    expect(detail.files[0]).toMatchObject({ view: 'pdf', name: expect.stringMatching(/计划书\.pdf$/) });
    const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT ?? 18080}/prod-api${detail.files[0].url}`, { headers: { authorization: `Bearer ${e.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const outsider = await api(detail.files[0].url, { token: admin2 });
    expect(outsider.code).toBe(10404);

    // The viewer's link ends in the file's name and opens that file without the session, framed by the same origin
    // only; nobody else gets one, and a made-up ticket opens nothing.
    const linkOf = detail.files[0].url.replace('/review/sheet/file?', '/review/sheet/file/link?');
    const { url } = ok(await api<{ url: string }>(linkOf, { token: e.token }), 'link');
    expect(decodeURIComponent(url)).toMatch(/^\/review\/sheet\/file\/view\/[\w-]{24}\/[^/]*计划书\.pdf$/);
    const viewed = await api<Buffer>(url);
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get('content-type')).toBe('application/pdf');
    expect(viewed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(viewed.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api(linkOf, { token: admin2 })).code).toBe(10404);
    expect((await api(url.replace(/view\/[\w-]{24}/, `view/${'A'.repeat(24)}`))).code).toBe(10404);
  });

  it('names nobody in a blind round: no member, adviser, school or original file name in anything an expert sees', async () => {
    const e = experts[0];
    const items = await mine(e, blind.id);
    const seen: string[] = [JSON.stringify(items)];
    for (const i of items) {
      const detail = ok(await api<SheetDetail>(`/review/sheet/detail?assignmentId=${i.assignmentId}`, { token: e.token }), 'detail');
      seen.push(JSON.stringify(detail));
      const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT ?? 18080}/prod-api${detail.files[0].url}`, { headers: { authorization: `Bearer ${e.token}` } });
      seen.push(decodeURIComponent(res.headers.get('content-disposition') ?? ''));
    }
    seen.push(JSON.stringify(ok(await api(`/review/bid/page?roundId=${blind.id}`, { token: e.token }), 'bids')));
    seen.push(JSON.stringify(ok(await api(`/review/group/scores?roundId=${blind.id}`, { token: e.token }), 'group')));
    const all = seen.join('\n');
    for (const w of works) {
      expect(all).not.toContain(w.author);
      expect(all).not.toContain(w.school);
    }
    expect(all).not.toMatch(/导师|计划书/);
    expect(all).toMatch(/work-\d+-1\.pdf/);
  });

  it('shows the organiser progress, reminds lagging experts and exports the raw scores', async () => {
    const progress = ok(await api<RoundProgress>(`/review/progress?roundId=${open.id}`, { token: admin1 }), 'progress');
    expect(progress.total).toMatchObject({ assigned: 6, scored: 1, submitted: 1 });
    expect(progress.experts.map((x) => x.submitted).sort()).toEqual([0, 0, 1]);
    const sent = ok(await api<{ sent: number }>('/review/progress/remind', { token: admin1, body: { roundId: open.id } }), 'remind');
    expect(sent.sent).toBe(3); // everyone still has a sheet to submit
    const note = ok(await api<Page<{ title: string }>>('/web/center/message/page', { token: experts[2].token, lang: 'en' }), 'messages').list[0];
    expect(note.title).toBe(`Review reminder: ${open.name} has 2 works waiting for your scores`);

    const file = await api<Buffer>(`/review/statistics/export?roundId=${open.id}`, { token: admin1, lang: 'en' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.data as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(['Work', 'Expert', 'Status', '创新性', '完成度']);
    expect(sheet.rowCount).toBe(7);
    const submitted = [2, 3, 4, 5, 6, 7].map((n) => sheet.getRow(n).values as unknown[]).filter((v) => v[3] === 'Submitted');
    expect(submitted).toHaveLength(1);
    // Scores are numbers, and the submission time is Beijing time with the zone in the header (it was UTC+8 unnamed).
    expect(submitted[0].slice(4, 7)).toEqual([35.5, 58, 93.5]);
    expect(sheet.getRow(1).getCell(8).value).toBe('Submitted at (Beijing time, UTC+8)');
    const table = ok(await api<Page<ScoreTableRow>>(`/review/statistics/scores?roundId=${open.id}&pageSize=100`, { token: admin1 }), 'scores');
    expectBeijingTime(submitted[0][8] as Date, table.list.find((r) => r.status === 'submitted')!.submittedAt!);

    // The captain's workbench: the group to confirm, with its sheets submitted of all (as confirming counts them).
    const groups = async (token: string) => ok(await api<ExpertDashboard>('/review/mine/dashboard', { token }), 'dashboard').captainGroups.filter((g) => g.roundId === open.id);
    expect(await groups(experts[0].token)).toEqual([{ roundId: open.id, roundName: open.name, groupName: '一组', closesAt: open.closesAt, submitted: 1, total: 6 }]);
    expect(await groups(experts[1].token)).toEqual([]);
    // The captain cannot confirm while sheets are missing.
    const early = await api('/review/group/confirm', { token: experts[0].token, lang: 'en', body: { roundId: open.id } });
    expect(early.msg).toBe('5 sheets are not submitted yet; the group cannot be confirmed');
    for (const path of [`/review/progress?roundId=${open.id}`, `/review/statistics/scores?roundId=${open.id}`, `/review/statistics/export?roundId=${open.id}`]) {
      expect({ path, code: (await api(path, { token: admin2 })).code }).toEqual({ path, code: 10404 });
    }
    expect((await api(`/review/progress?roundId=${open.id}`, { token: experts[0].token })).code).not.toBe(0);
  });
});

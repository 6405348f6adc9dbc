import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ReportStatus, type AwardFigures, type ReviewRoundFigures, type CompetitionDetail, type CompetitionFigures, type FileLinkReply, type Page, type ReportItem, type Signup } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { pdfText } from './support/certificates';
import { reviewRound } from './support/review-rounds';
import { readExport } from './support/spreadsheets';
import { dropStudents, makeCompetition, makeStudents, sql, type Student } from './support/enroll';
import { BASE, SHOT_DIR, waitFor } from './support/platform';

/** pdftotext's words run together, as a reader would search the report. */
const flat = (text: string) => text.replace(/\s+/g, '');

async function figures(token: string, competitionId: number): Promise<CompetitionFigures> {
  const r = await api<CompetitionFigures>(`/statistics/competition?competitionId=${competitionId}`, { token });
  if (r.code !== 0) throw new Error(`figures: ${r.code} ${r.msg}`);
  return r.data;
}

/** The awards as the enrollment service holds them: per level (as listed in `levels`, best first) and per school and level. */
async function awardsDirectly(competitionId: number, levels: string[]): Promise<Pick<AwardFigures, 'total'> & { byLevel: [string, number][]; bySchool: [string, string, number][] }> {
  const rows = await sql<{ level: string; school: string; n: number }>(
    `SELECT a.level, COALESCE(s.school_id::text, '') AS school, count(*)::int AS n
     FROM enrollment.signup_awards a JOIN enrollment.signups s ON s.id = a.signup_id
     WHERE s.competition_id = $1 AND s.status IN (0, 1) GROUP BY a.level, school`,
    [competitionId],
  );
  return {
    total: rows.reduce((n, r) => n + r.n, 0),
    byLevel: levels.map((level): [string, number] => [level, rows.filter((r) => r.level === level).reduce((n, r) => n + r.n, 0)]),
    bySchool: rows.map((r): [string, string, number] => [r.school, r.level, r.n]).sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`)),
  };
}

const awardsShown = (a: AwardFigures) => ({
  total: a.total,
  byLevel: a.byLevel.map((l): [string, number] => [l.key, l.count]),
  bySchool: a.bySchool
    .flatMap((s) => Object.entries(s.levels).map(([level, n]): [string, string, number] => [s.key, level, n]))
    .sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`)),
});

/** Each round's assignments still to review and sheets submitted, as the review service holds them. */
async function roundsDirectly(competitionId: number): Promise<{ roundId: number; assigned: number; submitted: number }[]> {
  return sql(
    `SELECT r.id AS "roundId", count(*)::int AS assigned, count(*) FILTER (WHERE s.status = 'submitted')::int AS submitted
     FROM review.assignments a JOIN review.rounds r ON r.id = a.round_id LEFT JOIN review.score_sheets s ON s.assignment_id = a.id
     WHERE r.competition_id = $1 AND NOT a.declined AND r.deleted_at IS NULL GROUP BY r.id ORDER BY r.id`,
    [competitionId],
  );
}

/**
 * A round's final scores per band of 10 as the review service holds them: its published version's, else its latest
 * computed version's (none while no version was computed).
 */
async function finalBandsDirectly(roundId: number): Promise<{ band: number; n: number }[]> {
  return sql(
    `SELECT (floor(r.score / 10) * 10)::int AS band, count(*)::int AS n FROM review.work_results r
     WHERE r.version_id = COALESCE((SELECT version_id FROM review.publications WHERE round_id = $1),
       (SELECT id FROM review.score_versions WHERE round_id = $1 AND status = 'done' ORDER BY number DESC LIMIT 1))
     GROUP BY 1 ORDER BY 1`,
    [roundId],
  );
}

/** A report's row in the list, once it is done or failed. */
async function settled(token: string, id: number): Promise<ReportItem> {
  let last: ReportItem | undefined;
  await waitFor(
    `report ${id} to be rendered`,
    async () => {
      last = (await api<Page<ReportItem>>('/statistics/reports?pageSize=50', { token })).data.list.find((r) => r.id === id);
      return last?.status === ReportStatus.done || last?.status === ReportStatus.failed;
    },
    120000,
  );
  return last!;
}

/** The PDF's first page as a PNG among the test's screenshots (poppler's pdftoppm), to look at. */
function firstPage(pdf: Buffer, name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-'));
  try {
    fs.writeFileSync(path.join(dir, 'r.pdf'), pdf);
    fs.mkdirSync(SHOT_DIR, { recursive: true });
    const out = path.join(SHOT_DIR, name);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'r.pdf'), out]);
    return `${out}.png`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('statistics: awards by school and level, and the competition report (数据报告)', () => {
  let admin1: string;
  let students: Student[];
  let c: CompetitionDetail;

  beforeAll(async () => {
    admin1 = await login('admin1');
    students = await makeStudents(5, `report${Date.now().toString(36)}`);
    c = await makeCompetition(admin1, { nameEn: 'Report Cup', items: [['A组', 100, 0, 'Group A']] });
    const signups: Signup[] = [];
    for (const [i, s] of students.entries()) {
      const r = await api<Signup>('/web/enroll/signUp', {
        token: s.token,
        ip: freshIp(),
        body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: { realName: `报告${i}`, schoolId: i < 3 ? 1 : 3, college: '计算机学院', grade: '2023级' } },
      });
      if (r.code !== 0) throw new Error(`sign-up: ${r.msg}`);
      signups.push(r.data);
    }
    // Awards as the enrollment service keeps them when a round's results are published (review.results.published):
    // two rounds, so one sign-up holds two awards.
    const award = (signupId: number, round: number, level: string, levelEn: string, rank: number) =>
      sql(
        `INSERT INTO enrollment.signup_awards (signup_id, round_id, round_name, work_id, level, level_en, rank, published_at, appeal_until)
         VALUES ($1, $2, '复赛', 0, $3, $4, $5, now(), now() + interval '3 days')`,
        [signupId, round, level, levelEn, rank],
      );
    const round = 900000 + (c.id % 90000) * 10;
    await award(signups[0].id, round, '一等奖', 'First prize', 1);
    await award(signups[1].id, round, '二等奖', 'Second prize', 2);
    await award(signups[3].id, round, '二等奖', 'Second prize', 3);
    await award(signups[0].id, round + 1, '特等奖', 'Grand prize', 1);
  }, 60000);
  afterAll(dropStudents);

  it('counts published awards by level and by school as the enrollment service holds them', async () => {
    const want = await awardsDirectly(c.id, ['特等奖', '一等奖', '二等奖']);
    expect(want.total).toBe(4);
    let last = '';
    await waitFor('the award figures to equal the direct counts', async () => {
      last = JSON.stringify(awardsShown((await figures(admin1, c.id)).awards));
      return last === JSON.stringify(want);
    }).catch((e: Error) => {
      throw new Error(`${e.message}\nwant ${JSON.stringify(want)}\n got ${last}`);
    });
    const f = await figures(admin1, c.id);
    expect(f.awards.byLevel.map((l) => l.label)).toEqual(['特等奖', '一等奖', '二等奖']);
    expect(f.awards.bySchool[0]).toMatchObject({ key: '1', total: 3 });
    const en = await api<CompetitionFigures>(`/statistics/competition?competitionId=${c.id}`, { token: admin1, lang: 'en' });
    expect(en.data.awards.byLevel.map((l) => l.label)).toEqual(['Grand prize', 'First prize', 'Second prize']);
    // Exported as the table: a school a row, a level a column, with totals.
    const file = await readExport(await api<Buffer>(`/statistics/competition/export?competitionId=${c.id}&dimension=awards`, { token: admin1 }));
    expect([file.fileName, file.headers]).toEqual([`获奖统计-${c.id}.xlsx`, ['学校', '特等奖', '一等奖', '二等奖', '获奖合计']]);
    expect(file.rows[0]).toMatchObject({ 特等奖: 1, 一等奖: 1, 二等奖: 1, 获奖合计: 3 });
  });

  it('follows review progress and scores by round, group and expert as the review service holds them', async () => {
    // Two experts, three works (two in a review group), sheets in every state.
    const r = await reviewRound(c, {
      name: '初评',
      groupName: 'A组评审',
      ungrouped: [3],
      sheets: { 统计专家A: { 1: 85.5, 2: 72, 3: null }, 统计专家B: { 1: 91, 2: 'draft', 3: null } },
    });
    const [round, e1, e2] = [{ id: r.roundId }, { id: r.experts.统计专家A }, { id: r.experts.统计专家B }];
    // One declined, one taken back: neither counts.
    await sql(`UPDATE review.assignments SET declined = true WHERE id = $1`, [r.assignments.统计专家B[3]]);
    await sql(`DELETE FROM review.assignments WHERE id = $1`, [r.assignments.统计专家A[3]]);

    const shown = async (): Promise<ReviewRoundFigures | undefined> => (await figures(admin1, c.id)).review.find((x) => x.roundId === round.id);
    const want: ReviewRoundFigures = {
      roundId: round.id,
      roundName: '初评',
      assigned: 4,
      submitted: 3,
      byGroup: [{ key: 'A组评审', label: 'A组评审', assigned: 4, submitted: 3 }],
      byExpert: [
        { key: String(e1.id), label: '统计专家A', assigned: 2, submitted: 2, average: 78.75 },
        { key: String(e2.id), label: '统计专家B', assigned: 2, submitted: 1, average: 91 },
      ],
      scores: [70, 80, 90].map((band) => ({ key: String(band), label: String(band), count: 1 })),
      scoreVersion: null,
      votes: { total: 0, late: 0, top: [] },
      checkIn: null,
    };
    let last: ReviewRoundFigures | undefined;
    // Every fact applied (the decline and the deletion last): the round as the review service holds it.
    await waitFor('the review figures', async () => JSON.stringify((last = await shown())) === JSON.stringify(want)).catch((e: Error) => {
      throw new Error(`${e.message}\nwant ${JSON.stringify(want)}\n got ${JSON.stringify(last)}`);
    });
    expect((await figures(admin1, c.id)).review.map(({ roundId, assigned, submitted }) => ({ roundId, assigned, submitted }))).toEqual(await roundsDirectly(c.id));

    // A draft submitted, a work moved out of its group, the round renamed: the figures follow.
    await sql(`UPDATE review.score_sheets SET status = 'submitted', total = 64, submitted_at = now() WHERE assignment_id = $1`, [r.assignments.统计专家B[2]]);
    await sql(`UPDATE review.round_works SET review_group_id = NULL WHERE round_id = $1 AND work_id = 2`, [round.id]);
    await sql(`UPDATE review.rounds SET name = '初评（网评）' WHERE id = $1`, [round.id]);
    await waitFor('the review figures to follow', async () => (last = await shown())?.roundName === '初评（网评）' && last.submitted === 4 && last.byGroup.length === 2);
    expect(last!.byGroup).toEqual([
      { key: '', label: '', assigned: 2, submitted: 2 },
      { key: 'A组评审', label: 'A组评审', assigned: 2, submitted: 2 },
    ]);
    expect(last!.scores.map((b) => [b.key, b.count])).toEqual([['60', 1], ['70', 1], ['80', 1], ['90', 1]]);
    // Exported a row per round and expert.
    const file = await readExport(await api<Buffer>(`/statistics/competition/export?competitionId=${c.id}&dimension=review`, { token: admin1, lang: 'en' }));
    expect([file.fileName, file.headers]).toEqual([`review-${c.id}.xlsx`, ['Round', 'Expert', 'Assigned', 'Sheets submitted', 'Average']]);
    expect(file.rows.slice(0, 2)).toEqual([
      { Round: '初评（网评）', Expert: '统计专家A', Assigned: 2, 'Sheets submitted': 2, Average: 78.75 },
      { Round: '初评（网评）', Expert: '统计专家B', Assigned: 2, 'Sheets submitted': 2, Average: 77.5 },
    ]);

    // Final scores: once a score version is computed, the round's distribution is its works' final scores (the latest
    // version; the published one once the results are published), as the review service holds them.
    const compute = async (): Promise<number> => {
      const made = await api<{ version: { id: number } }>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: round.id, allowMissing: true } });
      if (made.code !== 0) throw new Error(`final scores: ${made.code} ${made.msg}`);
      await waitFor('the score version to be computed', async () => (await api<{ status: string }>(`/review/comment/result/version?id=${made.data.version.id}`, { token: admin1 })).data.status === 'done');
      return made.data.version.id;
    };
    const scoresFollow = async (what: string, scoreVersion: ReviewRoundFigures['scoreVersion']) => {
      let want: [string, number][] = [];
      await waitFor(what, async () => {
        want = (await finalBandsDirectly(round.id)).map((b): [string, number] => [String(b.band), b.n]);
        last = await shown();
        return JSON.stringify([last?.scores.map((b) => [b.key, b.count]), last?.scoreVersion]) === JSON.stringify([want, scoreVersion]);
      }).catch((e: Error) => {
        throw new Error(`${e.message}\nwant ${JSON.stringify([want, scoreVersion])}\n got ${JSON.stringify([last?.scores, last?.scoreVersion])}`);
      });
      expect(want.length).toBeGreaterThan(0);
    };
    const v1 = await compute();
    // Works 1 and 2: (85.5 + 91) / 2 and (72 + 64) / 2.
    await scoresFollow('the scores of version 1', { number: 1, published: false });
    expect(last!.scores.map((b) => [b.key, b.count])).toEqual([['60', 1], ['80', 1]]);
    // A sheet changed and a second version computed: the latest version's scores.
    await sql(`UPDATE review.score_sheets SET total = 20 WHERE assignment_id = $1`, [r.assignments.统计专家B[1]]);
    await compute();
    await scoresFollow('the scores of version 2', { number: 2, published: false });
    // Version 1 published (its award set confirmed): the published version's scores, whatever is computed later.
    await sql(`INSERT INTO review.award_sets (round_id, version_id, levels, confirmed_by) VALUES ($1, $2, '[]', 'test')`, [round.id, v1]);
    await sql(`INSERT INTO review.publications (round_id, version_id, published_by, appeal_until) VALUES ($1, $2, 'test', now() + interval '1 day')`, [round.id, v1]);
    await scoresFollow('the scores of the published version', { number: 1, published: true });
    // Taken back: the latest again.
    await sql(`DELETE FROM review.award_sets WHERE round_id = $1`, [round.id]);
    await scoresFollow('the scores of the latest version again', { number: 2, published: false });
  });

  it('counts votes and on-site check-ins per round as the review service holds them', async () => {
    const r = await reviewRound(c, { name: '决赛', groupName: '决赛组', sheets: { 统计专家C: { 11: null, 12: null, 13: null } } });
    await sql(`UPDATE review.round_works SET title = '作品' || work_id WHERE round_id = $1`, [r.roundId]);
    // On site: three works queued in a room; two checked in (one late), one absent, one presented.
    const [room] = await sql<{ id: number }>(`INSERT INTO review.scene_rooms (round_id, name, code) VALUES ($1, '一号厅', 'A') RETURNING id`, [r.roundId]);
    await sql(
      `INSERT INTO review.scene_queue (round_id, work_id, room_id, number, position, status, checked_in_at, late)
       VALUES ($1, 11, $2, 'A01', 1, 'done', now(), false), ($1, 12, $2, 'A02', 2, 'waiting', now(), true), ($1, 13, $2, 'A03', 3, 'absent', NULL, false)`,
      [r.roundId, room.id],
    );
    // Public votes: work 12 three, work 11 one, and one by an account made after voting opened.
    const [window] = await sql<{ id: number }>(
      `INSERT INTO review.vote_windows (round_id, opens_at, closes_at, daily_limit, created_by) VALUES ($1, now() - interval '1 hour', now() + interval '1 day', 5, 'admin1') RETURNING id`,
      [r.roundId],
    );
    await sql(
      `INSERT INTO review.votes (window_id, work_id, user_id, day, late) VALUES ($1, 12, 1, current_date, false), ($1, 12, 2, current_date, false), ($1, 12, 3, current_date, false),
         ($1, 11, 1, current_date, false), ($1, 11, 4, current_date, true)`,
      [window.id],
    );
    const direct = await sql<{ votes: number; late: number }>(
      `SELECT count(*) FILTER (WHERE NOT late)::int AS votes, count(*) FILTER (WHERE late)::int AS late FROM review.votes WHERE window_id = $1`,
      [window.id],
    );
    let last: ReviewRoundFigures | undefined;
    // Votes reach the figures with the review worker's next tally (every few seconds), check-ins at once.
    await waitFor('votes and check-ins', async () => {
      last = (await figures(admin1, c.id)).review.find((x) => x.roundId === r.roundId);
      return last?.votes.total === direct[0].votes && last.checkIn?.queued === 3;
    });
    expect(last!.votes).toEqual({ total: 4, late: direct[0].late, top: [{ key: '12', label: '作品12', count: 3 }, { key: '11', label: '作品11', count: 1 }] });
    expect(last!.checkIn).toEqual({ queued: 3, checkedIn: 2, late: 1, absent: 1, presented: 1 });
    // A work taken out of the round counts no more.
    await sql(`DELETE FROM review.round_works WHERE round_id = $1 AND work_id = 11`, [r.roundId]);
    await waitFor('the work taken out', async () => (await figures(admin1, c.id)).review.find((x) => x.roundId === r.roundId)?.checkIn?.queued === 2);
  });

  it('renders the report in the background, with progress, downloadable in the language asked for', async () => {
    // Asked for twice at once (a double click): one report.
    const [a, b] = await Promise.all([1, 2].map(() => api<ReportItem>('/statistics/reports', { token: admin1, body: { competitionId: c.id, lang: 'zh-CN' } })));
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.data.id).toBe(b.data.id);
    expect(a.data).toMatchObject({ competitionId: c.id, competitionName: c.name, lang: 'zh-CN' });
    // The second click answers the report the first made, which the worker may already have begun.
    expect([ReportStatus.queued, ReportStatus.running]).toContain(a.data.status);
    const en = await api<ReportItem>('/statistics/reports', { token: admin1, body: { competitionId: c.id, lang: 'en' } });
    expect(en.data.id).not.toBe(a.data.id);
    expect(en.data.competitionName).toBe('Report Cup');

    const zh = await settled(admin1, a.data.id);
    expect([zh.status, zh.progress, zh.error]).toEqual([ReportStatus.done, 100, null]);
    const file = await api<Buffer>(`/statistics/reports/${zh.id}/file`, { token: admin1 });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(`数据报告-${c.name}-${zh.id}.pdf`);
    expect(file.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(zh.sizeBytes).toBe(file.data.length);
    const text = flat(pdfText(file.data).text);
    // The cover, the key figures and the award list by school.
    for (const words of [c.name, '数据报告', '报名总数', '一等奖', '特等奖']) expect([words, text.includes(flat(words))]).toEqual([words, true]);
    expect(fs.existsSync(firstPage(file.data, 'statistics-report-zh-CN'))).toBe(true);

    const english = await settled(admin1, en.data.id);
    const enText = flat(pdfText((await api<Buffer>(`/statistics/reports/${english.id}/file`, { token: admin1 })).data).text);
    for (const words of ['Report Cup', 'First prize', 'Grand prize']) expect([words, enText.includes(flat(words))]).toEqual([words, true]);
    expect(fs.existsSync(firstPage((await api<Buffer>(`/statistics/reports/${english.id}/file`, { token: admin1 })).data, 'statistics-report-en'))).toBe(true);
  });

  it('opens a done report without a login through a signed link that expires, and only through it', async () => {
    const [first] = (await api<Page<ReportItem>>(`/statistics/reports?competitionId=${c.id}`, { token: admin1 })).data.list;
    const done = await settled(admin1, first.id);
    expect(done.status).toBe(ReportStatus.done);
    const link = await api<FileLinkReply>(`/statistics/reports/${done.id}/link`, { token: admin1 });
    expect(link.data.url).toMatch(/^\/prod-api\/file\/link\?/);
    expect(Date.parse(link.data.expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);
    const open = await fetch(`${BASE}${link.data.url.replace(/^\/prod-api/, '')}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('application/pdf');
    expect(open.headers.get('content-disposition')).toMatch(/^inline; /);
    // Shown in the web app's own frame (/preview), no one else's.
    expect(open.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(Buffer.from(await open.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // Another file, a later expiry or another type under the same signature: refused, saying why.
    const url = new URL(`${BASE}${link.data.url.replace(/^\/prod-api/, '')}`);
    for (const [k, v] of [['k', 'reports/1-1.pdf'], ['e', String(Number(url.searchParams.get('e')) + 3600)], ['s', 'x'.repeat(43)]]) {
      const forged = new URL(url);
      forged.searchParams.set(k, v);
      const refused = (await (await fetch(forged, { headers: { 'accept-language': 'en' } })).json()) as { code: number; msg: string };
      expect([k, refused.code]).toEqual([k, 401]);
      expect(refused.msg).toContain('has expired');
    }
    // Another organisation gets no link to it.
    expect((await api(`/statistics/reports/${done.id}/link`, { token: await login('admin2') })).code).toBe(10404);
  });

  it("keeps reports to the competition's organisations and says what to fix on bad input", async () => {
    const admin2 = await login('admin2');
    const mine = (await api<Page<ReportItem>>(`/statistics/reports?competitionId=${c.id}`, { token: admin1 })).data;
    expect(mine.total).toBe(2);
    expect(mine.list.every((r) => r.competitionId === c.id)).toBe(true);
    // Another organisation neither sees, downloads nor asks for them.
    expect((await api<Page<ReportItem>>(`/statistics/reports?competitionId=${c.id}`, { token: admin2 })).data.total).toBe(0);
    expect((await api(`/statistics/reports/${mine.list[0].id}/file`, { token: admin2 })).code).toBe(10404);
    expect((await api('/statistics/reports', { token: admin2, body: { competitionId: c.id, lang: 'zh-CN' } })).code).toBe(10404);
    // ROOT sees every organisation's.
    expect((await api<Page<ReportItem>>(`/statistics/reports?competitionId=${c.id}`, { token: await login('root') })).data.total).toBe(2);
    const bad = await api('/statistics/reports', { token: admin1, lang: 'en', body: { competitionId: c.id, lang: 'fr' } });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/lang/);
    expect((await api('/statistics/reports', { token: admin1, body: { competitionId: 'first', lang: 'en' } })).code).toBe(10400);
    expect((await api('/statistics/reports/99999999/file', { token: admin1 })).code).toBe(10404);
    expect((await api('/statistics/reports/abc/file', { token: admin1 })).code).toBe(10404);
    expect((await api('/statistics/reports', { token: students[0].token, body: { competitionId: c.id, lang: 'en' } })).code).not.toBe(0);
    // A report still in the making cannot be downloaded yet.
    await sql(`UPDATE statistics.reports SET status = ${ReportStatus.running} WHERE id = $1`, [mine.list[0].id]);
    const early = await api(`/statistics/reports/${mine.list[0].id}/file`, { token: admin1, lang: 'en' });
    expect([early.code, early.msg]).toEqual([10409, 'The report is not ready yet: download it once it is done']);
    await sql(`UPDATE statistics.reports SET status = ${ReportStatus.done} WHERE id = $1`, [mine.list[0].id]);
  });
});

// @e2e-alone: kills and restarts the statistics service (the health checks of files beside it would see it down). (jest.e2e-runner.js)
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { CompetitionDetail, CompetitionFigures, FigureRow, FigureSignupRow, OrderDetail, OrganisationFigures, Page, PayReply, RunningCompetition, Signup } from '@cmp/contracts';
import { api, freshIp, login, upload } from './support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, sql, type Student } from './support/enroll';
import { ALIPAY_URL, REPO, serviceEnv, startService, stopService, waitFor } from './support/platform';
import { readExport } from './support/spreadsheets';

const FEE = 8800;

/** Each counted sign-up (waiting or approved) as the enrollment service holds it, with its captain's details and its school's name and province as the competitions service has them. */
async function directly(competitionId: number) {
  return sql<{ itemId: number; itemName: string; schoolId: number | null; schoolName: string | null; college: string | null; major: string | null; grade: string | null; status: number; day: string; province: string | null; provinceName: string | null }>(
    `SELECT s.item_id AS "itemId", s.item_name AS "itemName", s.school_id AS "schoolId", COALESCE(sc.name, s.school_name) AS "schoolName", s.status,
            to_char(s.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day,
            NULLIF(btrim(c.profile->>'college'), '') AS college, NULLIF(btrim(c.profile->>'major'), '') AS major, NULLIF(btrim(c.profile->>'grade'), '') AS grade,
            p.code AS province, p.name AS "provinceName"
     FROM enrollment.signups s
     LEFT JOIN LATERAL (SELECT m.profile FROM enrollment.signup_members m WHERE m.signup_id = s.id AND m.captain ORDER BY m.active DESC, m.id DESC LIMIT 1) c ON true
     LEFT JOIN competitions.schools sc ON sc.id = s.school_id LEFT JOIN competitions.provinces p ON p.code = sc.province_code
     WHERE s.competition_id = $1 AND s.status IN (0, 1)`,
    [competitionId],
  );
}

const tally = (rows: { key: string; label: string }[]): FigureRow[] => {
  const by = new Map<string, FigureRow>();
  for (const r of rows) by.set(r.key, { key: r.key, label: r.label, count: (by.get(r.key)?.count ?? 0) + 1 });
  return [...by.values()].sort((a, b) => a.key.localeCompare(b.key));
};
const byKey = (rows: FigureRow[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));

/** The figures the read model should show, counted here from the owning service's rows. */
async function expected(competitionId: number) {
  const rows = await directly(competitionId);
  const works = await sql<{ day: string }>(
    `SELECT to_char(w.submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day
     FROM enrollment.works w JOIN enrollment.signups s ON s.id = w.signup_id WHERE s.competition_id = $1 AND s.status IN (0, 1) AND w.status = 1`,
    [competitionId],
  );
  const text = (v: string | null) => ({ key: v ?? '', label: v ?? '' });
  const paid = await sql<{ day: string; fen: number }>(
    `SELECT to_char(paid_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, amount_fen AS fen FROM payment.orders WHERE competition_id = $1 AND paid_at IS NOT NULL`,
    [competitionId],
  );
  const refunds = await sql<{ day: string; fen: number }>(
    `SELECT to_char(f.finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, f.amount_fen AS fen
     FROM payment.refunds f JOIN payment.orders o ON o.id = f.order_id WHERE o.competition_id = $1 AND f.status = 'succeeded'`,
    [competitionId],
  );
  const feeDays = [...new Set([...paid, ...refunds].map((r) => r.day))].sort().map((day) => {
    const [p, r] = [paid.filter((x) => x.day === day), refunds.filter((x) => x.day === day)];
    return { day, paidCount: p.length, paidFen: p.reduce((n, x) => n + x.fen, 0), refundCount: r.length, refundedFen: r.reduce((n, x) => n + x.fen, 0) };
  });
  const fen = (list: { fen: number }[]) => list.reduce((n, x) => n + x.fen, 0);
  return {
    total: rows.length,
    pending: rows.filter((r) => r.status === 0).length,
    byDay: tally(rows.map((r) => ({ key: r.day, label: '' }))).map((r) => ({ day: r.key, count: r.count })),
    event: tally(rows.map((r) => ({ key: String(r.itemId), label: r.itemName }))),
    school: tally(rows.map((r) => ({ key: r.schoolId ? String(r.schoolId) : '', label: r.schoolName ?? '' }))),
    college: tally(rows.map((r) => text(r.college))),
    major: tally(rows.map((r) => text(r.major))),
    grade: tally(rows.map((r) => text(r.grade))),
    province: tally(rows.map((r) => ({ key: r.province ?? '', label: r.provinceName ?? '' }))),
    works: works.length,
    worksByDay: tally(works.map((w) => ({ key: w.day, label: '' }))).map((r) => ({ day: r.key, count: r.count })),
    fees: { paidCount: paid.length, paidFen: fen(paid), refundCount: refunds.length, refundedFen: fen(refunds), byDay: feeDays },
  };
}

const shown = (f: CompetitionFigures) => ({
  total: f.signups.total,
  pending: f.signups.pending,
  byDay: f.signups.byDay,
  event: byKey(f.signups.by.event),
  school: byKey(f.signups.by.school),
  college: byKey(f.signups.by.college),
  major: byKey(f.signups.by.major),
  grade: byKey(f.signups.by.grade),
  province: byKey(f.signups.by.province),
  works: f.works.submitted,
  worksByDay: f.works.byDay,
  fees: { paidCount: f.fees.paidCount, paidFen: f.fees.paidFen, refundCount: f.fees.refundCount, refundedFen: f.fees.refundedFen, byDay: f.fees.byDay },
});

const figures = async (token: string, competitionId: number, lang?: 'en') => {
  const r = await api<CompetitionFigures>(`/statistics/competition?competitionId=${competitionId}`, { token, lang });
  if (r.code !== 0) throw new Error(`figures: ${r.code} ${r.msg}`);
  return r.data;
};

/** Waits until the read model shows what the enrollment service holds (events arrive within a moment). */
async function agrees(token: string, competitionId: number): Promise<void> {
  let last = '';
  await waitFor(
    'the figures to equal the direct counts',
    async () => {
      const [want, got] = [await expected(competitionId), shown(await figures(token, competitionId))];
      last = `want ${JSON.stringify(want)}\n got ${JSON.stringify(got)}`;
      return JSON.stringify(want) === JSON.stringify(got);
    },
    30000,
  ).catch((e: Error) => {
    throw new Error(`${e.message}\n${last}`);
  });
}

describe('statistics: the read model kept from the enrollment events', () => {
  let admin1: string;
  let students: Student[];
  let c: CompetitionDetail;
  let used = 0;
  /** Orders paid by the fees test. */
  const paid: number[] = [];
  const signUp = async (profile: Record<string, unknown>, item = 0, competition = c) => {
    const s = students[used++];
    const r = await api<Signup>('/web/enroll/signUp', { token: s.token, ip: freshIp(), body: { competitionId: competition.id, itemId: competition.items[item].id, type: 1, profile: { realName: `统计${used}`, ...profile } } });
    if (r.code !== 0) throw new Error(`sign-up: ${r.msg}`);
    return { student: s, signup: r.data };
  };

  beforeAll(async () => {
    admin1 = await login('admin1');
    students = await makeStudents(16, `stat${Date.now().toString(36)}`);
    c = await makeCompetition(admin1, { nameEn: 'Figures Cup', items: [['A组', 100, 0, 'Group A'], ['B组', 100, 0], ['收费组', 100, FEE]] });
  }, 60000);
  afterAll(dropStudents);

  it('counts sign-ups by day, event, school, college, major, grade and province as the enrollment service holds them', async () => {
    const made = [
      await signUp({ schoolId: 1, college: '计算机学院', major: '软件工程', grade: '2023级' }),
      await signUp({ schoolId: 1, college: '计算机学院', grade: '2024级' }),
      await signUp({ schoolId: 3, college: '数学学院', major: '统计学', grade: '2023级' }, 1),
      await signUp({ college: '外语学院' }, 1),
      await signUp({ schoolId: 3, grade: '2022级' }),
      await signUp({ schoolId: 1 }),
    ];
    // Works submitted by an approved sign-up and by one rejected afterwards (which then counts no more).
    for (const i of [0, 4]) {
      const as = { token: made[i].student.token, ip: freshIp() };
      const work = await api<{ id: number }>('/web/work/save', { ...as, body: { signupId: made[i].signup.id, title: `统计作品${i}`, summary: '' } });
      expect((await upload(`/web/work/file/upload?workId=${work.data.id}`, made[i].student.token, PDF, '作品.pdf')).code).toBe(0);
      expect((await api('/web/work/submit', { ...as, body: { id: work.data.id } })).code).toBe(0);
    }
    const check = (i: number, approve: boolean) => api('/enroll/signup/check', { token: admin1, body: { id: made[i].signup.id, approve, ...(approve ? {} : { reason: '材料不全' }) } });
    expect((await check(0, true)).code).toBe(0);
    expect((await check(2, true)).code).toBe(0);
    expect((await check(4, false)).code).toBe(0);
    const w = made[5];
    expect((await api('/web/enroll/withdraw', { token: w.student.token, ip: freshIp(), body: { id: w.signup.id } })).code).toBe(0);
    await agrees(admin1, c.id);
    const f = await figures(admin1, c.id);
    // Six made, one rejected and one withdrawn: four count, two of them waiting; all made today.
    expect([f.signups.total, f.signups.pending, f.signups.today, f.works.submitted, f.works.today]).toEqual([4, 2, 4, 1, 1]);
    expect(f.signups.by.event.map((r) => [r.label, r.count])).toEqual([['A组', 2], ['B组', 2]]);
    expect(f.updatedAt).not.toBeNull();
    // In English: the event's and the province's English names (an event without one keeps its Chinese name).
    const en = await figures(admin1, c.id, 'en');
    expect(en.signups.by.event.map((r) => r.label).sort()).toEqual(['B组', 'Group A']);

    // Each figure as .xlsx: its rows with counts as numbers and a totals row; a sign-up without a college says so.
    const file = await readExport(await api<Buffer>(`/statistics/competition/export?competitionId=${c.id}&dimension=college`, { token: admin1, lang: 'en' }));
    expect(file.fileName).toBe(`sign-ups-College-${c.id}.xlsx`);
    expect(file.headers).toEqual(['College', 'Sign-ups']);
    const colleges = Object.fromEntries(file.rows.map((r) => [String(r.College), r['Sign-ups']]));
    expect(colleges).toMatchObject({ 计算机学院: 2, 数学学院: 1, 外语学院: 1 });
    expect((await readExport(await api<Buffer>(`/statistics/competition/export?competitionId=${c.id}&dimension=day`, { token: admin1 }))).headers).toEqual(['日期（北京时间）', '报名数']);
    expect((await api(`/statistics/competition/export?competitionId=${c.id}&dimension=shoeSize`, { token: admin1 })).code).toBe(10400);

    // 数据预览: the counted sign-ups under each bar, as many as the bar counts, newest first, without names.
    const rows = async (query: string, token = admin1) => {
      const r = await api<Page<FigureSignupRow>>(`/statistics/competition/rows?competitionId=${c.id}&${query}`, { token });
      if (r.code !== 0) throw new Error(`rows: ${r.code} ${r.msg}`);
      return r.data;
    };
    const all = await rows('pageSize=50');
    expect(all.total).toBe(4);
    expect(all.list.map((r) => r.id)).toEqual([made[3], made[2], made[1], made[0]].map((m) => m.signup.id));
    expect(JSON.stringify(all)).not.toMatch(/统计\d/);
    for (const figure of ['event', 'school', 'college', 'major', 'grade', 'province', 'day', 'workDay'] as const) {
      const bars = figure === 'day' || figure === 'workDay' ? (figure === 'day' ? f.signups.byDay : f.works.byDay).map((d) => ({ key: d.day, count: d.count })) : f.signups.by[figure];
      for (const bar of bars) expect([figure, bar.key, (await rows(`dimension=${figure}&key=${encodeURIComponent(bar.key)}`)).total]).toEqual([figure, bar.key, bar.count]);
    }
    const cs = await rows(`dimension=college&key=${encodeURIComponent('计算机学院')}`);
    expect(cs.list.map((r) => [r.college, r.schoolName, r.provinceName !== ''])).toEqual([['计算机学院', expect.any(String), true], ['计算机学院', expect.any(String), true]]);
    expect((await rows('dimension=school&key=')).list.map((r) => [r.college, r.schoolName])).toEqual([['外语学院', '']]);
    expect([(await rows('status=0')).total, (await rows('workSubmitted=1')).total, (await rows('workSubmitted=0&status=1')).total]).toEqual([2, 1, 1]);
    // Exported as filtered: every row, states in the caller's language.
    const exported = await readExport(await api<Buffer>(`/statistics/competition/rows/export?competitionId=${c.id}&dimension=college&key=${encodeURIComponent('计算机学院')}`, { token: admin1, lang: 'en' }));
    expect([exported.fileName, exported.headers.slice(0, 3), exported.rows.length]).toEqual([`sign-ups-${c.id}.xlsx`, ['Sign-up no.', 'Event', 'School'], 2]);
    expect(exported.rows.map((r) => [r.College, r.Approval])).toEqual([['计算机学院', 'pending'], ['计算机学院', 'approved']]);
    expect((await api(`/statistics/competition/rows/export?competitionId=${c.id}&all=1`, { token: admin1 })).code).toBe(10400);
    const page2 = await rows('pageSize=1&pageNum=2');
    expect([page2.total, page2.list.map((r) => r.id)]).toEqual([4, [made[2].signup.id]]);
    expect([(await rows('pageNum=9')).total, (await rows('pageNum=9')).list]).toEqual([4, []]);

    // The workbench's running competitions: the newest published first, with the same headline figures.
    const running = await api<RunningCompetition[]>('/dashboard/competitions', { token: admin1 });
    expect(running.data[0]).toEqual({ competitionId: c.id, name: c.name, nameEn: 'Figures Cup', phase: 'enrolling', enrollEndAt: expect.any(String), signups: 4, signupsToday: 4, pending: 2, worksSubmitted: 1, feesNetFen: 0, review: null, nextDeadline: { at: running.data[0].enrollEndAt, kind: 'enroll' } });
    // An open review round closing before sign-up does: its progress (no work assigned yet) and the next deadline.
    const closesAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const round = await api<{ id: number }>('/review/round/save', {
      token: admin1,
      body: { competitionId: c.id, name: '统计初评', type: 'online', expertsPerWork: 2, scoreColumns: [{ name: '总分', max: 100, step: 1, weight: 100, rubric: '' }], closesAt },
    });
    expect((await api('/review/round/open', { token: admin1, body: { id: round.data.id } })).code).toBe(0);
    const reviewing = (await api<RunningCompetition[]>('/dashboard/competitions', { token: admin1 })).data.find((r) => r.competitionId === c.id)!;
    expect([reviewing.review, reviewing.nextDeadline]).toEqual([{ submitted: 0, total: 0 }, { at: closesAt, kind: 'review' }]);
    expect((await api<RunningCompetition[]>('/dashboard/competitions', { token: await login('admin2') })).data.map((r) => r.competitionId)).not.toContain(c.id);
    expect((await api('/dashboard/competitions', { token: students[11].token })).code).not.toBe(0);
  });

  it('counts fees paid and refunded per day as the payment service holds them', async () => {
    const finance = await login('finance1');
    for (let i = 0; i < 3; i++) {
      const { student, signup } = await signUp({ schoolId: 1 }, 2);
      const pay = await api<PayReply>('/alipay/payment/pay', { token: student.token, ip: freshIp(), body: { signupId: signup.id, channel: 'qr' } });
      expect(pay.code).toBe(0);
      await fetch(`${ALIPAY_URL}/sandbox/pay`, { method: 'POST', body: JSON.stringify({ out_trade_no: pay.data.orderNo }) });
      const paidOrder = () => sql<{ id: number }>(`SELECT id::int FROM payment.orders WHERE order_no = $1 AND status = 'paid'`, [pay.data.orderNo]);
      await waitFor('the order to be paid', async () => (await paidOrder()).length === 1);
      paid.push((await paidOrder())[0].id);
    }
    // Part of one fee back, all of another.
    expect((await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: paid[0], amountFen: 2000, reason: '部分退款' } })).data.status).toBe('partlyRefunded');
    expect((await api<OrderDetail>('/finance/refund/create', { token: finance, body: { orderId: paid[1], amountFen: FEE, reason: '全额退款' } })).data.status).toBe('refunded');
    await agrees(admin1, c.id);
    const { fees } = await figures(admin1, c.id);
    expect([fees.paidCount, fees.paidFen, fees.refundCount, fees.refundedFen, fees.netFen, fees.today]).toEqual([3, 3 * FEE, 2, 2000 + FEE, 2 * FEE - 2000, { paidFen: 3 * FEE, refundedFen: 2000 + FEE }]);
    // The workbench's running competitions show the same net fees.
    const running = await api<RunningCompetition[]>('/dashboard/competitions', { token: admin1 });
    expect(running.data.find((r) => r.competitionId === c.id)?.feesNetFen).toBe(2 * FEE - 2000);
  });

  it("adds up all the organisation's competitions (subordinates included), and only its own", async () => {
    /** Counted sign-ups and fees of an organisation and its subordinates, as their owning services hold them (all for null). */
    const direct = async (code: string | null) => {
      const tree = `WITH RECURSIVE tree AS (SELECT id FROM auth.groups WHERE $1::text IS NULL OR code = $1 UNION SELECT g.id FROM auth.groups g JOIN tree t ON g.parent_id = t.id)`;
      const [signups] = await sql<{ n: number }>(`${tree} SELECT count(*)::int AS n FROM enrollment.signups WHERE status IN (0, 1) AND group_id IN (SELECT id FROM tree)`, [code]);
      const [fees] = await sql<{ paid: number; refunded: number }>(
        `${tree} SELECT COALESCE(sum(amount_fen), 0)::int AS paid, COALESCE(sum(refunded_fen), 0)::int AS refunded FROM payment.orders WHERE paid_at IS NOT NULL AND group_id IN (SELECT id FROM tree)`,
        [code],
      );
      return { signups: signups.n, ...fees };
    };
    const organisation = async (token: string) => {
      const r = await api<OrganisationFigures>('/statistics/organisation', { token });
      if (r.code !== 0) throw new Error(`organisation: ${r.code} ${r.msg}`);
      const { signups, fees, competitions } = r.data;
      return { shown: { signups: signups.total, paid: fees.paidFen, refunded: fees.refundedFen }, competitions };
    };
    // A sign-up of a competition of the college under DEMO-U1 (no demo account makes competitions there: its
    // organisation is set where the enrollment service keeps it, and the fact follows).
    const sub = await makeCompetition(admin1, { items: [['学院赛组', 100, 0]] });
    const { signup } = await signUp({ schoolId: 1 }, 0, sub);
    await sql(`UPDATE enrollment.signups SET group_id = (SELECT id FROM auth.groups WHERE code = 'DEMO-U1-CS') WHERE id = $1`, [signup.id]);
    for (const [who, code] of [['admin1', 'DEMO-U1'], ['admin2', 'DEMO-U2'], ['root', null]] as const) {
      const token = await login(who);
      const want = await direct(code);
      await waitFor(`${who}'s organisation figures`, async () => JSON.stringify((await organisation(token)).shown) === JSON.stringify(want));
      // Each competition with sign-ups, most first, adding up to the whole.
      const { competitions } = await organisation(token);
      expect(competitions.reduce((n, x) => n + x.signups, 0)).toBe(want.signups);
      expect(competitions.map((x) => x.signups)).toEqual([...competitions.map((x) => x.signups)].sort((a, b) => b - a));
      expect([competitions.some((x) => x.competitionId === c.id), competitions.some((x) => x.competitionId === sub.id)]).toEqual([who !== 'admin2', who !== 'admin2']);
    }
    // Its sign-ups one by one are the college's own, not its superior's.
    expect((await api(`/statistics/competition/rows?competitionId=${sub.id}`, { token: admin1 })).code).toBe(401);
    const file = await readExport(await api<Buffer>('/statistics/organisation/export?dimension=school', { token: admin1 }));
    expect([file.fileName, file.headers]).toEqual(['报名统计-学校-全部竞赛.xlsx', ['学校', '报名数']]);
    expect((await api('/statistics/organisation/export?dimension=shoeSize', { token: admin1 })).code).toBe(10400);
  });

  it("keeps another organisation's figures out, says what to fix on bad input, and answers zeros for a competition without sign-ups", async () => {
    const admin2 = await login('admin2');
    expect((await api(`/statistics/competition?competitionId=${c.id}`, { token: admin2 })).code).toBe(10404);
    const bad = await api('/statistics/competition?competitionId=first', { token: admin1, lang: 'en' });
    expect(bad.code).toBe(10400);
    expect(bad.msg).toMatch(/competitionId/);
    expect((await api(`/statistics/competition?competitionId=${c.id}`, { token: students[11].token })).code).not.toBe(0);
    // 数据预览: another organisation's rows are not found, ROOT's are all; a bar needs its figure; a status that does not count is refused.
    expect((await api(`/statistics/competition/rows?competitionId=${c.id}`, { token: admin2 })).code).toBe(10404);
    expect((await api<Page<FigureSignupRow>>(`/statistics/competition/rows?competitionId=${c.id}`, { token: await login('root') })).data.total).toBeGreaterThan(0);
    const noFigure = await api(`/statistics/competition/rows?competitionId=${c.id}&key=1`, { token: admin1, lang: 'en' });
    expect([noFigure.code, noFigure.msg]).toEqual([10400, 'Choose both a figure and one of its bars']);
    for (const q of ['dimension=shoeSize&key=1', 'status=2', 'payStatus=9', 'workSubmitted=maybe', 'pageSize=1000']) {
      expect([q, (await api(`/statistics/competition/rows?competitionId=${c.id}&${q}`, { token: admin1 })).code]).toEqual([q, 10400]);
    }
    const empty = await makeCompetition(admin1, {});
    const none = await figures(admin1, empty.id);
    expect([none.signups.total, none.signups.byDay, none.signups.by.school]).toEqual([0, [], []]);
    expect((await api<Page<FigureSignupRow>>(`/statistics/competition/rows?competitionId=${empty.id}`, { token: admin1 })).data).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    expect((await api(`/statistics/competition?competitionId=${empty.id}`, { token: admin2 })).code).toBe(10404);
  });

  it('catches up from where it stopped after being killed, and a rebuild from scratch shows the same figures', async () => {
    stopService('statistics', 'SIGKILL');
    await signUp({ schoolId: 3, college: '数学学院', grade: '2023级' });
    const late = await signUp({ schoolId: 1, major: '软件工程' }, 1);
    expect((await api<OrderDetail>('/finance/refund/create', { token: await login('finance1'), body: { orderId: paid[2], amountFen: 1000, reason: '停机时退款' } })).code).toBe(0);
    expect((await api('/enroll/signup/check', { token: admin1, body: { id: late.signup.id, approve: true } })).code).toBe(0);
    startService('statistics');
    await agrees(admin1, c.id);
    expect((await figures(admin1, c.id)).signups.total).toBe(9);

    const [before] = await sql<{ rebuilt_at: Date }>(`SELECT rebuilt_at FROM statistics.model_state`);
    execFileSync(process.execPath, [path.join(REPO, 'services', 'statistics', 'dist', 'rebuild.js')], { env: serviceEnv(), stdio: 'pipe' });
    const [after] = await sql<{ rebuilt_at: Date }>(`SELECT rebuilt_at FROM statistics.model_state`);
    expect(after.rebuilt_at.getTime()).toBeGreaterThan(before.rebuilt_at.getTime());
    await agrees(admin1, c.id);
  });
});

import { JSONCodec } from 'nats';
import {
  EventStream,
  EventSubject,
  NatsUser,
  type CentreData,
  type CompetitionDetail,
  type CompleteStatus,
  type EnrollMessage,
  type Page,
  type PaymentOrderPaidEvent,
  type Signup,
  type SignupCounts,
  type SignupDetail,
  type SignupListRow,
  type TeamInvitation,
  type Work,
} from '@cmp/contracts';
import { api, freshIp, login, upload } from './support/api';
import { dropStudents, FAKE_PDF, makeCompetition, makeStudents, PDF, sql, type Student } from './support/enroll';
import { natsAs, waitFor } from './support/platform';
import { expectBeijingTime, readExport } from './support/spreadsheets';

const ID = '11010519491231002X';
const profile = (n: number, extra: Record<string, unknown> = {}) => ({ realName: `队员${n}`, phone: `1390000${String(n).padStart(4, '0')}`, idNumber: ID, schoolName: '华东示范大学', ...extra });
const as = (s: Student) => ({ token: s.token, ip: freshIp() });

describe('sign-up, teams and works', () => {
  let admin1: string;
  let admin2: string;
  let c: CompetitionDetail;
  let st: Student[];

  afterAll(dropStudents);
  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    c = await makeCompetition(admin1, {
      teamMin: 3, teamMax: 3, teacherMax: 1, mode: 3,
      requiredFields: ['realName', 'phone', 'idNumber', 'school'],
      items: [['创意组', 50, 0], ['收费组', 10, 5000]],
    });
    st = await makeStudents(8);
  });

  it('takes a team of three through sign-up, invitation, details, a work, approval and export', async () => {
    const [captain, m2, m3, outsider] = st;
    const item = c.items[0].id;
    const signed = await api<Signup>('/web/enroll/signUp', {
      ...as(captain),
      body: { competitionId: c.id, itemId: item, type: 2, teamName: '闪电队', profile: profile(1), teachers: [{ name: '赵老师' }] },
    });
    expect(signed.code).toBe(0);
    expect(signed.data).toMatchObject({ competitionId: c.id, itemId: item, type: 2, teamName: '闪电队', status: 0, payStatus: 0, memberCount: 1 });
    const id = signed.data.id;

    // The invitation: a link to the public team page and the same link as a QR code.
    const qr = await api<{ inviteCode: string; link: string; qrCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${id}`, {
      ...as(captain),
      headers: { origin: 'https://contest.example.edu' },
    });
    expect(qr.code).toBe(0);
    expect(qr.data.link).toBe(`https://contest.example.edu/home/competition/team/details?inviteCode=${qr.data.inviteCode}`);
    expect(qr.data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await api(`/enroll/team/getImproveUserInfoQrCode?id=${id}`, as(outsider))).code).toBe(401);

    // Someone holding the link sees who is in the team (names masked), not their details (privacy.e2e-spec.ts).
    const preview = await api<TeamInvitation>(`/web/enroll/teamMember/list?inviteCode=${qr.data.inviteCode}`, as(m2));
    expect(preview.data).toMatchObject({ teamName: '闪电队', captainName: '队*1', memberNames: ['队*1'], placesLeft: 2 });
    expect(preview.data).not.toHaveProperty('inviteCode');

    const joined = await api<SignupDetail>('/web/enroll/team/join', { ...as(m2), body: { inviteCode: qr.data.inviteCode, profile: profile(2) } });
    expect(joined.code).toBe(0);
    expect(joined.data.members).toHaveLength(2);
    // A member may join with only a name and complete the rest later.
    expect((await api('/web/enroll/team/join', { ...as(m3), body: { inviteCode: qr.data.inviteCode, profile: { realName: '队员3' } } })).code).toBe(0);

    const status = await api<CompleteStatus>(`/web/enroll/user/complete/status?id=${id}`, as(m3));
    expect(status.data).toMatchObject({ complete: false, memberCount: 3, teamMin: 3, mine: ['phone', 'idNumber', 'school'] });
    const early = await api(`/enroll/signup/check`, { token: admin1, body: { id, approve: true }, lang: 'en' });
    expect(early.msg).toBe('The sign-up is incomplete (too few members or missing details) and cannot be approved');
    const filled = await api<CompleteStatus>('/web/enroll/member/profile', { ...as(m3), body: { id, profile: profile(3) } });
    expect(filled.data).toMatchObject({ complete: true, mine: [] });

    // The team is full at three.
    const fourth = await api('/web/enroll/team/join', { ...as(outsider), body: { inviteCode: qr.data.inviteCode }, lang: 'en' });
    expect(fourth).toMatchObject({ code: 10409, msg: 'The team is full (3 members)' });

    // A work with a file, checked by its bytes and size.
    const work = await api<Work>('/web/work/save', { ...as(m2), body: { signupId: id, title: '智能校园', summary: '一个作品' } });
    expect(work.code).toBe(0);
    const w = work.data.id;
    expect((await api('/web/work/submit', { ...as(captain), body: { id: w }, lang: 'en' })).msg).toBe('Upload the work files first');
    const up = await upload(`/web/work/file/upload?workId=${w}`, captain.token, PDF, '计划书.pdf');
    expect(up.code).toBe(0);
    const file = (up.data as Work).files[0];
    expect(file).toMatchObject({ originalName: '计划书.pdf', ext: 'pdf', contentType: 'application/pdf', size: PDF.length });
    const disguised = await upload(`/web/work/file/upload?workId=${w}`, captain.token, FAKE_PDF, 'evil.pdf', 'en');
    expect(disguised).toMatchObject({ status: 415, code: 10415, msg: 'Wrong file type: the content is ?; allowed: pdf, docx, zip' });
    const big = await upload(`/web/work/file/upload?workId=${w}`, captain.token, Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]), 'big.pdf', 'en');
    expect(big).toMatchObject({ code: 10413, msg: 'The file is too large; the limit is 1 MB' });

    const submitted = await api<Work>('/web/work/submit', { ...as(captain), body: { id: w } });
    expect(submitted.data).toMatchObject({ status: 1 });
    expect((await api('/web/work/save', { ...as(captain), body: { id: w, signupId: id, title: 'x', summary: '' }, lang: 'en' })).msg).toBe(
      'The work is submitted: withdraw it before changing it',
    );

    // Files are private: members and share-link holders download them; others learn nothing.
    const mine = await api<Buffer>(`/web/work/file?fileId=${file.id}`, as(m3));
    expect(Buffer.compare(mine.data, PDF)).toBe(0);
    expect(mine.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await api(`/web/work/file?fileId=${file.id}`, as(outsider))).code).toBe(10404);
    expect((await api(`/web/work/file?fileId=${file.id}`)).code).toBe(10404);
    const shared = await api<Work>(`/web/work/detailByShareId?shareId=${submitted.data.shareId}`);
    expect(shared.data).toMatchObject({ id: w, title: '智能校园', teamName: '闪电队' });
    expect(Buffer.compare((await api<Buffer>(`/web/work/file?fileId=${file.id}&shareId=${submitted.data.shareId}`)).data, PDF)).toBe(0);
    // Not public until the organiser publishes the works, and never through the open file route.
    expect((await api(`/works/detail?id=${w}`)).code).toBe(10404);
    expect((await api(`/file/works/0123456789abcdef0123456789abcdef.pdf`)).code).toBe(10404);

    // The personal centre of a member.
    const centre = await api<CentreData>('/web/center/data', as(m2));
    expect(centre.data.competitions.map((s) => s.id)).toContain(id);
    expect(centre.data.teams.find((t) => t.id === id)?.members).toHaveLength(3);
    expect(centre.data.works.map((x) => x.id)).toContain(w);

    // Back office: admin1 sees it, filters and approves it; admin2's organisation does not.
    const list = await api<Page<Signup>>(`/enroll/signup/page?competitionId=${c.id}&itemId=${item}&status=0&keyword=${encodeURIComponent('闪电')}`, { token: admin1 });
    expect(list.data.list.map((s) => s.id)).toEqual([id]);
    expect(list.data.list[0]).toMatchObject({ complete: true, captainName: '队员1' });
    expect((await api<Page<Signup>>(`/enroll/signup/page?competitionId=${c.id}`, { token: admin2 })).data.total).toBe(0);
    expect((await api(`/enroll/signup/detail?id=${id}`, { token: admin2 })).code).toBe(10404);
    expect((await api(`/enroll/signup/check`, { token: admin2, body: { id, approve: true } })).code).toBe(10404);
    expect((await api(`/enroll/signup/page`, { token: captain.token })).code).toBe(401);
    const approved = await api<SignupDetail>('/enroll/signup/check', { token: admin1, body: { id, approve: true } });
    expect(approved.data).toMatchObject({ status: 1, complete: true });
    const messages = await api<Page<EnrollMessage>>('/web/center/message/page', { ...as(m3), lang: 'en' });
    expect(messages.data.list[0].title).toMatch(/^Sign-up approved: /);

    const sources = await api<{ schoolName: string; count: number }[]>(`/enroll/team/source/list?competitionId=${c.id}`, { token: admin1 });
    expect(sources.data).toEqual([expect.objectContaining({ schoolName: '华东示范大学', count: 1 })]);
    const xlsx = await api<Buffer>(`/enroll/signup/export?competitionId=${c.id}`, { token: admin1, lang: 'en' });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(xlsx.data.subarray(0, 2).toString()).toBe('PK');
    const exported = await readExport(xlsx);
    expect(exported.fileName).toBe('sign-ups.xlsx');
    const [{ created_at }] = await sql<{ created_at: Date }>(`SELECT created_at FROM enrollment.signups WHERE id = $1`, [id]);
    expect(exported.rows).toEqual([expect.objectContaining({ 'Sign-up no.': id, Competition: c.nameEn })]);
    expectBeijingTime(exported.rows[0]['Signed up at (Beijing time, UTC+8)'], created_at.toISOString());

    // Public: counts and the approved participants, names shortened.
    const counts = await api<SignupCounts>(`/enroll/team/num?competitionId=${c.id}`);
    expect(counts.data).toMatchObject({ signups: 1, teams: 1, participants: 3 });
    expect(counts.data.items[0]).toMatchObject({ itemId: item, quota: 50, signups: 1, remaining: 49 });
    const site = await api<Page<{ teamName: string; members: string[] }>>(`/web/enroll/website/member/list?competitionId=${c.id}`);
    expect(site.data.list).toEqual([expect.objectContaining({ teamName: '闪电队', members: ['队**', '队**', '队**'] })]);

    // Once published, the work is public; the list's switch reads the state, only for the competition's organisers.
    expect((await api(`/enroll/work/publish?competitionId=${c.id}`, { token: admin1 })).data).toEqual({ competitionId: c.id, published: false });
    expect((await api('/enroll/work/publish', { token: admin1, body: { competitionId: c.id, published: true } })).code).toBe(0);
    expect((await api(`/enroll/work/publish?competitionId=${c.id}`, { token: admin1 })).data).toEqual({ competitionId: c.id, published: true });
    expect((await api(`/enroll/work/publish?competitionId=${c.id}`, { token: admin2 })).code).toBe(10404);
    expect((await api(`/enroll/work/publish?competitionId=${c.id}`, { token: captain.token })).code).toBe(401);
    expect((await api(`/enroll/work/publish?competitionId=abc`, { token: admin1 })).code).toBe(10400);
    expect((await api<Work>(`/works/detail?id=${w}`)).data).toMatchObject({ id: w, title: '智能校园', shareId: '' });
    const backWorks = await api<Page<Work>>(`/enroll/work/page?competitionId=${c.id}`, { token: admin1 });
    expect(backWorks.data.list.map((x) => x.id)).toEqual([w]);
    expect((await api(`/enroll/work/detail?id=${w}`, { token: admin2 })).code).toBe(10404);
  });

  it('moves a team between members: transfer, leave, remove, dissolve, and copy into another event', async () => {
    const [, , , a, b, cc] = st;
    const item = c.items[0].id;
    const t = await api<Signup>('/web/enroll/signUp', { ...as(a), body: { competitionId: c.id, itemId: item, type: 2, teamName: '变动队', profile: profile(4) } });
    const { inviteCode } = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${t.data.id}`, as(a))).data;
    await api('/web/enroll/team/join', { ...as(b), body: { inviteCode, profile: profile(5) } });
    await api('/web/enroll/team/join', { ...as(cc), body: { inviteCode, profile: profile(6) } });
    expect((await api('/web/enroll/team/leave', { ...as(a), body: { id: t.data.id }, lang: 'en' })).msg).toBe(
      'The captain cannot leave: transfer the captaincy or dissolve the team first',
    );
    const moved = await api<SignupDetail>('/web/enroll/team/transfer', { ...as(a), body: { id: t.data.id, userId: b.userId } });
    expect(moved.data).toMatchObject({ captainUserId: b.userId });
    expect((await api('/web/enroll/team/leave', { ...as(a), body: { id: t.data.id } })).code).toBe(0);
    const removed = await api<SignupDetail>('/web/enroll/team/removeMember', { ...as(b), body: { id: t.data.id, userId: cc.userId } });
    expect(removed.data.members.map((m) => m.userId)).toEqual([b.userId]);

    // The captain reuses the team for the other event: the name, advisers and remaining members come along.
    const copied = await api<Signup>('/web/enroll/copy', { ...as(b), body: { fromId: t.data.id, competitionId: c.id, itemId: c.items[1].id } });
    expect(copied.data).toMatchObject({ teamName: '变动队', itemId: c.items[1].id, memberCount: 1, payStatus: 1, feeFen: 5000 });

    expect((await api('/web/enroll/team/dissolve', { ...as(b), body: { id: t.data.id } })).code).toBe(0);
    // Dissolving frees everyone: a left member can sign up again for the event.
    expect((await api('/web/enroll/signUp', { ...as(a), body: { competitionId: c.id, itemId: item, type: 1, profile: profile(4) } })).code).toBe(0);
    const mine = await api<Signup[]>('/web/enroll/my', as(b));
    expect(mine.data.find((s) => s.id === t.data.id)).toMatchObject({ status: 3 });
    const other = await makeCompetition(admin1, { requiredFields: ['realName'] });
    expect((await api<Signup[]>(`/web/enroll/my?competitionId=${other.id}`, as(b))).data).toEqual([]);
    expect((await api<Signup[]>(`/web/enroll/my?competitionId=${c.id}`, as(b))).data.map((s) => s.competitionId)).toEqual([c.id, c.id]);
  });

  it('refuses to dissolve an approved team, saying whom to ask; an individual may still withdraw', async () => {
    const k = await makeCompetition(admin1, { teamMin: 1, teamMax: 3, requiredFields: ['realName'] });
    const [captain, mate, single] = await makeStudents(3);
    const team = await api<Signup>('/web/enroll/signUp', { ...as(captain), body: { competitionId: k.id, itemId: k.items[0].id, type: 2, teamName: '已审队', profile: profile(1) } });
    const { inviteCode } = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${team.data.id}`, as(captain))).data;
    expect((await api('/web/enroll/team/join', { ...as(mate), body: { inviteCode, profile: profile(2) } })).code).toBe(0);
    expect((await api('/enroll/signup/check', { token: admin1, body: { id: team.data.id, approve: true } })).code).toBe(0);

    const en = await api('/web/enroll/team/dissolve', { ...as(captain), body: { id: team.data.id }, lang: 'en' });
    expect(en).toMatchObject({ code: 10400, msg: 'The team is approved and can no longer be dissolved; contact the organiser to pull out' });
    // The same sign-up withdrawn by its other name is refused too, in the default language.
    const zh = await api('/web/enroll/withdraw', { ...as(captain), body: { id: team.data.id } });
    expect(zh).toMatchObject({ code: 10400, msg: '队伍已通过审核，不能再解散；如需退赛请联系组织方' });
    expect((await api<Signup[]>(`/web/enroll/my?competitionId=${k.id}`, as(captain))).data[0]).toMatchObject({ id: team.data.id, status: 1 });

    const alone = await api<Signup>('/web/enroll/signUp', { ...as(single), body: { competitionId: k.id, itemId: k.items[0].id, type: 1, profile: profile(3) } });
    expect((await api('/enroll/signup/check', { token: admin1, body: { id: alone.data.id, approve: true } })).code).toBe(0);
    expect((await api('/web/enroll/withdraw', { ...as(single), body: { id: alone.data.id } })).code).toBe(0);
  });

  it('marks a fee-paying sign-up paid once, however often payment.order.paid arrives', async () => {
    const [, , , , , , payer] = st;
    const s = await api<Signup>('/web/enroll/signUp', {
      ...as(payer),
      body: { competitionId: c.id, itemId: c.items[1].id, type: 2, teamName: '缴费队', profile: profile(7) },
    });
    expect(s.data).toMatchObject({ payStatus: 1, feeFen: 5000 });
    // As the payment service, the only one that may publish payment.order.paid.
    const nc = await natsAs(NatsUser.payment);
    try {
      const js = nc.jetstream();
      const codec = JSONCodec<PaymentOrderPaidEvent>();
      // Order ids are unique for good: the tests' NATS keeps its streams (and their duplicate window) across runs.
      const event = { orderId: `order-${Date.now()}-${s.data.id}`, signupId: s.data.id, amountFen: 5000, paidAt: new Date().toISOString() };
      // The same order twice (a redelivery), and once more under another message id (a replay). The first copy is as
      // written before money was named in fen (amountCents), as one may still wait in the stream on an upgrade.
      const { amountFen, ...rest } = event;
      await js.publish(EventSubject.paymentOrderPaid, JSONCodec().encode({ ...rest, amountCents: amountFen }), { msgID: event.orderId });
      await js.publish(EventSubject.paymentOrderPaid, codec.encode(event), { msgID: event.orderId });
      await js.publish(EventSubject.paymentOrderPaid, codec.encode(event), { msgID: `${event.orderId}-replay` });
      expect(EventStream.payment.subjects).toContain(EventSubject.paymentOrderPaid);
    } finally {
      await nc.drain();
    }
    let detail: SignupDetail | undefined;
    await waitFor('the payment to be recorded', async () => {
      detail = (await api<SignupDetail>(`/web/enroll/detail?id=${s.data.id}`, as(payer))).data;
      return detail.payStatus === 2;
    }).catch(() => undefined);
    expect(detail).toMatchObject({ payStatus: 2 });
    const [{ n, fen }] = await sql<{ n: number; fen: number }>(`SELECT count(*)::int AS n, max(amount_fen) AS fen FROM enrollment.payments WHERE signup_id = $1`, [s.data.id]);
    expect({ n, fen }).toEqual({ n: 1, fen: 5000 });
    const paidMessages = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM enrollment.messages WHERE user_id = $1 AND title_en LIKE 'Fee received%'`, [payer.userId]);
    expect(paidMessages[0].n).toBe(1);
  });

  describe('refuses bad input with a message naming what to fix', () => {
    let other: CompetitionDetail;
    let closed: CompetitionDetail;
    let people: Student[];
    beforeAll(async () => {
      [other, closed, people] = await Promise.all([
        makeCompetition(admin1, { mode: 2, teamMin: 1, teamMax: 2, teacherMax: 1, requiredFields: ['realName', 'phone', 'idNumber'] }),
        makeCompetition(admin1, { enroll: [5, 30] }),
        makeStudents(6),
      ]);
    });

    const cases: [string, Record<string, unknown>, number, string][] = [
      ['a short identity number', { type: 2, teamName: 'T', profile: profile(1, { idNumber: '11010519491231002' }) }, 10400, 'invalid ID number: must be an 18-character string'],
      ['an impossible birth date', { type: 2, teamName: 'T', profile: profile(1, { idNumber: '110105194913310021' }) }, 10400, 'invalid birth date'],
      ['a phone that is not one', { type: 2, teamName: 'T', profile: profile(1, { phone: '12345' }) }, 10400, 'Not a mobile number: 12345'],
      ['missing required details', { type: 2, teamName: 'T', profile: { realName: '甲' } }, 10400, 'Please fill in: phone, identity number'],
      ['a team without a name', { type: 2, profile: profile(1) }, 10400, 'A team sign-up needs a team name'],
      ['an individual sign-up for a team competition', { type: 1, profile: profile(1) }, 10400, 'This competition takes team sign-ups only'],
      ['too many advisers', { type: 2, teamName: 'T', profile: profile(1), teachers: [{ name: 'a' }, { name: 'b' }] }, 10400, 'At most 1 advisers'],
      ['an unknown event', { type: 2, teamName: 'T', profile: profile(1), itemId: 99999999 }, 10400, 'This competition has no event 99999999'],
      ['a field of the wrong type', { type: 2, teamName: 'T', profile: { realName: 5 } }, 10400, 'Invalid input: profile.realName must be a string'],
    ];
    it.each(cases)('%s', async (_what, body, code, msg) => {
      const r = await api('/web/enroll/signUp', { ...as(people[0]), body: { competitionId: other.id, itemId: other.items[0].id, ...body }, lang: 'en' });
      expect({ code: r.code, msg: r.msg }).toEqual({ code, msg });
    });

    it('outside the sign-up window, for an unpublished competition, twice, and for a member of another team', async () => {
      const [p1, p2, p3] = people;
      const early = await api('/web/enroll/signUp', { ...as(p1), body: { competitionId: closed.id, itemId: closed.items[0].id, type: 1, profile: profile(1) }, lang: 'en' });
      expect(early.code).toBe(10400);
      expect(early.msg).toMatch(/^Sign-up is not open now \(/);
      const draft = await makeCompetition(admin1, { publish: false });
      expect((await api('/web/enroll/signUp', { ...as(p1), body: { competitionId: draft.id, itemId: draft.items[0].id, type: 1, profile: profile(1) }, lang: 'en' })).msg).toBe(
        `No published competition ${draft.id}`,
      );
      const body = { competitionId: other.id, itemId: other.items[0].id, type: 2, teamName: '一队', profile: profile(1) };
      const first = await api<Signup>('/web/enroll/signUp', { ...as(p1), body });
      expect(first.code).toBe(0);
      expect(await api('/web/enroll/signUp', { ...as(p1), body, lang: 'en' })).toMatchObject({ code: 10409, msg: 'You have already signed up for this event' });
      const second = await api<Signup>('/web/enroll/signUp', { ...as(p2), body: { ...body, teamName: '二队', profile: profile(2) } });
      const code2 = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${second.data.id}`, as(p2))).data.inviteCode;
      // p1 already leads a team of this event: joining another is refused.
      expect(await api('/web/enroll/team/join', { ...as(p1), body: { inviteCode: code2 }, lang: 'en' })).toMatchObject({
        code: 10409,
        msg: 'You have already signed up for this event',
      });
      // Copying a team whose member is now in another team names that member.
      const code1 = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${first.data.id}`, as(p1))).data.inviteCode;
      expect((await api('/web/enroll/team/join', { ...as(p3), body: { inviteCode: code1, profile: profile(3) } })).code).toBe(0);
      const again = await makeCompetition(admin1, { mode: 2, teamMin: 1, teamMax: 2, requiredFields: ['realName'] });
      const p3elsewhere = await api('/web/enroll/signUp', { ...as(p3), body: { competitionId: again.id, itemId: again.items[0].id, type: 2, teamName: '别队', profile: profile(3) } });
      expect(p3elsewhere.code).toBe(0);
      const copy = await api('/web/enroll/copy', { ...as(p1), body: { fromId: first.data.id, competitionId: again.id, itemId: again.items[0].id }, lang: 'en' });
      expect(copy).toMatchObject({ code: 10409, msg: '队员3 is already in another team or sign-up for this event' });
      // A bad invitation code and a bad share id are refused by shape before any service sees them.
      expect((await api('/web/enroll/team/join', { ...as(p3), body: { inviteCode: 'nope' } })).code).toBe(10400);
      expect((await api('/web/work/detailByShareId?shareId=../../etc/passwd')).code).toBe(10400);
    });

    it('refuses approval of an unpaid sign-up and rejection without a reason', async () => {
      const fee = await makeCompetition(admin1, { items: [['收费', null, 100]], requiredFields: ['realName'] });
      const s = await api<Signup>('/web/enroll/signUp', { ...as(people[4]), body: { competitionId: fee.id, itemId: fee.items[0].id, type: 1, profile: profile(5) } });
      expect((await api('/enroll/signup/check', { token: admin1, body: { id: s.data.id, approve: true }, lang: 'en' })).msg).toBe('This sign-up has not been paid');
      expect((await api('/enroll/signup/check', { token: admin1, body: { id: s.data.id, approve: false }, lang: 'en' })).msg).toBe('Give a reason when rejecting');
      const rejected = await api<SignupDetail>('/enroll/signup/check', { token: admin1, body: { id: s.data.id, approve: false, reason: '材料不全' } });
      expect(rejected.data).toMatchObject({ status: 2, rejectReason: '材料不全' });
      // The organiser still sees who it was, in the detail and in the list (with its school filter by typed name).
      expect(rejected.data.members.map((m) => m.profile.realName)).toEqual(['队员5']);
      const listed = await api<Page<SignupListRow>>(`/enroll/signup/page?competitionId=${fee.id}&schoolName=${encodeURIComponent('华东示范大学')}`, { token: admin1 });
      expect(listed.data.list).toEqual([expect.objectContaining({ id: s.data.id, complete: true, status: 2 })]);
      expect((await api<Page<Signup>>(`/enroll/signup/page?competitionId=${fee.id}&schoolName=${encodeURIComponent('别的大学')}`, { token: admin1 })).data.total).toBe(0);
      // A rejected sign-up frees the person: they may sign up again.
      expect((await api('/web/enroll/signUp', { ...as(people[4]), body: { competitionId: fee.id, itemId: fee.items[0].id, type: 1, profile: profile(5) } })).code).toBe(0);
    });
  });

  it('lets members withdraw a submitted work, change its files and resubmit; marks messages read', async () => {
    const [captain, , , , , , , me] = st;
    const fresh = await makeCompetition(admin1, { requiredFields: ['realName'], files: { fileTypes: ['pdf'], maxFileMb: 1, maxFiles: 1 } });
    const s = await api<Signup>('/web/enroll/signUp', { ...as(me), body: { competitionId: fresh.id, itemId: fresh.items[0].id, type: 1, profile: profile(8) } });
    const w = (await api<Work>('/web/work/save', { ...as(me), body: { signupId: s.data.id, title: '初稿', summary: '' } })).data;
    expect((await api('/web/work/save', { ...as(me), body: { signupId: s.data.id, title: '第二个', summary: '' }, lang: 'en' })).msg).toBe('This sign-up already has a work: edit it');
    expect((await api('/web/work/save', { ...as(captain), body: { id: w.id, signupId: s.data.id, title: 'x', summary: '' } })).code).toBe(401);
    const first = (await upload(`/web/work/file/upload?workId=${w.id}`, me.token, PDF, 'a.pdf')).data as Work;
    expect((await upload(`/web/work/file/upload?workId=${w.id}`, me.token, PDF, 'b.pdf', 'en')).msg).toBe('At most 1 files per work');
    await api('/web/work/submit', { ...as(me), body: { id: w.id } });
    expect((await api('/web/work/file/delete', { ...as(me), body: { workId: w.id, fileId: first.files[0].id }, lang: 'en' })).msg).toBe(
      'The work is submitted: withdraw it before changing it',
    );
    expect((await api<Work>('/web/work/withdraw', { ...as(me), body: { id: w.id } })).data).toMatchObject({ status: 0, submittedAt: null });
    expect((await api('/web/work/file/delete', { ...as(me), body: { workId: w.id, fileId: first.files[0].id } })).code).toBe(0);
    // The deleted file's bytes are gone with it.
    expect((await api(`/web/work/file?fileId=${first.files[0].id}`, as(me))).code).toBe(10404);
    const again = (await upload(`/web/work/file/upload?workId=${w.id}`, me.token, PDF, 'c.pdf')).data as Work;
    expect(again.files.map((f) => f.originalName)).toEqual(['c.pdf']);
    const saved = await api<Work>('/web/work/save', { ...as(me), body: { id: w.id, signupId: s.data.id, title: '定稿', summary: '说明' } });
    expect(saved.data).toMatchObject({ title: '定稿', summary: '说明' });
    expect((await api<Work>('/web/work/submit', { ...as(me), body: { id: w.id } })).data.status).toBe(1);
    expect((await api<Work[]>('/web/work/my', as(me))).data.map((x) => x.id)).toContain(w.id);
    expect((await api<Work>(`/web/work/detail?id=${w.id}`, { token: admin1 })).data.files).toHaveLength(1);

    // Messages: the approval arrives unread and can be marked read.
    await api('/enroll/signup/check', { token: admin1, body: { id: s.data.id, approve: true } });
    expect((await api<CentreData>('/web/center/data', as(me))).data.unreadMessages).toBe(1);
    expect((await api('/web/center/message/read', { ...as(me), body: {} })).code).toBe(0);
    const after = await api<CentreData>('/web/center/data', as(me));
    expect(after.data.unreadMessages).toBe(0);
    expect(after.data).toMatchObject({ rewards: [], studies: [] });
    // An approved sign-up is fixed: members can no longer leave or be added.
    expect((await api('/web/enroll/withdraw', { ...as(me), body: { id: s.data.id } })).code).toBe(0);
  });

  it("follows the organiser's changes at once: a raised quota, a fee, a closed window", async () => {
    const k = await makeCompetition(admin1, { mode: 1, items: [['变更组', 1, 0]], requiredFields: ['realName'] });
    const people = await makeStudents(4);
    const signUp = (s: Student) => api<Signup>('/web/enroll/signUp', { ...as(s), lang: 'en', body: { competitionId: k.id, itemId: k.items[0].id, type: 1, profile: profile(9) } });
    expect((await signUp(people[0])).code).toBe(0);
    expect((await signUp(people[1])).msg).toBe('This event is full');
    const item = { competitionId: k.id, id: k.items[0].id, name: '变更组', quota: 2, feeFen: 300, orderNum: 0 };
    expect((await api('/competition/item/save', { token: admin1, body: item })).code).toBe(0);
    expect((await signUp(people[1])).data).toMatchObject({ payStatus: 1, feeFen: 300 });
    expect((await signUp(people[2])).msg).toBe('This event is full');
    // Lowered below the places taken: nobody loses theirs, and a place given back is not offered again.
    expect((await api('/competition/item/save', { token: admin1, body: { ...item, quota: 1 } })).code).toBe(0);
    const first = (await api<Signup[]>('/web/enroll/my', as(people[0]))).data[0];
    expect((await api('/web/enroll/withdraw', { ...as(people[0]), body: { id: first.id } })).code).toBe(0);
    expect((await signUp(people[2])).msg).toBe('This event is full');
    const [{ rows }] = await sql<{ rows: number }>(`SELECT count(*)::int AS rows FROM enrollment.event_slots WHERE item_id = $1`, [k.items[0].id]);
    expect(rows).toBe(1);
    const window = { competitionId: k.id, startAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), endAt: new Date(Date.now() - 86_400_000).toISOString(), mode: 1, teamMin: 1, teamMax: 1, teacherMax: 0, requiredFields: ['realName'] };
    expect((await api('/competition/enroll/setting/save', { token: admin1, body: window })).code).toBe(0);
    expect((await signUp(people[3])).msg).toMatch(/^Sign-up is not open now/);
  });

  it("accepts a work file up to the event's own limit, above the gateway's general upload limit", async () => {
    const big = await makeCompetition(admin1, { mode: 1, requiredFields: ['realName'], files: { fileTypes: ['pdf'], maxFileMb: 8, maxFiles: 1 } });
    const [s] = await makeStudents(1);
    const signed = await api<Signup>('/web/enroll/signUp', { ...as(s), body: { competitionId: big.id, itemId: big.items[0].id, type: 1, profile: profile(10) } });
    const w = (await api<Work>('/web/work/save', { ...as(s), body: { signupId: signed.data.id, title: '大文件', summary: '' } })).data;
    // 6 MB: more than UPLOAD_LIMIT_BYTES (5 MB, spreadsheets and images), less than the event's 8 MB.
    const file = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
    const up = await upload(`/web/work/file/upload?workId=${w.id}`, s.token, file, 'big.pdf');
    expect(up.code).toBe(0);
    expect((up.data as Work).files[0].size).toBe(file.length);
  });

  it('answers unknown and unpublished things with 10404', async () => {
    expect((await api('/enroll/team/num?competitionId=99999999')).code).toBe(10404);
    expect((await api('/web/enroll/website/member/list?competitionId=99999999')).code).toBe(10404);
    expect((await api('/web/work/detailByShareId?shareId=0123456789abcdef0123456789abcdef')).code).toBe(10404);
    expect((await api('/web/enroll/detail?id=99999999', as(st[0]))).code).toBe(10404);
    expect((await api('/web/enroll/team/join', { ...as(st[0]), body: { inviteCode: '0123456789abcdef0123456789abcdef' } })).code).toBe(10404);
    expect((await api('/web/enroll/signUp', { body: { competitionId: c.id, itemId: c.items[0].id, type: 1, profile: {} } })).code).toBe(11000);
  });

  it('keeps the personal details for the next form and checks them', async () => {
    const me = st[7];
    expect((await api('/web/user/detail/save', { ...as(me), body: { idNumber: '123' }, lang: 'en' })).msg).toBe('invalid ID number: must be an 18-character string');
    const saved = await api<{ profile: Record<string, unknown> }>('/web/user/detail/save', { ...as(me), body: { realName: '存档', idNumber: ID } });
    expect(saved.data.profile).toMatchObject({ realName: '存档', idNumber: ID, gender: 2 });
    expect((await api<{ username: string }>('/web/user/detail', as(me))).data).toMatchObject({ username: me.username, profile: { realName: '存档' } });
  });
});

import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as jwt from 'jsonwebtoken';
import { Client } from 'pg';
import type { CompetitionDetail, Identity } from '@cmp/contracts';
import { api, redis } from './api';
import { DATABASE_URL, REPO } from './platform';

export const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

export interface Student {
  userId: number;
  username: string;
  token: string;
}

/** The JWT secret the platform under test uses (infra/ensure-env.js wrote it into the repo's .env). */
function jwtSecret(): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const line = fs.readFileSync(path.join(REPO, '.env'), 'utf8').split('\n').find((l) => l.startsWith('JWT_SECRET='));
  if (!line) throw new Error('no JWT_SECRET in .env');
  return line.slice('JWT_SECRET='.length).trim();
}

/**
 * Many student accounts at once, for the concurrency tests: rows in auth.users like student1's (same
 * organisation and password) and a session each, opened the way the auth service opens one (a Redis
 * session and an HS256 token naming it). Logging hundreds in one by one would spend the test's time
 * hashing passwords; the gateway still checks every token and session as usual.
 */
const made: number[] = [];

export async function makeStudents(n: number, prefix = `rush${Date.now().toString(36)}`): Promise<Student[]> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  let rows: { id: number; username: string; groupId: number; createdAt: Date }[];
  try {
    ({ rows } = await db.query(
      `WITH made AS (
         INSERT INTO auth.users (group_id, username, password_hash, real_name)
         SELECT u.group_id, $1 || g, u.password_hash, '测试学生' || g FROM auth.users u, generate_series(1, $2::int) g WHERE u.username = 'student1'
         RETURNING id, username, group_id, created_at)
       SELECT id, username, group_id AS "groupId", created_at AS "createdAt" FROM made ORDER BY id`,
      [prefix, n],
    ));
    await db.query(`INSERT INTO auth.user_roles (user_id, role_id) SELECT u, r.id FROM unnest($1::int[]) u, auth.roles r WHERE r.key = 'student'`, [
      rows.map((r) => r.id),
    ]);
  } finally {
    await db.end();
  }
  made.push(...rows.map((u) => u.id));
  const r = redis();
  const secret = jwtSecret();
  try {
    const pipe = r.pipeline();
    const students = rows.map((u) => {
      const sessionId = randomUUID();
      const identity: Identity = { userId: u.id, username: u.username, groupId: u.groupId, roleKeys: ['student'], permissions: [], sessionId, createdAt: u.createdAt.toISOString() };
      pipe.set(`sess:${sessionId}`, JSON.stringify(identity), 'EX', 3600);
      return { userId: u.id, username: u.username, token: jwt.sign({ sub: String(u.id) }, secret, { algorithm: 'HS256', expiresIn: 3600, jwtid: sessionId }) };
    });
    await pipe.exec();
    return students;
  } finally {
    r.disconnect();
  }
}

/**
 * Soft-deletes the accounts makeStudents made (call in afterAll): hundreds of them would otherwise fill the
 * first pages of the user lists other test files read. Their sign-ups stay; the enrollment service keeps
 * its own rows whatever happens to an account.
 */
export async function dropStudents(): Promise<void> {
  if (!made.length) return;
  await sql(`UPDATE auth.users SET deleted_at = now() WHERE id = ANY($1::int[])`, [made.splice(0)]);
}

export interface CompetitionOptions {
  name?: string;
  /** Default: the name followed by " EN". */
  nameEn?: string;
  mode?: 1 | 2 | 3;
  teamMin?: number;
  teamMax?: number;
  teacherMax?: number;
  schoolQuota?: number | null;
  requiredFields?: string[];
  /** [name, quota, feeFen, nameEn?] per event. */
  items?: [string, number | null, number, string?][];
  enroll?: [number, number];
  submit?: [number, number] | null;
  files?: { fileTypes: string[]; maxFileMb: number; maxFiles: number };
  publish?: boolean;
}

/** A published competition of the organiser's, set up the way the back-office wizard does it. */
export async function makeCompetition(token: string, o: CompetitionOptions = {}): Promise<CompetitionDetail> {
  const name = o.name ?? `报名测试赛 ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const ok = <T>(r: { code: number; msg: string; data: T }, what: string) => {
    if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
    return r.data;
  };
  const c = ok(await api<CompetitionDetail>('/competition/info/add', { token, body: { name, nameEn: o.nameEn ?? `${name} EN`, year: 2026, summary: '报名测试' } }), 'add');
  for (const [i, [item, quota, feeFen, nameEn]] of (o.items ?? [['A组', 100, 0]]).entries()) {
    ok(await api('/competition/item/save', { token, body: { competitionId: c.id, name: item, quota, feeFen, orderNum: i, ...(nameEn ? { nameEn } : {}) } }), 'item');
  }
  const [start, end] = o.enroll ?? [-1, 30];
  let detail = ok(
    await api<CompetitionDetail>('/competition/enroll/setting/save', {
      token,
      body: {
        competitionId: c.id, startAt: day(start), endAt: day(end), mode: o.mode ?? 3, teamMin: o.teamMin ?? 1, teamMax: o.teamMax ?? 3,
        teacherMax: o.teacherMax ?? 2, schoolQuota: o.schoolQuota ?? null, requiredFields: o.requiredFields ?? ['realName'],
      },
    }),
    'enroll setting',
  );
  if (o.submit !== null) {
    const [s, e] = o.submit ?? [-1, 40];
    const files = o.files ?? { fileTypes: ['pdf', 'docx', 'zip'], maxFileMb: 1, maxFiles: 2 };
    detail = ok(
      await api<CompetitionDetail>('/competition/workSub/setting/save', {
        token,
        body: { competitionId: c.id, startAt: day(s), endAt: day(e), items: detail.items.map((i) => ({ itemId: i.id, ...files })) },
      }),
      'work setting',
    );
  }
  if (o.publish !== false) detail = ok(await api<CompetitionDetail>('/competition/info/publish', { token, body: { id: c.id } }), 'publish');
  return detail;
}

/** A plain query against the tests' database (for counting rows behind the API's answers). */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** A minimal real PDF, and an HTML page pretending to be one. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const FAKE_PDF = Buffer.from('<html><script>alert(1)</script></html>');

export interface ApprovedOptions {
  /** Members after the first (the captain); a team sign-up when given. */
  team?: { name: string; members: Student[] };
  realName: string;
  teachers?: string[];
  workTitle?: string;
  /** Leave it pending instead of approving it. */
  pending?: boolean;
}

/**
 * A sign-up of `captain` to the competition's first event, joined by the team's members, with a work if asked,
 * approved by the organiser `admin` (unless pending): the sign-ups certificate winners are picked from.
 */
export async function approvedSignup(admin: string, c: CompetitionDetail, captain: Student, o: ApprovedOptions): Promise<number> {
  const as = (s: Student) => ({ token: s.token, ip: `2001:db8::${s.userId.toString(16)}` });
  const ok = <T>(r: { code: number; msg: string; data: T }, what: string) => {
    if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
    return r.data;
  };
  const body = {
    competitionId: c.id, itemId: c.items[0].id, type: o.team ? 2 : 1, teamName: o.team?.name,
    profile: { realName: o.realName, schoolName: '华东示范大学' }, teachers: (o.teachers ?? []).map((name) => ({ name })),
  };
  const s = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as(captain), body }), 'sign up');
  if (o.team?.members.length) {
    const { inviteCode } = ok(await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${s.id}`, as(captain)), 'invite');
    for (const [i, m] of o.team.members.entries()) {
      ok(await api('/web/enroll/team/join', { ...as(m), body: { inviteCode, profile: { realName: `${o.realName}队友${i + 1}` } } }), 'join');
    }
  }
  if (o.workTitle) ok(await api('/web/work/save', { ...as(captain), body: { signupId: s.id, title: o.workTitle, summary: '' } }), 'work');
  if (!o.pending) ok(await api('/enroll/signup/check', { token: admin, body: { id: s.id, approve: true } }), 'approve');
  return s.id;
}

import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, inScope, isUniqueViolation, likePattern, pageOf, Scopes } from '@cmp/common';
import {
  hasAnyPermission,
  Perm,
  PayStatus,
  SignupStatus,
  translate,
  WORK_FILE_TYPES,
  WorkStatus,
  type Page,
  type RpcRequest,
  type Work,
  type WorkFileAccess,
  type WorkFileAddPayload,
  type WorkPageQuery,
  type WorkPublication,
  type WorkSavePayload,
  type WorkUploadPolicy,
  type ReviewCandidateWork,
} from '@cmp/contracts';
import { CompetitionSettings, type Settings } from '../settings/competition-settings';
import { changed, loadSignup } from '../signup/signup.sql';

/** File rules of an event the organiser did not set up: every type, 50 MB, 5 files. */
const DEFAULT_FILES = { fileTypes: [...WORK_FILE_TYPES], maxFileMb: 50, maxFiles: 5 };

const WORK_COLUMNS = `w.id::int AS id, w.signup_id::int AS "signupId", w.competition_id AS "competitionId", s.competition_name AS "competitionName",
  s.competition_name_en AS "competitionNameEn", w.item_id AS "itemId", s.item_name AS "itemName", s.item_name_en AS "itemNameEn", s.team_name AS "teamName", w.title, w.summary, w.status, w.share_id AS "shareId",
  w.submitted_at AS "submittedAt", w.updated_at AS "updatedAt",
  COALESCE((SELECT json_agg(json_build_object('id', f.id, 'originalName', f.original_name, 'size', f.size, 'contentType', f.content_type,
     'ext', f.ext, 'createdAt', f.created_at) ORDER BY f.id) FROM work_files f WHERE f.work_id = w.id), '[]') AS files`;

interface WorkRow extends Work {
  groupId: number;
}

const fmt = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/** Works of sign-ups: members edit them until the submission window closes; organisers read them. */
@Injectable()
export class WorkService {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: CompetitionSettings,
    private readonly scopes: Scopes,
  ) {}

  private async load(m: EntityManager, where: string, params: unknown[]): Promise<WorkRow | undefined> {
    const [w] = await m.query(`SELECT ${WORK_COLUMNS}, w.group_id AS "groupId" FROM works w JOIN signups s ON s.id = w.signup_id WHERE ${where}`, params);
    return w;
  }

  private async byId(id: number): Promise<WorkRow> {
    const w = await this.load(this.ds.manager, 'w.id = $1', [id]);
    if (!w) throw AppError.notFound('work.notFound', { id });
    return w;
  }

  private async isMember(signupId: number, userId: number): Promise<boolean> {
    const rows = await this.ds.query(`SELECT 1 FROM signup_members WHERE signup_id = $1 AND user_id = $2 AND active`, [signupId, userId]);
    return rows.length > 0;
  }

  private assertWindow(s: Settings): void {
    const { startAt, endAt } = s.workSubmit;
    const now = Date.now();
    if (!startAt || !endAt || now < Date.parse(startAt) || now > Date.parse(endAt)) {
      throw AppError.badRequest('work.notOpen', { start: fmt(startAt), end: fmt(endAt) });
    }
  }

  /** The caller is a member, the sign-up is alive and paid, and the submission window is open. */
  private async editable(req: RpcRequest, signupId: number): Promise<Settings> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, signupId);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: signupId });
    if (!(await this.isMember(s.id, me.userId))) throw AppError.noAccess('enroll.notMember');
    if (s.status !== SignupStatus.pending && s.status !== SignupStatus.approved) {
      throw AppError.badRequest('work.signupClosed', { status: translate(`enroll.status.${s.status}`, req.meta.lang) });
    }
    if (s.payStatus === PayStatus.unpaid) throw AppError.badRequest('enroll.unpaid');
    const settings = await this.settings.get(s.competitionId, req.meta);
    this.assertWindow(settings);
    return settings;
  }

  async save(req: RpcRequest<WorkSavePayload>): Promise<Work> {
    const p = req.payload;
    if (p.id) {
      const w = await this.byId(p.id);
      await this.editable(req, w.signupId);
      const done = await changed(this.ds.manager, `UPDATE works SET title = $2, summary = $3, updated_at = now() WHERE id = $1 AND status = ${WorkStatus.draft} RETURNING id`, [
        w.id,
        p.title.trim(),
        p.summary ?? '',
      ]);
      if (!done.length) throw AppError.badRequest('work.submitted');
      return this.byId(w.id);
    }
    await this.editable(req, p.signupId);
    const s = (await loadSignup(this.ds.manager, p.signupId))!;
    try {
      const [{ id }] = await this.ds.query(
        `INSERT INTO works (signup_id, competition_id, item_id, group_id, title, summary, share_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
        [s.id, s.competitionId, s.itemId, s.groupId, p.title.trim(), p.summary ?? '', randomBytes(16).toString('hex')],
      );
      return this.byId(id);
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict('work.exists');
      throw e;
    }
  }

  async submit(req: RpcRequest<{ id: number }>): Promise<Work> {
    const w = await this.byId(req.payload.id);
    await this.editable(req, w.signupId);
    if (w.status === WorkStatus.submitted) return w;
    const done = await changed(
      this.ds.manager,
      `UPDATE works SET status = ${WorkStatus.submitted}, submitted_at = now(), updated_at = now() WHERE id = $1 AND status = ${WorkStatus.draft} AND file_count > 0 RETURNING id`,
      [w.id],
    );
    if (!done.length) throw AppError.badRequest('work.noFiles');
    return this.byId(w.id);
  }

  async withdraw(req: RpcRequest<{ id: number }>): Promise<Work> {
    const w = await this.byId(req.payload.id);
    await this.editable(req, w.signupId);
    if (w.status !== WorkStatus.submitted) throw AppError.badRequest('work.notSubmitted');
    await this.ds.query(`UPDATE works SET status = ${WorkStatus.draft}, submitted_at = NULL, updated_at = now() WHERE id = $1`, [w.id]);
    return this.byId(w.id);
  }

  /** For members and for organisers of the competition's organisation. */
  async get(req: RpcRequest<{ id: number }>): Promise<Work> {
    const me = callerOf(req);
    const w = await this.byId(req.payload.id);
    if (!(await this.isMember(w.signupId, me.userId))) await this.assertOrganiser(req, w);
    return strip(w);
  }

  async mine(req: RpcRequest): Promise<Work[]> {
    const me = callerOf(req);
    const rows: WorkRow[] = await this.ds.query(
      `SELECT ${WORK_COLUMNS} FROM works w JOIN signups s ON s.id = w.signup_id
       WHERE w.signup_id IN (SELECT signup_id FROM signup_members WHERE user_id = $1 AND active) ORDER BY w.id DESC LIMIT 200`,
      [me.userId],
    );
    return rows;
  }

  /** What the gateway may accept for this work before it reads the upload. */
  async uploadPolicy(req: RpcRequest<{ workId: number }>): Promise<WorkUploadPolicy> {
    const w = await this.byId(req.payload.workId);
    const s = await this.editable(req, w.signupId);
    if (w.status !== WorkStatus.draft) throw AppError.badRequest('work.submitted');
    const rules = s.workSubmit.items.find((i) => i.itemId === w.itemId) ?? DEFAULT_FILES;
    if (w.files.length >= rules.maxFiles) throw AppError.badRequest('work.tooManyFiles', { max: rules.maxFiles });
    return { workId: w.id, fileTypes: rules.fileTypes, maxBytes: rules.maxFileMb * 1024 * 1024, maxFiles: rules.maxFiles, fileCount: w.files.length };
  }

  /** Records a stored file; the count is checked again by a conditional update, so racing uploads cannot pass the limit. */
  async fileAdd(req: RpcRequest<WorkFileAddPayload>): Promise<Work> {
    const p = req.payload;
    const policy = await this.uploadPolicy({ ...req, payload: { workId: p.workId } });
    if (!policy.fileTypes.includes(p.ext as never)) throw AppError.badRequest('work.fileType', { actual: p.ext, allowed: policy.fileTypes.join(', ') });
    await this.ds.transaction(async (m) => {
      const ok = await changed(
        m,
        `UPDATE works SET file_count = file_count + 1, updated_at = now() WHERE id = $1 AND status = ${WorkStatus.draft} AND file_count < $2 RETURNING id`,
        [p.workId, policy.maxFiles],
      );
      if (!ok.length) throw AppError.badRequest('work.tooManyFiles', { max: policy.maxFiles });
      await m.query(`INSERT INTO work_files (work_id, stored_name, original_name, size, content_type, ext) VALUES ($1, $2, $3, $4, $5, $6)`, [
        p.workId,
        p.storedName,
        p.originalName.slice(0, 200),
        p.size,
        p.contentType,
        p.ext,
      ]);
    });
    return this.byId(p.workId);
  }

  /** Removes a file of a draft work; answers the stored name so the gateway deletes the bytes. */
  async fileDelete(req: RpcRequest<{ workId: number; fileId: number }>): Promise<{ storedName: string }> {
    const w = await this.byId(req.payload.workId);
    await this.editable(req, w.signupId);
    if (w.status !== WorkStatus.draft) throw AppError.badRequest('work.submitted');
    return this.ds.transaction(async (m) => {
      const [row] = await changed<{ storedName: string }>(m, `DELETE FROM work_files WHERE id = $1 AND work_id = $2 RETURNING stored_name AS "storedName"`, [
        req.payload.fileId,
        w.id,
      ]);
      if (!row) throw AppError.notFound('work.fileNotFound');
      await m.query(`UPDATE works SET file_count = file_count - 1, updated_at = now() WHERE id = $1`, [w.id]);
      return row;
    });
  }

  /**
   * Whether a file may be downloaded: by the holder of the work's share id, by the team's members, by
   * organisers of the competition's organisation, and by anyone once the organiser published the works.
   */
  async fileAccess(req: RpcRequest<{ fileId: number; shareId?: string }>): Promise<WorkFileAccess> {
    const [f] = await this.ds.query(
      `SELECT f.stored_name AS "storedName", f.original_name AS "originalName", f.content_type AS "contentType", w.id::int AS "workId",
              w.share_id AS "shareId", w.signup_id::int AS "signupId", w.status, COALESCE(p.published, false) AS published
       FROM work_files f JOIN works w ON w.id = f.work_id LEFT JOIN work_publications p ON p.competition_id = w.competition_id WHERE f.id = $1`,
      [req.payload.fileId],
    );
    if (!f) throw AppError.notFound('work.fileNotFound');
    const out = { storedName: f.storedName, originalName: f.originalName, contentType: f.contentType };
    if (req.payload.shareId && req.payload.shareId === f.shareId) return out;
    if (f.published && f.status === WorkStatus.submitted) return out;
    if (!req.identity) throw AppError.notFound('work.fileNotFound');
    if (await this.isMember(f.signupId, req.identity.userId)) return out;
    const w = await this.byId(f.workId);
    await this.assertOrganiser(req, w);
    return out;
  }

  /** The read-only view behind a share link. */
  async byShareId(req: RpcRequest<{ shareId: string }>): Promise<Work> {
    const w = await this.load(this.ds.manager, 'w.share_id = $1', [req.payload.shareId]);
    if (!w) throw AppError.notFound('work.notFound', { id: req.payload.shareId });
    return strip(w);
  }

  /** /works/detail: a submitted work of a competition whose works the organiser published. */
  async publicDetail(req: RpcRequest<{ id: number }>): Promise<Work> {
    const w = await this.load(
      this.ds.manager,
      `w.id = $1 AND w.status = ${WorkStatus.submitted} AND EXISTS (SELECT 1 FROM work_publications p WHERE p.competition_id = w.competition_id AND p.published)`,
      [req.payload.id],
    );
    if (!w) throw AppError.notFound('work.notPublic');
    const { shareId: _s, ...shown } = strip(w);
    return { ...shown, shareId: '' };
  }

  async page(req: RpcRequest<WorkPageQuery>): Promise<Page<Work>> {
    const scope = await this.scopes.of(req);
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = `($1::int[] IS NULL OR w.group_id = ANY($1)) AND ($2::int IS NULL OR w.competition_id = $2) AND ($3::int IS NULL OR w.item_id = $3)
      AND ($4::int IS NULL OR w.status = $4) AND ($5::text IS NULL OR w.title ILIKE $5 OR s.team_name ILIKE $5)`;
    const params = [scope, q.competitionId ?? null, q.itemId ?? null, q.status ?? null, likePattern(q.keyword)];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${WORK_COLUMNS} FROM works w JOIN signups s ON s.id = w.signup_id WHERE ${where} ORDER BY w.id DESC LIMIT $6 OFFSET $7`, [
        ...params,
        pageSize,
        offset,
      ]),
      this.ds.query(`SELECT count(*)::int AS total FROM works w JOIN signups s ON s.id = w.signup_id WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  async detail(req: RpcRequest<{ id: number }>): Promise<Work> {
    const w = await this.byId(req.payload.id);
    await this.assertOrganiser(req, w);
    return strip(w);
  }

  /**
   * Submitted works of the caller's competition (some events, or all) with every identity the platform knows of
   * their people: accounts, member profile and account-profile phones and e-mails, advisers' phones and e-mails,
   * schools. The review service builds its conflicts of interest from them.
   */
  async reviewCandidates(req: RpcRequest<{ competitionId: number; itemIds: number[] }>): Promise<ReviewCandidateWork[]> {
    const scope = await this.scopes.of(req);
    const { competitionId, itemIds } = req.payload;
    return this.ds.query(
      `SELECT w.id::int AS "workId", w.signup_id::int AS "signupId", w.item_id AS "itemId", w.title, w.group_id AS "groupId",
         CASE WHEN s.school_id IS NULL THEN '{}'::int[] ELSE ARRAY[s.school_id] END AS "schoolIds",
         CASE WHEN s.school_name IS NULL THEN '{}'::text[] ELSE ARRAY[s.school_name] END AS "schoolNames",
         COALESCE((SELECT array_agg(DISTINCT m.user_id) FROM signup_members m WHERE m.signup_id = s.id AND m.active), '{}') AS "memberUserIds",
         ARRAY(SELECT DISTINCT lower(trim(v)) FROM (
           SELECT m.profile->>'phone' AS v FROM signup_members m WHERE m.signup_id = s.id AND m.active
           UNION ALL SELECT p.profile->>'phone' FROM signup_members m JOIN profiles p ON p.user_id = m.user_id WHERE m.signup_id = s.id AND m.active
           UNION ALL SELECT t->>'phone' FROM jsonb_array_elements(s.teachers) t) x WHERE coalesce(trim(v), '') <> '') AS phones,
         ARRAY(SELECT DISTINCT lower(trim(v)) FROM (
           SELECT m.profile->>'email' AS v FROM signup_members m WHERE m.signup_id = s.id AND m.active
           UNION ALL SELECT p.profile->>'email' FROM signup_members m JOIN profiles p ON p.user_id = m.user_id WHERE m.signup_id = s.id AND m.active
           UNION ALL SELECT t->>'email' FROM jsonb_array_elements(s.teachers) t) x WHERE coalesce(trim(v), '') <> '') AS emails,
         ARRAY(SELECT t->>'name' FROM jsonb_array_elements(s.teachers) t) AS "adviserNames",
         ARRAY(SELECT COALESCE(NULLIF(m.profile->>'realName', ''), '') FROM signup_members m WHERE m.signup_id = s.id AND m.active ORDER BY m.id) AS "memberNames",
         s.item_name AS "itemName", s.item_name_en AS "itemNameEn",
         COALESCE((SELECT json_agg(json_build_object('id', f.id::int, 'originalName', f.original_name, 'contentType', f.content_type,
           'storedName', f.stored_name, 'size', f.size) ORDER BY f.id) FROM work_files f WHERE f.work_id = w.id), '[]') AS files
       FROM works w JOIN signups s ON s.id = w.signup_id
       WHERE w.competition_id = $1 AND w.status = ${WorkStatus.submitted} AND ($2::int[] IS NULL OR w.group_id = ANY($2))
         AND (cardinality($3::int[]) = 0 OR w.item_id = ANY($3))
       ORDER BY w.id`,
      [competitionId, scope, itemIds],
    );
  }

  /** Whether a competition's works are published (never published reads as false). */
  async publication(req: RpcRequest<{ competitionId: number }>): Promise<WorkPublication> {
    const s = await this.organisersCompetition(req, req.payload.competitionId);
    const [row] = await this.ds.query(`SELECT published FROM work_publications WHERE competition_id = $1`, [s.id]);
    return { competitionId: s.id, published: row?.published === true };
  }

  /** Publishes (or hides) a competition's submitted works on the public site. */
  async publish(req: RpcRequest<{ competitionId: number; published: boolean }>): Promise<WorkPublication> {
    const s = await this.organisersCompetition(req, req.payload.competitionId);
    await this.ds.query(
      `INSERT INTO work_publications (competition_id, group_id, published) VALUES ($1, $2, $3)
       ON CONFLICT (competition_id) DO UPDATE SET published = EXCLUDED.published, updated_at = now()`,
      [s.id, s.groupId, req.payload.published],
    );
    return { competitionId: s.id, published: req.payload.published };
  }

  /** The settings of a competition of the caller's organisations; others are answered as not found. */
  private async organisersCompetition(req: RpcRequest, competitionId: number): Promise<Settings> {
    const s = await this.settings.get(competitionId, req.meta);
    if (!inScope(await this.scopes.of(req), s.groupId)) throw AppError.notFound('enroll.notPublished', { id: s.id });
    return s;
  }

  /** Organisers with work:list of the competition's organisation (or above it); others learn nothing. */
  private async assertOrganiser(req: RpcRequest, w: WorkRow): Promise<void> {
    if (!hasAnyPermission(callerOf(req), [Perm.workList])) throw AppError.notFound('work.notFound', { id: w.id });
    if (!inScope(await this.scopes.of(req), w.groupId)) throw AppError.notFound('work.notFound', { id: w.id });
  }
}

function strip(w: WorkRow): Work {
  const { groupId: _g, ...work } = w;
  return work;
}

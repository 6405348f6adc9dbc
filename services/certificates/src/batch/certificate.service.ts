import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, inScope, likePattern, pageOf, Scopes } from '@cmp/common';
import {
  hasAnyPermission,
  maskName,
  Perm,
  traceUrl,
  type CertificateFileRef,
  type CertificateQuery,
  type CertificateSearchHit,
  type CertificateSearchQuery,
  type IssuedCertificate,
  type MyCertificate,
  type Page,
  type PageQuery,
  type Recipient,
  type RpcRequest,
  type TraceResult,
} from '@cmp/contracts';
import { newTraceToken } from '../numbering/assign-numbers';
import { enqueueBatch, RENDER_QUEUE, type RenderQueue } from '../queue';
import { BatchService, recipientProblems } from './batch.service';

interface CertRow {
  id: number;
  batch_id: number;
  group_id: number;
  position: number;
  holder_name: string;
  username: string | null;
  award_name: string;
  values: Record<string, string>;
  counter_key: string | null;
  seq: number | null;
  number: string | null;
  token: string;
  status: IssuedCertificate['status'];
  error: string | null;
  pdf_path: string | null;
  png_path: string | null;
  rendered_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  replaced_by: number | null;
  signup_id: string | null;
}

const FILE_BASE = '/prod-api/certificate/file';
export const fileUrls = (id: number, rendered: boolean) => ({
  pdfUrl: rendered ? `${FILE_BASE}/${id}/pdf` : null,
  pngUrl: rendered ? `${FILE_BASE}/${id}/png` : null,
});

/** `publicUrl`: the batch's QR base (set when issued); the trace link is what the printed QR code opens. */
const toIssued = (r: CertRow, sentAt: Date | null, publicUrl: string | null = null): IssuedCertificate => ({
  id: r.id,
  batchId: r.batch_id,
  holderName: r.holder_name,
  username: r.username,
  awardName: r.award_name,
  values: r.values,
  number: r.number,
  status: r.revoked_at ? 'revoked' : r.status,
  error: r.error,
  revokedReason: r.revoked_reason,
  replacedBy: r.replaced_by,
  sentAt: sentAt ? sentAt.toISOString() : null,
  ...fileUrls(r.id, !!r.pdf_path),
  traceLink: publicUrl && r.number ? traceUrl(publicUrl, r.token) : null,
});

/** Single certificates: lists, revoke and reissue, downloads, the holder's list and the public trace. */
@Injectable()
export class CertificateService {
  constructor(
    private readonly ds: DataSource,
    private readonly batches: BatchService,
    private readonly scopes: Scopes,
    @Inject(RENDER_QUEUE) private readonly queue: RenderQueue,
  ) {}

  async page(req: RpcRequest<CertificateQuery>): Promise<Page<IssuedCertificate>> {
    const q = req.payload;
    const b = await this.batches.load(req, q.batchId);
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = ['batch_id = $1'];
    const args: unknown[] = [b.id];
    if (q.status === 'revoked') where.push('revoked_at IS NOT NULL');
    else if (q.status) where.push(`revoked_at IS NULL AND status = $${args.push(q.status)}`);
    const keyword = likePattern(q.keyword);
    if (keyword) {
      const i = args.push(keyword);
      where.push(`(holder_name ILIKE $${i} OR number ILIKE $${i} OR username ILIKE $${i})`);
    }
    const sql = `FROM certificates WHERE ${where.join(' AND ')}`;
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${sql}`, args);
    const rows: CertRow[] = await this.ds.query(`SELECT * ${sql} ORDER BY position, id LIMIT ${pageSize} OFFSET ${offset}`, args);
    return { list: rows.map((r) => toIssued(r, b.sent_at, b.public_url)), total: n, pageNum, pageSize };
  }

  /**
   * Certificates of every batch in the caller's organisations whose holder, account or printed number contains
   * the keyword, newest batch first: the trace screen finds a certificate without knowing its batch.
   */
  async search(req: RpcRequest<CertificateSearchQuery>): Promise<Page<CertificateSearchHit>> {
    const q = req.payload;
    const keyword = String(q.keyword ?? '').trim();
    if (!keyword) throw AppError.badRequest('cert.keywordRequired');
    const scope = await this.scopes.of(req);
    const { pageNum, pageSize, offset } = pageOf(q);
    const args: unknown[] = [likePattern(keyword.slice(0, 100))];
    const where = [`(c.holder_name ILIKE $1 OR c.number ILIKE $1 OR c.username ILIKE $1)`];
    if (scope) where.push(`c.group_id = ANY($${args.push(scope)}::int[])`);
    const sql = `FROM certificates c JOIN batches b ON b.id = c.batch_id WHERE ${where.join(' AND ')}`;
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${sql}`, args);
    const rows: (CertRow & { batch_name: string; competition_name: string; competition_name_en: string; item_name: string; item_name_en: string; issuer_name: string; sent_at: Date | null })[] = await this.ds.query(
      `SELECT c.*, b.name AS batch_name, b.competition_name, b.competition_name_en, b.item_name, b.item_name_en, b.issuer_name, b.sent_at ${sql}
        ORDER BY c.batch_id DESC, c.position, c.id LIMIT ${pageSize} OFFSET ${offset}`,
      args,
    );
    return {
      list: rows.map((r) => ({
        ...toIssued(r, r.sent_at),
        batchName: r.batch_name,
        competitionName: r.competition_name,
        competitionNameEn: r.competition_name_en,
        itemName: r.item_name,
        itemNameEn: r.item_name_en,
        issuerName: r.issuer_name,
        traceUrl: r.number ? `/certificate/trace?token=${r.token}` : null,
      })),
      total: n,
      pageNum,
      pageSize,
    };
  }

  private async loadCert(req: RpcRequest, id: number): Promise<CertRow> {
    const scope = await this.scopes.of(req);
    const rows: CertRow[] = await this.ds.query(`SELECT * FROM certificates WHERE id = $1`, [id]);
    if (!rows.length || !inScope(scope, rows[0].group_id)) throw AppError.notFound('cert.notFound', { id });
    return rows[0];
  }

  /** Revoked certificates stay on record (the trace page says so) and free their number for a reissue. */
  async revoke(req: RpcRequest<{ id: number; reason: string }>): Promise<IssuedCertificate> {
    const c = await this.loadCert(req, req.payload.id);
    const reason = (req.payload.reason ?? '').trim();
    if (!reason) throw AppError.badRequest('cert.reasonRequired');
    const rows: CertRow[] = await this.ds.query(
      `WITH u AS (UPDATE certificates SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING *) SELECT * FROM u`,
      [c.id, reason.slice(0, 200)],
    );
    if (!rows.length) throw AppError.conflict('cert.alreadyRevoked');
    return toIssued(rows[0], null);
  }

  /**
   * A corrected copy of a revoked certificate: same batch position and number, a new trace token, the fields
   * given (or the old ones), rendered by the batch's job. The revoked one points at its replacement.
   */
  async reissue(req: RpcRequest<{ id: number } & Partial<Recipient>>): Promise<IssuedCertificate> {
    const c = await this.loadCert(req, req.payload.id);
    if (!c.revoked_at || c.replaced_by) throw AppError.conflict('cert.notRevoked');
    const next: Recipient = {
      holderName: req.payload.holderName ?? c.holder_name,
      username: req.payload.username ?? c.username ?? undefined,
      awardName: req.payload.awardName ?? c.award_name,
      values: req.payload.values ?? c.values,
    };
    const problems = recipientProblems(next, req.meta.lang);
    if (problems.length) throw AppError.badRequest('error.validation', { detail: `${problems[0].field}: ${problems[0].message}` });
    const { created, run, batch } = await this.ds.transaction(async (m) => {
      const [b] = await m.query(`SELECT id, status, created_at FROM batches WHERE id = $1 FOR UPDATE`, [c.batch_id]);
      const [row]: CertRow[] = await m.query(
        `INSERT INTO certificates (batch_id, group_id, position, holder_name, username, award_name, "values", counter_key, seq, number, token, reissue_of, signup_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
        [c.batch_id, c.group_id, c.position, next.holderName.trim(), next.username || null, next.awardName ?? '', JSON.stringify(next.values), c.counter_key, c.seq, c.number, newTraceToken(), c.id, c.signup_id],
      );
      await m.query(`UPDATE certificates SET replaced_by = $2 WHERE id = $1`, [c.id, row.id]);
      const busy = b.status === 'queued' || b.status === 'running';
      const [{ runs }] = await m.query(
        `WITH u AS (UPDATE batches SET status = CASE WHEN $2 THEN status ELSE 'queued' END, runs = runs + 1 WHERE id = $1 RETURNING runs) SELECT * FROM u`,
        [c.batch_id, busy],
      );
      return { created: row, run: runs as number, batch: b as { id: number; created_at: Date } };
    });
    await enqueueBatch(this.queue, batch, run);
    return toIssued(created, null);
  }

  /**
   * Where a certificate's file is, for the gateway to stream. Its holder may download it once the batch is
   * sent; organisers with certificate:list may download any certificate of their organisations.
   */
  async file(req: RpcRequest<{ id: number; kind: 'pdf' | 'png' }>): Promise<CertificateFileRef> {
    const me = callerOf(req);
    const rows: (CertRow & { sent_at: Date | null })[] = await this.ds.query(
      `SELECT c.*, b.sent_at FROM certificates c JOIN batches b ON b.id = c.batch_id WHERE c.id = $1`,
      [req.payload.id],
    );
    const c = rows[0];
    const holder = !!c && !!c.username && c.username === me.username && !!c.sent_at;
    if (!c || (!holder && !(hasAnyPermission(me, [Perm.certificateList]) && inScope(await this.scopes.of(req), c.group_id)))) {
      throw AppError.notFound('cert.notFound', { id: req.payload.id });
    }
    const path = req.payload.kind === 'png' ? c.png_path : c.pdf_path;
    if (!path) throw AppError.conflict('cert.notRendered');
    const name = `${(c.number ?? String(c.id)).replace(/[\\/:*?"<>|\s]+/g, '_')}.${req.payload.kind === 'png' ? 'png' : 'pdf'}`;
    return { path, fileName: name, contentType: req.payload.kind === 'png' ? 'image/png' : 'application/pdf' };
  }

  /** The caller's certificates from sent batches (personal centre: newReward / reward), newest first. */
  async myPage(req: RpcRequest<PageQuery>): Promise<Page<MyCertificate>> {
    const me = callerOf(req);
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const sql = `FROM certificates c JOIN batches b ON b.id = c.batch_id
      WHERE c.username = $1 AND b.sent_at IS NOT NULL AND c.pdf_path IS NOT NULL AND (c.revoked_at IS NULL OR c.replaced_by IS NULL)`;
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${sql}`, [me.username]);
    const rows: (CertRow & { competition_name: string; competition_name_en: string; item_name: string; item_name_en: string; issuer_name: string; sent_at: Date })[] = await this.ds.query(
      `SELECT c.*, b.competition_name, b.competition_name_en, b.item_name, b.item_name_en, b.issuer_name, b.sent_at ${sql} ORDER BY c.rendered_at DESC, c.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      [me.username],
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        competitionName: r.competition_name,
        competitionNameEn: r.competition_name_en,
        itemName: r.item_name,
        itemNameEn: r.item_name_en,
        awardName: r.award_name,
        number: r.number ?? '',
        issuerName: r.issuer_name,
        issuedAt: (r.rendered_at ?? r.sent_at).toISOString(),
        revoked: !!r.revoked_at,
        pdfUrl: fileUrls(r.id, true).pdfUrl!,
        pngUrl: fileUrls(r.id, true).pngUrl!,
        traceUrl: `/certificate/trace?token=${r.token}`,
      })),
      total: n,
      pageNum,
      pageSize,
    };
  }

  /** Public: what the QR code's token proves, personal data masked. Unknown tokens say so plainly. */
  async trace(req: RpcRequest<{ token: string }>): Promise<TraceResult> {
    const token = String(req.payload.token ?? '');
    const rows: (CertRow & { competition_name: string; competition_name_en: string; item_name: string; item_name_en: string; issuer_name: string; issued_at: Date })[] = /^[A-Za-z0-9_-]{16,40}$/.test(token)
      ? await this.ds.query(
          `SELECT c.*, b.competition_name, b.competition_name_en, b.item_name, b.item_name_en, b.issuer_name, b.issued_at FROM certificates c JOIN batches b ON b.id = c.batch_id
            WHERE c.token = $1 AND c.number IS NOT NULL`,
          [token],
        )
      : [];
    const c = rows[0];
    if (!c) throw AppError.notFound('cert.unknownToken');
    return {
      holderName: maskName(c.holder_name),
      competitionName: c.competition_name,
      competitionNameEn: c.competition_name_en,
      itemName: c.item_name,
      itemNameEn: c.item_name_en,
      awardName: c.award_name,
      number: c.number!,
      issuerName: c.issuer_name,
      issuedAt: (c.rendered_at ?? c.issued_at).toISOString(),
      status: c.revoked_at ? 'revoked' : 'valid',
      revokedAt: c.revoked_at ? c.revoked_at.toISOString() : null,
      revokedReason: c.revoked_reason,
    };
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, inScope, likePattern, pageOf, Scopes } from '@cmp/common';
import {
  type CertificateDesign,
  type CertificateTemplate,
  type Page,
  type RpcRequest,
  type TemplateQuery,
  type TemplateSave,
} from '@cmp/contracts';
import { cleanScheme, numberingProblem } from '../numbering/numbering';
import { categoryProblem, designNumberVariant, designProblem } from '../render/design';

interface TemplateRow {
  id: number;
  group_id: number;
  name: string;
  category: string;
  design: unknown;
  numbering: CertificateTemplate['numbering'];
  created_at: Date;
  updated_at: Date;
}

export const toTemplate = (r: TemplateRow): CertificateTemplate => ({
  id: r.id,
  groupId: r.group_id,
  name: r.name,
  category: r.category,
  design: r.design,
  numbering: r.numbering,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** Certificate templates of an organisation: a design, a category and a default numbering scheme. */
@Injectable()
export class TemplateService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
  ) {}

  async page(req: RpcRequest<TemplateQuery>): Promise<Page<Omit<CertificateTemplate, 'design'>>> {
    const scope = await this.scopes.of(req);
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = ['deleted_at IS NULL'];
    const args: unknown[] = [];
    if (scope) where.push(`group_id = ANY($${args.push(scope)}::int[])`);
    const name = likePattern(q.name);
    if (name) where.push(`name ILIKE $${args.push(name)}`);
    if (q.category) where.push(`category = $${args.push(q.category)}`);
    const sql = `FROM templates WHERE ${where.join(' AND ')}`;
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${sql}`, args);
    const rows: TemplateRow[] = await this.ds.query(
      `SELECT id, group_id, name, category, NULL AS design, numbering, created_at, updated_at ${sql} ORDER BY updated_at DESC, id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      args,
    );
    return { list: rows.map((r) => { const { design: _d, ...t } = toTemplate(r); return t; }), total: n, pageNum, pageSize };
  }

  /** A template the caller may manage, or not found (another organisation's template does not exist for them). */
  async load(req: RpcRequest, id: number): Promise<CertificateTemplate> {
    const scope = await this.scopes.of(req);
    const rows: TemplateRow[] = await this.ds.query(`SELECT * FROM templates WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!rows.length || !inScope(scope, rows[0].group_id)) throw AppError.notFound('cert.templateNotFound', { id });
    return toTemplate(rows[0]);
  }

  detail(req: RpcRequest<{ id: number }>): Promise<CertificateTemplate> {
    return this.load(req, req.payload.id);
  }

  private check(t: TemplateSave): void {
    const design = designProblem(t.design);
    if (design) throw AppError.badRequest('cert.badDesign', { detail: design });
    const category = categoryProblem(t.category);
    if (category) throw AppError.badRequest('cert.badDesign', { detail: category });
    const numbering = numberingProblem(t.numbering);
    if (numbering) throw AppError.badRequest('cert.badNumbering', { detail: numbering });
    // The number element placed on the design decides the variant when it binds one.
    const bound = designNumberVariant(t.design as CertificateDesign);
    if (bound && bound !== t.numbering.variant && !(bound === 'randomCode' && t.numbering.variant === 'randomDigits')) {
      throw AppError.badRequest('cert.badNumbering', { detail: `the design's number element uses ${bound}, the scheme says ${t.numbering.variant}` });
    }
  }

  async add(req: RpcRequest<TemplateSave>): Promise<CertificateTemplate> {
    const me = callerOf(req);
    const t = req.payload;
    this.check(t);
    const rows: TemplateRow[] = await this.ds.query(
      `INSERT INTO templates (group_id, name, category, design, numbering, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [me.groupId, t.name.trim(), t.category, JSON.stringify(t.design), JSON.stringify(cleanScheme(t.numbering)), me.userId],
    );
    return toTemplate(rows[0]);
  }

  async update(req: RpcRequest<TemplateSave & { id: number }>): Promise<CertificateTemplate> {
    const t = req.payload;
    await this.load(req, t.id);
    this.check(t);
    const rows: TemplateRow[] = await this.ds.query(
      `WITH u AS (UPDATE templates SET name = $2, category = $3, design = $4, numbering = $5, updated_at = now() WHERE id = $1 RETURNING *) SELECT * FROM u`,
      [t.id, t.name.trim(), t.category, JSON.stringify(t.design), JSON.stringify(cleanScheme(t.numbering))],
    );
    return toTemplate(rows[0]);
  }

  /** Batches keep their own copy of the design, so deleting only hides the template; still refused while a draft uses it. */
  async remove(req: RpcRequest<{ id: number }>): Promise<void> {
    await this.load(req, req.payload.id);
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM batches WHERE template_id = $1 AND status = 'draft'`, [req.payload.id]);
    if (n) throw AppError.conflict('cert.templateInUse');
    await this.ds.query(`UPDATE templates SET deleted_at = now() WHERE id = $1`, [req.payload.id]);
  }

  /** The organisation's seal image address (uploaded through /file/upload/image), or null. */
  sealGet(req: RpcRequest): Promise<{ imageUrl: string | null }> {
    return this.sealOf(callerOf(req).groupId);
  }

  /** Internal: any organisation's seal (the payment service prints it on receipts it has authorised). */
  async sealOf(groupId: number): Promise<{ imageUrl: string | null }> {
    const rows: { image_url: string }[] = await this.ds.query(`SELECT image_url FROM seals WHERE group_id = $1`, [groupId]);
    return { imageUrl: rows[0]?.image_url ?? null };
  }

  async sealSave(req: RpcRequest<{ imageUrl: string }>): Promise<{ imageUrl: string }> {
    const me = callerOf(req);
    const url = req.payload.imageUrl;
    if (!SEAL_URL.test(url ?? '')) throw AppError.badRequest('cert.sealNotImage');
    await this.ds.query(
      `INSERT INTO seals (group_id, image_url) VALUES ($1, $2) ON CONFLICT (group_id) DO UPDATE SET image_url = EXCLUDED.image_url, updated_at = now()`,
      [me.groupId, url],
    );
    return { imageUrl: url };
  }
}

/** Only images our gateway stored (checked by their bytes there): the worker reads them from the shared storage. */
export const SEAL_URL = /^\/prod-api\/file\/images\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, changedRows, inScope, isUniqueViolation, likePattern, pageOf, Scopes } from '@cmp/common';
import {
  DictType,
  ErrorCode,
  type Page,
  type Province,
  type SchoolBrief,
  type SchoolPageQuery,
  type SchoolSavePayload,
  type SchoolView,
  type RpcRequest,
} from '@cmp/contracts';
import { DictService } from './dict.service';
import { TtlCache } from './ttl-cache';

const BRIEF_COLUMNS = `s.id, s.name, s.name_en AS "nameEn", s.code, s.province_code AS "provinceCode",
  p.name AS "provinceName", p.name_en AS "provinceNameEn", s.school_type AS "schoolType"`;
const VIEW_COLUMNS = `${BRIEF_COLUMNS}, s.group_id AS "groupId", s.enabled, s.created_at AS "createdAt", s.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM colleges c WHERE c.school_id = s.id) AS "collegeCount"`;

export interface ManagedSchool {
  id: number;
  name: string;
  groupId: number | null;
  enabled: boolean;
}

/** Schools: everyone reads the enabled ones; an organisation's admins change those their organisation manages. */
@Injectable()
export class SchoolService {
  // Provinces change only with a migration.
  private readonly provinceCache = new TtlCache<Province[]>(3_600_000);

  constructor(
    private readonly ds: DataSource,
    private readonly dicts: DictService,
    private readonly scopes: Scopes,
  ) {}

  provinces(): Promise<Province[]> {
    return this.provinceCache.get('all', () => this.ds.query(`SELECT code, name, name_en AS "nameEn" FROM provinces ORDER BY code`));
  }

  async publicPage(req: RpcRequest<SchoolPageQuery>): Promise<Page<SchoolBrief>> {
    return this.list(req.payload, BRIEF_COLUMNS, ['s.enabled'], []);
  }

  /** Schools by id, enabled or not (a sign-up keeps its school), with their provinces. */
  async byIds(ids: number[]): Promise<SchoolBrief[]> {
    return this.ds.query(`SELECT ${BRIEF_COLUMNS} FROM schools s JOIN provinces p ON p.code = s.province_code WHERE s.id = ANY($1::int[]) ORDER BY s.id`, [ids.slice(0, 1000)]);
  }

  /** The back-office list: the schools the caller's organisations manage (all for ROOT). */
  async page(req: RpcRequest<SchoolPageQuery>): Promise<Page<SchoolView>> {
    const q = req.payload;
    const scope = await this.scopes.of(req);
    const where: string[] = [];
    const args: unknown[] = [];
    if (scope) {
      args.push(scope);
      where.push(`s.group_id = ANY($${args.length})`);
    }
    if (q.enabled !== undefined) {
      args.push(q.enabled);
      where.push(`s.enabled = $${args.length}`);
    }
    return this.list(q, VIEW_COLUMNS, where, args);
  }

  /** Id and name of every school the caller manages, for the college and major screens' choices. */
  async options(req: RpcRequest): Promise<{ id: number; name: string; enabled: boolean }[]> {
    const scope = await this.scopes.of(req);
    return this.ds.query(`SELECT id, name, enabled FROM schools WHERE $1::int[] IS NULL OR group_id = ANY($1) ORDER BY name, id`, [scope]);
  }

  async save(req: RpcRequest<SchoolSavePayload>): Promise<{ id: number }> {
    const p = req.payload;
    await this.assertProvince(p.provinceCode);
    await this.assertSchoolType(p.schoolType);
    const groupId = p.groupId ?? (p.id ? undefined : callerOf(req).groupId);
    // A school is given only to an organisation the caller manages.
    if (groupId !== undefined) await this.scopes.assertGroup(req, groupId);
    try {
      if (!p.id) {
        const [row] = await this.ds.query(
          `INSERT INTO schools (name, name_en, code, province_code, school_type, group_id, enabled)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [p.name, p.nameEn ?? '', p.code, p.provinceCode, p.schoolType, groupId, p.enabled ?? true],
        );
        return { id: row.id };
      }
      const old = await this.managed(req, p.id);
      await this.ds.query(
        `UPDATE schools SET name = $2, name_en = $3, code = $4, province_code = $5, school_type = $6, group_id = $7,
                enabled = $8, updated_at = now() WHERE id = $1`,
        [p.id, p.name, p.nameEn ?? '', p.code, p.provinceCode, p.schoolType, groupId ?? old.groupId, p.enabled ?? old.enabled],
      );
      return { id: p.id };
    } catch (e) {
      throw isUniqueViolation(e, 'schools_code_uq') ? AppError.conflict('school.codeTaken', { code: p.code }) : e;
    }
  }

  async setEnabled(req: RpcRequest<{ id: number; enabled: boolean }>): Promise<null> {
    const { id, enabled } = req.payload;
    await this.managed(req, id);
    await this.ds.query(`UPDATE schools SET enabled = $2, updated_at = now() WHERE id = $1`, [id, enabled]);
    return null;
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    await this.managed(req, id);
    const [used] = await this.ds.query(`SELECT 1 FROM colleges WHERE school_id = $1 LIMIT 1`, [id]);
    if (used) throw AppError.badRequest('school.hasColleges');
    if (!changedRows(await this.ds.query(`DELETE FROM schools WHERE id = $1`, [id]))) throw AppError.notFound('school.notFound', { id });
    return null;
  }

  /** The school, when the caller's organisations manage it; otherwise a message that says so. */
  async managed(req: RpcRequest, id: number): Promise<ManagedSchool> {
    const [s] = await this.ds.query(`SELECT id, name, group_id AS "groupId", enabled FROM schools WHERE id = $1`, [id]);
    if (!s) throw AppError.notFound('school.notFound', { id });
    if (!inScope(await this.scopes.of(req), s.groupId)) throw new AppError(ErrorCode.NO_ACCESS, 'school.notYours', { name: s.name });
    return s;
  }

  private async list<T>(q: SchoolPageQuery, columns: string, where: string[], args: unknown[]): Promise<Page<T>> {
    const { pageNum, pageSize, offset } = pageOf(q);
    const conditions = [...where];
    const params = [...args];
    const name = likePattern(q.name);
    if (name) {
      params.push(name);
      conditions.push(`(s.name ILIKE $${params.length} OR s.name_en ILIKE $${params.length} OR s.code ILIKE $${params.length})`);
    }
    if (q.provinceCode) {
      await this.assertProvince(q.provinceCode);
      params.push(q.provinceCode);
      conditions.push(`s.province_code = $${params.length}`);
    }
    const whereSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM schools s ${whereSql}`, params);
    const list = await this.ds.query(
      `SELECT ${columns} FROM schools s JOIN provinces p ON p.code = s.province_code ${whereSql}
        ORDER BY s.province_code, s.code, s.id LIMIT ${pageSize} OFFSET ${offset}`,
      params,
    );
    return { list, total, pageNum, pageSize };
  }

  private async assertProvince(code: string): Promise<void> {
    if (!(await this.provinces()).some((p) => p.code === code)) throw AppError.badRequest('province.unknown', { province: code });
  }

  private async assertSchoolType(type: string): Promise<void> {
    if (!(await this.dicts.values(DictType.schoolType)).some((i) => i.value === type)) throw AppError.badRequest('school.unknownType', { type });
  }
}

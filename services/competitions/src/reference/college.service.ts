import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, isUniqueViolation, likePattern, pageOf, Scopes, type Scope } from '@cmp/common';
import {
  DictType,
  type CollegePageQuery,
  type CollegeSavePayload,
  type CollegeView,
  type MajorPageQuery,
  type MajorSavePayload,
  type MajorView,
  type NamedOption,
  type Page,
  type RpcRequest,
} from '@cmp/contracts';
import { DictService } from './dict.service';
import { SchoolService } from './school.service';

const COLLEGE_COLUMNS = `c.id, c.school_id AS "schoolId", s.name AS "schoolName", c.name, c.name_en AS "nameEn", c.code, c.sort, c.enabled,
  (SELECT count(*)::int FROM majors m WHERE m.college_id = c.id) AS "majorCount"`;
const MAJOR_COLUMNS = `m.id, m.college_id AS "collegeId", c.name AS "collegeName", c.school_id AS "schoolId", s.name AS "schoolName",
  m.name, m.name_en AS "nameEn", m.code, m.education_level AS "educationLevel", m.sort, m.enabled`;

/**
 * Colleges belong to a school and majors to a college; both are managed by the admins of the school's
 * organisation, so every change is checked through the school.
 */
@Injectable()
export class CollegeService {
  constructor(
    private readonly ds: DataSource,
    private readonly schools: SchoolService,
    private readonly dicts: DictService,
    private readonly scopes: Scopes,
  ) {}

  /** The sign-up form's choice of colleges: enabled ones of an enabled school. */
  async publicColleges(req: RpcRequest<{ schoolId: number }>): Promise<NamedOption[]> {
    const { schoolId } = req.payload;
    const [school] = await this.ds.query(`SELECT 1 FROM schools WHERE id = $1 AND enabled`, [schoolId]);
    if (!school) throw AppError.notFound('school.notFound', { id: schoolId });
    return this.ds.query(`SELECT id, name, name_en AS "nameEn" FROM colleges WHERE school_id = $1 AND enabled ORDER BY sort, id`, [schoolId]);
  }

  async publicMajors(req: RpcRequest<{ collegeId: number }>): Promise<NamedOption[]> {
    const { collegeId } = req.payload;
    const [college] = await this.ds.query(
      `SELECT 1 FROM colleges c JOIN schools s ON s.id = c.school_id WHERE c.id = $1 AND c.enabled AND s.enabled`,
      [collegeId],
    );
    if (!college) throw AppError.notFound('college.notFound', { id: collegeId });
    return this.ds.query(`SELECT id, name, name_en AS "nameEn" FROM majors WHERE college_id = $1 AND enabled ORDER BY sort, id`, [collegeId]);
  }

  async collegePage(req: RpcRequest<CollegePageQuery>): Promise<Page<CollegeView>> {
    const q = req.payload;
    const where = new Where(await this.scopes.of(req));
    if (q.schoolId) where.add('c.school_id = $?', q.schoolId);
    where.add('(c.name ILIKE $? OR c.name_en ILIKE $?)', likePattern(q.name));
    const from = `FROM colleges c JOIN schools s ON s.id = c.school_id ${where.sql()}`;
    return this.page(q, `SELECT ${COLLEGE_COLUMNS} ${from} ORDER BY s.name, c.sort, c.id`, `SELECT count(*)::int AS total ${from}`, where.args);
  }

  async collegeSave(req: RpcRequest<CollegeSavePayload>): Promise<{ id: number }> {
    const p = req.payload;
    await this.schools.managed(req, p.schoolId);
    const args = [p.schoolId, p.name, p.nameEn ?? '', p.code || null, p.sort ?? 0, p.enabled ?? true];
    try {
      if (!p.id) {
        const [row] = await this.ds.query(
          `INSERT INTO colleges (school_id, name, name_en, code, sort, enabled) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          args,
        );
        return { id: row.id };
      }
      await this.managedCollege(req, p.id);
      await this.ds.query(
        `UPDATE colleges SET school_id = $1, name = $2, name_en = $3, code = $4, sort = $5, enabled = $6, updated_at = now() WHERE id = $7`,
        [...args, p.id],
      );
      return { id: p.id };
    } catch (e) {
      throw isUniqueViolation(e, 'colleges_name_uq') ? AppError.conflict('college.nameTaken', { name: p.name }) : e;
    }
  }

  async collegeDelete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    await this.managedCollege(req, id);
    const [used] = await this.ds.query(`SELECT 1 FROM majors WHERE college_id = $1 LIMIT 1`, [id]);
    if (used) throw AppError.badRequest('college.hasMajors');
    await this.ds.query(`DELETE FROM colleges WHERE id = $1`, [id]);
    return null;
  }

  async majorPage(req: RpcRequest<MajorPageQuery>): Promise<Page<MajorView>> {
    const q = req.payload;
    const where = new Where(await this.scopes.of(req));
    if (q.schoolId) where.add('c.school_id = $?', q.schoolId);
    if (q.collegeId) where.add('m.college_id = $?', q.collegeId);
    where.add('(m.name ILIKE $? OR m.name_en ILIKE $? OR m.code ILIKE $?)', likePattern(q.name));
    const from = `FROM majors m JOIN colleges c ON c.id = m.college_id JOIN schools s ON s.id = c.school_id ${where.sql()}`;
    return this.page(q, `SELECT ${MAJOR_COLUMNS} ${from} ORDER BY s.name, c.sort, c.id, m.sort, m.id`, `SELECT count(*)::int AS total ${from}`, where.args);
  }

  async majorSave(req: RpcRequest<MajorSavePayload>): Promise<{ id: number }> {
    const p = req.payload;
    await this.managedCollege(req, p.collegeId);
    if (p.educationLevel && !(await this.dicts.values(DictType.educationLevel)).some((i) => i.value === p.educationLevel)) {
      throw AppError.badRequest('major.unknownLevel', { level: p.educationLevel });
    }
    const args = [p.collegeId, p.name, p.nameEn ?? '', p.code || null, p.educationLevel || null, p.sort ?? 0, p.enabled ?? true];
    try {
      if (!p.id) {
        const [row] = await this.ds.query(
          `INSERT INTO majors (college_id, name, name_en, code, education_level, sort, enabled) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          args,
        );
        return { id: row.id };
      }
      await this.managedMajor(req, p.id);
      await this.ds.query(
        `UPDATE majors SET college_id = $1, name = $2, name_en = $3, code = $4, education_level = $5, sort = $6, enabled = $7, updated_at = now()
          WHERE id = $8`,
        [...args, p.id],
      );
      return { id: p.id };
    } catch (e) {
      throw isUniqueViolation(e, 'majors_name_uq') ? AppError.conflict('major.nameTaken', { name: p.name }) : e;
    }
  }

  async majorDelete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    await this.managedMajor(req, id);
    await this.ds.query(`DELETE FROM majors WHERE id = $1`, [id]);
    return null;
  }

  private async managedCollege(req: RpcRequest, id: number): Promise<void> {
    const [c] = await this.ds.query(`SELECT school_id AS "schoolId" FROM colleges WHERE id = $1`, [id]);
    if (!c) throw AppError.notFound('college.notFound', { id });
    await this.schools.managed(req, c.schoolId);
  }

  private async managedMajor(req: RpcRequest, id: number): Promise<void> {
    const [m] = await this.ds.query(`SELECT college_id AS "collegeId" FROM majors WHERE id = $1`, [id]);
    if (!m) throw AppError.notFound('major.notFound', { id });
    await this.managedCollege(req, m.collegeId);
  }

  private async page<T>(q: CollegePageQuery, listSql: string, countSql: string, args: unknown[]): Promise<Page<T>> {
    const { pageNum, pageSize, offset } = pageOf(q);
    const [{ total }] = await this.ds.query(countSql, args);
    const list = await this.ds.query(`${listSql} LIMIT ${pageSize} OFFSET ${offset}`, args);
    return { list, total, pageNum, pageSize };
  }
}

/** WHERE conditions with numbered parameters; `$?` stands for the condition's one parameter. Scoped by the school's organisation. */
class Where {
  readonly args: unknown[] = [];
  private readonly conditions: string[] = [];

  constructor(scope: Scope) {
    if (scope) this.add('s.group_id = ANY($?)', scope);
  }

  /** Adds the condition unless the value is null or undefined (no filter). */
  add(condition: string, value: unknown): void {
    if (value === null || value === undefined) return;
    this.args.push(value);
    this.conditions.push(condition.replace(/\$\?/g, `$${this.args.length}`));
  }

  sql(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, isUniqueViolation } from '@cmp/common';
import {
  DictType,
  ErrorCode,
  SCHOOL_IMPORT_MAX_ROWS,
  translate,
  type ImportCheckReply,
  type ImportRowError,
  type Lang,
  type RpcRequest,
  type SchoolImportRow,
} from '@cmp/contracts';
import { DictService } from './dict.service';
import { checkSchoolRows } from './school-rows';
import { SchoolService } from './school.service';

/** Spreadsheet import of schools into the caller's organisation: every row checked first; all rows or none. */
@Injectable()
export class SchoolImportService {
  constructor(
    private readonly ds: DataSource,
    private readonly schools: SchoolService,
    private readonly dicts: DictService,
  ) {}

  async check(req: RpcRequest<{ rows: SchoolImportRow[] }>): Promise<ImportCheckReply> {
    callerOf(req);
    const { rows } = req.payload;
    const { errors } = await this.validate(rows, req.meta.lang);
    return summary(rows, errors);
  }

  async import(req: RpcRequest<{ rows: SchoolImportRow[] }>): Promise<{ count: number }> {
    const caller = callerOf(req);
    const { rows } = req.payload;
    const lang = req.meta.lang;
    const { errors, checked } = await this.validate(rows, lang);
    if (errors.length) throw new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, summary(rows, errors));
    try {
      await this.ds.transaction(async (m) => {
        for (const s of checked) {
          await m.query(`INSERT INTO schools (name, name_en, code, province_code, school_type, group_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
            s.name,
            s.nameEn,
            s.code,
            s.provinceCode,
            s.schoolType,
            caller.groupId,
          ]);
        }
      });
    } catch (e) {
      // Someone added the same code while we imported: nothing was written.
      if (!isUniqueViolation(e)) throw e;
      const failure = [{ rowNumber: 0, field: 'code', message: translate('error.conflict', lang) }];
      throw new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, summary(rows, failure));
    }
    return { count: checked.length };
  }

  private async validate(rows: SchoolImportRow[], lang: Lang) {
    if (!rows.length) throw AppError.badRequest('import.empty');
    if (rows.length > SCHOOL_IMPORT_MAX_ROWS) throw AppError.badRequest('import.tooManyRows', { max: SCHOOL_IMPORT_MAX_ROWS });
    const taken: { code: string }[] = await this.ds.query(`SELECT code FROM schools WHERE code = ANY($1)`, [rows.map((r) => r.code ?? '')]);
    return checkSchoolRows(
      rows,
      { provinces: await this.schools.provinces(), schoolTypes: await this.dicts.values(DictType.schoolType), takenCodes: new Set(taken.map((t) => t.code)) },
      lang,
    );
  }
}

function summary(rows: SchoolImportRow[], errors: ImportRowError[]): ImportCheckReply {
  const bad = new Set(errors.map((e) => e.rowNumber));
  return { total: rows.length, valid: rows.filter((r) => !bad.has(r.rowNumber)).length, errors };
}

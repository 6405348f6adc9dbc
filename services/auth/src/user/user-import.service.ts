import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, isUniqueViolation } from '@cmp/common';
import {
  EMAIL_PATTERN,
  ErrorCode,
  isStrongPassword,
  PHONE_PATTERN,
  translate,
  translateError,
  USER_IMPORT_MAX_ROWS,
  USER_TEMPLATE_COLUMNS,
  USERNAME_PATTERN,
  type Identity,
  type ImportCheckReply,
  type ImportRowError,
  type Lang,
  type MessageKey,
  type RpcRequest,
  type UserImportRow,
} from '@cmp/contracts';
import { hashPassword, UserService } from './user.service';

interface CheckedRow {
  row: UserImportRow;
  roleIds: number[];
}

/** Spreadsheet import of users: every row checked first; the import writes all rows or none. */
@Injectable()
export class UserImportService {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UserService,
  ) {}

  async check(req: RpcRequest<{ rows: UserImportRow[] }>): Promise<ImportCheckReply> {
    const { rows } = req.payload;
    const { errors } = await this.validate(callerOf(req), rows, req.meta.lang);
    return this.summary(rows, errors);
  }

  async import(req: RpcRequest<{ rows: UserImportRow[] }>): Promise<{ count: number }> {
    const caller = callerOf(req);
    const { rows } = req.payload;
    const lang = req.meta.lang;
    const { errors, checked } = await this.validate(caller, rows, lang);
    if (errors.length) throw new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, this.summary(rows, errors));
    const hashes = await Promise.all(checked.map((c) => hashPassword(c.row.password!)));
    try {
      await this.ds.transaction(async (m) => {
        for (const [i, { row, roleIds }] of checked.entries()) {
          const [{ id }] = await this.users.insertUser(
            m,
            { username: row.username!, realName: row.realName!, password: '', phone: row.phone, email: row.email, groupId: caller.groupId },
            hashes[i],
          );
          await this.users.setRoles(m, id, roleIds);
        }
      });
    } catch (e) {
      // Someone created the same account while we imported: nothing was written.
      if (e instanceof AppError || isUniqueViolation(e)) {
        const msg = e instanceof AppError ? translateError(e.key, lang, e.params) : translate('error.conflict', lang);
        throw new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, this.summary(rows, [{ rowNumber: 0, field: '', message: msg }]));
      }
      throw e;
    }
    return { count: checked.length };
  }

  private summary(rows: UserImportRow[], errors: ImportRowError[]): ImportCheckReply {
    const bad = new Set(errors.map((e) => e.rowNumber));
    return { total: rows.length, valid: rows.filter((r) => !bad.has(r.rowNumber)).length, errors };
  }

  private async validate(caller: Identity, rows: UserImportRow[], lang: Lang) {
    if (!rows.length) throw AppError.badRequest('import.empty');
    if (rows.length > USER_IMPORT_MAX_ROWS) throw AppError.badRequest('import.tooManyRows', { max: USER_IMPORT_MAX_ROWS });
    const errors: ImportRowError[] = [];
    const fail = (rowNumber: number, field: string, key: MessageKey, params?: Record<string, string | number>) =>
      errors.push({ rowNumber, field, message: translateError(key, lang, params) });
    const label = (key: string) => {
      const c = USER_TEMPLATE_COLUMNS.find((col) => col.key === key)!;
      return lang === 'en' ? c.en : c.zh;
    };

    const existing: { username: string; phone: string | null }[] = await this.ds.query(
      `SELECT lower(username) AS username, phone FROM users
        WHERE deleted_at IS NULL AND (lower(username) = ANY($1) OR phone = ANY($2))`,
      [rows.map((r) => (r.username ?? '').toLowerCase()), rows.map((r) => r.phone ?? '').filter(Boolean)],
    );
    const takenNames = new Set(existing.map((e) => e.username));
    const takenPhones = new Set(existing.map((e) => e.phone));
    const seenNames = new Map<string, number>();
    const seenPhones = new Map<string, number>();
    const checked: CheckedRow[] = [];
    // Most rows repeat a few role combinations: resolve each combination once.
    const rolesFor = new Map<string, Promise<number[]>>();

    for (const row of rows) {
      const before = errors.length;
      for (const col of USER_TEMPLATE_COLUMNS) {
        if (col.required && !row[col.key]) fail(row.rowNumber, col.key, 'import.row.required', { field: label(col.key) });
      }
      const name = row.username?.toLowerCase();
      if (row.username && !USERNAME_PATTERN.test(row.username)) fail(row.rowNumber, 'username', 'import.row.username');
      else if (name && seenNames.has(name)) fail(row.rowNumber, 'username', 'import.row.duplicate', { row: seenNames.get(name)! });
      else if (name && takenNames.has(name)) fail(row.rowNumber, 'username', 'import.row.exists', { value: row.username! });
      if (name) seenNames.set(name, seenNames.get(name) ?? row.rowNumber);
      if (row.realName && row.realName.length > 50) fail(row.rowNumber, 'realName', 'import.row.realName');
      if (row.phone) {
        if (!PHONE_PATTERN.test(row.phone)) fail(row.rowNumber, 'phone', 'import.row.phone');
        else if (seenPhones.has(row.phone)) fail(row.rowNumber, 'phone', 'import.row.duplicate', { row: seenPhones.get(row.phone)! });
        else if (takenPhones.has(row.phone)) fail(row.rowNumber, 'phone', 'import.row.exists', { value: row.phone });
        seenPhones.set(row.phone, seenPhones.get(row.phone) ?? row.rowNumber);
      }
      if (row.email && (row.email.length > 100 || !EMAIL_PATTERN.test(row.email))) fail(row.rowNumber, 'email', 'import.row.email');
      if (row.password && !isStrongPassword(row.password)) fail(row.rowNumber, 'password', 'user.weakPassword');
      let roleIds: number[] = [];
      if (row.roleKeys) {
        try {
          const keys = row.roleKeys.split(/[,，;；\s]+/).filter(Boolean).sort();
          if (!rolesFor.has(keys.join())) rolesFor.set(keys.join(), this.users.assignableRoleIds(caller, keys));
          roleIds = await rolesFor.get(keys.join())!;
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          fail(row.rowNumber, 'roleKeys', e.key as MessageKey, e.params);
        }
      }
      if (errors.length === before) checked.push({ row, roleIds });
    }
    return { errors, checked };
  }
}

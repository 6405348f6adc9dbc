import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf } from '@cmp/common';
import {
  ErrorCode,
  EXPERT_IMPORT_MAX_ROWS,
  translate,
  type ExpertImportReply,
  type ExpertImportRow,
  type ImportCheckReply,
  type ImportRowError,
  type RpcRequest,
} from '@cmp/contracts';
import { ExpertAccounts } from './expert-accounts';
import { checkExpertRows, type CheckedExpert } from './expert-rows';
import { ExpertService } from './expert.service';

/**
 * Spreadsheet import of experts into the caller's organisation, like the users import: every row checked
 * (also against auth: a phone that is another organisation's account is a row error), then all rows or none.
 */
@Injectable()
export class ExpertImportService {
  constructor(
    private readonly ds: DataSource,
    private readonly experts: ExpertService,
    private readonly accounts: ExpertAccounts,
  ) {}

  async check(req: RpcRequest<{ rows: ExpertImportRow[] }>): Promise<ImportCheckReply> {
    const { rows } = req.payload;
    const { errors } = await this.validate(req);
    return summary(rows, errors);
  }

  async import(req: RpcRequest<{ rows: ExpertImportRow[] }>): Promise<ExpertImportReply> {
    const caller = callerOf(req);
    const { rows } = req.payload;
    const { errors, checked } = await this.validate(req);
    if (errors.length) throw new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, summary(rows, errors));
    const accounts = await this.accounts.request(
      req,
      caller.groupId,
      checked.map((c) => ({ realName: c.name, phone: c.phone, email: c.email || undefined })),
    );
    try {
      const ids = await this.ds.transaction(async (m) => {
        const out: number[] = [];
        for (const [i, c] of checked.entries()) {
          const a = accounts[i];
          out.push(await this.experts.insert(m, { ...c, userId: a.userId!, username: a.username!, groupId: caller.groupId, itemIds: [], source: 'library' }));
        }
        return out;
      });
      const credentials = checked.flatMap((c, i) =>
        accounts[i].password ? [{ expertId: ids[i], name: c.name, username: accounts[i].username!, password: accounts[i].password! }] : [],
      );
      return { count: ids.length, credentials };
    } catch (e) {
      // Someone added one of these experts while we imported: nothing was written (the accounts stay, and link next time).
      if (!(e instanceof AppError) || e.code !== ErrorCode.CONFLICT) throw e;
      const failure = [{ rowNumber: 0, field: 'phone', message: translate(e.key, req.meta.lang, e.params) }];
      throw new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, summary(rows, failure));
    }
  }

  private async validate(req: RpcRequest<{ rows: ExpertImportRow[] }>): Promise<{ errors: ImportRowError[]; checked: CheckedExpert[] }> {
    const caller = callerOf(req);
    const { rows } = req.payload;
    const lang = req.meta.lang;
    if (!rows.length) throw AppError.badRequest('import.empty');
    if (rows.length > EXPERT_IMPORT_MAX_ROWS) throw AppError.badRequest('import.tooManyRows', { max: EXPERT_IMPORT_MAX_ROWS });
    const inLibrary: { phone: string }[] = await this.ds.query(`SELECT phone FROM experts WHERE group_id = $1 AND phone = ANY($2::text[]) AND deleted_at IS NULL`, [
      caller.groupId,
      rows.map((r) => r.phone ?? ''),
    ]);
    const result = checkExpertRows(rows, { libraryPhones: new Set(inLibrary.map((r) => r.phone)) }, lang);
    if (!result.checked.length) return result;
    // Rows fine on their own may still name another organisation's account.
    const answers = await this.accounts.request(
      req,
      caller.groupId,
      result.checked.map((c) => ({ realName: c.name, phone: c.phone, email: c.email || undefined })),
      true,
    );
    const refused = result.checked.filter((_, i) => answers[i].error);
    for (const [i, c] of result.checked.entries()) {
      const a = answers[i];
      if (a.error) result.errors.push({ rowNumber: c.rowNumber, field: 'phone', message: translate(a.error, lang, a.errorParams) });
    }
    result.errors.sort((a, b) => a.rowNumber - b.rowNumber);
    return { errors: result.errors, checked: result.checked.filter((c) => !refused.includes(c)) };
  }
}

function summary(rows: ExpertImportRow[], errors: ImportRowError[]): ImportCheckReply {
  const bad = new Set(errors.map((e) => e.rowNumber));
  return { total: rows.length, valid: rows.filter((r) => !bad.has(r.rowNumber)).length, errors };
}

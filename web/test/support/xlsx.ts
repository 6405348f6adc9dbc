import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { USER_TEMPLATE_COLUMNS } from '@cmp/contracts';

/**
 * Writes a user-import workbook with the template's columns (Chinese headers, required ones marked
 * with *, as the downloaded template has them) and the given rows; returns its path.
 */
export async function writeUserSheet(rows: string[][], name = 'users.xlsx'): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(USER_TEMPLATE_COLUMNS.map((c) => `${c.zh}${c.required ? ' *' : ''}`));
  rows.forEach((r) => ws.addRow(r));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-xlsx-'));
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

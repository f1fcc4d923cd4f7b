import type ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type Cell, type ImportTable } from '../../../machines/contracts/imports.ts';

// Reading and writing xlsx workbooks with exceljs (a maintained library; no hand-written parsing). exceljs loads on the
// first workbook (a side package beside the Lambda bundle, infra/constructs/side-assets.ts).
const excel = async () => (await import('exceljs')).default;

/** An xlsx file is a zip archive: it starts with PK\x03\x04. */
export const looksLikeXlsx = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** A cell's value as a plain value: rich text, hyperlinks and formulas become their text or result. */
export function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value)
      return cellValue((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return null;
  }
  return String(value);
}

export interface Sheet {
  header: Cell[];
  rows: Cell[][];
}

/** The first worksheet: its first row is the header. undefined when the bytes are not a readable workbook. */
export async function readFirstSheet(
  bytes: Buffer,
  maxRows: number,
): Promise<Sheet | 'no-sheet' | 'too-many-rows' | undefined> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return undefined;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return 'no-sheet';
  if (sheet.actualRowCount > maxRows + 1) return 'too-many-rows';
  const width = sheet.columnCount;
  const all: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellValue(row.getCell(c).value));
    all[rowNumber - 1] = cells;
  });
  for (let i = 0; i < all.length; i++) all[i] ??= [];
  return { header: all[0] ?? [], rows: all.slice(1) };
}

/** A workbook with the table's header row (and the given rows), for the template download and tests. */
export async function buildWorkbook(
  table: ImportTable,
  rows: readonly Record<string, unknown>[] = [],
): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(table);
  const columns = IMPORT_COLUMNS[table];
  sheet.addRow(columns.map((c) => c.header));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((c, i) => (sheet.getColumn(i + 1).width = Math.max(12, c.header.length + 2)));
  for (const row of rows) sheet.addRow(columns.map((c) => (row[c.key] === undefined ? null : row[c.key])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

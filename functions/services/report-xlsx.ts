import type { ReportAnswer } from '../../machines/contracts/reports.ts';

// A report as an xlsx workbook (exceljs, server side only): one sheet with a bold, frozen header row, an autofilter,
// typed cells (numbers stay numbers, money with two decimals, percentages as numbers of percent) and the notes below.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function reportXlsx(answer: ReportAnswer, flag: (v: boolean) => string): Promise<Buffer> {
  // exceljs loads on the first workbook (a side package beside the Lambda bundle, infra/constructs/side-assets.ts).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'lease-to-own platform';
  wb.created = new Date(0);
  const sheet = wb.addWorksheet(answer.meta.title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  const columns = answer.meta.columns;
  sheet.columns = columns.map((col) => ({
    header: col.text,
    key: col.key,
    width: Math.max(12, Math.min(40, col.text.length + 2)),
    style: col.kind === 'money' ? { numFmt: '#,##0.00' } : col.kind === 'percent' ? { numFmt: '0.0' } : {},
  }));
  for (const row of answer.data) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((col) => [col.key, col.kind === 'flag' ? flag(Boolean(row[col.key])) : (row[col.key] ?? null)]),
      ),
    );
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  if (answer.data.length)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: answer.data.length + 1, column: columns.length } };
  const notes = [answer.meta.alert, ...answer.meta.notes].filter((n): n is string => Boolean(n));
  if (notes.length) {
    sheet.addRow([]);
    for (const note of notes) sheet.addRow([note]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

import type { ContactUploadRow } from '@wacrm/shared/contacts/contact.schema';

/** The template's columns (the import also understands nome/numero/e-mail). */
export const TEMPLATE_COLUMNS = ['name', 'number', 'email'] as const;
export const TEMPLATE_URL = '/contacts-template.xlsx';

/**
 * Reads the first sheet of an .xlsx file into rows keyed by the header row. exceljs is loaded
 * only here, when someone imports, so the contacts page does not carry it.
 */
export async function readContactsSheet(file: Blob): Promise<ContactUploadRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column] = String(cell.text ?? '').trim();
  });
  const rows: ContactUploadRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: ContactUploadRow = {};
    let hasValue = false;
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const header = headers[column];
      if (!header) return;
      const text = cell.text?.trim() ?? '';
      if (text) hasValue = true;
      values[header] = text;
    });
    if (hasValue) rows.push(values);
  });
  return rows;
}

/** Splits rows into the chunks sent to the server one request at a time. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

import type { ContactUploadAnswer, ContactUploadRow } from '@wacrm/shared/contacts/contact.schema';
import { type SheetContacts, type SheetLine, toSheetContacts } from '@wacrm/shared/contacts/contact-upload';
// A type only: the library itself is loaded when someone imports a sheet.
import type { Row } from 'exceljs';

/** The template's columns (the import also understands nome/numero/e-mail). */
export const TEMPLATE_COLUMNS = ['name', 'number', 'email'] as const;
export const TEMPLATE_URL = '/contacts-template.xlsx';
/** Rows per request: small enough for the body limit and a progress bar that moves. */
export const UPLOAD_BATCH_ROWS = 500;

export type { SheetContacts };

/**
 * Reads the first sheet of an .xlsx file into rows keyed by the header row (the shared
 * `toSheetContacts`, which the server uses for uploaded files too). exceljs is loaded only here,
 * when someone imports, so the contacts page does not carry it.
 */
export async function readContactsSheet(file: Blob): Promise<SheetContacts> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [], lines: [] };
  const cellTexts = (row: Row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column] = cell.text ?? '';
    });
    return cells;
  };
  const lines: SheetLine[] = [];
  sheet.eachRow((row, line) => {
    if (line > 1) lines.push({ line, cells: cellTexts(row) });
  });
  return toSheetContacts(cellTexts(sheet.getRow(1)), lines);
}

/** Splits rows into the chunks sent to the server one request at a time. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export interface UploadTotals {
  created: number;
  errors: ContactUploadAnswer['errorBag'];
}

/**
 * Sends the rows one batch at a time (in order, so a duplicate inside the file is reported on its
 * later row) and adds up the answers: every batch's new contacts and every refused row.
 */
export async function uploadInBatches(
  rows: readonly ContactUploadRow[],
  upload: (batch: ContactUploadRow[]) => Promise<ContactUploadAnswer>,
  options: { batchSize?: number; onProgress?: (sent: number, total: number) => void } = {},
): Promise<UploadTotals> {
  const totals: UploadTotals = { created: 0, errors: [] };
  let sent = 0;
  for (const batch of chunk(rows, options.batchSize ?? UPLOAD_BATCH_ROWS)) {
    const answer = await upload(batch);
    totals.created += answer.newContacts.length;
    // The server counts rows within the batch; the totals count them in the whole file.
    const offset = sent;
    totals.errors.push(...answer.errorBag.map((error) => ({ ...error, row: offset + error.row })));
    sent += batch.length;
    options.onProgress?.(sent, rows.length);
  }
  return totals;
}

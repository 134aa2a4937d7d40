import path from 'node:path';
import {
  CONTACT_LIST_FILE_MAX_UNZIPPED_BYTES,
  readContactsCsv,
  type SheetContacts,
  type SheetLine,
  toSheetContacts,
} from '@wacrm/shared';
import type { Row } from 'exceljs';
import { AppError } from '../../platform/http/app-error.ts';

export type SheetFileType = 'xlsx' | 'csv';

const wrongType = () => new AppError('ERR_UPLOAD_FILE_TYPE', { details: { accepted: ['xlsx', 'csv'] } });

/**
 * Reads an uploaded contacts sheet (`.xlsx` or `.csv`) into upload rows with their sheet lines.
 * The type comes from the bytes (an .xlsx is a ZIP, a .csv is text); the name may only agree with
 * them, so a PNG renamed `.xlsx` and a `.txt` are both refused with `ERR_UPLOAD_FILE_TYPE`.
 */
export async function readContactSheetFile(data: Buffer, filename: string): Promise<SheetContacts> {
  const type = sheetFileType(data, filename);
  if (type === 'csv') return readContactsCsv(decodeText(data));
  if (type === 'xlsx') return readXlsx(data);
  throw wrongType();
}

/** The type the bytes show, when the name's extension (if it has one) says the same; null otherwise. */
export function sheetFileType(data: Buffer, filename: string): SheetFileType | null {
  const actual = isZip(data) ? 'xlsx' : isText(data) ? 'csv' : null;
  const named = path.extname(filename).slice(1).toLowerCase();
  if (!actual || (named && named !== actual)) return null;
  return actual;
}

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

/** Text has no NUL and no control bytes other than tab, line feed, carriage return and form feed. */
function isText(data: Buffer) {
  for (const byte of data) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/**
 * UTF-8 (with or without a byte order mark); text that is not valid UTF-8 is read as Windows-1252,
 * which is what Excel writes for "CSV" on a Portuguese or Spanish Windows.
 */
function decodeText(data: Buffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

async function readXlsx(data: Buffer): Promise<SheetContacts> {
  const unzipped = declaredUnzippedBytes(data);
  if (unzipped === null) throw wrongType();
  if (unzipped > CONTACT_LIST_FILE_MAX_UNZIPPED_BYTES) {
    throw new AppError('ERR_PAYLOAD_TOO_LARGE', {
      details: { maxUnzippedBytes: CONTACT_LIST_FILE_MAX_UNZIPPED_BYTES },
    });
  }
  // Loaded on the first upload only: a server that never imports does not carry it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as its own `Buffer` (an ArrayBuffer); in Node it reads Node's Buffer.
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    // A ZIP that is not a workbook (a .docx, an archive, a damaged file).
    throw wrongType();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [], lines: [] };
  const lines: SheetLine[] = [];
  sheet.eachRow((row, line) => {
    if (line > 1) lines.push({ line, cells: cellTexts(row) });
  });
  return toSheetContacts(cellTexts(sheet.getRow(1)), lines);
}

function cellTexts(row: Row) {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    cells[column] = cell.text ?? '';
  });
  return cells;
}

/**
 * The sum of the uncompressed sizes a ZIP's central directory declares, or null when the file has
 * no readable central directory (then it is no workbook). Read before inflating anything.
 */
export function declaredUnzippedBytes(data: Buffer): number | null {
  const END_OF_DIRECTORY = 0x06054b50;
  const DIRECTORY_ENTRY = 0x02014b50;
  // The end record is 22 bytes plus a comment of up to 65,535.
  const earliest = Math.max(0, data.length - 22 - 65_535);
  for (let at = data.length - 22; at >= earliest; at--) {
    if (data.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    const entries = data.readUInt16LE(at + 10);
    let offset = data.readUInt32LE(at + 16);
    let total = 0;
    for (let index = 0; index < entries; index++) {
      if (offset + 46 > data.length || data.readUInt32LE(offset) !== DIRECTORY_ENTRY) return null;
      total += data.readUInt32LE(offset + 24);
      offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
    }
    return total;
  }
  return null;
}

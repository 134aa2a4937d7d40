import {
  type ContactExtraInfo,
  type ContactUploadAnswer,
  type ContactUploadError,
  type ContactUploadRow,
  contactFieldsSchema,
} from './contact.schema.ts';
import { fromSpreadsheetText, parseCsv, UTF8_BOM } from './contact-csv.ts';

/** Column titles the import understands for the three main fields (lower-case, any language we ship). */
const columnAliases: Record<'name' | 'number' | 'email', readonly string[]> = {
  name: ['name', 'nome', 'nombre'],
  number: ['number', 'numero', 'número', 'phone', 'telefone', 'teléfono', 'telefono', 'whatsapp'],
  email: ['email', 'e-mail', 'correo'],
};

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    // exceljs gives rich text, hyperlinks and formula results as objects.
    const cell = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
    return '';
  }
  return fromSpreadsheetText(String(value).trim());
};

export type UploadRowCheck =
  | {
      ok: true;
      values: { name: string; number: string; email: string; extraInfo: ContactExtraInfo[] };
    }
  | { ok: false; name: string; number: string; error: ContactUploadError; message: string };

/** Checks one spreadsheet row: the main columns by alias, every other non-empty column as an extra field. */
export function checkUploadRow(row: ContactUploadRow): UploadRowCheck {
  const main = { name: '', number: '', email: '' };
  const extraInfo: ContactExtraInfo[] = [];
  for (const [key, value] of Object.entries(row)) {
    const column = key.trim().toLowerCase();
    const text = cellText(value);
    const field = (Object.keys(columnAliases) as (keyof typeof columnAliases)[]).find((name) =>
      columnAliases[name].includes(column),
    );
    if (field) main[field] = text;
    else if (column && text) extraInfo.push({ name: key.trim().slice(0, 100), value: text.slice(0, 1_000) });
  }
  const parsed = contactFieldsSchema.safeParse({ ...main, extraInfo: extraInfo.slice(0, 50) });
  if (parsed.success) return { ok: true, values: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const error: ContactUploadError =
    field === 'number' ? 'ERR_INVALID_NUMBER' : field === 'email' ? 'ERR_INVALID_EMAIL' : 'ERR_INVALID_NAME';
  return { ok: false, name: main.name, number: main.number, error, message: `${String(field)}: ${issue?.message}` };
}

type CheckedValues = Extract<UploadRowCheck, { ok: true }>['values'];

/**
 * Every row checked alone: the good ones to store, the others (invalid, or a number already seen
 * earlier in the same file) reported by their index in `rows`. `rowOfNumber` gives a stored
 * number's index, so a refusal from the database names the sheet's line too.
 */
export function sortUploadRows(rows: ContactUploadRow[]): {
  valid: CheckedValues[];
  errorBag: ContactUploadAnswer['errorBag'];
  rowOfNumber: Map<string, number>;
} {
  const valid: CheckedValues[] = [];
  const errorBag: ContactUploadAnswer['errorBag'] = [];
  const rowOfNumber = new Map<string, number>();
  rows.forEach((row, index) => {
    const check = checkUploadRow(row);
    if (!check.ok) {
      const { name, number, error, message } = check;
      errorBag.push({ row: index, name, number, error, message });
    } else if (rowOfNumber.has(check.values.number)) {
      errorBag.push({
        row: index,
        name: check.values.name,
        number: check.values.number,
        error: 'ERR_DUPLICATED_CONTACT',
        message: 'The number appears more than once in the file',
      });
    } else {
      rowOfNumber.set(check.values.number, index);
      valid.push(check.values);
    }
  });
  return { valid, errorBag, rowOfNumber };
}

/** One line of a spreadsheet as read from its file: its number there (1 is the header line) and its cells' text. */
export interface SheetLine {
  line: number;
  /** By column; the header line's cells at the same positions name them. */
  cells: readonly (string | undefined)[];
}

/** The contact rows of a sheet, and for each the sheet line it came from (blank lines are skipped). */
export interface SheetContacts {
  rows: ContactUploadRow[];
  lines: number[];
}

/**
 * Turns a sheet's lines into upload rows keyed by the header line's titles, as `checkUploadRow`
 * reads them. Columns without a title and lines with no text are left out. The browser (reading
 * .xlsx with exceljs) and the server (reading an uploaded .xlsx or .csv) both go through here.
 */
export function toSheetContacts(headers: readonly (string | undefined)[], lines: Iterable<SheetLine>): SheetContacts {
  const titles = headers.map((header) => header?.trim() ?? '');
  const sheet: SheetContacts = { rows: [], lines: [] };
  for (const { line, cells } of lines) {
    const row: ContactUploadRow = {};
    let hasValue = false;
    cells.forEach((cell, column) => {
      const title = titles[column];
      const text = cell?.trim() ?? '';
      if (!title || cell === undefined) return;
      if (text) hasValue = true;
      row[title] = text;
    });
    if (!hasValue) continue;
    sheet.rows.push(row);
    sheet.lines.push(line);
  }
  return sheet;
}

/**
 * Reads a CSV export of a contacts sheet: RFC 4180 quoting, a byte order mark allowed, and the
 * separator Excel used, a semicolon (Portuguese and Spanish locales) or a comma, judged by the
 * header line. Each record is one sheet line (a quoted cell may span several lines of text).
 */
export function readContactsCsv(text: string): SheetContacts {
  const source = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const [headers = [], ...records] = parseCsv(source, csvSeparatorOf(source));
  return toSheetContacts(
    headers,
    records.map((cells, index) => ({ line: index + 2, cells })),
  );
}

/** `;` when the header line (outside quotes) has more semicolons than commas, else `,`. */
export function csvSeparatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let isQuoted = false;
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === '\n' || char === '\r')) break;
    else if (!isQuoted && char === ',') commas++;
    else if (!isQuoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** spec: contacts export as `contatos.csv`, semicolon-separated, columns name, number, email. */
export const CONTACTS_CSV_FILENAME = 'contatos.csv';
export const CONTACTS_CSV_SEPARATOR = ';';
export const CONTACTS_CSV_COLUMNS = ['name', 'number', 'email'] as const;
/** Excel reads a UTF-8 file as such only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** One CSV cell: quoted (quotes doubled) when it holds the separator, a quote or a line break. */
export function toCsvCell(value: string, separator = CONTACTS_CSV_SEPARATOR): string {
  if (value.includes(separator) || /["\r\n]/.test(value)) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

/** A cell a spreadsheet would run as a formula (OWASP's CSV injection): these leading characters. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Text someone typed (a customer, a contact's name, a setting), written so a spreadsheet shows it
 * as text instead of running it: an apostrophe in front, which Excel and LibreOffice hide.
 */
export function asSpreadsheetText(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The text `asSpreadsheetText` guarded, back as it was typed: an import reads our own exports. */
export function fromSpreadsheetText(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

export function toCsvLine(values: readonly string[], separator = CONTACTS_CSV_SEPARATOR): string {
  return `${values.map((value) => toCsvCell(value, separator)).join(separator)}\r\n`;
}

/** Reads CSV text back into rows (RFC 4180 quoting); used by tests and by anyone checking an export. */
export function parseCsv(text: string, separator = CONTACTS_CSV_SEPARATOR): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  const source = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (isQuoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

import {
  type ContactExtraInfo,
  type ContactUploadError,
  type ContactUploadRow,
  contactFieldsSchema,
} from './contact.schema.ts';

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
  return String(value).trim();
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

import type { ContactUploadAnswer, ContactUploadRow } from '@wacrm/shared/contacts/contact.schema';
import { checkUploadRow } from '@wacrm/shared/contacts/contact-upload';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { chunk, readContactsSheet, uploadInBatches } from './contacts-sheet.ts';

const number = (index: number) => `55119${String(index).padStart(8, '0')}`;

/** Rows 1–1,000 of the template's columns plus an extra one; 10 of them cannot be imported. */
const badRows = new Map<number, [string, string, string]>([
  [17, ['X', number(17), '']], // name too short
  [101, ['Sem Número', '123', '']], // number too short
  [202, ['E-mail Ruim', number(202), 'not-an-email']],
  [303, ['', number(303), '']], // no name
  [404, ['Letras', 'abcdefghij', '']], // no digits
  [505, ['Repetido Um', number(1), '']], // duplicates row 1, in the first batch's range
  [606, ['Repetido Dois', number(2), '']], // duplicates row 2, found across batches
  [707, ['Nome muito longo '.repeat(4), number(707), '']],
  [808, ['Outro E-mail', number(808), 'a@b']],
  [999, ['Repetido Três', number(600), '']], // duplicates row 600 (second batch)
]);

async function workbookBlob(): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.addRow(['name', 'number', 'email', 'Cidade']);
  for (let index = 1; index <= 1_000; index++) {
    const [name, phone, email] = badRows.get(index) ?? [`Contato ${index}`, number(index), `c${index}@example.com`];
    sheet.addRow([name, phone, email, index % 2 ? 'Campinas' : null]);
  }
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

/** Answers like `POST /contacts/upload`: the shared row check, and numbers unique in the company. */
function fakeServer() {
  const stored = new Set<string>();
  const batches: number[] = [];
  const upload = async (rows: ContactUploadRow[]): Promise<ContactUploadAnswer> => {
    batches.push(rows.length);
    const answer: ContactUploadAnswer = { newContacts: [], errorBag: [] };
    rows.forEach((row, index) => {
      const check = checkUploadRow(row);
      if (!check.ok) {
        answer.errorBag.push({
          row: index,
          name: check.name,
          number: check.number,
          error: check.error,
          message: check.message,
        });
      } else if (stored.has(check.values.number)) {
        const { name, number: phone } = check.values;
        answer.errorBag.push({
          row: index,
          name,
          number: phone,
          error: 'ERR_DUPLICATED_CONTACT',
          message: 'duplicated',
        });
      } else {
        stored.add(check.values.number);
        answer.newContacts.push({ id: stored.size, ...check.values } as unknown as ContactRecord);
      }
    });
    return answer;
  };
  return { upload, batches, stored };
}

describe('readContactsSheet', () => {
  it('reads every filled row by its header, extra columns included, empty cells left out', async () => {
    const { rows, lines } = await readContactsSheet(await workbookBlob());
    expect(rows).toHaveLength(1_000);
    expect(lines.slice(0, 2)).toEqual([2, 3]);
    expect(rows[0]).toEqual({ name: 'Contato 1', number: number(1), email: 'c1@example.com', Cidade: 'Campinas' });
    expect(rows[1]).toEqual({ name: 'Contato 2', number: number(2), email: 'c2@example.com' });
    expect(rows[16]).toMatchObject({ name: 'X' });
  });

  it('skips blank rows and answers nothing for an empty workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['name', 'number']);
    sheet.addRow(['Ana', '5511988887777']);
    sheet.addRow([]);
    sheet.addRow(['  ', '']);
    sheet.addRow(['Bia', '5511977776666']);
    const { rows, lines } = await readContactsSheet(new Blob([await workbook.xlsx.writeBuffer()]));
    // exceljs writes no line for the empty row; the blank one (line 4) is skipped.
    expect(lines).toEqual([2, 5]);
    expect(rows.map((row) => row.name)).toEqual(['Ana', 'Bia']);
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('Vazia');
    expect(await readContactsSheet(new Blob([await empty.xlsx.writeBuffer()]))).toEqual({ rows: [], lines: [] });
  });
});

describe('uploadInBatches', () => {
  it('imports a 1,000-row workbook with 10 bad rows: 990 contacts and the 10 errors listed by name', async () => {
    const { rows } = await readContactsSheet(await workbookBlob());
    const server = fakeServer();
    const progress: [number, number][] = [];
    const totals = await uploadInBatches(rows, server.upload, {
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(server.batches).toEqual([500, 500]);
    expect(progress).toEqual([
      [500, 1_000],
      [1_000, 1_000],
    ]);
    expect(totals.created).toBe(990);
    expect(server.stored.size).toBe(990);
    expect(totals.errors).toHaveLength(10);
    // Every refused row is named (the dialog lists them), duplicates included.
    expect(totals.errors.map((error) => error.name)).toEqual([...badRows.values()].map(([name]) => name.trim()));
    expect(totals.errors.filter((error) => error.error === 'ERR_DUPLICATED_CONTACT')).toHaveLength(3);
    expect(totals.errors.find((error) => error.name === 'X')?.error).toBe('ERR_INVALID_NAME');
    // Rows are counted across batches: the dialog turns them into sheet lines.
    expect(totals.errors.map((error) => String(rows[error.row].name ?? '').trim())).toEqual(
      totals.errors.map((error) => error.name),
    );
    expect(totals.errors.find((error) => error.name === 'Sem Número')?.error).toBe('ERR_INVALID_NUMBER');
    expect(totals.errors.find((error) => error.name === 'E-mail Ruim')?.error).toBe('ERR_INVALID_EMAIL');
  });

  it('stops at the first failed request (the dialog shows the failure)', async () => {
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('offline');
    };
    await expect(uploadInBatches([{ name: 'Ana' }, { name: 'Bia' }], failing, { batchSize: 1 })).rejects.toThrow(
      'offline',
    );
    expect(calls).toBe(1);
  });
});

describe('chunk', () => {
  it('splits in order, the last part holding the rest', () => {
    expect(chunk([], 500)).toEqual([]);
    expect(chunk([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkUploadRow, csvSeparatorOf, readContactsCsv, toSheetContacts } from './contact-upload.ts';

describe('toSheetContacts', () => {
  it('keys cells by the header titles, skips untitled columns and blank lines, and keeps each line number', () => {
    const sheet = toSheetContacts(
      [' Nome ', 'Número', '', 'Cidade'],
      [
        { line: 2, cells: ['Ana', '5511999990001', 'ignored', 'Campinas'] },
        { line: 3, cells: ['', '  ', '', ''] },
        { line: 5, cells: [' Bia ', '5511999990002'] },
      ],
    );
    expect(sheet).toEqual({
      rows: [
        { Nome: 'Ana', Número: '5511999990001', Cidade: 'Campinas' },
        { Nome: 'Bia', Número: '5511999990002' },
      ],
      lines: [2, 5],
    });
    expect(checkUploadRow(sheet.rows[1])).toMatchObject({ ok: true, values: { name: 'Bia', number: '5511999990002' } });
  });
});

describe('checkUploadRow', () => {
  it('reads back as typed the names our export guarded against spreadsheet formulas', () => {
    const row = { name: "'=1+1", number: '5511999990003', email: '' };
    expect(checkUploadRow(row)).toMatchObject({ ok: true, values: { name: '=1+1' } });
    expect(checkUploadRow({ ...row, name: "'Quoted'" })).toMatchObject({ ok: true, values: { name: "'Quoted'" } });
  });
});

describe('readContactsCsv', () => {
  it('reads quoted cells, line breaks inside quotes, a BOM, and numbers records as sheet lines', () => {
    const sheet = readContactsCsv(
      '\uFEFFname,number\r\n"Silva, Ana","5511 9999"\r\n"Two\nlines",5511\r\n\r\nBob,1\r\n',
    );
    expect(sheet).toEqual({
      rows: [
        { name: 'Silva, Ana', number: '5511 9999' },
        { name: 'Two\nlines', number: '5511' },
        { name: 'Bob', number: '1' },
      ],
      lines: [2, 3, 5],
    });
  });

  it('takes the separator the header line uses', () => {
    expect(csvSeparatorOf('nome;numero;email\na,b,c')).toBe(';');
    expect(csvSeparatorOf('"a;b",number\n')).toBe(',');
    expect(csvSeparatorOf('name')).toBe(',');
    expect(readContactsCsv('nome;numero\nAna;5511').rows).toEqual([{ nome: 'Ana', numero: '5511' }]);
  });
});

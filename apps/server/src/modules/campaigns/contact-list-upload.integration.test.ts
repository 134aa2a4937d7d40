import {
  CONTACT_LIST_FILE_MAX_BYTES,
  CONTACT_LIST_FILE_MAX_ROWS,
  type ContactListItemEvent,
  type ContactListItemRecord,
  type ContactListRecord,
  type ContactListUploadAnswer,
} from '@wacrm/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { nextMatching, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';

// spec: `POST /contact-lists/{id}/upload` takes a multipart file; the JSON rows form stays.

const ONE_MINUTE = paced(60_000);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function admin() {
  const plan = await buildPlan(t.db, { useCampaigns: true });
  const company = await buildCompany(t.db, { planId: plan.id });
  const user = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(user.email, TEST_PASSWORD);
  const api = t.as(token);
  const list = (await api.post('/api/contact-lists', { name: 'Clientes' })).body as ContactListRecord;
  return { company, token, api, list };
}

type Answer = ContactListUploadAnswer & { error?: string; details?: Record<string, unknown> };

async function uploadFile(token: string, listId: number, file: { name: string; data: Buffer | string }) {
  const form = new FormData();
  const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
  form.append('file', new Blob([new Uint8Array(bytes)]), file.name);
  const response = await fetch(`${t.url}/api/contact-lists/${listId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function xlsx(lines: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function itemsOf(api: ReturnType<TestServer['as']>, listId: number) {
  const page = (await api.get(`/api/contact-list-items?contactListId=${listId}`)).body as {
    contacts: ContactListItemRecord[];
  };
  return page.contacts.map((item) => ({ name: item.name, number: item.number, email: item.email }));
}

describe('contact list upload as a file', () => {
  it('reads an .xlsx with Portuguese headers: good rows kept, bad ones reported by line, the list told to reload', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, token, company, list } = await admin();
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const reload = nextMatching<ContactListItemEvent>(
      socket,
      `company-${company.id}-ContactListItem-${list.id}`,
      (event) => event.action === 'reload',
    );
    const sheet = await xlsx([
      ['Nome', 'Número', 'E-mail', 'Cidade'],
      ['Ana Souza', '+55 (11) 99999-0001', 'ana@example.com', 'Campinas'],
      [null, null, null, null],
      ['Número curto', '12', '', null],
      // A number typed as a number in the sheet.
      ['Bruno Lima', 5511999990002, '', 'Santos'],
      ['Ana de novo', '5511999990001', '', null],
      ['E-mail ruim', '5511999990003', 'not-an-email', null],
    ]);

    const answer = await uploadFile(token, list.id, { name: 'contatos.xlsx', data: sheet });

    expect(answer.status).toBe(200);
    expect(answer.body.created).toBe(2);
    expect(answer.body.errorBag.map(({ row, line, error }) => ({ row, line, error }))).toEqual([
      { row: 1, line: 4, error: 'ERR_INVALID_NUMBER' },
      { row: 3, line: 6, error: 'ERR_DUPLICATED_CONTACT' },
      { row: 4, line: 7, error: 'ERR_INVALID_EMAIL' },
    ]);
    expect(await reload).toEqual({ action: 'reload', contactListId: list.id });
    expect(await itemsOf(api, list.id)).toEqual([
      { name: 'Ana Souza', number: '5511999990001', email: 'ana@example.com' },
      { name: 'Bruno Lima', number: '5511999990002', email: '' },
    ]);
  });

  it('reads a .csv with English headers: commas or semicolons, a BOM, quotes, and Windows-1252 text', async () => {
    const { api, token, list } = await admin();
    const commas = '\uFEFFname,number,email\r\n"Silva, Ana",5511988880001,ana@example.com\r\nBob,123,\r\n';
    const first = await uploadFile(token, list.id, { name: 'contacts.csv', data: commas });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(1);
    expect(first.body.errorBag).toEqual([expect.objectContaining({ row: 1, line: 3, error: 'ERR_INVALID_NUMBER' })]);

    const semicolons = 'Name;Phone;Email\n"Carla ""Cacá"" Dias";5511988880002;\n';
    expect((await uploadFile(token, list.id, { name: 'contacts.csv', data: semicolons })).body.created).toBe(1);
    // What Excel saves as "CSV" on a Portuguese Windows: not UTF-8.
    const windows = Buffer.from('nome;número\r\nJoão Araújo;5511988880003\r\n', 'latin1');
    expect((await uploadFile(token, list.id, { name: 'exportado.csv', data: windows })).body.created).toBe(1);

    expect(await itemsOf(api, list.id)).toEqual([
      { name: 'Carla "Cacá" Dias', number: '5511988880002', email: '' },
      { name: 'João Araújo', number: '5511988880003', email: '' },
      { name: 'Silva, Ana', number: '5511988880001', email: 'ana@example.com' },
    ]);
  });

  it('imports a file of as many rows as the limit allows (more than one insert can carry)', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, token, list } = await admin();
    const lines = Array.from(
      { length: CONTACT_LIST_FILE_MAX_ROWS },
      (_, i) => `Pessoa ${i};55118${String(i).padStart(8, '0')}`,
    );
    const answer = await uploadFile(token, list.id, { name: 'todos.csv', data: `nome;numero\n${lines.join('\n')}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: CONTACT_LIST_FILE_MAX_ROWS, errorBag: [] });
    expect(((await api.get(`/api/contact-lists/${list.id}`)).body as ContactListRecord).contactsCount).toBe(
      CONTACT_LIST_FILE_MAX_ROWS,
    );
  });

  it('refuses a wrong type, a file over the limit or with too many rows, and no file; the list is unchanged', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, token, list } = await admin();
    await api.post(`/api/contact-lists/${list.id}/upload`, { rows: [{ name: 'Ana Souza', number: '5511977770001' }] });
    const csv = 'name,number\nBia Reis,5511977770002\n';

    const refusals: [{ name: string; data: Buffer | string }, number, string][] = [
      [{ name: 'contatos.xlsx', data: PNG }, 415, 'ERR_UPLOAD_FILE_TYPE'],
      [{ name: 'contatos.txt', data: csv }, 415, 'ERR_UPLOAD_FILE_TYPE'],
      // Text named .xlsx, and a ZIP that is no workbook.
      [{ name: 'contatos.xlsx', data: csv }, 415, 'ERR_UPLOAD_FILE_TYPE'],
      [
        { name: 'contatos.xlsx', data: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]) },
        415,
        'ERR_UPLOAD_FILE_TYPE',
      ],
      [{ name: 'grande.csv', data: `${csv}${'x'.repeat(CONTACT_LIST_FILE_MAX_BYTES)}` }, 413, 'ERR_PAYLOAD_TOO_LARGE'],
      [{ name: 'vazio.csv', data: '' }, 400, 'ERR_UPLOAD_MISSING_FILE'],
    ];
    for (const [file, status, error] of refusals) {
      const answer = await uploadFile(token, list.id, file);
      expect({ name: file.name, status: answer.status, error: answer.body.error }).toEqual({
        name: file.name,
        status,
        error,
      });
    }

    const manyLines = Array.from(
      { length: CONTACT_LIST_FILE_MAX_ROWS + 1 },
      (_, i) => `P ${i},55119${String(i).padStart(8, '0')}`,
    );
    const tooMany = await uploadFile(token, list.id, {
      name: 'muitos.csv',
      data: `name,number\n${manyLines.join('\n')}`,
    });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({
      error: 'ERR_PAYLOAD_TOO_LARGE',
      details: { maxRows: CONTACT_LIST_FILE_MAX_ROWS },
    });

    // A multipart body with a field but no file.
    const form = new FormData();
    form.append('name', 'no file');
    const noFile = await fetch(`${t.url}/api/contact-lists/${list.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as Answer).error).toBe('ERR_UPLOAD_MISSING_FILE');

    expect(await itemsOf(api, list.id)).toEqual([{ name: 'Ana Souza', number: '5511977770001', email: '' }]);
    expect(((await api.get(`/api/contact-lists/${list.id}`)).body as ContactListRecord).contactsCount).toBe(1);
  });

  it("answers 404 for another company's list whatever the body, and leaves it unchanged", async () => {
    const mine = await admin();
    const theirs = await admin();
    const good = await xlsx([
      ['nome', 'numero'],
      ['Ana Souza', '5511966660001'],
    ]);

    expect((await uploadFile(theirs.token, mine.list.id, { name: 'contatos.xlsx', data: good })).status).toBe(404);
    expect((await uploadFile(theirs.token, mine.list.id, { name: 'contatos.xlsx', data: PNG })).status).toBe(404);
    for (const body of [{ rows: [{ nome: 'Ana Souza', numero: '5511966660001' }] }, { rows: 'x' }, undefined]) {
      expect((await theirs.api.post(`/api/contact-lists/${mine.list.id}/upload`, body)).status).toBe(404);
    }

    expect(await itemsOf(mine.api, mine.list.id)).toEqual([]);
  });

  it('still takes the JSON rows the web app sends, reported by their index in the batch', async () => {
    const { api, list } = await admin();
    const answer = await api.post(`/api/contact-lists/${list.id}/upload`, {
      rows: [
        { nome: 'Ana Souza', telefone: '5511955550001' },
        { name: 'X', number: '5511955550002' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      newContacts: [],
      created: 1,
      errorBag: [expect.objectContaining({ row: 1, number: '5511955550002', error: 'ERR_INVALID_NAME' })],
    });
    expect((answer.body as Answer).errorBag[0]).not.toHaveProperty('line');

    const invalid = await api.post(`/api/contact-lists/${list.id}/upload`, { rows: 'not rows' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { rows: expect.any(String) } });
    expect(await itemsOf(api, list.id)).toEqual([{ name: 'Ana Souza', number: '5511955550001', email: '' }]);
  });
});

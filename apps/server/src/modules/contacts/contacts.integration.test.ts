import { type ContactRecord, type ContactsEvent, parseCsv, UTF8_BOM } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { contacts } from '../../tables.ts';
import { sandboxAddressBook } from '../channels/providers/sandbox/sandbox.adapter.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function companyWithUsers() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const user = await buildUser(t.db, { companyId: company.id, profile: 'user' });
  const [adminToken, userToken] = await Promise.all([
    t.login(admin.email, TEST_PASSWORD).then((answer) => answer.token),
    t.login(user.email, TEST_PASSWORD).then((answer) => answer.token),
  ]);
  return { company, admin, user, adminToken, userToken };
}

/** Every `company-{id}-contact` event a socket of this token hears. */
async function listenContacts(token: string, companyId: number) {
  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  const events: ContactsEvent[] = [];
  socket.on(`company-${companyId}-contact`, (event: ContactsEvent) => events.push(event));
  return events;
}

/** Gives a stray event time to arrive, before checking that none did. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('contact rules', () => {
  it('creates a contact with its number normalised, reads, updates and emits each change', async () => {
    const { company, userToken } = await companyWithUsers();
    const events = await listenContacts(userToken, company.id);
    const created = await t.as(userToken).post('/api/contacts', {
      name: '  Maria Silva ',
      number: '(11) 98765-4321',
      email: 'Maria@Example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    expect(created.status).toBe(200);
    const contact: ContactRecord = created.body;
    expect(contact).toMatchObject({
      companyId: company.id,
      name: 'Maria Silva',
      number: '5511987654321',
      email: 'maria@example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
      isGroup: false,
    });
    expect((await t.as(userToken).get(`/api/contacts/${contact.id}`)).body).toEqual(contact);

    const updated = await t.as(userToken).put(`/api/contacts/${contact.id}`, {
      name: 'Maria S.',
      number: '+55 11 98765-4321',
      email: '',
      extraInfo: [],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Maria S.', email: '', extraInfo: [] });
    await waitUntil(() => events.length >= 2, undefined, 'two contact events');
    await settle();
    expect(events.map((event) => event.action)).toEqual(['create', 'update']);
  });

  it.each([
    [{ name: 'A', number: '5511987654321' }, 'name'],
    [{ name: 'x'.repeat(51), number: '5511987654321' }, 'name'],
    [{ name: 'Ok name', number: '1234567' }, 'number'],
    [{ name: 'Ok name', number: '1'.repeat(51) }, 'number'],
    [{ name: 'Ok name', number: 'abc-defg-hij' }, 'number'],
    [{ name: 'Ok name', number: '5511987654321', email: 'not-an-email' }, 'email'],
  ])('refuses %j (field %s)', async (body, field) => {
    const { userToken } = await companyWithUsers();
    const answer = await t.as(userToken).post('/api/contacts', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(answer.body.fields ?? {})).toContain(field);
  });

  it('answers ERR_DUPLICATED_CONTACT (409) for a number the company has, however it is typed', async () => {
    const { userToken } = await companyWithUsers();
    const first = await t.as(userToken).post('/api/contacts', { name: 'First', number: '5511987650000' });
    const again = await t.as(userToken).post('/api/contacts', { name: 'Second', number: '(11) 98765-0000' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_CONTACT');
    const other = await t.as(userToken).post('/api/contacts', { name: 'Other', number: '5511987650001' });
    const clash = await t
      .as(userToken)
      .put(`/api/contacts/${other.body.id}`, { name: 'Other', number: '5511987650000' });
    expect(clash.status).toBe(409);
    // Its own number is no clash.
    const same = await t
      .as(userToken)
      .put(`/api/contacts/${first.body.id}`, { name: 'First!', number: '5511987650000' });
    expect(same.status).toBe(200);
    // The same number in another company is fine.
    const { userToken: otherCompany } = await companyWithUsers();
    expect((await t.as(otherCompany).post('/api/contacts', { name: 'First', number: '5511987650000' })).status).toBe(
      200,
    );
  });

  it('deleting one needs contacts-page:deleteContact; deleting all is for admins and answers the count', async () => {
    const { company, adminToken, userToken } = await companyWithUsers();
    const events = await listenContacts(userToken, company.id);
    const a = await t.as(userToken).post('/api/contacts', { name: 'Alpha', number: '5511900000001' });
    await t.as(userToken).post('/api/contacts', { name: 'Beta', number: '5511900000002' });
    await t.as(userToken).post('/api/contacts', { name: 'Gamma', number: '5511900000003' });
    expect((await t.as(userToken).delete(`/api/contacts/${a.body.id}`)).status).toBe(403);
    expect((await t.as(adminToken).delete(`/api/contacts/${a.body.id}`)).status).toBe(200);
    expect((await t.as(adminToken).get(`/api/contacts/${a.body.id}`)).status).toBe(404);
    expect((await t.as(userToken).delete('/api/contacts')).status).toBe(403);
    const all = await t.as(adminToken).delete('/api/contacts');
    expect(all.body).toEqual({ deleted: 2 });
    expect((await t.as(adminToken).get('/api/contacts')).body).toMatchObject({
      contacts: [],
      count: 0,
      hasMore: false,
    });
    await waitUntil(() => events.some((event) => event.action === 'deleteAll'), undefined, 'the deleteAll event');
    expect(events.slice(-2)).toEqual([{ action: 'delete', contactId: a.body.id }, { action: 'deleteAll' }]);
  });
});

describe('contact list', () => {
  let token: string;
  beforeAll(async () => {
    const { company, userToken } = await companyWithUsers();
    token = userToken;
    const rows = Array.from({ length: 65 }, (_, index) => ({
      companyId: company.id,
      name: `Person ${String(index).padStart(2, '0')}`,
      number: `55119${String(10_000_000 + index)}`,
      createdAt: new Date(index < 5 ? '2024-01-10T12:00:00Z' : '2024-03-01T12:00:00Z'),
    }));
    rows.push({ ...rows[0], name: 'Zélia 50% Off', number: '5521912345678' });
    await t.db.insert(contacts).values(rows);
  });

  it('pages 30 at a time by name with count and hasMore', async () => {
    const page1 = await t.as(token).get('/api/contacts?pageNumber=1');
    expect(page1.body.contacts).toHaveLength(30);
    expect(page1.body).toMatchObject({ count: 66, hasMore: true });
    expect(page1.body.contacts[0].name).toBe('Person 00');
    const page3 = await t.as(token).get('/api/contacts?pageNumber=3');
    expect(page3.body.contacts).toHaveLength(6);
    expect(page3.body.hasMore).toBe(false);
  });

  it('searches the name case-insensitively (literal %) and the number by its digits', async () => {
    expect(
      (await t.as(token).get('/api/contacts?searchParam=ZÉLIA')).body.contacts.map((c: ContactRecord) => c.name),
    ).toEqual(['Zélia 50% Off']);
    expect((await t.as(token).get('/api/contacts?searchParam=%25 off')).body.count).toBe(1);
    // Accents are folded on both sides: "zelia" finds "Zélia", and so does "ZÈLIA".
    expect((await t.as(token).get('/api/contacts?searchParam=zelia')).body.count).toBe(1);
    expect((await t.as(token).get(`/api/contacts?searchParam=${encodeURIComponent('ZÈLIA')}`)).body.count).toBe(1);
    expect((await t.as(token).get('/api/contacts?searchParam=person 1')).body.count).toBe(10);
    expect((await t.as(token).get(`/api/contacts?searchParam=${encodeURIComponent('(21) 91234')}`)).body.count).toBe(1);
  });

  it('filters by creation day', async () => {
    expect((await t.as(token).get('/api/contacts?date=2024-01-10')).body.count).toBe(6);
    expect((await t.as(token).get('/api/contacts?dateStart=2024-02-01&dateEnd=2024-03-01')).body.count).toBe(60);
    expect((await t.as(token).get('/api/contacts?dateEnd=2024-01-09')).body.count).toBe(0);
    expect((await t.as(token).get('/api/contacts?date=2024-1-1')).status).toBe(400);
  });

  it('lists options for pickers', async () => {
    const options = await t.as(token).get('/api/contacts/list?searchParam=zél');
    expect(options.body).toEqual([expect.objectContaining({ name: 'Zélia 50% Off', number: '5521912345678' })]);
  });
});

describe('upload', () => {
  it('stores 990 of 1,000 rows and lists the 10 bad ones with name and reason', async () => {
    const { company, userToken } = await companyWithUsers();
    await t.as(userToken).post('/api/contacts', { name: 'Already here', number: '5511970000005' });
    const rows: Record<string, unknown>[] = Array.from({ length: 1_000 }, (_, index) => ({
      name: `Imported ${index}`,
      number: 5511970000000 + index,
      email: `imported${index}@example.com`,
      Cidade: 'São Paulo',
    }));
    rows[1] = { ...rows[1], name: 'X' }; // name too short
    rows[2] = { ...rows[2], number: '123' }; // number too short
    rows[3] = { ...rows[3], email: 'nope' }; // bad email
    rows[4] = { ...rows[4], name: '' };
    rows[5] = { ...rows[5], name: 'Dup of existing' }; // 5511970000005 exists
    rows[6] = { ...rows[6], number: rows[7].number }; // twice in the file
    rows[8] = { ...rows[8], number: 'abcdefghij' };
    rows[9] = { ...rows[9], name: 'y'.repeat(60) };
    rows[10] = { ...rows[10], email: 'a@b' };
    rows[11] = { name: 'No number' };
    const started = performance.now();
    const answer = await t.as(userToken).post('/api/contacts/upload', rows);
    const elapsed = performance.now() - started;
    console.info(`[measure] upload of 1,000 rows: ${elapsed.toFixed(0)} ms`);
    expect(answer.status).toBe(200);
    expect(answer.body.newContacts).toHaveLength(990);
    expect(answer.body.errorBag).toHaveLength(10);
    const errors = answer.body.errorBag as { row: number; name: string; error: string }[];
    // Each failure names its row in the request (duplicates found by the insert included), in order.
    expect(errors.find((error) => error.name === 'X')?.row).toBe(1);
    expect(errors.find((error) => error.name === 'Dup of existing')?.row).toBe(5);
    expect(errors.map((error) => error.row)).toEqual([...errors.map((error) => error.row)].sort((a, b) => a - b));
    expect(
      errors
        .filter((error) => error.error === 'ERR_DUPLICATED_CONTACT')
        .map((error) => error.name)
        .sort(),
    ).toEqual(['Dup of existing', 'Imported 7'].sort());
    expect(errors.map((error) => error.error)).toEqual(
      expect.arrayContaining(['ERR_INVALID_NAME', 'ERR_INVALID_NUMBER', 'ERR_INVALID_EMAIL']),
    );
    expect(errors.every((error) => typeof error.name === 'string')).toBe(true);
    const stored = await t.db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(stored).toHaveLength(991);
    expect(stored.find((row) => row.name === 'Imported 20')?.extraInfo).toEqual([
      { name: 'Cidade', value: 'São Paulo' },
    ]);
    // Uploading the same file again reports every row as a duplicate; nothing is dropped silently.
    const again = await t.as(userToken).post('/api/contacts/upload', rows.slice(100, 200));
    expect(again.body.newContacts).toHaveLength(0);
    expect(again.body.errorBag).toHaveLength(100);
    // Warm figure: another 1,000 new rows once the server has run its queries once.
    const fresh = rows.map((row, index) => ({ ...row, number: 5511980000000 + index }));
    const warmStart = performance.now();
    const warm = await t.as(userToken).post('/api/contacts/upload', fresh);
    console.info(`[measure] upload of 1,000 rows (warm): ${(performance.now() - warmStart).toFixed(0)} ms`);
    expect(warm.body.newContacts.length + warm.body.errorBag.length).toBe(1_000);
  });

  it('accepts Portuguese column names', async () => {
    const { userToken } = await companyWithUsers();
    const answer = await t
      .as(userToken)
      .post('/api/contacts/upload', [{ Nome: 'João', Número: '(31) 99876-5432', 'E-mail': '' }]);
    expect(answer.body.newContacts[0]).toMatchObject({ name: 'João', number: '5531998765432', email: '' });
  });
});

describe('CSV export', () => {
  it('streams 10,000 contacts with semicolons, quotes and line breaks escaped', async () => {
    const { company, userToken } = await companyWithUsers();
    const tricky = ['Silva; Maria', 'The "Boss"', 'Line\nbreak', 'Ação ☕', 'plain'];
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      companyId: company.id,
      name: `${tricky[index % tricky.length]} ${index}`,
      number: String(5511960000000 + index),
      email: index % 2 ? `c${index}@example.com` : '',
    }));
    for (let start = 0; start < rows.length; start += 1_000)
      await t.db.insert(contacts).values(rows.slice(start, start + 1_000));
    const started = performance.now();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/contacts/export.csv',
      headers: { authorization: `Bearer ${userToken}` },
    });
    const elapsed = performance.now() - started;
    console.info(
      `[measure] CSV export of 10,000 contacts: ${elapsed.toFixed(0)} ms, ${answer.rawPayload.length} bytes`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="contatos.csv"');
    expect(answer.body.startsWith(UTF8_BOM)).toBe(true);
    const parsed = parseCsv(answer.body);
    expect(parsed[0]).toEqual(['name', 'number', 'email']);
    expect(parsed).toHaveLength(10_001);
    const byNumber = new Map(parsed.slice(1).map((row) => [row[1], row]));
    for (const row of rows) expect(byNumber.get(row.number)).toEqual([row.name, row.number, row.email]);
    expect(answer.body).toContain('"Silva; Maria 0"');
    expect(answer.body).toContain('"The ""Boss"" 1"');
  });

  it('writes names a spreadsheet would run as formulas as text', async () => {
    const { company, userToken } = await companyWithUsers();
    const names = ['=HYPERLINK("http://evil.example","Click")', '+1+1', '-2', '@SUM(A1)', "O'Brien"];
    await t.db
      .insert(contacts)
      .values(names.map((name, index) => ({ companyId: company.id, name, number: String(5511950000000 + index) })));
    const answer = await t.as(userToken).get('/api/contacts/export.csv');
    const exported = parseCsv(answer.body as string)
      .slice(1)
      .map((row) => row[0]);
    expect(exported).toEqual([`'${names[0]}`, "'+1+1", "'-2", "'@SUM(A1)", "O'Brien"]);
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/api/contacts/export.csv')).status).toBe(401);
  });
});

describe('import from the phone', () => {
  it('reads the sandbox address book once; a second import finds them all unchanged', async () => {
    const { company, adminToken } = await companyWithUsers();
    expect((await t.as(adminToken).post('/api/contacts/import')).body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    await pairedSandbox(t, adminToken);
    const first = await t.as(adminToken).post('/api/contacts/import');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ added: sandboxAddressBook.length, updated: 0, unchanged: 0, skipped: 0 });
    expect((await t.as(adminToken).post('/api/contacts/import', {})).body).toEqual({
      added: 0,
      updated: 0,
      unchanged: sandboxAddressBook.length,
      skipped: 0,
    });
    const stored = await t.db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(stored.map((row) => row.name).sort()).toEqual(sandboxAddressBook.map((entry) => entry.name).sort());
  });

  it('answers 409 when the connection is not connected', async () => {
    const { adminToken } = await companyWithUsers();
    const connection = await t.as(adminToken).post('/api/whatsapp', { name: 'Offline', provider: 'sandbox' });
    await t.as(adminToken).delete(`/api/whatsappsession/${connection.body.id}`);
    const answer = await t.as(adminToken).post('/api/contacts/import', { whatsappId: connection.body.id });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  it("another company's connection answers 404 and nothing is imported", async () => {
    const owner = await companyWithUsers();
    const intruder = await companyWithUsers();
    const theirs = await pairedSandbox(t, owner.adminToken);
    await pairedSandbox(t, intruder.adminToken);
    const answer = await t.as(intruder.adminToken).post('/api/contacts/import', { whatsappId: theirs.id });
    expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, intruder.company.id))).toEqual([]);
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, owner.company.id))).toEqual([]);
  });
});

describe('tenancy', () => {
  it("another company's contact answers 404 on every id route and its events never arrive", async () => {
    const owner = await companyWithUsers();
    const intruder = await companyWithUsers();
    const intruderEvents = await listenContacts(intruder.adminToken, owner.company.id);
    const intruderOwnEvents = await listenContacts(intruder.adminToken, intruder.company.id);
    const contact = await t.as(owner.adminToken).post('/api/contacts', { name: 'Private', number: '5511955550000' });
    const as = t.as(intruder.adminToken);
    expect((await as.get(`/api/contacts/${contact.body.id}`)).status).toBe(404);
    expect((await as.put(`/api/contacts/${contact.body.id}`, { name: 'Hacked', number: '5511955550001' })).status).toBe(
      404,
    );
    expect((await as.delete(`/api/contacts/${contact.body.id}`)).status).toBe(404);
    expect((await as.get('/api/contacts?searchParam=Private')).body.count).toBe(0);
    expect(await as.get('/api/contacts/list?searchParam=Private').then((answer) => answer.body)).toEqual([]);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/contacts/export.csv',
      headers: { authorization: `Bearer ${intruder.adminToken}` },
    });
    expect(exported.body).not.toContain('Private');
    // Delete-all of the intruder's company leaves the owner's contact alone.
    await as.delete('/api/contacts');
    expect((await t.as(owner.adminToken).get(`/api/contacts/${contact.body.id}`)).body.name).toBe('Private');
    await t
      .as(owner.adminToken)
      .put(`/api/contacts/${contact.body.id}`, { name: 'Private 2', number: '5511955550000' });
    await t.as(owner.adminToken).delete(`/api/contacts/${contact.body.id}`);
    await waitUntil(() => intruderOwnEvents.length > 0, undefined, "the intruder's own deleteAll");
    await settle();
    expect(intruderEvents).toEqual([]);
    expect(intruderOwnEvents).toEqual([{ action: 'deleteAll' }]);
  });
});

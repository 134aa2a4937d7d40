import type { ConnectionRecord, ContactRecord, ContactsPage } from '@wacrm/shared';
import { DisconnectReason } from 'baileys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { contacts } from '../../../../tables.ts';
import type { ChannelAdapter } from '../../channel-adapter.ts';
import { syncedContacts } from '../../channels.tables.ts';
import { type FakeBaileysSocket, fakeSocketFactory, silentLogger } from './fake-baileys-socket.test-helper.ts';
import { createBaileysAdapter } from './index.ts';

/**
 * Issue 45: `POST /contacts/import` on a real WhatsApp connection. The fake socket emits Baileys'
 * own contact events (`contacts.upsert`, `messaging-history.set`, `contacts.update`) as the
 * library shapes them; the connection keeps them in the database and the import reads them,
 * through HTTP, against the real database.
 */
const factory = fakeSocketFactory({ opensAtOnce: true });

let t: TestServer;
let baileys: ChannelAdapter | null = null;
beforeAll(async () => {
  // The adapter keeps its keys and contacts in the server's database, known once the server exists.
  const lateBaileys: ChannelAdapter = { provider: 'baileys', start: (...args) => baileys!.start(...args) };
  t = await startTestServer({}, { channels: { adapters: [lateBaileys] } });
  baileys = createBaileysAdapter({ db: t.db, logger: silentLogger(), createSocket: factory.createSocket });
});
afterAll(() => t.close());

const jid = (number: string) => `${number}@s.whatsapp.net`;

async function companyAdmin() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  return { company, token };
}

/** A Baileys connection of the company, CONNECTED on its own fake socket. */
async function connectedPhone(token: string) {
  const created = await t.as(token).post('/api/whatsapp', { name: `Phone ${Math.random()}`, provider: 'baileys' });
  expect(created.status).toBe(201);
  const connection = created.body as ConnectionRecord;
  await waitUntil(async () => (await t.as(token).get(`/api/whatsapp/${connection.id}`)).body.status === 'CONNECTED');
  const socket = factory.sockets.find((candidate) => candidate.user && !claimed.has(candidate));
  if (!socket) throw new Error('no open socket for the new connection');
  claimed.add(socket);
  return { connection, socket };
}
const claimed = new Set<FakeBaileysSocket>();

async function namesByNumber(token: string) {
  const page = (await t.as(token).get('/api/contacts?pageNumber=1')).body as ContactsPage;
  return Object.fromEntries(page.contacts.map((contact: ContactRecord) => [contact.number, contact.name]));
}

const syncedRows = (whatsappId: number) =>
  t.db.select().from(syncedContacts).where(eq(syncedContacts.whatsappId, whatsappId));

describe('importing the contacts WhatsApp synced to the device', () => {
  it('keeps people from the contact events and imports them, counting added and updated', async () => {
    const { token } = await companyAdmin();
    const { connection, socket } = await connectedPhone(token);

    // Before the import: a contact the company named by hand, and one intake met without a push name.
    await t.as(token).post('/api/contacts', { name: 'Cliente VIP', number: '5511977770003' });
    socket.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: jid('5511977770004'), fromMe: false, id: 'IN-NONAME' },
          messageTimestamp: Math.floor(Date.now() / 1000),
          message: { conversation: 'Oi' },
        },
      ],
    });
    await waitUntil(async () => (await namesByNumber(token))['5511977770004'] === '5511977770004');

    socket.lidToPhone.set('99887766554433@lid', jid('5511977770006'));
    socket.emit('contacts.upsert', [
      { id: jid('5511977770001'), name: 'Ana Souza', notify: 'Aninha' },
      { id: jid('5511977770002'), notify: 'Bruno' },
      { id: jid('5511977770003'), name: 'Carla Mendes' },
      { id: jid('5511977770004'), name: 'Dora Lima' },
      { id: '120363041234567890@g.us', name: 'Equipe Vendas' },
      { id: 'status@broadcast' },
      { id: '120363999999999999@newsletter', name: 'Novidades' },
      { id: '11223344556677@lid', phoneNumber: jid('5511977770005'), notify: 'Eva' },
      { id: '99887766554433@lid', name: 'Fábio' },
      { id: '55443322110099@lid', notify: 'Sem número' },
      { id: jid('5511999990000'), notify: 'A própria loja' },
    ]);
    socket.emit('messaging-history.set', {
      chats: [],
      messages: [],
      isLatest: true,
      contacts: [
        { id: jid('5511977770002'), name: 'Bruno Lima' },
        { id: jid('5511977770007') },
        { id: '77665544332211@lid', notify: 'Hugo' },
      ],
      lidPnMappings: [{ lid: '77665544332211@lid', pn: jid('5511977770008') }],
    });
    socket.emit('contacts.update', [
      { id: jid('5511977770001'), name: 'Ana Paula Souza' },
      // Someone never synced as a contact: an update does not add them.
      { id: jid('5511977770009'), notify: 'Desconhecido' },
    ]);

    const first = await t.as(token).post('/api/contacts/import', { whatsappId: connection.id });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ added: 6, updated: 1, unchanged: 1, skipped: 0 });
    expect(await namesByNumber(token)).toEqual({
      '5511977770001': 'Ana Paula Souza',
      '5511977770002': 'Bruno Lima',
      '5511977770003': 'Cliente VIP',
      '5511977770004': 'Dora Lima',
      '5511977770005': 'Eva',
      '5511977770006': 'Fábio',
      '5511977770007': '5511977770007',
      '5511977770008': 'Hugo',
    });

    // A push name for the unnamed one; a renamed address-book entry does not touch a named contact.
    socket.emit('contacts.update', [
      { id: jid('5511977770007'), notify: 'Iris' },
      { id: jid('5511977770001'), name: 'Ana P. Souza' },
    ]);
    const second = await t.as(token).post('/api/contacts/import', { whatsappId: connection.id });
    expect(second.body).toEqual({ added: 0, updated: 1, unchanged: 7, skipped: 0 });
    const names = await namesByNumber(token);
    expect(names['5511977770007']).toBe('Iris');
    expect(names['5511977770001']).toBe('Ana Paula Souza');
  });

  it('stores a contact once however often WhatsApp repeats it', async () => {
    const { token } = await companyAdmin();
    const { connection, socket } = await connectedPhone(token);
    const ana = { id: jid('5511966660001'), name: 'Ana Souza', lid: '11112222333344@lid' };
    socket.emit('contacts.upsert', [ana, ana]);
    socket.emit('contacts.upsert', [ana]);
    socket.emit('messaging-history.set', { chats: [], messages: [], contacts: [ana, { id: jid('5511966660002') }] });
    socket.emit('contacts.update', [{ id: '11112222333344@lid', notify: 'Aninha' }]);
    socket.emit('contacts.update', [{ id: '11112222333344@lid', notify: 'Aninha' }]);

    expect((await t.as(token).post('/api/contacts/import', { whatsappId: connection.id })).body).toEqual({
      added: 2,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    });
    const rows = await syncedRows(connection.id);
    expect(rows.map(({ jid, lid, name, notify }) => ({ jid, lid, name, notify }))).toEqual([
      { jid: jid('5511966660001'), lid: '11112222333344@lid', name: 'Ana Souza', notify: 'Aninha' },
      { jid: jid('5511966660002'), lid: null, name: null, notify: null },
    ]);
  });

  it('another company cannot import from this connection: 404, and nothing is written', async () => {
    const owner = await companyAdmin();
    const intruder = await companyAdmin();
    const { connection, socket } = await connectedPhone(owner.token);
    socket.emit('contacts.upsert', [{ id: jid('5511955550001'), name: 'Privado' }]);
    await waitUntil(async () => (await syncedRows(connection.id)).length === 1);

    const answer = await t.as(intruder.token).post('/api/contacts/import', { whatsappId: connection.id });
    expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, intruder.company.id))).toEqual([]);
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, owner.company.id))).toEqual([]);
  });

  it('forgets the synced contacts when the pairing ends or the connection is deleted', async () => {
    const { token } = await companyAdmin();
    const contact = { id: jid('5511944440001'), name: 'Ana' };

    const disconnected = await connectedPhone(token);
    disconnected.socket.emit('contacts.upsert', [contact]);
    await waitUntil(async () => (await syncedRows(disconnected.connection.id)).length === 1);
    expect((await t.as(token).delete(`/api/whatsappsession/${disconnected.connection.id}`)).status).toBe(200);
    expect(await syncedRows(disconnected.connection.id)).toEqual([]);

    const loggedOutByPhone = await connectedPhone(token);
    loggedOutByPhone.socket.emit('contacts.upsert', [contact]);
    await waitUntil(async () => (await syncedRows(loggedOutByPhone.connection.id)).length === 1);
    loggedOutByPhone.socket.close(DisconnectReason.loggedOut);
    await waitUntil(async () => (await syncedRows(loggedOutByPhone.connection.id)).length === 0);

    const deleted = await connectedPhone(token);
    deleted.socket.emit('contacts.upsert', [contact]);
    await waitUntil(async () => (await syncedRows(deleted.connection.id)).length === 1);
    expect((await t.as(token).delete(`/api/whatsapp/${deleted.connection.id}`)).status).toBe(200);
    expect(await syncedRows(deleted.connection.id)).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { contacts, messages, tickets } from '../../../../tables.ts';
import type { ChannelAdapter } from '../../channel-adapter.ts';
import { fakeSocketFactory, silentLogger } from './fake-baileys-socket.test-helper.ts';
import { createBaileysAdapter } from './index.ts';

/**
 * What WhatsApp fails to do for us, on a fake socket that speaks Baileys' shapes: the "is this
 * number on WhatsApp?" check of a live session (the new-ticket dialog and the external API answer
 * ERR_WAPP_CHECK_CONTACT and write nothing, instead of opening the conversation unchecked), and a
 * customer's media that cannot be downloaded (the message is kept, without its file).
 */
const { createSocket, latest } = fakeSocketFactory({ opensAtOnce: true });

let t: TestServer;
let baileys: ChannelAdapter | null = null;
beforeAll(async () => {
  // The adapter keeps its keys in the server's database, known once the server exists.
  const lateBaileys: ChannelAdapter = { provider: 'baileys', start: (...args) => baileys!.start(...args) };
  t = await startTestServer({}, { channels: { adapters: [lateBaileys] } });
  baileys = createBaileysAdapter({
    db: t.db,
    logger: silentLogger(),
    createSocket,
    // As Baileys' download does when the file expired on WhatsApp's servers.
    downloadMedia: async () => {
      throw new Error('Failed to fetch stream from https://mmg.whatsapp.net/...: 410 Gone');
    },
  });
});
afterAll(() => t.close());

async function companyWithLivePhone() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const apiToken = `tok-${company.id}-${Math.random().toString(36).slice(2)}`;
  const created = await t.as(token).post('/api/whatsapp', { name: 'Real phone', provider: 'baileys', token: apiToken });
  const connection = created.body as { id: number };
  await waitUntil(async () => (await t.as(token).get(`/api/whatsapp/${connection.id}`)).body.status === 'CONNECTED');
  return { company, token, apiToken, connection, socket: latest() };
}

const checkTimesOut = () => Promise.reject(new Error('Timed Out'));

describe('a number check that cannot run', () => {
  it('refuses a new ticket with ERR_WAPP_CHECK_CONTACT and opens none; the next try goes through', async () => {
    const { company, token, connection, socket } = await companyWithLivePhone();
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Renata', number: '5511977776666' })
      .returning();
    socket.onWhatsApp.mockImplementationOnce(checkTimesOut);

    const refused = await t.as(token).post('/api/tickets', { contactId: contact.id, whatsappId: connection.id });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe('ERR_WAPP_CHECK_CONTACT');
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toEqual([]);

    const opened = await t.as(token).post('/api/tickets', { contactId: contact.id, whatsappId: connection.id });
    expect(opened.status).toBe(201);
    expect(socket.onWhatsApp).toHaveBeenLastCalledWith('5511977776666');
  });

  it('refuses an external API send with ERR_WAPP_CHECK_CONTACT and stores no contact or message', async () => {
    const { company, apiToken, socket } = await companyWithLivePhone();
    socket.onWhatsApp.mockImplementationOnce(checkTimesOut);

    const response = await fetch(`${t.url}/api/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511966665555', body: 'Olá!' }),
    });
    expect(response.status).toBe(502);
    expect((await response.json()).error).toBe('ERR_WAPP_CHECK_CONTACT');
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, company.id))).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.companyId, company.id))).toEqual([]);
    expect(socket.sendMessage).not.toHaveBeenCalled();
  });
});

describe('a customer media that cannot be downloaded', () => {
  it('is stored as a photo without its file, with its caption, so the conversation can say so', async () => {
    const { company, token, socket } = await companyWithLivePhone();
    socket.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: '5511955554444@s.whatsapp.net', fromMe: false, id: 'IMG-EXPIRED-1' },
          messageTimestamp: Math.floor(Date.now() / 1000),
          pushName: 'Paula',
          message: { imageMessage: { mimetype: 'image/jpeg', caption: 'Segue a foto do defeito' } },
        },
      ],
    });
    const ticket = await waitUntil(async () => {
      const [row] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
      return row;
    });
    const thread = await t.as(token).get(`/api/messages/${ticket.id}`);
    expect(thread.status).toBe(200);
    expect(thread.body.messages).toContainEqual(
      expect.objectContaining({ body: 'Segue a foto do defeito', mediaType: 'image', mediaUrl: null, fromMe: false }),
    );
  });
});

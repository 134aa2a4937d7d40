import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { tickets } from '../../../../tables.ts';
import type { ChannelAdapter } from '../../channel-adapter.ts';
import { fakeSocketFactory, silentLogger } from './fake-baileys-socket.test-helper.ts';
import { createBaileysAdapter } from './index.ts';

/**
 * The whole way of a recorded voice note to WhatsApp: the composer's multipart (WebM from
 * Chromium, `isVoiceNote`) → stored as Ogg/Opus → Baileys' `sendMessage` with `ptt: true`, on a
 * fake socket that opens at once.
 */
const { createSocket, latest } = fakeSocketFactory({ opensAtOnce: true });

let t: TestServer;
let baileys: ChannelAdapter | null = null;
beforeAll(async () => {
  // The adapter keeps its keys in the server's database, known once the server exists.
  const lateBaileys: ChannelAdapter = { provider: 'baileys', start: (...args) => baileys!.start(...args) };
  t = await startTestServer({}, { channels: { adapters: [lateBaileys] } });
  baileys = createBaileysAdapter({ db: t.db, logger: silentLogger(), createSocket });
});
afterAll(() => t.close());

describe('voice notes through Baileys', () => {
  it('sends a recorded WebM as an Ogg/Opus push-to-talk note', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const connection = (await t.as(token).post('/api/whatsapp', { name: 'Real phone', provider: 'baileys' })).body;
    await waitUntil(async () => (await t.as(token).get(`/api/whatsapp/${connection.id}`)).body.status === 'CONNECTED');

    latest().emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'IN-1' },
          messageTimestamp: Math.floor(Date.now() / 1000),
          pushName: 'Maria',
          message: { conversation: 'Oi' },
        },
      ],
    });
    const ticket = await waitUntil(async () => {
      const [row] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
      return row;
    });
    await t.as(token).put(`/api/tickets/${ticket.id}`, { status: 'open' });

    const form = new FormData();
    form.append('body', '');
    form.append('isVoiceNote', 'true');
    const webm = await readFile(new URL('../../../../../test/fixtures/voice-note-chromium.webm', import.meta.url));
    form.append('medias', new Blob([new Uint8Array(webm)], { type: 'audio/webm' }), 'audio-1.webm');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${ticket.id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ack: 1, mediaType: 'audio' });

    const [jid, content] = latest().sendMessage.mock.lastCall!;
    expect(jid).toBe('5511988887777@s.whatsapp.net');
    expect(content).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', ptt: true });
    const file = (content as { audio: { url: string } }).audio.url;
    expect(file).toMatch(/\.ogg$/);
    expect((await readFile(file)).subarray(0, 4).toString('latin1')).toBe('OggS');
  });
});

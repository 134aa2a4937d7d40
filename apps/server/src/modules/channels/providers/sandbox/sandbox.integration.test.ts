import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxOutboxEntry, SandboxReadReceipt } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { messages, tickets } from '../../../../tables.ts';
import { parseOggPages } from '../../voice-notes/ogg-pages.test-helper.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const recording = () => readFile(new URL('../../../../../test/fixtures/voice-note-chromium.webm', import.meta.url));

async function openConversation(from: string) {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const api = t.as(token);
  const connection = await pairedSandbox(t, token);
  const inbound = await api.post(`/api/sandbox/${connection.id}/inbound`, { from, body: 'hello', id: `IN-${from}` });
  expect(inbound.status).toBe(200);
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
  return { company, token, api, connection, ticket };
}

/** A multipart send with one file, as the web composer makes it. */
async function sendFile(
  token: string,
  ticketId: number,
  file: { data: Buffer; name: string; type: string },
  fields: Record<string, string>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('medias', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://x/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/messages/${ticketId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('voice notes', () => {
  it('turns a recorded WebM into an Ogg/Opus voice note, stored as .ogg and shown as one by the phone', async () => {
    const { company, token, api, connection, ticket } = await openConversation('5511930000001');
    await api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    const sent = await sendFile(
      token,
      ticket.id,
      { data: await recording(), name: 'audio-1700000000000.webm', type: 'audio/webm' },
      { body: '', signMessage: 'false', isVoiceNote: 'true' },
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ mediaType: 'audio', ack: 1 });
    expect(sent.body.mediaName).toMatch(/^voice-note-\d+\.ogg$/);

    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.id, sent.body.id)));
    expect(row.mediaPath).toMatch(new RegExp(`^company-${company.id}/[0-9a-f-]{36}\\.ogg$`));
    const stored = await readFile(path.join(t.config.publicDir, row.mediaPath!));
    const pages = parseOggPages(stored);
    expect(pages[0].packets[0].toString('latin1', 0, 8)).toBe('OpusHead');
    expect(pages.at(-1)?.granule).toBe(72_000n);
    const served = await t.app.inject({ method: 'GET', url: t.platform.storage.urlOf(row.mediaPath!) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^audio\/ogg/);

    const outbox = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(outbox).toHaveLength(1);
    expect(outbox[0].media).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', voiceNote: true });
  });

  it('sends an attached audio as plain audio, and keeps uploads from passing for a voice note', async () => {
    const { token, api, connection, ticket } = await openConversation('5511930000002');
    await api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    const webm = await recording();
    const attached = await sendFile(
      token,
      ticket.id,
      { data: webm, name: 'meeting.webm', type: 'audio/webm' },
      { body: '' },
    );
    expect(attached.body).toMatchObject({ mediaType: 'audio', mediaName: 'meeting.webm' });
    const lookalike = await sendFile(
      token,
      ticket.id,
      { data: webm, name: 'voice-note-123.ogg', type: 'audio/ogg' },
      { body: '' },
    );
    expect(lookalike.body.mediaName).toBe('audio-123.ogg');
    // A "voice note" that cannot become Ogg/Opus without re-encoding goes as plain audio.
    const aac = await sendFile(
      token,
      ticket.id,
      { data: Buffer.from('\0\0\0\x20ftypM4A fake aac', 'latin1'), name: 'audio-1.m4a', type: 'audio/mp4' },
      { body: '', isVoiceNote: 'true' },
    );
    expect(aac.body).toMatchObject({ mediaType: 'audio', mediaName: 'audio-1.m4a' });

    const outbox = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(outbox.map((entry) => entry.media?.voiceNote)).toEqual([false, false, false]);
    expect(outbox[0].media?.mimetype).toBe('audio/webm');
  });
});

describe('read receipts', () => {
  it('are sent when an attendant opens the conversation, not when messages arrive or are listed', async () => {
    const { api, connection, ticket } = await openConversation('5511930000003');
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from: '5511930000003', body: 'again', id: 'IN-2' });
    const receipts = async () =>
      (await api.get(`/api/sandbox/${connection.id}/read-receipts`)).body as SandboxReadReceipt[];

    expect(await receipts()).toEqual([]);
    expect((await api.get(`/api/messages/${ticket.id}`)).status).toBe(200);
    expect((await api.get('/api/tickets?status=pending')).status).toBe(200);
    expect(await receipts()).toEqual([]);

    expect((await api.post(`/api/tickets/${ticket.id}/read`)).status).toBe(200);
    const read = await receipts();
    expect(read.map((receipt) => receipt.id).sort()).toEqual(['IN-2', 'IN-5511930000003']);
    expect(read.every((receipt) => receipt.chatId === '5511930000003')).toBe(true);

    // Opening it again sends nothing new; a later message is receipted on the next opening.
    await api.post(`/api/tickets/${ticket.id}/read`);
    expect(await receipts()).toHaveLength(2);
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from: '5511930000003', body: 'hm', id: 'IN-3' });
    await api.post(`/api/tickets/${ticket.id}/read`);
    const after = (await api.get(`/api/sandbox/${connection.id}/read-receipts?after=${read.at(-1)!.seq}`))
      .body as SandboxReadReceipt[];
    expect(after.map((receipt) => receipt.id)).toEqual(['IN-3']);
  });
});

describe('tenancy', () => {
  it("another company cannot call, read receipts of, or ack through a company's sandbox", async () => {
    const one = await openConversation('5511930000004');
    const two = await openConversation('5511930000005');
    const base = `/api/sandbox/${one.connection.id}`;
    const attempts = [
      await two.api.post(`${base}/call`, { from: '5511930000006' }),
      await two.api.get(`${base}/read-receipts`),
      await two.api.get(`${base}/outbox`),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual([404, 404, 404]);
    // An id of company 2's own outbox does not ack through company 1's connection either.
    await one.api.put(`/api/tickets/${one.ticket.id}`, { status: 'open' });
    await one.api.post(`/api/messages/${one.ticket.id}`, { body: 'ours' });
    const [entry] = (await one.api.get(`${base}/outbox`)).body as SandboxOutboxEntry[];
    expect((await two.api.post(`/api/sandbox/${two.connection.id}/ack`, { id: entry.id, ack: 3 })).status).toBe(404);
    const [row] = await t.db.select().from(messages).where(eq(messages.externalId, entry.id));
    expect(row.ack).toBe(1);
    // Company 1's call still rings for company 1.
    expect((await one.api.post(`${base}/call`, { from: '5511930000006' })).status).toBe(200);
  });
});

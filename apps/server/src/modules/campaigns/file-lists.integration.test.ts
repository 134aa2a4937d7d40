import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CampaignRecord, ContactListRecord, FileListRecord, SandboxOutboxEntry } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function admin(useCampaigns = true) {
  const plan = await buildPlan(t.db, { useCampaigns });
  const company = await buildCompany(t.db, { planId: plan.id });
  if (!useCampaigns) {
    // Before the sign-in, which reads (and caches) the company's settings.
    await t.db.execute(
      `update settings set value = 'false' where company_id = ${company.id} and key = 'campaignsEnabled'` as never,
    );
  }
  const user = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(user.email, TEST_PASSWORD);
  return { company, token, api: t.as(token) };
}

async function upload(token: string, id: number, fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('files', new Blob([new Uint8Array(file.data)]), file.name);
  const response = await fetch(`${t.url}/api/files/uploadList/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as FileListRecord & { error?: string } };
}

describe('file lists', () => {
  it('creates, uploads with the type read from the content, and sends the files after the campaign text', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, token } = await admin();
    expect((await api.post('/api/files', { name: 'ab', message: 'x' })).status).toBe(400);
    const created = await api.post('/api/files', { name: 'Catálogo', message: 'Nosso catálogo', options: [] });
    expect(created.status).toBe(201);
    const list = created.body as FileListRecord;
    // A PNG named .pdf is stored as an image; text named .png is refused.
    const image = await upload(token, list.id, { name: 'Foto' }, { name: 'foto.pdf', data: PNG });
    expect(image.status).toBe(200);
    expect(image.body.options).toEqual([expect.objectContaining({ name: 'Foto', mediaType: 'image' })]);
    const fake = await upload(token, list.id, { name: 'Fake' }, { name: 'fake.png', data: Buffer.from('hello') });
    expect(fake.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const page = (await api.get('/api/files?searchParam=catal')).body as { files: FileListRecord[] };
    expect(page.files.map((file) => file.id)).toEqual([list.id]);
    // A page of several lists: each with its own options.
    const other = (await api.post('/api/files', { name: 'Catálogo B', message: 'b', options: [] }))
      .body as FileListRecord;
    await upload(token, other.id, { name: 'Outra' }, { name: 'outra.png', data: PNG });
    const both = (await api.get('/api/files?searchParam=catal')).body as { files: FileListRecord[] };
    expect(both.files.map((file) => [file.id, file.options.map((option) => option.name)])).toEqual([
      [list.id, ['Foto']],
      [other.id, ['Outra']],
    ]);

    const connection = await pairedSandbox(t, token);
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const contacts = (await api.post('/api/contact-lists', { name: 'Dois' })).body as ContactListRecord;
    await api.post(`/api/contact-lists/${contacts.id}/upload`, {
      rows: [
        { name: 'Ana', number: '5511933400001' },
        { name: 'Bia', number: '5511933400002' },
      ],
    });
    const campaign = (
      await api.post('/api/campaigns', {
        name: 'Com arquivos',
        whatsappId: connection.id,
        contactListId: contacts.id,
        fileListId: list.id,
        message1: 'Oi {{firstName}}',
        scheduledAt: new Date().toISOString(),
      })
    ).body as CampaignRecord;
    await waitUntil(
      async () => ((await api.get(`/api/campaigns/${campaign.id}`)).body as CampaignRecord).status === 'FINALIZADA',
    );
    const outbox = await waitUntil(async () => {
      const entries = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
      return entries.length >= 4 ? entries : null;
    });
    expect(outbox).toHaveLength(4);
    for (const to of ['5511933400001', '5511933400002']) {
      const mine = outbox.filter((entry) => entry.to === to);
      expect(mine.map((entry) => Boolean(entry.media))).toEqual([false, true]);
    }
    expect((await api.delete(`/api/files/${list.id}`)).status).toBe(204);
  });

  it("sends the campaign's own file with the text as its caption", async () => {
    const { api, token } = await admin();
    const connection = await pairedSandbox(t, token);
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const contacts = (await api.post('/api/contact-lists', { name: 'Um' })).body as ContactListRecord;
    await api.post(`/api/contact-lists/${contacts.id}/upload`, { rows: [{ name: 'Ana', number: '5511933500001' }] });
    const campaign = (
      await api.post('/api/campaigns', {
        name: 'Com imagem',
        whatsappId: connection.id,
        contactListId: contacts.id,
        message1: 'Oi {{firstName}}',
      })
    ).body as CampaignRecord;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'banner promo.jpg');
    const uploaded = await fetch(`${t.url}/api/campaigns/${campaign.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(((await uploaded.json()) as CampaignRecord).mediaName).toBe('banner_promo.png');
    await api.put(`/api/campaigns/${campaign.id}`, {
      name: 'Com imagem',
      whatsappId: connection.id,
      contactListId: contacts.id,
      message1: 'Oi {{firstName}}',
      scheduledAt: new Date().toISOString(),
    });
    const [entry] = await waitUntil(async () => {
      const entries = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
      return entries.length > 0 ? entries : null;
    });
    expect(entry).toMatchObject({ body: 'Oi Ana', media: { mimetype: 'image/png' } });
  });

  it("reads the campaign's file type from its content, removes it, and keeps a canceled campaign's sent file", async () => {
    const { api, token } = await admin();
    const connection = await pairedSandbox(t, token);
    const contacts = (await api.post('/api/contact-lists', { name: 'Dois' })).body as ContactListRecord;
    const campaign = (
      await api.post('/api/campaigns', {
        name: 'Arquivo',
        whatsappId: connection.id,
        contactListId: contacts.id,
        message1: 'Oi',
      })
    ).body as CampaignRecord;
    const attach = async (name: string, data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      const response = await fetch(`${t.url}/api/campaigns/${campaign.id}/media-upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as CampaignRecord & { error?: string } };
    };
    const stored = (mediaPath: string | null) => existsSync(path.join(t.config.publicDir, mediaPath ?? 'none'));

    // A script named as a picture is refused: the name says nothing.
    const script = await attach('foto.png', Buffer.from('#!/bin/sh\necho hi\n'));
    expect(script.status).toBe(415);
    expect(script.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');

    const first = (await attach('foto.png', PNG)).body;
    expect(first.mediaName).toBe('foto.png');
    expect(stored(first.mediaPath)).toBe(true);
    const removed = await api.delete(`/api/campaigns/${campaign.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(stored(first.mediaPath)).toBe(false);

    // A canceled campaign may change its file; the one its messages were sent with stays on disk.
    const sent = (await attach('enviada.png', PNG)).body;
    await t.db.execute(`update campaigns set status = 'CANCELADA' where id = ${campaign.id}` as never);
    const replaced = (await attach('nova.png', PNG)).body;
    expect(replaced.mediaName).toBe('nova.png');
    expect(stored(sent.mediaPath)).toBe(true);
    expect(stored(replaced.mediaPath)).toBe(true);
  });

  it('answers 404 for another company and 403 without campaigns', async () => {
    const mine = await admin();
    const theirs = await admin();
    const closed = await admin(false);
    const list = (await mine.api.post('/api/files', { name: 'Meus', message: 'm' })).body as FileListRecord;
    expect((await theirs.api.get(`/api/files/${list.id}`)).status).toBe(404);
    expect((await theirs.api.put(`/api/files/${list.id}`, { name: 'Roubado', message: 'm' })).status).toBe(404);
    expect((await theirs.api.delete(`/api/files/${list.id}`)).status).toBe(404);
    expect((await upload(theirs.token, list.id, { name: 'x' }, { name: 'a.png', data: PNG })).status).toBe(404);
    for (const [method, path] of [
      ['GET', '/api/files'],
      ['POST', '/api/files'],
      ['GET', `/api/files/${list.id}`],
      ['PUT', `/api/files/${list.id}`],
      ['DELETE', `/api/files/${list.id}`],
      ['POST', `/api/files/uploadList/${list.id}`],
    ] as const) {
      const answer = await t.request(method, path, {
        token: closed.token,
        body: method === 'POST' || method === 'PUT' ? {} : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });
});

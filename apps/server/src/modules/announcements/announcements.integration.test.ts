import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Announcement, AnnouncementEvent } from '@wacrm/shared';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';

let t: TestServer;
let superToken: string;
let admin2Token: string;
let user2Token: string;
let superCompanyId: number;
beforeAll(async () => {
  t = await startTestServer();
  const platformCompany = await buildCompany(t.db);
  superCompanyId = platformCompany.id;
  const superUser = await buildUser(t.db, { companyId: superCompanyId, profile: 'admin', isSuper: true });
  superToken = (await t.login(superUser.email, TEST_PASSWORD)).token;
  const company2 = await buildCompany(t.db);
  const admin2 = await buildUser(t.db, { companyId: company2.id, profile: 'admin' });
  admin2Token = (await t.login(admin2.email, TEST_PASSWORD)).token;
  const user2 = await buildUser(t.db, { companyId: company2.id, profile: 'user' });
  user2Token = (await t.login(user2.email, TEST_PASSWORD)).token;
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

async function upload(token: string, id: number, file: { name: string; data: Buffer; type?: string } | null) {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  const response = await fetch(`${t.url}/api/announcements/${id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

async function createAnnouncement(fields: Record<string, unknown> = {}) {
  const response = await t
    .as(superToken)
    .post('/api/announcements', { title: 'Maintenance', text: 'Tonight', ...fields });
  expect(response.status).toBe(201);
  return response.body as Announcement;
}

const storedFile = (mediaPath: string) => path.join(t.config.publicDir, mediaPath);

describe('announcements', () => {
  it('creates with the spec defaults (active, priority 3) and answers only public fields', async () => {
    const record = await createAnnouncement();
    expect(record).toMatchObject({ title: 'Maintenance', text: 'Tonight', priority: 3, status: true, mediaPath: null });
    expect(record).not.toHaveProperty('companyId');
    const read = await t.as(superToken).get(`/api/announcements/${record.id}`);
    expect(read.body).toEqual(record);
  });

  it('validates title, text and priority', async () => {
    const response = await t.as(superToken).post('/api/announcements', { title: '', text: ' ', priority: 7 });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields)).toEqual(expect.arrayContaining(['title', 'text', 'priority']));
  });

  it('pages and searches the list; the active list has only active ones, most important first', async () => {
    const marker = `Search-${Date.now()}`;
    for (let index = 0; index < 22; index += 1) await createAnnouncement({ title: `${marker} ${index}` });
    const first = await t.as(superToken).get(`/api/announcements?searchParam=${marker}&pageNumber=1`);
    expect(first.body.records).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    const second = await t.as(superToken).get(`/api/announcements?searchParam=${marker}&pageNumber=2`);
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.records).toHaveLength(2);
    const none = await t.as(superToken).get('/api/announcements?searchParam=%25_nothing');
    expect(none.body).toEqual({ records: [], count: 0, hasMore: false });

    const high = await createAnnouncement({ title: 'High', priority: 1 });
    const hidden = await createAnnouncement({ title: 'Hidden', status: false });
    const active = await t.as(user2Token).get('/api/announcements/list');
    expect(active.status).toBe(200);
    expect(active.body[0].id).toBe(high.id);
    expect(active.body.map((item: Announcement) => item.id)).not.toContain(hidden.id);
    expect(active.body.every((item: Announcement) => item.status)).toBe(true);
  });

  it('edits and deletes; unknown ids answer 404', async () => {
    const record = await createAnnouncement();
    const updated = await t
      .as(superToken)
      .put(`/api/announcements/${record.id}`, { title: 'Changed', text: 'Now', priority: 2, status: false });
    expect(updated.body).toMatchObject({ title: 'Changed', priority: 2, status: false });
    expect((await t.as(superToken).delete(`/api/announcements/${record.id}`)).status).toBe(204);
    expect((await t.as(superToken).get(`/api/announcements/${record.id}`)).status).toBe(404);
    expect((await t.as(superToken).delete(`/api/announcements/${record.id}`)).status).toBe(404);
    expect((await t.as(superToken).put('/api/announcements/999999', { title: 'x', text: 'y' })).status).toBe(404);
  });

  it('is super-only: an admin of another company cannot list, read, change or delete, nor touch the media', async () => {
    const record = await createAnnouncement({ title: 'Platform news' });
    await upload(superToken, record.id, { name: 'a.png', data: PNG });
    const attempts = [
      await t.as(admin2Token).get('/api/announcements'),
      await t.as(admin2Token).get(`/api/announcements/${record.id}`),
      await t.as(admin2Token).post('/api/announcements', { title: 'Mine', text: 'x' }),
      await t.as(admin2Token).put(`/api/announcements/${record.id}`, { title: 'Hacked', text: 'x' }),
      await t.as(admin2Token).delete(`/api/announcements/${record.id}`),
      await t.as(admin2Token).delete(`/api/announcements/${record.id}/media-upload`),
      await upload(admin2Token, record.id, { name: 'b.png', data: PNG }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    const after = await t.as(superToken).get(`/api/announcements/${record.id}`);
    expect(after.body).toMatchObject({ title: 'Platform news', mediaName: 'a.png' });
    expect(existsSync(storedFile(after.body.mediaPath))).toBe(true);
  });

  it('stores a png or jpeg under a generated name, replaces it, removes it', async () => {
    const record = await createAnnouncement();
    const first = await upload(superToken, record.id, { name: '../../evil name.png', data: PNG });
    expect(first.status).toBe(200);
    expect(first.body.mediaName).toBe('evil name.png');
    expect(first.body.mediaPath).toMatch(new RegExp(`^company-${superCompanyId}/[0-9a-f-]{36}\\.png$`));
    expect(existsSync(storedFile(first.body.mediaPath))).toBe(true);

    expect(first.body.mediaUrl).toMatch(/^\/public\/.*\?exp=\d+&sig=/);
    const served = await fetch(`${t.url}${first.body.mediaUrl}`);
    expect(served.status).toBe(200);
    expect((await fetch(`${t.url}/public/${first.body.mediaPath}`)).status).toBe(404);

    const second = await upload(superToken, record.id, { name: 'photo.JPEG', data: JPEG, type: 'image/jpeg' });
    expect(second.status).toBe(200);
    expect(second.body.mediaPath).toMatch(/\.jpg$/);
    expect(existsSync(storedFile(first.body.mediaPath))).toBe(false);

    const removed = await t.as(superToken).delete(`/api/announcements/${record.id}/media-upload`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(existsSync(storedFile(second.body.mediaPath))).toBe(false);
  });

  it('removes the file when the announcement is deleted', async () => {
    const record = await createAnnouncement();
    const uploaded = await upload(superToken, record.id, { name: 'a.png', data: PNG });
    expect(existsSync(storedFile(uploaded.body.mediaPath))).toBe(true);
    await t.as(superToken).delete(`/api/announcements/${record.id}`);
    expect(existsSync(storedFile(uploaded.body.mediaPath))).toBe(false);
  });

  it('refuses other types by their bytes (415), large files (413) and a missing file (400)', async () => {
    const record = await createAnnouncement();
    const svgNamedPng = await upload(superToken, record.id, {
      name: 'x.png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svgNamedPng.status).toBe(415);
    expect(svgNamedPng.body).toMatchObject({
      error: 'ERR_UNSUPPORTED_MEDIA_TYPE',
      details: { accepted: ['png', 'jpg', 'jpeg'] },
    });
    const gifName = await upload(superToken, record.id, { name: 'x.gif', data: PNG, type: 'image/gif' });
    expect(gifName.status).toBe(415);

    const big = Buffer.concat([PNG, Buffer.alloc(ANNOUNCEMENT_MEDIA_MAX_BYTES, 0)]);
    const tooLarge = await upload(superToken, record.id, { name: 'big.png', data: big });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({
      error: 'ERR_PAYLOAD_TOO_LARGE',
      details: { maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES },
    });

    const missing = await upload(superToken, record.id, null);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_UPLOAD_MISSING_FILE');
    const notMultipart = await t.as(superToken).post(`/api/announcements/${record.id}/media-upload`, { file: 'x' });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error).toBe('ERR_UPLOAD_MISSING_FILE');

    const unknown = await upload(superToken, 999_999, { name: 'a.png', data: PNG });
    expect(unknown.status).toBe(404);
    const after = await t.as(superToken).get(`/api/announcements/${record.id}`);
    expect(after.body.mediaPath).toBeNull();
  });

  it('tells every logged-in socket, in any company, with the public record only', async () => {
    const socket = t.connectSocket(user2Token);
    await waitFor(socket, 'connect');

    const created = nextEvent<AnnouncementEvent>(socket, 'company-announcement');
    const record = await createAnnouncement({ title: 'Live', priority: 1 });
    const createEvent = await created;
    expect(createEvent).toEqual({ action: 'create', record });
    expect(Object.keys((createEvent as { record: object }).record).sort()).toEqual(
      [
        'createdAt',
        'id',
        'mediaName',
        'mediaPath',
        'mediaUrl',
        'priority',
        'status',
        'text',
        'title',
        'updatedAt',
      ].sort(),
    );

    const updated = nextEvent<AnnouncementEvent>(socket, 'company-announcement');
    await t.as(superToken).put(`/api/announcements/${record.id}`, { title: 'Live 2', text: 'x', priority: 1 });
    expect(await updated).toMatchObject({ action: 'update', record: { id: record.id, title: 'Live 2' } });

    const deleted = nextEvent<AnnouncementEvent>(socket, 'company-announcement');
    await t.as(superToken).delete(`/api/announcements/${record.id}`);
    expect(await deleted).toEqual({ action: 'delete', id: record.id });
  });

  it('needs a login even for the active list', async () => {
    expect((await t.request('GET', '/api/announcements/list')).status).toBe(401);
    const socket = t.connectSocket(null);
    expect(String(await waitFor(socket, 'connect_error'))).toMatch(/ERR_SESSION_EXPIRED/);
  });
});

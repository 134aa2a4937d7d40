import { existsSync } from 'node:fs';
import path from 'node:path';
import type { QuickMessageRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';

let t: TestServer;
let companyId: number;
let adminToken: string;
let aliceToken: string;
let aliceId: number;
let bobToken: string;
let otherCompanyId: number;
let otherAdminToken: string;
let sequence = 0;

const tokenOf = async (user: { email: string }) => (await t.login(user.email, TEST_PASSWORD)).token;

async function createQuickMessage(token: string, fields: Record<string, unknown> = {}) {
  const response = await t
    .as(token)
    .post('/api/quick-messages', { shortcode: `qm${++sequence}`, message: 'Hello', ...fields });
  expect(response.status).toBe(201);
  return response.body as QuickMessageRecord;
}

async function upload(token: string, id: number, file: { name: string; data: Buffer; type: string } | null) {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${t.url}/api/quick-messages/${id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const storedFile = (mediaPath: string) => path.join(t.config.publicDir, mediaPath);

function arrives(socket: ReturnType<TestServer['connectSocket']>, event: string, ms = 1_000) {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once(event, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function socketOf(token: string) {
  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  return socket;
}

beforeAll(async () => {
  t = await startTestServer();
  companyId = (await buildCompany(t.db)).id;
  adminToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'admin' }));
  const alice = await buildUser(t.db, { companyId, profile: 'user' });
  aliceId = alice.id;
  aliceToken = await tokenOf(alice);
  bobToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'user' }));
  otherCompanyId = (await buildCompany(t.db)).id;
  otherAdminToken = await tokenOf(await buildUser(t.db, { companyId: otherCompanyId, profile: 'admin' }));
});
afterAll(() => t.close());

describe('quick messages', () => {
  it('creates a personal quick message by default, reads, edits and deletes it', async () => {
    const created = await createQuickMessage(aliceToken, { shortcode: '  hello  ', message: 'Olá {{firstName}}!' });
    expect(created).toMatchObject({
      shortcode: 'hello',
      message: 'Olá {{firstName}}!',
      geral: false,
      status: true,
      isMedia: false,
      mediaPath: null,
      mediaName: null,
      mediaUrl: null,
      userId: aliceId,
    });
    expect((await t.as(aliceToken).get(`/api/quick-messages/${created.id}`)).body).toEqual(created);
    const edited = await t.as(aliceToken).put(`/api/quick-messages/${created.id}`, { shortcode: 'hi', status: false });
    expect(edited.body).toMatchObject({ shortcode: 'hi', message: 'Olá {{firstName}}!', status: false });
    expect((await t.as(aliceToken).delete(`/api/quick-messages/${created.id}`)).status).toBe(204);
    expect((await t.as(aliceToken).get(`/api/quick-messages/${created.id}`)).status).toBe(404);
  });

  it('requires a shortcode', async () => {
    const missing = await t.as(aliceToken).post('/api/quick-messages', { message: 'No code' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ shortcode: 'Required' });
    const blank = await t.as(aliceToken).post('/api/quick-messages', { shortcode: '  ' });
    expect(blank.body.fields).toEqual({ shortcode: 'Required' });
  });

  it('keeps personal ones to their author and lets only admins share or manage company-wide ones', async () => {
    const personal = await createQuickMessage(aliceToken, { shortcode: 'alice-only' });
    // Others do not see a personal one at all, admins included.
    expect((await t.as(bobToken).get(`/api/quick-messages/${personal.id}`)).status).toBe(404);
    expect((await t.as(adminToken).put(`/api/quick-messages/${personal.id}`, { shortcode: 'x' })).status).toBe(404);
    expect((await t.as(bobToken).delete(`/api/quick-messages/${personal.id}`)).status).toBe(404);

    const share = await t.as(aliceToken).post('/api/quick-messages', { shortcode: 'share', geral: true });
    expect(share.status).toBe(403);
    expect(
      (await t.as(aliceToken).put(`/api/quick-messages/${personal.id}`, { shortcode: 'a', geral: true })).status,
    ).toBe(403);

    const company = await createQuickMessage(adminToken, { shortcode: 'company-wide', geral: true });
    expect((await t.as(bobToken).get(`/api/quick-messages/${company.id}`)).status).toBe(200);
    expect((await t.as(bobToken).put(`/api/quick-messages/${company.id}`, { shortcode: 'mine now' })).status).toBe(403);
    expect((await t.as(bobToken).delete(`/api/quick-messages/${company.id}`)).status).toBe(403);
    expect(
      (await upload(bobToken, company.id, { name: 'a.txt', data: Buffer.from('x'), type: 'text/plain' })).status,
    ).toBe(403);

    const bobPage = await t.as(bobToken).get('/api/quick-messages?searchParam=');
    const bobIds = bobPage.body.records.map((record: QuickMessageRecord) => record.id);
    expect(bobIds).toContain(company.id);
    expect(bobIds).not.toContain(personal.id);
  });

  it('lists the caller’s and the company’s active ones for the composer', async () => {
    const user = await buildUser(t.db, { companyId, profile: 'user' });
    const token = await tokenOf(user);
    const mine = await createQuickMessage(token, { shortcode: 'zz-mine' });
    const inactive = await createQuickMessage(token, { shortcode: 'zz-off', status: false });
    const shared = await createQuickMessage(adminToken, { shortcode: 'zz-shared', geral: true });
    const adminsOwn = await createQuickMessage(adminToken, { shortcode: 'zz-admins-own' });
    const list = (await t.as(token).get('/api/quick-messages/list')).body as QuickMessageRecord[];
    const ids = list.map((record) => record.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(adminsOwn.id);
    // The page lists inactive ones too (to turn them back on), searched by shortcode or text in any case.
    const page = await t.as(token).get('/api/quick-messages?searchParam=ZZ-');
    expect(page.body.records.map((record: QuickMessageRecord) => record.shortcode)).toEqual([
      'zz-mine',
      'zz-off',
      'zz-shared',
    ]);
    expect(page.body).toMatchObject({ count: 3, hasMore: false });
  });

  it('pages 40 at a time', async () => {
    const user = await buildUser(t.db, { companyId: (await buildCompany(t.db)).id, profile: 'user' });
    const token = await tokenOf(user);
    for (let index = 0; index < 41; index++)
      await createQuickMessage(token, { shortcode: `p${String(index).padStart(2, '0')}` });
    const first = await t.as(token).get('/api/quick-messages?pageNumber=1');
    expect(first.body).toMatchObject({ count: 41, hasMore: true });
    expect(first.body.records).toHaveLength(40);
    const second = await t.as(token).get('/api/quick-messages?pageNumber=2');
    expect(second.body.records.map((record: QuickMessageRecord) => record.shortcode)).toEqual(['p40']);
    expect(second.body.hasMore).toBe(false);
  });
});

describe('quick message attachments', () => {
  it('stores an upload with spaces turned into underscores, replaces and removes it', async () => {
    const record = await createQuickMessage(aliceToken);
    const first = await upload(aliceToken, record.id, {
      name: 'price list 2026.pdf',
      data: Buffer.from('%PDF-1.4 test'),
      type: 'application/pdf',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isMedia: true, mediaName: 'price_list_2026.pdf' });
    expect(first.body.mediaPath).toMatch(new RegExp(`^company-${companyId}/[0-9a-f-]+\\.pdf$`));
    expect(first.body.mediaUrl.startsWith(`/public/${first.body.mediaPath}`)).toBe(true);
    expect(existsSync(storedFile(first.body.mediaPath))).toBe(true);

    const served = await fetch(`${t.url}${first.body.mediaUrl}`);
    expect(served.status).toBe(200);

    const second = await upload(aliceToken, record.id, {
      name: 'photo.png',
      data: Buffer.from('png'),
      type: 'image/png',
    });
    expect(second.body.mediaName).toBe('photo.png');
    expect(existsSync(storedFile(first.body.mediaPath))).toBe(false);

    const removed = await t.as(aliceToken).delete(`/api/quick-messages/${record.id}/media-upload`);
    expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null, mediaUrl: null });
    expect(existsSync(storedFile(second.body.mediaPath))).toBe(false);
  });

  it('refuses a missing file, a page or script type, and a file over the limit', async () => {
    const record = await createQuickMessage(aliceToken);
    expect((await upload(aliceToken, record.id, null)).body.error).toBe('ERR_UPLOAD_MISSING_FILE');
    const html = await upload(aliceToken, record.id, { name: 'x.html', data: Buffer.from('<p>'), type: 'text/html' });
    expect(html.status).toBe(415);
    const big = await upload(aliceToken, record.id, {
      name: 'big.bin',
      data: Buffer.alloc(16 * 1024 * 1024 + 1),
      type: 'application/octet-stream',
    });
    expect(big.status).toBe(413);
    expect((await t.as(aliceToken).get(`/api/quick-messages/${record.id}`)).body.isMedia).toBe(false);
  });

  it('deleting a quick message deletes its file', async () => {
    const record = await createQuickMessage(aliceToken);
    const uploaded = await upload(aliceToken, record.id, {
      name: 'a b.txt',
      data: Buffer.from('x'),
      type: 'text/plain',
    });
    await t.as(aliceToken).delete(`/api/quick-messages/${record.id}`);
    expect(existsSync(storedFile(uploaded.body.mediaPath))).toBe(false);
  });
});

describe('tenancy and realtime', () => {
  it('answers 404 for another company’s quick message on every id route', async () => {
    const theirs = await createQuickMessage(otherAdminToken, { geral: true });
    const as = t.as(adminToken);
    expect((await as.get(`/api/quick-messages/${theirs.id}`)).status).toBe(404);
    expect((await as.put(`/api/quick-messages/${theirs.id}`, { shortcode: 'stolen' })).status).toBe(404);
    expect((await as.delete(`/api/quick-messages/${theirs.id}`)).status).toBe(404);
    expect((await as.delete(`/api/quick-messages/${theirs.id}/media-upload`)).status).toBe(404);
    expect(
      (await upload(adminToken, theirs.id, { name: 'a.txt', data: Buffer.from('x'), type: 'text/plain' })).status,
    ).toBe(404);
    expect((await as.get('/api/quick-messages/list')).body.map((r: QuickMessageRecord) => r.id)).not.toContain(
      theirs.id,
    );
  });

  it('announces company-wide ones to the company, personal ones to their author only, and nothing to other companies', async () => {
    const alice = await socketOf(aliceToken);
    const bob = await socketOf(bobToken);
    const stranger = await socketOf(otherAdminToken);
    const event = `company-${companyId}-quickmessage`;
    const strangerHeard = arrives(stranger, event, 2_500);

    const bobHearsShared = nextEvent<{ action: string; record: QuickMessageRecord }>(bob, event);
    const shared = await createQuickMessage(adminToken, { geral: true });
    expect(await bobHearsShared).toMatchObject({ action: 'create', record: { id: shared.id } });

    const bobHearsPersonal = arrives(bob, event);
    const aliceHears = nextEvent<{ action: string; record: QuickMessageRecord }>(alice, event);
    const personal = await createQuickMessage(aliceToken);
    expect(await aliceHears).toMatchObject({ action: 'create', record: { id: personal.id } });
    expect(await bobHearsPersonal).toBe(false);

    // An admin's company-wide one turned personal: the others hear it went away.
    const bobHearsGone = nextEvent<{ action: string; id: number }>(bob, event);
    await t.as(adminToken).put(`/api/quick-messages/${shared.id}`, { shortcode: shared.shortcode, geral: false });
    expect(await bobHearsGone).toEqual({ action: 'delete', id: shared.id });

    const aliceHearsDelete = nextEvent<{ action: string; id: number }>(alice, event);
    await t.as(aliceToken).delete(`/api/quick-messages/${personal.id}`);
    expect(await aliceHearsDelete).toEqual({ action: 'delete', id: personal.id });
    expect(await strangerHeard).toBe(false);
  });
});

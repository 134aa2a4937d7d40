import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let t: TestServer;
let superToken: string;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  t = await startTestServer();
  const platformCompany = await buildCompany(t.db);
  const superUser = await buildUser(t.db, { companyId: platformCompany.id, profile: 'admin', isSuper: true });
  superToken = (await t.login(superUser.email, TEST_PASSWORD)).token;
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
  const user = await buildUser(t.db, { companyId: company.id, profile: 'user' });
  userToken = (await t.login(user.email, TEST_PASSWORD)).token;
});
afterAll(() => t.close());

const videoId = 'dQw4w9WgXcQ';

describe('helps', () => {
  it('lets the super user add a help and every user read it on both paths', async () => {
    const created = await t.as(superToken).post('/api/helps', {
      title: 'Connecting a number',
      description: 'Scan the QR code',
      video: `https://www.youtube.com/watch?v=${videoId}&t=42s`,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Connecting a number', video: videoId, link: null });

    for (const path of ['/api/helps', '/api/helps/list']) {
      const list = await t.as(userToken).get(path);
      expect(list.status).toBe(200);
      expect(list.body).toContainEqual(expect.objectContaining({ id: created.body.id, video: videoId }));
    }
  });

  it('accepts what the web form sends: its parsed fields, with the bare video id and a null link', async () => {
    const fromForm = await t
      .as(superToken)
      .post('/api/helps', { title: 'Form', description: '', video: videoId, link: null });
    expect(fromForm.status).toBe(201);
    expect(fromForm.body).toMatchObject({ video: videoId, link: null });
  });

  it.each([
    [videoId, videoId],
    [`https://youtu.be/${videoId}?si=abc`, videoId],
    [`youtube.com/embed/${videoId}`, videoId],
    [`https://www.youtube-nocookie.com/embed/${videoId}`, videoId],
    [`https://m.youtube.com/shorts/${videoId}`, videoId],
  ])('normalises %s to the video id', async (video, expected) => {
    const response = await t.as(superToken).post('/api/helps', { title: 'Video', video });
    expect(response.status).toBe(201);
    expect(response.body.video).toBe(expected);
  });

  it.each([
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
    'https://evil.example.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'too-short',
    '',
  ])('refuses the video %j with a clear message', async (video) => {
    const response = await t.as(superToken).post('/api/helps', { title: 'Video', video });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields.video).toMatch(/Invalid YouTube video|Required/);
  });

  it('refuses a missing title and a link that is not http(s)', async () => {
    const response = await t
      .as(superToken)
      .post('/api/helps', { title: ' ', video: videoId, link: 'javascript:alert(1)' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({ title: 'Required', link: 'Invalid link' });
  });

  it('edits and deletes; unknown ids answer 404', async () => {
    const created = await t.as(superToken).post('/api/helps', { title: 'Old', video: videoId });
    const updated = await t
      .as(superToken)
      .put(`/api/helps/${created.body.id}`, { title: 'New', video: videoId, link: 'https://example.com/guide' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'New', link: 'https://example.com/guide' });
    expect((await t.as(superToken).delete(`/api/helps/${created.body.id}`)).status).toBe(204);
    expect((await t.as(superToken).delete(`/api/helps/${created.body.id}`)).status).toBe(404);
    expect((await t.as(superToken).put('/api/helps/999999', { title: 'x', video: videoId })).status).toBe(404);
  });

  it('is super-only for changes: a company admin gets 403 and nothing changes', async () => {
    const created = await t.as(superToken).post('/api/helps', { title: 'Keep', video: videoId });
    const attempts = [
      await t.as(adminToken).post('/api/helps', { title: 'Mine', video: videoId }),
      await t.as(adminToken).put(`/api/helps/${created.body.id}`, { title: 'Changed', video: videoId }),
      await t.as(adminToken).delete(`/api/helps/${created.body.id}`),
      // Refused before the body is even validated.
      await t.as(adminToken).post('/api/helps', {}),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    const list = await t.as(adminToken).get('/api/helps');
    expect(list.body).toContainEqual(expect.objectContaining({ id: created.body.id, title: 'Keep' }));
  });

  it('needs a login', async () => {
    expect((await t.request('GET', '/api/helps')).status).toBe(401);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let t: TestServer;
let adminToken: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'wacrm-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>WACRM</title>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
  t = await startTestServer({ SERVE_WEB_DIST: webDist });
  adminToken = (await t.login('admin@admin.com', '123456')).token;
  mkdirSync(path.join(t.config.publicDir, 'company-1'), { recursive: true });
  writeFileSync(path.join(t.config.publicDir, 'company-1', 'photo.png'), 'png-bytes');
});
afterAll(() => t.close());

describe('API basics', () => {
  it('answers health when the database answers', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers unknown API routes with 404 JSON, with or without a token', async () => {
    for (const token of [undefined, adminToken]) {
      const response = await t.request('GET', '/api/no-such-thing', { token });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_ROUTE_NOT_FOUND');
    }
    expect((await t.request('POST', '/api/no-such-thing')).status).toBe(404);
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
  });

  it('lists plans publicly for the signup page, without their flags', async () => {
    const response = await t.request('GET', '/api/plans/list');
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({ name: 'Plano 1' });
    expect(response.body[0].useCampaigns).toBeUndefined();
  });
});

describe('plan flags for the menu', () => {
  it("answers the caller's own plan, and 404 for another company unless super", async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id });
    const { token } = await t.login(user.email, TEST_PASSWORD);

    const own = await t.as(token).get(`/api/companies/listPlan/${company.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: company.planId, useKanban: true, useExternalApi: true });

    expect((await t.as(token).get('/api/companies/listPlan/1')).status).toBe(404);
    expect((await t.as(adminToken).get(`/api/companies/listPlan/${company.id}`)).status).toBe(200);
  });
});

describe('connections list', () => {
  it("lists only the caller's company connections, whatever companyId is asked", async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    const { whatsapps } = await import('../../tables.ts');
    await t.db.insert(whatsapps).values([
      { companyId: 1, name: 'Platform line' },
      { companyId: company.id, name: 'Sales', status: 'CONNECTED' },
    ]);
    const response = await t.as(token).get('/api/whatsapp?companyId=1');
    expect(response.status).toBe(200);
    expect(response.body.map((connection: { name: string }) => connection.name)).toEqual(['Sales']);
  });
});

describe('static files', () => {
  it('serves the web app for client-side routes and its assets', async () => {
    for (const url of ['/', '/login', '/tickets/8c1f']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>WACRM</title>');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves media under /public through signed links, with safe headers', async () => {
    const url = t.platform.storage.urlOf('company-1/photo.png');
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('png-bytes');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses media without a signature, with a forged one, or for another path', async () => {
    const url = t.platform.storage.urlOf('company-1/photo.png');
    const forged = url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const otherPath = url.replace('photo.png', 'other.png');
    for (const attempt of ['/public/company-1/photo.png', forged, otherPath]) {
      expect((await t.app.inject({ method: 'GET', url: attempt })).statusCode).toBe(404);
    }
  });

  it('never lets a /public path leave its folder', async () => {
    for (const url of [
      '/public/../secrets.json',
      '/public/%2e%2e/secrets.json',
      '/public/company-1/..%2f..%2fsecrets.json',
      '/public/..%5csecrets.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('jwtSecret');
      // Either refused, or the URL was normalised to a path outside /public and got the web app.
      if (response.statusCode < 400) expect(response.body).toContain('<title>WACRM</title>');
    }
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

/** Issue 23: security headers, the proxies trusted for the client address, database data errors. */
let t: TestServer;
let adminToken: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'wacrm-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>WACRM</title>');
  t = await startTestServer({
    SERVE_WEB_DIST: webDist,
    TRUST_PROXY: '10.9.8.7, 192.0.2.0/24',
    LOGIN_LIMIT_PER_IP: '3',
  });
  adminToken = (await t.login('admin@admin.com', '123456')).token;
  mkdirSync(path.join(t.config.publicDir, 'company-1'), { recursive: true });
  writeFileSync(path.join(t.config.publicDir, 'company-1', 'photo.png'), 'png-bytes');
});
afterAll(() => t.close());

describe('security headers', () => {
  it('come with the web app, the API and its errors', async () => {
    for (const url of ['/', '/tickets/abc', '/api/health', '/api/no-such-route', '/api/auth/me']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toMatch(/connect-src 'self' ws:\/\/localhost:80/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      // Plain HTTP: no HSTS (a browser would ignore it, and a proxy may not do TLS yet).
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('keeps the strict sandbox policy on uploaded media', async () => {
    const url = t.platform.storage.urlOf('company-1/photo.png');
    const response = await t.app.inject({
      method: 'GET',
      url: new URL(url, 'http://x').pathname + new URL(url, 'http://x').search,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('sends HSTS only over HTTPS, as a trusted proxy reports it', async () => {
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.50',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  const attempt = (remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: `nobody-${Math.random()}@example.com`, password: 'wrong-password' },
    });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const statuses = [];
    for (let index = 0; index < 5; index++)
      statuses.push((await attempt('203.0.113.7', `198.51.100.${index}`)).statusCode);
    // Three attempts per address: a new spoofed address each time does not reset it.
    expect(statuses.slice(0, 3).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("honours a trusted proxy's header: clients behind it are limited one by one", async () => {
    for (const proxy of ['10.9.8.7', '192.0.2.44']) {
      for (let client = 0; client < 4; client++) {
        expect((await attempt(proxy, `198.51.100.${100 + client}, ${proxy}`)).statusCode).toBe(401);
      }
    }
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await attempt('10.9.8.7', '198.51.100.200')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('values the database cannot store', () => {
  it('answers 400 ERR_VALIDATION for NUL text, impossible dates and out-of-range numbers', async () => {
    const api = t.as(adminToken);
    const cases = [
      await api.post('/api/tags', { name: 'a\u0000b', color: '#123456' }),
      await api.get('/api/contacts?searchParam=%00'),
      await api.get('/api/contacts?date=2026-02-30'),
      await api.get('/api/tickets?date=9999-99-99'),
      await api.get('/api/contacts/2147483648'),
      await api.get('/api/messages/-1'),
      await api.get('/api/tickets?pageNumber=1e9'),
      await api.put('/api/users/1', { name: 'x\ud800' }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('answers 400 for a malformed multipart body', async () => {
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/quick-messages/1/media-upload',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
    });
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/quick-messages/1/media-upload',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    for (const response of [truncated, noBoundary]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
    }
  });
});

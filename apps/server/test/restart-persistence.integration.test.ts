import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paced } from './machine-pace.ts';
import { endProcess, freePort, startMainProcess } from './real-process.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const TWO_MINUTES = paced(120_000);

/**
 * The real entry point (`npm start` runs it) on an embedded database: data written before a
 * stop is there after the next start, and so are the generated secrets (tokens stay valid).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('restart on the embedded database', () => {
  it('keeps data and sessions across a stop and a start', { timeout: TWO_MINUTES }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startMainProcess(port, dataDir);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${base}/api/users/set-language/es`, { method: 'POST', headers: auth })).status).toBe(204);
    expect(await endProcess(first, 'SIGTERM')).toBe(0);

    const second = await startMainProcess(port, dataDir);
    try {
      const me = await fetch(`${base}/api/auth/me`, { headers: auth });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { language: string }).language).toBe('es');
      // The seed ran once: still exactly one plan.
      const plans = (await (await fetch(`${base}/api/plans/list`)).json()) as unknown[];
      expect(plans).toHaveLength(1);
    } finally {
      await endProcess(second, 'SIGTERM');
    }
  });
});

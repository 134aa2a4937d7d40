import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStatus, pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildServer } from '../../app.ts';
import { companies, tickets, whatsapps } from '../../tables.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('server restart', () => {
  it('keeps a paired sandbox connection CONNECTED without a new QR, a lease on the row, and its outbox', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const paired = await pairedSandbox(t, token);
    // Something the company sent before the restart: the sandbox phone still shows it after.
    await t.as(token).post(`/api/sandbox/${paired.id}/inbound`, { from: '5511940000001', body: 'hi' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    await t.as(token).put(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect((await t.as(token).post(`/api/messages/${ticket.id}`, { body: 'before the restart' })).status).toBe(201);
    const unpaired = (await t.as(token).post('/api/whatsapp', { name: 'Never scanned', provider: 'sandbox' })).body;
    // A company switched off keeps its paired connection, but the server does not start it.
    const inactive = await buildCompany(t.db);
    const inactiveAdmin = await buildUser(t.db, { companyId: inactive.id, profile: 'admin' });
    const dormant = await pairedSandbox(t, (await t.login(inactiveAdmin.email, TEST_PASSWORD)).token);
    await waitUntil(async () => (await connectionStatus(t, token, unpaired.id)).status === 'qrcode');

    // Stop the first server (sessions stop without logging out) and build another on the same data.
    await t.server.stop();
    await t.db.update(companies).set({ status: false }).where(eq(companies.id, inactive.id));
    // Stored statuses say nothing of the new process until it writes them: start from none.
    await t.db
      .update(whatsapps)
      .set({ status: 'DISCONNECTED' })
      .where(inArray(whatsapps.id, [paired.id, unpaired.id, dormant.id]));
    const second = await buildServer(t.config, t.database);
    await second.start({ port: 0, host: '127.0.0.1' });
    try {
      expect((second.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
      const statusOf = async (id: number) => {
        const response = await second.app.inject({
          method: 'GET',
          url: `/api/whatsapp/${id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        return response.json() as { status: string; qrcode: string };
      };
      await waitUntil(async () => (await statusOf(paired.id)).status === 'CONNECTED', undefined, 'reconnected');
      await waitUntil(async () => (await statusOf(unpaired.id)).status === 'qrcode', undefined, 'qr again');
      const [row] = await t.db.select().from(whatsapps).where(eq(whatsapps.id, paired.id));
      expect(row.sessionOwner).toBeTruthy();
      expect(row.sessionLeaseUntil!.getTime()).toBeGreaterThan(Date.now());
      // The start list was read once, before any of these sessions started; give a dormant one
      // the same time to show up before saying it did not.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const outbox = await second.app.inject({
        method: 'GET',
        url: `/api/sandbox/${paired.id}/outbox`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(outbox.json()).toMatchObject([{ body: 'before the restart', to: '5511940000001', ack: 1 }]);
      const [untouched] = await t.db.select().from(whatsapps).where(eq(whatsapps.id, dormant.id));
      expect(untouched).toMatchObject({ status: 'DISCONNECTED', sessionOwner: null });
    } finally {
      await second.stop();
      // t.close() stops the first server again: give it a fresh one to stop.
      t.server.stop = async () => undefined;
    }
  });
});

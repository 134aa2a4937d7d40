import type { SandboxCustomerRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function adminOfNewCompany() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const user = await buildUser(t.db, { companyId: company.id, profile: 'user' });
  const { token: userToken } = await t.login(user.email, TEST_PASSWORD);
  return { company, token, userToken };
}

describe('GET /api/sandbox/:whatsappId/customers', () => {
  it('lists every customer with a ticket on the connection, whoever played them', async () => {
    const { token } = await adminOfNewCompany();
    const api = t.as(token);
    const connection = await pairedSandbox(t, token);
    const other = await pairedSandbox(t, token);
    // Two customers written from "another browser" (straight through the API), one on another connection.
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from: '5511940000001', name: 'Ana', body: 'oi' });
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from: '+55 11 94000-0002', name: 'Bruno', body: 'olá' });
    await api.post(`/api/sandbox/${other.id}/inbound`, { from: '5511940000003', name: 'Caio', body: 'bom dia' });
    const answer = await api.get(`/api/sandbox/${connection.id}/customers`);
    expect(answer.status).toBe(200);
    const customers = answer.body as SandboxCustomerRecord[];
    expect(customers.map((customer) => customer.number).sort()).toEqual(['5511940000001', '5511940000002']);
    expect(customers.find((customer) => customer.number === '5511940000002')).toEqual({
      number: '5511940000002',
      name: 'Bruno',
      isGroup: false,
    });
  });

  it('is for admins, of sandbox connections of their own company: another company answers 404', async () => {
    const mine = await adminOfNewCompany();
    const theirs = await adminOfNewCompany();
    const connection = await pairedSandbox(t, mine.token);
    await t.as(mine.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511940000009', body: 'oi' });

    const fromOtherCompany = await t.as(theirs.token).get(`/api/sandbox/${connection.id}/customers`);
    expect(fromOtherCompany.status).toBe(404);
    expect(fromOtherCompany.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    expect(JSON.stringify(fromOtherCompany.body)).not.toContain('5511940000009');

    const fromAttendant = await t.as(mine.userToken).get(`/api/sandbox/${connection.id}/customers`);
    expect(fromAttendant.status).toBe(403);
    const missing = await t.as(mine.token).get('/api/sandbox/2147483647/customers');
    expect(missing.status).toBe(404);
  });
});

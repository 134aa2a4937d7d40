import { afterAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function providersOn(overrides: Record<string, string>) {
  const t = await startTestServer(overrides);
  servers.push(t);
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  return t.as(token).get('/api/whatsapp/providers');
}

// issue 13 defect 4: the connection dialog asks this instead of probing a sandbox route with id 0.
describe('connection providers', () => {
  it('lists the sandbox only while it is enabled', async () => {
    const enabled = await providersOn({});
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ providers: ['baileys', 'cloudapi', 'sandbox'] });
    const disabled = await providersOn({ SANDBOX_ENABLED: 'false' });
    expect(disabled.body).toEqual({ providers: ['baileys', 'cloudapi'] });
  });
});

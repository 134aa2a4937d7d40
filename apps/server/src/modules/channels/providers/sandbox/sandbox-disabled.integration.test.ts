import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { whatsapps } from '../../../../tables.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ SANDBOX_ENABLED: 'false' });
});
afterAll(() => t.close());

describe('SANDBOX_ENABLED=false', () => {
  it('has no sandbox routes and refuses sandbox connections', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const refused = await t.as(token).post('/api/whatsapp', { name: 'Play', provider: 'sandbox' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.provider).toBeDefined();

    const [existing] = await t.db
      .insert(whatsapps)
      .values({ companyId: company.id, name: 'Old sandbox', provider: 'sandbox' })
      .returning();
    for (const path of ['scan', 'disconnect', 'inbound', 'ack']) {
      expect((await t.as(token).post(`/api/sandbox/${existing.id}/${path}`, {})).status).toBe(404);
    }
    expect((await t.as(token).get(`/api/sandbox/${existing.id}/outbox`)).status).toBe(404);
  });
});

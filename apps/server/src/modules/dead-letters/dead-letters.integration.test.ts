import type { DeadLetter } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { messages } from '../../tables.ts';
import type { InboundFaults } from '../messages/intake/keep-inbound.ts';

/**
 * Issue 23, "acknowledged means stored": the sandbox answers 2xx only for a stored message; a
 * passing failure answers 503 (send again), a message that can never be stored 400 and a dead
 * letter that admins see.
 */
const faults: { next: (() => void) | null } = { next: null };
const inboundFaults: InboundFaults = { beforeStore: () => faults.next?.() };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { messages: { inboundFaults } });
});
afterAll(() => t.close());

async function companyWithSandbox() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const connection = await pairedSandbox(t, token);
  return { company, token, api: t.as(token), connection };
}

const storedCount = async (whatsappId: number, externalId: string) =>
  (
    await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, externalId)))
  ).length;

describe('sandbox inbound', () => {
  it('answers 503 while the message cannot be stored, stores nothing, and 200 once it can (once)', async () => {
    const { api, connection } = await companyWithSandbox();
    faults.next = () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    };
    const refused = await api.post(`/api/sandbox/${connection.id}/inbound`, {
      from: '5511977770001',
      body: 'hi',
      id: 'DL-1',
    });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('ERR_INBOUND_NOT_STORED');
    expect(await storedCount(connection.id, 'DL-1')).toBe(0);
    expect((await api.get('/api/dead-letters')).body).toEqual([]);

    // A failure that passes within the retries is not the sender's problem.
    let failures = 2;
    faults.next = () => {
      if (failures-- > 0) throw new Error('Connection terminated unexpectedly');
    };
    const stored = await api.post(`/api/sandbox/${connection.id}/inbound`, {
      from: '5511977770001',
      body: 'hi',
      id: 'DL-1',
    });
    expect(stored.status).toBe(200);
    faults.next = null;
    const redelivered = await api.post(`/api/sandbox/${connection.id}/inbound`, {
      from: '5511977770001',
      body: 'hi',
      id: 'DL-1',
    });
    expect(redelivered.status).toBe(200);
    expect(await storedCount(connection.id, 'DL-1')).toBe(1);
  });

  it('answers 400 with the reason for a message that can never be stored, and keeps it for admins', async () => {
    const { company, token, api, connection } = await companyWithSandbox();
    faults.next = () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    };
    const refused = await api.post(`/api/sandbox/${connection.id}/inbound`, {
      from: '5511977770002',
      body: 'hello',
      id: 'DL-2',
    });
    faults.next = null;
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'ERR_INBOUND_NOT_STORABLE',
      details: { reason: expect.stringContaining('22021') },
    });
    expect(await storedCount(connection.id, 'DL-2')).toBe(0);

    const letters = (await api.get('/api/dead-letters')).body as DeadLetter[];
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      whatsappId: connection.id,
      connectionName: connection.name,
      externalId: 'DL-2',
    });
    expect(JSON.parse(letters[0].payload)).toMatchObject({
      raw: { from: '5511977770002', body: 'hello', id: 'DL-2' },
      normalised: { body: 'hello', chatId: '5511977770002' },
    });

    // Admins only, and only their own company's.
    const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user' });
    const attendantToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
    expect((await t.as(attendantToken).get('/api/dead-letters')).status).toBe(403);
    const other = await companyWithSandbox();
    expect((await other.api.get('/api/dead-letters')).body).toEqual([]);
    expect((await other.api.delete(`/api/dead-letters/${letters[0].id}`)).status).toBe(404);

    expect((await t.as(token).delete(`/api/dead-letters/${letters[0].id}`)).status).toBe(204);
    expect((await api.get('/api/dead-letters')).body).toEqual([]);
  });
});

import type { ConnectionRecord } from '@wacrm/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStatus, waitUntil } from '../../../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import {
  type FakeGraphApi,
  signWebhook,
  startFakeGraphApi,
  textMessage,
  webhookBody,
} from '../../../../../test/fake-graph-api.ts';
import { paced } from '../../../../../test/machine-pace.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { messages, tickets } from '../../../../tables.ts';

// Meta's rate limits (docs/cloud-api.md): a message turned away by them is retried until Meta takes
// it, far past the retry series (2 attempts here), and is never marked failed for it.
const ONE_MINUTE = paced(60_000);
const WAIT_BOUND_SECONDS = 3_600;

let t: TestServer;
let graph: FakeGraphApi;
/** Every message the server announced as failed, by id: a rate limit must add none. */
const failedIds = new Set<number>();
beforeAll(async () => {
  graph = await startFakeGraphApi();
  t = await startTestServer(
    { WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: graph.version },
    {
      messages: {
        retry: {
          maxAttempts: 2,
          baseDelaySeconds: 1,
          maxDelaySeconds: 1,
          waitForConnectionSeconds: WAIT_BOUND_SECONDS,
        },
      },
    },
  );
  t.platform.realtime.domain.subscribe((event) => {
    if (event.type === 'message.updated' && event.message.failed) failedIds.add(event.message.id);
  });
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

let numberSeed = 300_000;
/** A company with a CONNECTED Cloud API connection and an open ticket of a customer who just wrote. */
async function openTicketOnCloudApi() {
  numberSeed += 1;
  const number = {
    phoneNumberId: `1${numberSeed}00`,
    wabaId: `2${numberSeed}00`,
    displayPhoneNumber: `+55 11 3${numberSeed}`,
    verifiedName: `Loja ${numberSeed}`,
  };
  const accessToken = `EAAG${numberSeed}token`;
  const appSecret = `secret-${numberSeed}`;
  graph.addNumber(number, accessToken);
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const api = t.as(token);
  const created = await api.post('/api/whatsapp', {
    name: `Cloud ${numberSeed}`,
    provider: 'cloudapi',
    cloudPhoneNumberId: number.phoneNumberId,
    cloudWabaId: number.wabaId,
    cloudAccessToken: accessToken,
    cloudAppSecret: appSecret,
  });
  const record = created.body as ConnectionRecord;
  await waitUntil(async () => (await connectionStatus(t, token, record.id)).status === 'CONNECTED');
  const customer = `55119666${numberSeed}`;
  const { payload, signature } = signWebhook(
    appSecret,
    webhookBody(number, { messages: [textMessage(customer, 'oi')] }),
  );
  const posted = await t.app.inject({
    method: 'POST',
    url: new URL(record.cloudWebhookUrl!).pathname,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload,
  });
  expect(posted.statusCode).toBe(200);
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
  expect((await api.put(`/api/tickets/${ticket!.id}`, { status: 'open' })).status).toBe(200);
  return { company, api, ticket: ticket!, customer };
}

const ourMessages = (companyId: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true)))
    .orderBy(asc(messages.id));

describe("Meta's rate limits", () => {
  for (const { code, name, times } of [
    { code: 130429, name: 'throughput', times: 5 },
    { code: 131056, name: 'pair rate', times: 4 },
  ]) {
    it(`retries a message turned away ${times} times by the ${name} limit (${code}) until Meta takes it`, {
      timeout: ONE_MINUTE,
    }, async () => {
      const { company, api, ticket, customer } = await openTicketOnCloudApi();
      const refusal = { status: 400, code, message: `(#${code}) Rate limit hit` };
      graph.failNextSends(...Array.from({ length: times }, () => refusal));

      const answer = await api.post(`/api/messages/${ticket.id}`, { body: 'Já volto com a resposta.' });
      expect(answer.status).toBe(201);
      const sent = await waitUntil(
        () => graph.sent.find((message) => message.to === customer) ?? null,
        ONE_MINUTE,
        'the message accepted by Meta',
      );
      // Every refusal was met: the retries went on past the series of 2 attempts.
      expect(graph.pendingSendErrors()).toBe(0);
      const [row] = await waitUntil(async () => {
        const rows = await ourMessages(company.id);
        return rows[0]?.externalId ? rows : null;
      });
      expect(row).toMatchObject({ externalId: sent.id, failed: false, sendError: null });
      expect(failedIds.has(row!.id)).toBe(false);
    });
  }

  it('fails a rate-limited message only past the bound every unsent message has', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { company, api, ticket, customer } = await openTicketOnCloudApi();
    const refusal = { status: 400, code: 130429, message: '(#130429) Rate limit hit' };
    graph.failNextSends(...Array.from({ length: 50 }, () => refusal));
    expect((await api.post(`/api/messages/${ticket.id}`, { body: 'Olá' })).status).toBe(201);
    await waitUntil(() => graph.pendingSendErrors() < 50);
    // The message has waited longer than the bound by now (written back in time).
    await t.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - (WAIT_BOUND_SECONDS + 60) * 1000) })
      .where(and(eq(messages.companyId, company.id), eq(messages.fromMe, true)));
    const [row] = await waitUntil(async () => {
      const rows = await ourMessages(company.id);
      return rows[0]?.failed ? rows : null;
    });
    graph.clearSendErrors();
    expect(row).toMatchObject({ failed: true, sendError: 'ERR_SENDING_WAPP_MSG', externalId: null });
    expect(graph.sent.some((message) => message.to === customer)).toBe(false);
  });
});

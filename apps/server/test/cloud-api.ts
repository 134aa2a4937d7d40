import type { ConnectionRecord } from '@wacrm/shared';
import { and, asc, eq } from 'drizzle-orm';
import { messages, tickets } from '../src/tables.ts';
import { connectionStatus, waitUntil } from './channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from './factories.ts';
import {
  type FakeGraphApi,
  type FakeNumber,
  signWebhook,
  startFakeGraphApi,
  textMessage,
  webhookBody,
} from './fake-graph-api.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A fake Meta and a test server whose Graph API it is (webhook URLs under https://crm.example.com),
 * for a file's `beforeAll`; `close` stops both, for its `afterAll`.
 */
export async function startCloudApiServer(
  options: Parameters<typeof startTestServer>[1] = {},
): Promise<{ server: TestServer; graph: FakeGraphApi; close: () => Promise<void> }> {
  const graph = await startFakeGraphApi();
  const server = await startTestServer(
    { WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: graph.version, BACKEND_URL: 'https://crm.example.com' },
    options,
  );
  return {
    server,
    graph,
    async close() {
      await server.close();
      await graph.close();
    },
  };
}

let numberSeed = 100_000 + Math.floor(Math.random() * 800_000);

/**
 * What the Cloud API's server tests share: numbers at the fake Meta, a company with a CONNECTED
 * Cloud API connection made through the API, signed webhook posts, and a customer's open ticket.
 */
export function cloudApiKit(t: () => TestServer, graph: () => FakeGraphApi) {
  /** A number registered at the fake Meta, with its token and app secret. */
  function metaNumber(): FakeNumber & { accessToken: string; appSecret: string } {
    numberSeed += 1;
    const number = {
      phoneNumberId: `1${numberSeed}00`,
      wabaId: `2${numberSeed}00`,
      displayPhoneNumber: `+55 11 3${numberSeed}`,
      verifiedName: `Loja ${numberSeed}`,
      accessToken: `EAAG${numberSeed}token`,
      appSecret: `secret-${numberSeed}`,
    };
    graph().addNumber(number, number.accessToken);
    return number;
  }

  async function adminOfNewCompany() {
    const company = await buildCompany(t().db);
    const admin = await buildUser(t().db, { companyId: company.id, profile: 'admin' });
    const { token } = await t().login(admin.email, TEST_PASSWORD);
    return { company, admin, token, api: t().as(token) };
  }

  /**
   * A Cloud API connection created through the API and checked against the fake Meta: CONNECTED.
   * `prepare` runs first in the new company (settings, queues) and answers extra connection fields.
   */
  async function cloudConnection(
    prepare?: (company: Awaited<ReturnType<typeof adminOfNewCompany>>) => Promise<Record<string, unknown>>,
  ) {
    const owner = await adminOfNewCompany();
    const { company, admin, token, api } = owner;
    const fields = (await prepare?.(owner)) ?? {};
    const number = metaNumber();
    const created = await api.post('/api/whatsapp', {
      ...fields,
      name: `Cloud ${number.phoneNumberId}`,
      provider: 'cloudapi',
      cloudPhoneNumberId: number.phoneNumberId,
      cloudWabaId: number.wabaId,
      cloudAccessToken: number.accessToken,
      cloudAppSecret: number.appSecret,
    });
    if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
    const record = created.body as ConnectionRecord;
    await waitUntil(async () => (await connectionStatus(t(), token, record.id)).status === 'CONNECTED');
    const webhookPath = new URL(record.cloudWebhookUrl ?? '').pathname;
    return { company, admin, token, api, number, record, webhookPath };
  }

  function postWebhook(path: string, appSecret: string | null, body: unknown) {
    const { payload, signature } = signWebhook(appSecret ?? 'not-the-secret', body);
    return t().app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        ...(appSecret !== null ? { 'x-hub-signature-256': signature } : {}),
      },
      payload,
    });
  }

  const storedMessages = (companyId: number) =>
    t().db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));

  /** The customer writes `text` to the connection; the ticket it opens is accepted. */
  async function openTicketFrom(
    connection: Awaited<ReturnType<typeof cloudConnection>>,
    customer: string,
    text = 'oi',
  ) {
    const { number, webhookPath, company, api } = connection;
    const answer = await postWebhook(
      webhookPath,
      number.appSecret,
      webhookBody(number, { messages: [textMessage(customer, text)] }),
    );
    if (answer.statusCode !== 200) throw new Error(`webhook answered ${answer.statusCode}`);
    const [ticket] = await t()
      .db.select()
      .from(tickets)
      .where(and(eq(tickets.companyId, company.id), eq(tickets.whatsappId, connection.record.id)))
      .orderBy(asc(tickets.id));
    if (!ticket) throw new Error('no ticket was opened');
    await api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    return ticket;
  }

  /** Moves the customer's last message of a company more than 24 hours back: the window closes. */
  async function closeServiceWindow(companyId: number) {
    await t()
      .db.update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, false)));
  }

  return {
    metaNumber,
    adminOfNewCompany,
    cloudConnection,
    postWebhook,
    storedMessages,
    openTicketFrom,
    closeServiceWindow,
  };
}

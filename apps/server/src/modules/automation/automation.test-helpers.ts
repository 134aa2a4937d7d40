import type { SandboxOutboxEntry } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { pairedSandbox } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { contacts, messages, tickets } from '../../tables.ts';

// Setup shared by the automation integration tests: a company with settings, queues, a customer
// writing through a sandbox connection, and the ticket that customer ends up in.

type Api = ReturnType<TestServer['as']>;

/** The server's "now": real time shifted, or a fixed instant (business hours). Pass `now` to the server. */
export function createTestClock() {
  const clock = {
    shiftMinutes: 0,
    fixed: null as Date | null,
    now: () => clock.fixed ?? new Date(Date.now() + clock.shiftMinutes * 60_000),
  };
  return clock;
}

let customerSeq = 0;
const newCustomer = () => `55119700${String(++customerSeq).padStart(5, '0')}`;

/** A new company whose admin (Ana) is logged in, with the given settings saved through the API. */
export async function company(t: TestServer, settings: Record<string, string> = {}) {
  const created = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: created.id, profile: 'admin', name: 'Ana' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  for (const [key, value] of Object.entries(settings)) {
    const response = await t.as(token).put(`/api/settings/${key}`, { value });
    if (response.status !== 200) throw new Error(`setting ${key}: ${JSON.stringify(response.body)}`);
  }
  return { company: created, admin, token, api: t.as(token) };
}

export async function queue(api: Api, fields: Record<string, unknown>) {
  const color = `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
  const response = await api.post('/api/queue', { color, ...fields });
  if (response.status !== 200 && response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body as { id: number; name: string };
}

async function option(api: Api, fields: Record<string, unknown>) {
  const response = await api.post('/api/queue-options', fields);
  if (response.status !== 200 && response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body as { id: number };
}

/** A customer of a sandbox connection: writes, and reads what the company sent them. */
export function customer(api: Api, connectionId: number, number = newCustomer()) {
  let seen = 0;
  return {
    number,
    say: async (body: string, extra: Record<string, unknown> = {}) => {
      const response = await api.post(`/api/sandbox/${connectionId}/inbound`, {
        from: number,
        name: 'Maria Souza',
        body,
        ...extra,
      });
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    },
    call: async (video = false) => (await api.post(`/api/sandbox/${connectionId}/call`, { from: number, video })).body,
    /** Everything sent to this customer since the last read. */
    received: async () => {
      const entries = (await api.get(`/api/sandbox/${connectionId}/outbox?to=${number}`)).body as SandboxOutboxEntry[];
      const fresh = entries.slice(seen).map((entry) => entry.body);
      seen = entries.length;
      return fresh;
    },
  };
}

/** The customer's latest ticket in the company. */
export async function ticketOf(t: TestServer, companyId: number, number: string) {
  const [contact] = await t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
  const rows = await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
  return rows.sort((a, b) => b.id - a.id)[0];
}

/** The automatic messages (greetings, notices, questions) stored on a ticket. */
export async function systemMessagesOf(t: TestServer, ticketId: number) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.isSystem, true)));
}

/** Two queues; Support has a menu: 1 Internet (1 Slow, 2 Down), 2 Billing. */
export async function twoQueueSetup(
  t: TestServer,
  settings: Record<string, string> = {},
  connectionFields: Record<string, unknown> = {},
) {
  const ctx = await company(t, settings);
  const sales = await queue(ctx.api, { name: 'Sales', orderQueue: 1, greetingMessage: 'Sales, hello {{firstName}}!' });
  const support = await queue(ctx.api, { name: 'Support', orderQueue: 2, greetingMessage: 'Support: pick a topic.' });
  const internet = await option(ctx.api, { queueId: support.id, option: '1', title: 'Internet', message: 'Internet:' });
  await option(ctx.api, {
    queueId: support.id,
    parentId: internet.id,
    option: '1',
    title: 'Slow',
    message: 'Restart the router.',
  });
  await option(ctx.api, {
    queueId: support.id,
    parentId: internet.id,
    option: '2',
    title: 'Down',
    message: 'We are on it.',
  });
  await option(ctx.api, { queueId: support.id, option: '2', title: 'Billing', message: 'Billing will answer.' });
  const connection = await pairedSandbox(t, ctx.token, {
    greetingMessage: 'Welcome!',
    queueIds: [support.id, sales.id],
    ...connectionFields,
  });
  return { ...ctx, sales, support, connection };
}

/** What twoQueueSetup's connection answers a new conversation with. */
export const MAIN_MENU = 'Welcome!\n\n*[ 1 ]* - Sales\n*[ 2 ]* - Support';

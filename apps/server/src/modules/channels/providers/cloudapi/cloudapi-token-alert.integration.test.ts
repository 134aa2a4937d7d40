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
import { type FakeSmtpServer, readMail, startFakeSmtpServer } from '../../../../../test/fake-smtp-server.ts';
import { paced } from '../../../../../test/machine-pace.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { messages, tickets } from '../../../../tables.ts';

// Meta refusing a connection's token (error 190) takes it down and has the company's admins mailed,
// once per refusal (docs/decisions/connection-alerts.md).
const ONE_MINUTE = paced(60_000);

let t: TestServer;
let graph: FakeGraphApi;
let smtp: FakeSmtpServer;
beforeAll(async () => {
  graph = await startFakeGraphApi();
  smtp = await startFakeSmtpServer();
  t = await startTestServer(
    {
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_GRAPH_VERSION: graph.version,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'crm@example.com',
      BACKEND_URL: 'https://crm.example.com',
    },
    // A short retry series: the messages that met the refusal are past it within the test.
    {
      messages: {
        retry: { maxAttempts: 2, baseDelaySeconds: 1, maxDelaySeconds: 1, waitForConnectionSeconds: 3_600 },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await graph.close();
});

/** Long enough for a job that was sent to have run: what did not arrive by then is not coming. */
const settle = () => new Promise((resolve) => setTimeout(resolve, paced(2_000)));
const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()));

let numberSeed = 400_000;
function metaNumber() {
  numberSeed += 1;
  const number = {
    phoneNumberId: `1${numberSeed}00`,
    wabaId: `2${numberSeed}00`,
    displayPhoneNumber: `+55 11 3${numberSeed}`,
    verifiedName: `Loja ${numberSeed}`,
    accessToken: `EAAG${numberSeed}token`,
    appSecret: `secret-${numberSeed}`,
  };
  graph.addNumber(number, number.accessToken);
  return number;
}

/** A company (its messages language set) with an admin logged in. */
async function companyWithAdmin(messagesLanguage?: 'pt' | 'en' | 'es') {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const api = t.as(token);
  if (messagesLanguage) {
    expect((await api.put('/api/settings/messagesLanguage', { value: messagesLanguage })).status).toBe(200);
  }
  return { company, admin, token, api };
}

/** A working Cloud API connection of the company, with an open ticket of a customer who just wrote. */
async function connectedWithTicket(owner: Awaited<ReturnType<typeof companyWithAdmin>>) {
  const number = metaNumber();
  const created = await owner.api.post('/api/whatsapp', {
    name: `Loja ${number.phoneNumberId}`,
    provider: 'cloudapi',
    cloudPhoneNumberId: number.phoneNumberId,
    cloudWabaId: number.wabaId,
    cloudAccessToken: number.accessToken,
    cloudAppSecret: number.appSecret,
  });
  expect(created.status).toBe(201);
  const record = created.body as ConnectionRecord;
  await waitUntil(async () => (await connectionStatus(t, owner.token, record.id)).status === 'CONNECTED');
  const { payload, signature } = signWebhook(
    number.appSecret,
    webhookBody(number, { messages: [textMessage(`55119555${numberSeed}`, 'oi')] }),
  );
  await t.app.inject({
    method: 'POST',
    url: new URL(record.cloudWebhookUrl!).pathname,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload,
  });
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, owner.company.id));
  expect((await owner.api.put(`/api/tickets/${ticket!.id}`, { status: 'open' })).status).toBe(200);
  return { number, record, ticket: ticket! };
}

const statusOf = async (token: string, id: number) => (await connectionStatus(t, token, id)).status;

describe('a token Meta refuses', () => {
  it("mails the company's admins once per refusal, in its messages language, and no one else", {
    timeout: ONE_MINUTE,
  }, async () => {
    const a = await companyWithAdmin('en');
    const secondAdmin = await buildUser(t.db, { companyId: a.company.id, profile: 'admin' });
    const attendant = await buildUser(t.db, { companyId: a.company.id, profile: 'user' });
    const b = await companyWithAdmin('en');
    const { number, record, ticket } = await connectedWithTicket(a);
    await connectedWithTicket(b);

    // Several sends meet the refused token at once: one mail.
    graph.revokeToken(number.accessToken);
    const sends = await Promise.all(
      ['one', 'two', 'three'].map((body) => a.api.post(`/api/messages/${ticket.id}`, { body })),
    );
    expect(sends.map((send) => send.status)).toEqual([201, 201, 201]);
    await waitUntil(async () => (await statusOf(a.token, record.id)) === 'DISCONNECTED');
    const mail = await smtp.waitForMail(a.admin.email);
    expect(mail.to.sort()).toEqual([a.admin.email, secondAdmin.email].map((email) => email.toLowerCase()).sort());
    const { subject, text } = readMail(mail);
    expect(subject).toBe(`Connection "${record.name}" disconnected: Meta refused its access token`);
    expect(text).toContain('Session has expired');
    expect(text).toContain('https://crm.example.com/connections');

    // The messages wait for the connection, past their retry series (2 attempts, 1 s apart),
    // instead of meeting the refusal again and failing.
    await new Promise((resolve) => setTimeout(resolve, paced(4_000)));
    const ours = () =>
      t.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, a.company.id), eq(messages.fromMe, true)))
        .orderBy(asc(messages.id));
    const waiting = await ours();
    expect(waiting.map((row) => row.body).sort()).toEqual(['one', 'three', 'two']);
    expect(waiting.every((row) => !row.failed && row.externalId === null)).toBe(true);

    // The connection starts again (here: an admin saves a token that is wrong too) and meets a
    // refusal again: the same episode, no new mail.
    expect((await a.api.put(`/api/whatsapp/${record.id}`, { cloudAccessToken: 'EAAG-also-wrong' })).status).toBe(200);
    await waitUntil(() => graph.refusedTokens.includes('EAAG-also-wrong'));
    await settle();
    expect(await statusOf(a.token, record.id)).toBe('DISCONNECTED');
    expect(mailsTo(a.admin.email)).toHaveLength(1);
    expect(mailsTo(attendant.email)).toHaveLength(0);
    // Company B's admins never hear of company A's connection.
    expect(mailsTo(b.admin.email)).toHaveLength(0);

    // A new token works again: what waited goes out; a refusal later is a new one, told again.
    const renewed = `${number.accessToken}-renewed`;
    graph.addNumber(number, renewed);
    expect((await a.api.put(`/api/whatsapp/${record.id}`, { cloudAccessToken: renewed })).status).toBe(200);
    await waitUntil(async () => (await statusOf(a.token, record.id)) === 'CONNECTED');
    await waitUntil(async () => (await ours()).every((row) => row.externalId !== null));
    graph.revokeToken(renewed);
    await a.api.post(`/api/messages/${ticket.id}`, { body: 'four' });
    await smtp.waitForMail(a.admin.email, smtp.mails.indexOf(mail) + 1);
    await settle();
    expect(mailsTo(a.admin.email)).toHaveLength(2);
    expect(mailsTo(b.admin.email)).toHaveLength(0);
  });

  it('mails for a refusal met when a working connection starts again (a restart, a new token)', {
    timeout: ONE_MINUTE,
  }, async () => {
    const owner = await companyWithAdmin('es');
    const { record } = await connectedWithTicket(owner);
    // Nothing is sent: the refusal is met by the start that a saved token causes, as by a restart.
    expect((await owner.api.put(`/api/whatsapp/${record.id}`, { cloudAccessToken: 'EAAG-revoked' })).status).toBe(200);
    const { subject, text } = readMail(await smtp.waitForMail(owner.admin.email));
    expect(subject).toBe(`Conexión "${record.name}" desconectada: Meta rechazó el token de acceso`);
    expect(text).toContain('Session has expired');
    expect(await statusOf(owner.token, record.id)).toBe('DISCONNECTED');
  });

  it('writes in Portuguese by default, and mails no one for a token that never worked', {
    timeout: ONE_MINUTE,
  }, async () => {
    const owner = await companyWithAdmin();
    const { number, record, ticket } = await connectedWithTicket(owner);
    graph.revokeToken(number.accessToken);
    await owner.api.post(`/api/messages/${ticket.id}`, { body: 'olá' });
    const { subject, text } = readMail(await smtp.waitForMail(owner.admin.email));
    expect(subject).toBe(`Conexão "${record.name}" desconectada: a Meta recusou o token de acesso`);
    expect(text).toContain('As mensagens para os clientes aguardam');

    // A new connection saved with a wrong token: the admin sees the reason on the form, no mail.
    const newcomer = await companyWithAdmin();
    const other = metaNumber();
    const created = await newcomer.api.post('/api/whatsapp', {
      name: 'Token errado',
      provider: 'cloudapi',
      cloudPhoneNumberId: other.phoneNumberId,
      cloudWabaId: other.wabaId,
      cloudAccessToken: 'EAAG-never-valid',
      cloudAppSecret: other.appSecret,
    });
    const id = (created.body as ConnectionRecord).id;
    await waitUntil(async () => (await statusOf(newcomer.token, id)) === 'DISCONNECTED');
    await settle();
    expect(mailsTo(newcomer.admin.email)).toHaveLength(0);
  });
});

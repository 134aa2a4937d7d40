import type {
  CampaignEvent,
  CampaignRecord,
  CampaignReport,
  CampaignSettings,
  ContactListItemEvent,
  ContactListRecord,
} from '@wacrm/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { nextEvent, nextMatching, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { auditLog, contacts, messages, settings, tags, tickets, ticketTags, whatsapps } from '../../tables.ts';
import { campaignDispatchJob } from './campaigns.jobs.ts';
import { campaignShippings, campaigns } from './campaigns.tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);
const NINETY_SECONDS = paced(90_000);
const TWO_MINUTES = paced(120_000);
const FIVE_MINUTES = paced(300_000);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

type Api = ReturnType<TestServer['as']>;

async function setup(options: { campaigns?: boolean } = {}, server: TestServer = t) {
  const t = server;
  const enabled = options.campaigns ?? true;
  const plan = await buildPlan(t.db, { useCampaigns: enabled });
  const company = await buildCompany(t.db, { planId: plan.id });
  if (!enabled) {
    await t.db
      .update(settings)
      .set({ value: 'false' })
      .where(and(eq(settings.companyId, company.id), eq(settings.key, 'campaignsEnabled')));
  }
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const api = t.as(token);
  // Fast campaigns unless a test says otherwise.
  await api.post('/api/campaign-settings', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  return { company, admin, token, api };
}

async function listWith(api: Api, count: number, prefix = '5511900') {
  const list = (await api.post('/api/contact-lists', { name: `List ${count}` })).body as ContactListRecord;
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      name: `Person ${start + i} Silva`,
      number: `${prefix}${String(start + i).padStart(6, '0')}`,
      email: `p${start + i}@example.com`,
    }));
    const answer = await api.post(`/api/contact-lists/${list.id}/upload`, { rows });
    expect(answer.status).toBe(200);
  }
  return list;
}

async function report(api: Api, id: number) {
  const answer = await api.get(`/api/campaigns/${id}/report`);
  if (answer.status !== 200) throw new Error(`the report answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as CampaignReport;
}
const finished = (api: Api, id: number, ms = 120_000) =>
  waitUntil(
    async () => {
      const current = await report(api, id);
      return current.campaign.status === 'FINALIZADA' ? current : null;
    },
    ms,
    'campaign finished',
  );

/**
 * A one-contact campaign whose message is stored while the connection's session is down: the
 * connection row still reads CONNECTED (as between a session's drop and its status being written,
 * or on a process that does not hold the session), so the campaign claims the contact and its
 * message waits in the outbound queue.
 */
async function queuedBehindDownConnection(server: TestServer, api: Api, whatsappId: number, prefix: string) {
  expect((await api.post(`/api/sandbox/${whatsappId}/disconnect`)).status).toBe(200);
  await waitUntil(
    async () => ((await api.get(`/api/whatsapp/${whatsappId}`)).body as { status: string }).status === 'DISCONNECTED',
  );
  await server.db.update(whatsapps).set({ status: 'CONNECTED' }).where(eq(whatsapps.id, whatsappId));
  const list = await listWith(api, 1, prefix);
  return (
    await api.post('/api/campaigns', {
      name: 'Queued',
      whatsappId,
      contactListId: list.id,
      message1: 'Oi {{name}}',
      scheduledAt: new Date().toISOString(),
    })
  ).body as CampaignRecord;
}

async function sentMessages(companyId: number, whatsappId: number) {
  return t.db
    .select({ body: messages.body, number: contacts.number })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.whatsappId, whatsappId),
        eq(messages.fromMe, true),
        isNotNull(messages.externalId),
      ),
    );
}

describe('contact lists', () => {
  it('creates, searches, renames, imports with a row report, edits items, deletes; told live', {
    timeout: TWO_MINUTES,
  }, async () => {
    const { api, token, company } = await setup();
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const itemEvents: ContactListItemEvent[] = [];
    const bad = await api.post('/api/contact-lists', { name: 'x' });
    expect(bad.status).toBe(400);
    const created = await api.post('/api/contact-lists', { name: 'Customers' });
    expect(created.status).toBe(201);
    const list = created.body as ContactListRecord;
    socket.on(`company-${company.id}-ContactListItem-${list.id}`, (event: ContactListItemEvent) =>
      itemEvents.push(event),
    );

    // 10,000 rows in batches of 1,000 (as the page sends them), 10 of them bad.
    let created10k = 0;
    const errors: { row: number; error: string }[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const rows = Array.from({ length: 1000 }, (_, i) =>
        i === 500
          ? { name: `Bad ${batch}`, number: '12' }
          : { nome: `Cliente ${batch}-${i}`, numero: `55 11 9${String(batch * 1000 + i).padStart(8, '0')}` },
      );
      const answer = await api.post(`/api/contact-lists/${list.id}/upload`, { rows });
      expect(answer.status).toBe(200);
      const body = answer.body as { created: number; errorBag: { row: number; error: string }[] };
      created10k += body.created;
      errors.push(...body.errorBag);
    }
    expect(created10k).toBe(9990);
    expect(errors).toHaveLength(10);
    expect(errors.every((error) => error.row === 500 && error.error === 'ERR_INVALID_NUMBER')).toBe(true);
    await waitUntil(async () => itemEvents.some((event) => event.action === 'reload'));

    const page = (await api.get('/api/contact-lists?searchParam=custom')).body as { records: ContactListRecord[] };
    expect(page.records).toEqual([expect.objectContaining({ id: list.id, contactsCount: 9990 })]);
    expect((await api.put(`/api/contact-lists/${list.id}`, { name: 'Clients' })).body).toMatchObject({
      name: 'Clients',
    });

    const item = await api.post('/api/contact-list-items', {
      name: 'Ana Souza',
      number: '+55 (11) 98888-7777',
      email: 'ana@example.com',
      contactListId: list.id,
    });
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ number: '5511988887777', isWhatsappValid: null });
    const duplicate = await api.post('/api/contact-list-items', {
      name: 'Ana',
      number: '5511988887777',
      contactListId: list.id,
    });
    expect(duplicate.status).toBe(409);
    const itemId = (item.body as { id: number }).id;
    const found = (await api.get(`/api/contact-list-items?contactListId=${list.id}&searchParam=ana souza`)).body as {
      contacts: { id: number }[];
    };
    expect(found.contacts.map((row) => row.id)).toEqual([itemId]);
    const edited = await api.put(`/api/contact-list-items/${itemId}`, {
      name: 'Ana S.',
      number: '5511988887777',
      email: 'not-an-email',
      contactListId: list.id,
    });
    expect(edited.status).toBe(400);
    expect((await api.delete(`/api/contact-list-items/${itemId}`)).status).toBe(204);
    await waitUntil(async () => itemEvents.some((event) => event.action === 'delete'));
    expect((await api.delete(`/api/contact-lists/${list.id}`)).status).toBe(204);
    expect((await api.get(`/api/contact-lists/${list.id}`)).status).toBe(404);
  });

  it('tells list events to the company admins only: not to its attendants, not to another company', async () => {
    const mine = await setup();
    const other = await setup();
    const attendant = await buildUser(t.db, { companyId: mine.company.id, profile: 'user' });
    const attendantToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
    const name = `company-${mine.company.id}-ContactList`;
    const heard = { admin: 0, attendant: 0, other: 0 };
    for (const [who, token] of [
      ['admin', mine.token],
      ['attendant', attendantToken],
      ['other', other.token],
    ] as const) {
      const socket = t.connectSocket(token);
      await waitFor(socket, 'connect');
      socket.on(name, () => {
        heard[who]++;
      });
    }
    await mine.api.post('/api/contact-lists', { name: 'Secret list' });
    await waitUntil(async () => heard.admin > 0);
    // The three sockets were told in the same emit; the admin's arriving means the others would have.
    await mine.api.post('/api/contact-lists', { name: 'Second' });
    await waitUntil(async () => heard.admin > 1);
    expect(heard).toEqual({ admin: 2, attendant: 0, other: 0 });
  });

  it('builds a list from the contacts of a tag', async () => {
    const { api, company } = await setup();
    const [tag] = await t.db.insert(tags).values({ companyId: company.id, name: 'VIP' }).returning();
    const [tagged] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Tagged', number: '5511955550001' })
      .returning();
    await t.db.insert(contacts).values({ companyId: company.id, name: 'Other', number: '5511955550002' });
    const [ticket] = await t.db
      .insert(tickets)
      .values({ companyId: company.id, contactId: tagged.id, status: 'closed' })
      .returning();
    await t.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id });
    const answer = await api.post('/api/contact-lists/from-tags', { name: 'VIPs', tagIds: [tag.id] });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'VIPs', contactsCount: 1 });
  });
});

describe('campaign settings', () => {
  it('has the spec defaults, saves options only, a variable key once', async () => {
    const plan = await buildPlan(t.db);
    const company = await buildCompany(t.db, { planId: plan.id });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const api = t.as((await t.login(admin.email, TEST_PASSWORD)).token);
    expect((await api.get('/api/campaign-settings')).body).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      optOutKeywords: ['SAIR', 'STOP'],
    });
    expect((await api.post('/api/campaign-settings', { settings: { messageInterval: 7 } })).status).toBe(400);
    const twice = [
      { key: 'site', value: 'a' },
      { key: 'site', value: 'b' },
    ];
    expect((await api.post('/api/campaign-settings', { settings: { variables: twice } })).status).toBe(400);
    const saved = await api.post('/api/campaign-settings', {
      settings: { messageInterval: 5, greaterInterval: 120, variables: [{ key: 'site', value: 'shop.example' }] },
    });
    expect(saved.body as CampaignSettings).toMatchObject({
      messageInterval: 5,
      longerIntervalAfter: 20,
      greaterInterval: 120,
    });
  });
});

describe('campaigns', () => {
  it('follows the states and the edit window', async () => {
    const { api, token } = await setup();
    const connection = await pairedSandbox(t, token);
    const list = await listWith(api, 2);
    const fields = { name: 'Promo', whatsappId: connection.id, contactListId: list.id, message1: 'Hi {{firstName}}' };
    expect((await api.post('/api/campaigns', { ...fields, message1: '' })).status).toBe(400);
    expect((await api.post('/api/campaigns', { ...fields, tagId: 1 })).status).toBe(400);
    const inactive = (await api.post('/api/campaigns', fields)).body as CampaignRecord;
    expect(inactive).toMatchObject({ status: 'INATIVA', editable: true, contactList: { id: list.id } });
    expect((await api.post(`/api/campaigns/${inactive.id}/cancel`)).status).toBe(409);
    expect((await api.post(`/api/campaigns/${inactive.id}/restart`)).status).toBe(409);

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const programmed = (await api.put(`/api/campaigns/${inactive.id}`, { ...fields, scheduledAt: inTwoHours }))
      .body as CampaignRecord;
    expect(programmed).toMatchObject({ status: 'PROGRAMADA', editable: true });
    const inHalfAnHour = new Date(Date.now() + 30 * 60_000).toISOString();
    const soon = (await api.put(`/api/campaigns/${inactive.id}`, { ...fields, scheduledAt: inHalfAnHour }))
      .body as CampaignRecord;
    expect(soon).toMatchObject({ status: 'PROGRAMADA', editable: false });
    expect((await api.put(`/api/campaigns/${inactive.id}`, fields)).body).toMatchObject({
      error: 'ERR_CAMPAIGN_NOT_EDITABLE',
    });
    expect((await api.delete(`/api/campaigns/${inactive.id}`)).status).toBe(204);
  });

  it("takes scheduledAt as the spec writes it, 'YYYY-MM-DD HH:mm:ss' on the company's clock, or ISO", async () => {
    const { api, token } = await setup();
    const connection = await pairedSandbox(t, token);
    const list = await listWith(api, 1);
    const fields = { name: 'Agenda', whatsappId: connection.id, contactListId: list.id, message1: 'Oi' };
    const year = new Date().getUTCFullYear() + 1;
    // The company's zone is America/Sao_Paulo (UTC-3): 09:30 there is 12:30 UTC.
    const written = await api.post('/api/campaigns', { ...fields, scheduledAt: `${year}-03-10 09:30:00` });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ status: 'PROGRAMADA', scheduledAt: `${year}-03-10T12:30:00.000Z` });
    const iso = await api.post('/api/campaigns', { ...fields, scheduledAt: `${year}-03-10T09:30:00+01:00` });
    expect(iso.body).toMatchObject({ scheduledAt: `${year}-03-10T08:30:00.000Z` });
    for (const scheduledAt of ['10/03/2027 09:30', `${year}-02-30 09:30:00`, `${year}-03-10T09:30:00`, 'amanhã']) {
      const refused = await api.post('/api/campaigns', { ...fields, scheduledAt });
      expect(refused.status, scheduledAt).toBe(400);
      expect(refused.body.fields.scheduledAt, scheduledAt).toBeTruthy();
    }
  });

  it('sends 450 contacts once each across several jobs, a variant with its variables filled, and ends FINALIZADA', {
    timeout: FIVE_MINUTES,
  }, async () => {
    const CONTACTS = 450;
    const { api, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    await api.post('/api/campaign-settings', { settings: { variables: [{ key: 'shop', value: 'Loja Azul' }] } });
    // More than two jobs' worth (SENDS_PER_JOB is 200), so the chain hands over twice; volume is the benchmark's.
    const list = await listWith(api, CONTACTS);
    const created = await api.post('/api/campaigns', {
      name: 'Several jobs',
      whatsappId: connection.id,
      contactListId: list.id,
      message1: 'A: Hello {{firstName}} ({{name}}), {{number}} {{email}} at {{shop}}',
      message2: 'B: Hi {{name}}, {{number}} {{email}} from {{shop}}',
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    const id = (created.body as CampaignRecord).id;
    const done = await finished(api, id, 240_000);
    expect(done).toMatchObject({ total: CONTACTS, sent: CONTACTS, pending: 0, invalid: 0 });
    expect(done.campaign.completedAt).not.toBeNull();

    const sent = await waitUntil(async () => {
      const rows = await sentMessages(company.id, connection.id);
      return rows.length >= CONTACTS ? rows : null;
    });
    expect(sent).toHaveLength(CONTACTS);
    expect(new Set(sent.map((row) => row.number)).size).toBe(CONTACTS);
    for (const row of sent) {
      const index = Number(row.number.slice(-6));
      const person = `Person ${index} Silva`;
      expect([
        `A: Hello Person (${person}), ${row.number} p${index}@example.com at Loja Azul`,
        `B: Hi ${person}, ${row.number} p${index}@example.com from Loja Azul`,
      ]).toContain(row.body);
    }
    // Both variants were used (the chance of 450 the same is 2^-449).
    expect(new Set(sent.map((row) => row.body.slice(0, 2))).size).toBe(2);
    const csv = await api.get(`/api/campaigns/${id}/shippings.csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).trim().split('\n')).toHaveLength(CONTACTS + 1);
  });

  it('skips and counts invalid numbers, honours opt-outs, and sends to a tag', { timeout: ONE_MINUTE }, async () => {
    const { api, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    // A customer who answered STOP earlier is left out of later campaigns.
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from: '5511933330001', body: ' stop ' });
    const [tag] = await t.db.insert(tags).values({ companyId: company.id, name: 'Promo' }).returning();
    const contact = await waitUntil(async () => {
      const [row] = await t.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, company.id), eq(contacts.number, '5511933330001')));
      return row;
    });
    const [other] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Joana', number: '5511933330002' })
      .returning();
    for (const person of [contact, other]) {
      const [ticket] = await t.db
        .insert(tickets)
        .values({ companyId: company.id, contactId: person.id, status: 'closed' })
        .returning();
      await t.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id });
    }
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const progress: CampaignEvent[] = [];
    socket.on(`company-${company.id}-campaign`, (event: CampaignEvent) => progress.push(event));
    const byTag = (
      await api.post('/api/campaigns', {
        name: 'By tag',
        whatsappId: connection.id,
        tagId: tag.id,
        message1: 'Oi {{firstName}}',
        scheduledAt: new Date().toISOString(),
      })
    ).body as CampaignRecord;
    expect(await finished(api, byTag.id)).toMatchObject({ total: 2, sent: 1, optedOut: 1 });
    // The report page follows live: the last progress says FINALIZADA.
    await waitUntil(async () =>
      progress.some((event) => event.action === 'progress' && event.report.campaign.status === 'FINALIZADA'),
    );

    // The sandbox's rule (docs/sandbox.md): a number ending in 99999 is not on WhatsApp. The
    // list's background check marks it, and the campaign skips and counts it.
    const list = await listWith(api, 2, '5511944');
    const notOnWhatsApp = await api.post('/api/contact-list-items', {
      name: 'Nobody',
      number: '5511944499999',
      contactListId: list.id,
    });
    expect(notOnWhatsApp.status).toBe(201);
    await waitUntil(async () => {
      const page = (await api.get(`/api/contact-list-items?contactListId=${list.id}`)).body as {
        contacts: { number: string; isWhatsappValid: boolean | null }[];
      };
      const marks = Object.fromEntries(page.contacts.map((item) => [item.number, item.isWhatsappValid]));
      return marks['5511944499999'] === false && marks['5511944000000'] === true;
    });
    const byList = (
      await api.post('/api/campaigns', {
        name: 'By list',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Oi',
        scheduledAt: new Date().toISOString(),
      })
    ).body as CampaignRecord;
    expect(await finished(api, byList.id)).toMatchObject({ total: 3, sent: 2, invalid: 1 });
  });

  it('refuses a new ticket to a number that is not on WhatsApp (ERR_WAPP_INVALID_CONTACT)', async () => {
    const { api, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    const [nobody] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Nobody', number: '5511922299999' })
      .returning();
    const [somebody] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Somebody', number: '5511922200001' })
      .returning();
    const refused = await api.post('/api/tickets', { contactId: nobody.id, whatsappId: connection.id, status: 'open' });
    expect(refused.body).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT' });
    expect(refused.status).toBe(400);
    const opened = await api.post('/api/tickets', {
      contactId: somebody.id,
      whatsappId: connection.id,
      status: 'open',
    });
    expect(opened.status).toBeLessThan(300);
  });

  it('pauses while the connection is down and resumes when it is back', { timeout: NINETY_SECONDS }, async () => {
    const { api, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    expect((await api.post(`/api/sandbox/${connection.id}/disconnect`)).status).toBe(200);
    await waitUntil(
      async () => ((await api.get(`/api/whatsapp/${connection.id}`)).body as { status: string }).status !== 'CONNECTED',
    );
    const list = await listWith(api, 5, '5511966');
    const campaign = (
      await api.post('/api/campaigns', {
        name: 'Paused',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Oi',
        scheduledAt: new Date().toISOString(),
      })
    ).body as CampaignRecord;
    const [row] = await waitUntil(async () => {
      const rows = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      return rows[0]?.status === 'EM_ANDAMENTO' ? rows : null;
    });
    // The chain's own job says so: nothing goes while the connection is down.
    const chain = { companyId: company.id, campaignId: campaign.id, token: row.chainToken! };
    expect(await t.platform.jobs.runNow(campaignDispatchJob, chain)).toEqual({ kind: 'paused' });
    expect(await report(api, campaign.id)).toMatchObject({ sent: 0, pending: 5 });

    await api.post(`/api/whatsappsession/${connection.id}`);
    await waitUntil(
      async () => ((await api.get(`/api/whatsapp/${connection.id}`)).body as { status: string }).status === 'qrcode',
    );
    await api.post(`/api/sandbox/${connection.id}/scan`);
    expect(await finished(api, campaign.id, 60_000)).toMatchObject({ sent: 5 });
  });

  it('a message queued behind a down connection is pending (waiting), not sent, until handed over; told live', {
    timeout: NINETY_SECONDS,
  }, async () => {
    const { api, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    const other = await setup();
    const otherSocket = t.connectSocket(other.token);
    await waitFor(otherSocket, 'connect');
    const heard: string[] = [];
    otherSocket.onAny((name: string) => heard.push(name));
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const campaign = await queuedBehindDownConnection(t, api, connection.id, '5511955');

    const waiting = await waitUntil(async () => {
      const current = await report(api, campaign.id);
      return current.waiting === 1 ? current : null;
    }, 30_000);
    expect(waiting).toMatchObject({ total: 1, sent: 0, pending: 1, waiting: 1, failed: 0, failureReasons: [] });
    const waitingCsv = String((await api.get(`/api/campaigns/${campaign.id}/shippings.csv`)).body)
      .trim()
      .split('\n');
    expect(waitingCsv[1]).toContain('"waiting"');

    const handedOver = nextMatching<CampaignEvent>(
      socket,
      `company-${company.id}-campaign`,
      (event) => event.action === 'progress' && event.report.campaign.id === campaign.id && event.report.sent === 1,
      60_000,
    );
    await api.post(`/api/whatsappsession/${connection.id}`);
    await waitUntil(
      async () => ((await api.get(`/api/whatsapp/${connection.id}`)).body as { status: string }).status === 'qrcode',
    );
    await api.post(`/api/sandbox/${connection.id}/scan`);
    // The hand-over, when the connection is back, is announced with the report's new numbers.
    const told = await handedOver;
    if (told.action !== 'progress') throw new Error('not a progress event');
    expect(told.report).toMatchObject({ sent: 1, pending: 0, waiting: 0 });
    expect(await report(api, campaign.id)).toMatchObject({ total: 1, sent: 1, pending: 0, waiting: 0, failed: 0 });
    const [shipping] = await t.db.select().from(campaignShippings).where(eq(campaignShippings.campaignId, campaign.id));
    const [message] = await t.db.select().from(messages).where(eq(messages.id, shipping.messageId!));
    const sentCsv = String((await api.get(`/api/campaigns/${campaign.id}/shippings.csv`)).body)
      .trim()
      .split('\n');
    expect(sentCsv[1]).toContain(`"sent","1","${message.sentAt!.toISOString()}"`);

    // Another company heard none of it (its own event comes after: a leaked one would have too).
    const own = nextEvent(otherSocket, `company-${other.company.id}-ContactList`);
    await other.api.post('/api/contact-lists', { name: 'Theirs' });
    await own;
    expect(heard.filter((name) => name.includes(`company-${company.id}-`))).toEqual([]);
    expect((await other.api.get(`/api/campaigns/${campaign.id}/report`)).status).toBe(404);
  });

  it('cancel then restart continues with the contacts not sent, none twice', { timeout: TWO_MINUTES }, async () => {
    const { api, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    const list = await listWith(api, 300, '5511977');
    const campaign = (
      await api.post('/api/campaigns', {
        name: 'Stop and go',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Oi {{name}}',
        scheduledAt: new Date().toISOString(),
      })
    ).body as CampaignRecord;
    await waitUntil(async () => (await report(api, campaign.id)).sent > 0);
    // Two cancels at once (two admins, or a double click): one changes it, the other is refused.
    const cancels = await Promise.all([1, 2].map(() => api.post(`/api/campaigns/${campaign.id}/cancel`)));
    const canceled = cancels.find((answer) => answer.status === 200);
    expect(cancels.map((answer) => answer.status).sort(), JSON.stringify(cancels.map((answer) => answer.body))).toEqual(
      [200, 409],
    );
    expect(canceled?.body).toMatchObject({ status: 'CANCELADA', editable: true });
    const atCancel = await report(api, campaign.id);
    expect(atCancel.sent + atCancel.pending).toBe(300);
    const restarts = await Promise.all([1, 2].map(() => api.post(`/api/campaigns/${campaign.id}/restart`)));
    expect(restarts.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const entries = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'campaign'), eq(auditLog.entityId, String(campaign.id))));
    const changes = entries.map((entry) => entry.action).filter((action) => action !== 'campaign.scheduled');
    expect(changes.sort()).toEqual(['campaign.cancelled', 'campaign.restarted']);
    await finished(api, campaign.id);
    const sent = await waitUntil(async () => {
      const rows = await sentMessages(company.id, connection.id);
      return rows.length >= 300 ? rows : null;
    });
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((row) => row.number)).size).toBe(300);
    const records = await t.db.select().from(campaignShippings).where(eq(campaignShippings.campaignId, campaign.id));
    expect(records.every((record) => record.status === 'sent')).toBe(true);
  });

  it('a customer reply opens a normal ticket; the campaign message stays in the closed one before it', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    const list = await listWith(api, 1, '5511988');
    const campaign = (
      await api.post('/api/campaigns', {
        name: 'Reply',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Oferta',
        scheduledAt: new Date().toISOString(),
      })
    ).body as CampaignRecord;
    await finished(api, campaign.id);
    const [first] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(first.status).toBe('closed');
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from: '5511988000000', body: 'Quero!' });
    const reply = await waitUntil(async () => {
      const rows = await t.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, company.id), eq(tickets.status, 'pending')));
      return rows[0];
    });
    const page = (await api.get(`/api/messages/${reply.id}`)).body as { previousTicket: { id: number } | null };
    expect(page.previousTicket?.id).toBe(first.id);
  });
});

describe('a connection that stays down', () => {
  let t2: TestServer;
  beforeAll(async () => {
    // No wait for the connection after the retries (it is 3 days by default).
    t2 = await startTestServer(
      {},
      { messages: { retry: { maxAttempts: 2, baseDelaySeconds: 1, maxDelaySeconds: 1, waitForConnectionSeconds: 0 } } },
    );
  });
  afterAll(async () => {
    await t2.close();
  });

  it('counts a message that gave up as failed with its reason, never as sent; told live', {
    timeout: NINETY_SECONDS,
  }, async () => {
    const { api, token, company } = await setup({}, t2);
    const connection = await pairedSandbox(t2, token);
    const socket = t2.connectSocket(token);
    await waitFor(socket, 'connect');
    const gaveUp = nextMatching<CampaignEvent>(
      socket,
      `company-${company.id}-campaign`,
      (event) => event.action === 'progress' && event.report.failed === 1,
      60_000,
    );
    const campaign = await queuedBehindDownConnection(t2, api, connection.id, '5511944');
    const told = await gaveUp;
    if (told.action !== 'progress') throw new Error('not a progress event');
    expect(told.report.campaign.id).toBe(campaign.id);
    const expected = {
      total: 1,
      sent: 0,
      pending: 0,
      waiting: 0,
      failed: 1,
      failureReasons: [{ code: 'ERR_WAPP_NOT_INITIALIZED', count: 1 }],
    };
    expect(told.report).toMatchObject(expected);
    expect(await report(api, campaign.id)).toMatchObject(expected);
    const csv = String((await api.get(`/api/campaigns/${campaign.id}/shippings.csv`)).body)
      .trim()
      .split('\n');
    expect(csv[1]).toContain('"failed","1","","false","false","ERR_WAPP_NOT_INITIALIZED"');
  });
});

describe('campaign tenancy and gating', () => {
  it('answers 404 for another company, 403 without the plan flag, and refuses attendants', {
    timeout: ONE_MINUTE,
  }, async () => {
    const mine = await setup();
    const theirs = await setup();
    const connection = await pairedSandbox(t, mine.token);
    const list = await listWith(mine.api, 1, '5511999');
    const item = (
      (await mine.api.get(`/api/contact-list-items?contactListId=${list.id}`)).body as { contacts: { id: number }[] }
    ).contacts[0];
    const campaign = (
      await mine.api.post('/api/campaigns', {
        name: 'Mine',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Oi',
      })
    ).body as CampaignRecord;
    const theirsConnection = await pairedSandbox(t, theirs.token);
    const itemBody = { name: 'Someone', number: '5511912345678', contactListId: list.id };
    const campaignBody = { name: 'Xy', whatsappId: connection.id, contactListId: list.id, message1: 'Oi' };
    const idRoutes: [string, string, unknown?][] = [
      ['GET', `/api/contact-lists/${list.id}`],
      ['PUT', `/api/contact-lists/${list.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/contact-lists/${list.id}`],
      ['POST', `/api/contact-lists/${list.id}/upload`, { rows: [] }],
      ['GET', `/api/contact-list-items?contactListId=${list.id}`],
      ['GET', `/api/contact-list-items/${item.id}`],
      ['PUT', `/api/contact-list-items/${item.id}`, itemBody],
      ['DELETE', `/api/contact-list-items/${item.id}`],
      ['POST', '/api/contact-list-items', itemBody],
      ['GET', `/api/campaigns/${campaign.id}`],
      ['PUT', `/api/campaigns/${campaign.id}`, { ...campaignBody, whatsappId: theirsConnection.id }],
      ['DELETE', `/api/campaigns/${campaign.id}`],
      ['POST', `/api/campaigns/${campaign.id}/cancel`],
      ['POST', `/api/campaigns/${campaign.id}/restart`],
      ['GET', `/api/campaigns/${campaign.id}/report`],
      ['GET', `/api/campaigns/${campaign.id}/shippings.csv`],
      ['DELETE', `/api/campaigns/${campaign.id}/media-upload`],
      ['POST', '/api/campaigns', { ...campaignBody, whatsappId: theirsConnection.id }],
    ];
    for (const [method, path, body] of idRoutes) {
      const answer = await t.request(method as 'GET', path, { token: theirs.token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    // Their own campaign may not name my connection, list or tag.
    const borrowed = await theirs.api.post('/api/campaigns', {
      name: 'Borrowed',
      whatsappId: theirsConnection.id,
      contactListId: list.id,
      message1: 'Oi',
    });
    expect(borrowed.status).toBe(404);

    const closed = await setup({ campaigns: false });
    const attendant = await buildUser(t.db, { companyId: mine.company.id, profile: 'user' });
    const attendantToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
    const everyRoute: [string, string][] = [
      ['GET', '/api/contact-lists'],
      ['GET', '/api/contact-lists/list'],
      ['POST', '/api/contact-lists'],
      ['POST', '/api/contact-lists/from-tags'],
      ['GET', `/api/contact-lists/${list.id}`],
      ['PUT', `/api/contact-lists/${list.id}`],
      ['DELETE', `/api/contact-lists/${list.id}`],
      ['POST', `/api/contact-lists/${list.id}/upload`],
      ['GET', '/api/contact-list-items'],
      ['POST', '/api/contact-list-items'],
      ['GET', `/api/contact-list-items/${item.id}`],
      ['PUT', `/api/contact-list-items/${item.id}`],
      ['DELETE', `/api/contact-list-items/${item.id}`],
      ['GET', '/api/campaign-settings'],
      ['POST', '/api/campaign-settings'],
      ['GET', '/api/campaigns'],
      ['POST', '/api/campaigns'],
      ['GET', `/api/campaigns/${campaign.id}`],
      ['PUT', `/api/campaigns/${campaign.id}`],
      ['DELETE', `/api/campaigns/${campaign.id}`],
      ['POST', `/api/campaigns/${campaign.id}/cancel`],
      ['POST', `/api/campaigns/${campaign.id}/restart`],
      ['GET', `/api/campaigns/${campaign.id}/report`],
      ['GET', `/api/campaigns/${campaign.id}/shippings.csv`],
      ['POST', `/api/campaigns/${campaign.id}/media-upload`],
      ['DELETE', `/api/campaigns/${campaign.id}/media-upload`],
    ];
    for (const [method, path] of everyRoute) {
      const gated = await t.request(method as 'GET', path, {
        token: closed.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(gated.status, `plan: ${method} ${path}`).toBe(403);
      const refused = await t.request(method as 'GET', path, {
        token: attendantToken,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(refused.status, `attendant: ${method} ${path}`).toBe(403);
    }
  });
});

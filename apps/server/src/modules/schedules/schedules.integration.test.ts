import type { SandboxOutboxEntry, ScheduleEvent, ScheduleRecord, SchedulesPage } from '@wacrm/shared';
import { renderVariables, wallClockOf } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { nextEvent, nextMatching, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { contacts, messages, queues, tickets, userQueues } from '../../tables.ts';
import { scheduleSweepJob } from './schedules.jobs.ts';
import { schedules } from './schedules.tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

/** The clock the server's rules read; tests move it forward to reach a recurrence's next days. */
let offsetMs = 0;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {},
    {
      clock: () => new Date(Date.now() + offsetMs),
    },
  );
});
afterAll(async () => {
  await t.close();
});

let numberSeq = 0;
async function setup(planFlags: { useSchedules?: boolean } = {}, server: TestServer = t) {
  const t = server;
  const plan = await buildPlan(t.db, { useSchedules: planFlags.useSchedules ?? true });
  const company = await buildCompany(t.db, { planId: plan.id });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const [contact] = await t.db
    .insert(contacts)
    .values({
      companyId: company.id,
      name: `Maria ${++numberSeq}`,
      number: `55119${String(numberSeq).padStart(8, '0')}`,
    })
    .returning();
  return { company, admin, token, contact, api: t.as(token) };
}

const inMinutes = (minutes: number) => new Date(Date.now() + offsetMs + minutes * 60_000).toISOString();

async function outboxTo(api: TestServer['as'] extends (token: string) => infer A ? A : never, id: number, to: string) {
  return (await api.get(`/api/sandbox/${id}/outbox?to=${to}`)).body as SandboxOutboxEntry[];
}

describe('schedules API', () => {
  it('creates, lists, edits, attaches, and deletes, told live to the author', async () => {
    const { api, contact, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const events: ScheduleEvent[] = [];
    socket.on(`company-${company.id}-schedule`, (event: ScheduleEvent) => events.push(event));

    const created = await api.post('/api/schedules', {
      body: 'Hello there',
      contactId: contact.id,
      sendAt: inMinutes(60),
    });
    expect(created.status).toBe(201);
    const schedule = created.body as ScheduleRecord;
    // No connection chosen and no ticket yet: the company default (the only one, made default).
    expect(schedule).toMatchObject({
      status: 'pending',
      sentAt: null,
      whatsappId: connection.id,
      contact: { id: contact.id },
    });
    await waitUntil(async () => events.some((event) => event.action === 'create'));

    expect((await api.get('/api/schedules/time-zone')).body).toEqual({ timeZone: 'America/Sao_Paulo' });
    const page = (await api.get(`/api/schedules?contactId=${contact.id}&searchParam=hello`)).body as SchedulesPage;
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.schedules[0].id).toBe(schedule.id);

    const edited = await api.put(`/api/schedules/${schedule.id}`, {
      body: 'Hello again',
      contactId: contact.id,
      sendAt: inMinutes(90),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Hello again', status: 'pending' });

    const moveToPast = await api.put(`/api/schedules/${schedule.id}`, {
      body: 'Hello again',
      contactId: contact.id,
      sendAt: inMinutes(-1),
    });
    expect(moveToPast.status).toBe(400);
    expect(moveToPast.body.error).toBe('ERR_SCHEDULE_IN_PAST');

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'photo one.png');
    const upload = await fetch(`${t.url}/api/schedules/${schedule.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    expect(await upload.json()).toMatchObject({ mediaName: 'photo_one.png' });
    const wrongType = new FormData();
    wrongType.append('file', new Blob(['x'], { type: 'text/plain' }), 'notes.txt');
    const refused = await fetch(`${t.url}/api/schedules/${schedule.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: wrongType,
    });
    expect(refused.status).toBe(415);
    expect((await api.delete(`/api/schedules/${schedule.id}/media-upload`)).body).toMatchObject({ mediaName: null });

    expect((await api.delete(`/api/schedules/${schedule.id}`)).status).toBe(204);
    expect((await api.get(`/api/schedules/${schedule.id}`)).status).toBe(404);
    await waitUntil(async () => events.some((event) => event.action === 'delete'));
  });

  it('validates the body (min 5), the contact and the time', async () => {
    const { api, contact, token } = await setup();
    await pairedSandbox(t, token);
    const short = await api.post('/api/schedules', { body: 'Hi', contactId: contact.id, sendAt: inMinutes(5) });
    expect(short.status).toBe(400);
    const past = await api.post('/api/schedules', {
      body: 'Hello there',
      contactId: contact.id,
      sendAt: inMinutes(-5),
    });
    expect(past.body.error).toBe('ERR_SCHEDULE_IN_PAST');
    const noContact = await api.post('/api/schedules', {
      body: 'Hello there',
      contactId: 999999,
      sendAt: inMinutes(5),
    });
    expect(noContact.status).toBe(404);
  });

  it("takes sendAt as the spec writes it, 'YYYY-MM-DD HH:mm:ss' on the company's clock, or ISO", async () => {
    const { api, contact, token } = await setup();
    await pairedSandbox(t, token);
    const year = new Date().getUTCFullYear() + 1;
    // The company's zone is America/Sao_Paulo (UTC-3): 09:30 there is 12:30 UTC.
    const written = await api.post('/api/schedules', {
      body: 'Hello there',
      contactId: contact.id,
      sendAt: `${year}-03-10 09:30:00`,
    });
    expect(written.status).toBe(201);
    expect(written.body.sendAt).toBe(`${year}-03-10T12:30:00.000Z`);
    const iso = await api.post('/api/schedules', {
      body: 'Hello there',
      contactId: contact.id,
      sendAt: `${year}-03-10T09:30:00-05:00`,
    });
    expect(iso.body.sendAt).toBe(`${year}-03-10T14:30:00.000Z`);
    const moved = await api.put(`/api/schedules/${written.body.id}`, {
      body: 'Hello there',
      contactId: contact.id,
      sendAt: `${year}-03-11 08:00:00`,
    });
    expect(moved.body.sendAt).toBe(`${year}-03-11T11:00:00.000Z`);
    for (const sendAt of ['10/03/2027 09:30', `${year}-13-10 09:30:00`, `${year}-03-10T09:30:00`, '']) {
      const refused = await api.post('/api/schedules', { body: 'Hello there', contactId: contact.id, sendAt });
      expect(refused.status, sendAt).toBe(400);
      expect(refused.body.fields.sendAt, sendAt).toBeTruthy();
    }
  });

  it('another company: every route answers 404, changes nothing, and its events never arrive', async () => {
    const owner = await setup();
    await pairedSandbox(t, owner.token);
    const intruder = await setup();
    const intruderConnection = await pairedSandbox(t, intruder.token);
    const socket = t.connectSocket(intruder.token);
    await waitFor(socket, 'connect');
    let leaked = false;
    socket.on(`company-${owner.company.id}-schedule`, () => {
      leaked = true;
    });
    const mine = (
      await owner.api.post('/api/schedules', { body: 'Owner text', contactId: owner.contact.id, sendAt: inMinutes(30) })
    ).body as ScheduleRecord;
    const fields = { body: 'Intruder text', contactId: intruder.contact.id, sendAt: inMinutes(30) };
    expect((await intruder.api.get(`/api/schedules/${mine.id}`)).status).toBe(404);
    expect((await intruder.api.put(`/api/schedules/${mine.id}`, fields)).status).toBe(404);
    expect((await intruder.api.delete(`/api/schedules/${mine.id}`)).status).toBe(404);
    expect((await intruder.api.delete(`/api/schedules/${mine.id}/media-upload`)).status).toBe(404);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'x.png');
    const upload = await fetch(`${t.url}/api/schedules/${mine.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${intruder.token}` },
      body: form,
    });
    expect(upload.status).toBe(404);
    expect((await intruder.api.get('/api/schedules')).body).toMatchObject({ count: 0 });
    // The owner's contact and the intruder's connection cannot be mixed either.
    expect((await intruder.api.post('/api/schedules', { ...fields, contactId: owner.contact.id })).status).toBe(404);
    expect(
      (
        await owner.api.post('/api/schedules', {
          ...fields,
          contactId: owner.contact.id,
          whatsappId: intruderConnection.id,
        })
      ).status,
    ).toBe(404);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, mine.id));
    expect(row.body).toBe('Owner text');
    // The owner's own event arrives to the owner; by then the intruder's would have too.
    const ownerSocket = t.connectSocket(owner.token);
    await waitFor(ownerSocket, 'connect');
    const seen = new Promise((resolve) => ownerSocket.once(`company-${owner.company.id}-schedule`, resolve));
    await owner.api.put(`/api/schedules/${mine.id}`, { ...fields, contactId: owner.contact.id });
    await seen;
    expect(leaked).toBe(false);
  });

  it('a plan without useSchedules gets 403 on every route', async () => {
    const { api, contact } = await setup({ useSchedules: false });
    const fields = { body: 'Hello there', contactId: contact.id, sendAt: inMinutes(30) };
    const answers = [
      await api.get('/api/schedules'),
      await api.get('/api/schedules/1'),
      await api.get('/api/schedules/time-zone'),
      await api.post('/api/schedules', fields),
      await api.put('/api/schedules/1', fields),
      await api.delete('/api/schedules/1'),
      await api.post('/api/schedules/1/media-upload'),
      await api.delete('/api/schedules/1/media-upload'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });

  it('an attendant cannot schedule for a contact of a ticket they may not see, nor see others’ schedules', async () => {
    const { api, contact, token, company, admin } = await setup();
    const connection = await pairedSandbox(t, token);
    const [sales] = await t.db
      .insert(queues)
      .values({ companyId: company.id, name: 'Sales', color: '#123456' })
      .returning();
    const [support] = await t.db
      .insert(queues)
      .values({ companyId: company.id, name: 'Support', color: '#654321' })
      .returning();
    const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user' });
    await t.db.insert(userQueues).values({ userId: attendant.id, queueId: support.id });
    await t.db.insert(tickets).values({
      companyId: company.id,
      contactId: contact.id,
      whatsappId: connection.id,
      queueId: sales.id,
      userId: admin.id,
      status: 'open',
    });
    const asAttendant = t.as((await t.login(attendant.email, TEST_PASSWORD)).token);
    const refused = await asAttendant.post('/api/schedules', {
      body: 'Hello there',
      contactId: contact.id,
      sendAt: inMinutes(30),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');

    const adminSchedule = (
      await api.post('/api/schedules', { body: 'From the admin', contactId: contact.id, sendAt: inMinutes(30) })
    ).body as ScheduleRecord;
    expect((await asAttendant.get(`/api/schedules/${adminSchedule.id}`)).status).toBe(404);
    expect((await asAttendant.get('/api/schedules')).body).toMatchObject({ count: 0 });
    // A contact without hidden tickets is fine.
    const [other] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Other', number: `55118${String(++numberSeq).padStart(8, '0')}` })
      .returning();
    const allowed = await asAttendant.post('/api/schedules', {
      body: 'Hello there',
      contactId: other.id,
      sendAt: inMinutes(30),
    });
    expect(allowed.status).toBe(201);
  });
});

describe('sending', () => {
  it('sends at its time, not before, on a new open ticket of the author; then refuses edits', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, contact, token, admin } = await setup();
    const connection = await pairedSandbox(t, token);
    const sendAt = new Date(Date.now() + offsetMs + 2_000).toISOString();
    const schedule = (await api.post('/api/schedules', { body: 'Right on time', contactId: contact.id, sendAt }))
      .body as ScheduleRecord;
    const [entry] = await waitUntil(async () => {
      const outbox = await outboxTo(api, connection.id, contact.number);
      return outbox.length > 0 ? outbox : null;
    }, 30_000);
    expect(entry.body).toBe('Right on time');
    expect(new Date(entry.time).getTime()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());
    const sent = await waitUntil(async () => {
      const found = (await api.get(`/api/schedules/${schedule.id}`)).body as ScheduleRecord;
      return found.status === 'sent' && found.messageId ? found : null;
    });
    expect(new Date(sent.sentAt!).getTime()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, sent.ticketId!));
    expect(ticket).toMatchObject({
      status: 'open',
      userId: admin.id,
      contactId: contact.id,
      whatsappId: connection.id,
    });

    const edit = await api.put(`/api/schedules/${schedule.id}`, {
      body: 'Too late now',
      contactId: contact.id,
      sendAt: inMinutes(60),
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    expect((await api.delete(`/api/schedules/${schedule.id}/media-upload`)).body.error).toBe(
      'ERR_SCHEDULE_ALREADY_SENT',
    );
  });

  it("fills the body's variables as quick messages do: name, first name, greeting, protocol, date", {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, contact, token } = await setup();
    const connection = await pairedSandbox(t, token);
    const sendAt = new Date(Date.now() + offsetMs + 1_000).toISOString();
    const body = '{{ms}}, {{firstName}}! ({{name}}) Protocolo {{protocol}} em {{date}} às {{hour}}. {{desconhecida}}';
    const schedule = (await api.post('/api/schedules', { body, contactId: contact.id, sendAt })).body as ScheduleRecord;
    const [entry] = await waitUntil(async () => {
      const outbox = await outboxTo(api, connection.id, contact.number);
      return outbox.length > 0 ? outbox : null;
    }, 30_000);
    const sent = await waitUntil(async () => {
      const found = (await api.get(`/api/schedules/${schedule.id}`)).body as ScheduleRecord;
      return found.status === 'sent' && found.ticketId ? found : null;
    });
    // The same shared code renders the expected text, on the company's clock and language.
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, sent.ticketId!));
    const expected = renderVariables(body, {
      contactName: contact.name,
      ticketId: ticket.id,
      ticketCreatedAt: ticket.createdAt,
      now: new Date(entry.time),
      timeZone: 'America/Sao_Paulo',
      language: 'pt',
    });
    expect(entry.body).not.toContain('{{ms}}');
    expect(entry.body).toContain(`, ${contact.name.split(' ')[0]}! (${contact.name}) Protocolo `);
    expect(entry.body.replace(/\d{2}:\d{2}/, 'HH:MM')).toBe(expected.replace(/\d{2}:\d{2}/, 'HH:MM'));
  });

  it('shows waiting (no sentAt) while its connection is down, then sent at the hand-over, told live', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, contact, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    await api.post(`/api/sandbox/${connection.id}/disconnect`);
    await waitUntil(async () => (await api.get(`/api/whatsapp/${connection.id}`)).body.status === 'DISCONNECTED');
    // Long retries: only the reconnection can send it.
    await t.db.update(contacts).set({ whatsappId: connection.id }).where(eq(contacts.id, contact.id));
    const schedule = (
      await api.post('/api/schedules', {
        body: 'Are you back?',
        contactId: contact.id,
        sendAt: new Date(Date.now() + offsetMs + 1_000).toISOString(),
      })
    ).body as ScheduleRecord;
    const waiting = await waitUntil(async () => {
      const found = (await api.get(`/api/schedules/${schedule.id}`)).body as ScheduleRecord;
      return found.status !== 'pending' ? found : null;
    }, 30_000);
    // Stored and queued, not handed to WhatsApp: not "sent", no sentAt, and no longer editable.
    expect(waiting).toMatchObject({ status: 'waiting', sentAt: null, errorCode: null });
    expect(waiting.messageId).not.toBeNull();
    const listed = (await api.get(`/api/schedules?contactId=${contact.id}`)).body as SchedulesPage;
    expect(listed.schedules[0]).toMatchObject({ id: schedule.id, status: 'waiting', sentAt: null });
    const edit = await api.put(`/api/schedules/${schedule.id}`, {
      body: 'Changed my mind',
      contactId: contact.id,
      sendAt: inMinutes(60),
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');

    const sentEvent = nextMatching<ScheduleEvent>(
      socket,
      `company-${company.id}-schedule`,
      (event) => event.action === 'update' && event.schedule.id === schedule.id && event.schedule.status === 'sent',
      30_000,
    );
    const beforeReconnect = Date.now() + offsetMs;
    await api.post(`/api/whatsappsession/${connection.id}`);
    await waitUntil(async () => (await api.get(`/api/whatsapp/${connection.id}`)).body.status === 'qrcode');
    await api.post(`/api/sandbox/${connection.id}/scan`);
    const outbox = await waitUntil(async () => {
      const entries = await outboxTo(api, connection.id, contact.number);
      return entries.length > 0 ? entries : null;
    }, 30_000);
    expect(outbox.map((entry) => entry.body)).toEqual(['Are you back?']);
    // The hand-over is announced when it happens, with the moment it happened.
    const told = await sentEvent;
    if (told.action === 'delete') throw new Error('unexpected delete');
    const [message] = await t.db.select().from(messages).where(eq(messages.id, waiting.messageId!));
    expect(message.sentAt).not.toBeNull();
    expect(told.schedule.sentAt).toBe(message.sentAt!.toISOString());
    expect(new Date(told.schedule.sentAt!).getTime()).toBeGreaterThanOrEqual(beforeReconnect);
    expect((await api.get(`/api/schedules/${schedule.id}`)).body).toMatchObject({
      status: 'sent',
      sentAt: message.sentAt!.toISOString(),
    });
  });

  it("another company's schedule waiting and then sent never reaches this company's sockets", {
    timeout: ONE_MINUTE,
  }, async () => {
    const owner = await setup();
    const connection = await pairedSandbox(t, owner.token);
    const other = await setup();
    await pairedSandbox(t, other.token);
    const otherSocket = t.connectSocket(other.token);
    await waitFor(otherSocket, 'connect');
    const heard: string[] = [];
    otherSocket.onAny((name: string) => heard.push(name));
    const ownerSocket = t.connectSocket(owner.token);
    await waitFor(ownerSocket, 'connect');
    await owner.api.post(`/api/sandbox/${connection.id}/disconnect`);
    await waitUntil(async () => (await owner.api.get(`/api/whatsapp/${connection.id}`)).body.status === 'DISCONNECTED');
    const mine = (
      await owner.api.post('/api/schedules', {
        body: 'Owner only',
        contactId: owner.contact.id,
        sendAt: new Date(Date.now() + offsetMs + 1_000).toISOString(),
      })
    ).body as ScheduleRecord;
    await waitUntil(async () => {
      const found = (await owner.api.get(`/api/schedules/${mine.id}`)).body as ScheduleRecord;
      return found.status === 'waiting';
    }, 30_000);
    const sent = nextMatching<ScheduleEvent>(
      ownerSocket,
      `company-${owner.company.id}-schedule`,
      (event) => event.action === 'update' && event.schedule.status === 'sent',
      30_000,
    );
    await owner.api.post(`/api/whatsappsession/${connection.id}`);
    await waitUntil(async () => (await owner.api.get(`/api/whatsapp/${connection.id}`)).body.status === 'qrcode');
    await owner.api.post(`/api/sandbox/${connection.id}/scan`);
    await sent;
    // The other company's own event comes after the owner's: by then a leaked one would have too.
    const own = nextEvent(otherSocket, `company-${other.company.id}-schedule`);
    await other.api.post('/api/schedules', { body: 'Mine here', contactId: other.contact.id, sendAt: inMinutes(30) });
    await own;
    expect(heard.filter((name) => name.includes(`company-${owner.company.id}-`))).toEqual([]);
    expect((await other.api.get(`/api/schedules/${mine.id}`)).status).toBe(404);
  });

  it('a schedule sent on a connected connection is announced as sent once', { timeout: ONE_MINUTE }, async () => {
    const { api, contact, token, company } = await setup();
    await pairedSandbox(t, token);
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const events: ScheduleEvent[] = [];
    socket.on(`company-${company.id}-schedule`, (event: ScheduleEvent) => events.push(event));
    const schedule = (
      await api.post('/api/schedules', {
        body: 'Right on time',
        contactId: contact.id,
        sendAt: new Date(Date.now() + offsetMs + 1_000).toISOString(),
      })
    ).body as ScheduleRecord;
    const isSentUpdate = (event: ScheduleEvent) =>
      event.action === 'update' && event.schedule.id === schedule.id && event.schedule.status === 'sent';
    await waitUntil(async () => events.some(isSentUpdate), 30_000);
    // A later change's event comes after a second announcement of the send would have.
    const later = nextMatching<ScheduleEvent>(
      socket,
      `company-${company.id}-schedule`,
      (event) => event.action === 'create' && event.schedule.id !== schedule.id,
      30_000,
    );
    await api.post('/api/schedules', { body: 'Later on', contactId: contact.id, sendAt: inMinutes(30) });
    await later;
    expect(events.filter(isSentUpdate)).toHaveLength(1);
  });

  it('a repeating schedule sends one message per occurrence until its end', { timeout: ONE_MINUTE }, async () => {
    const { api, contact, token, company } = await setup();
    const connection = await pairedSandbox(t, token);
    const first = new Date(Date.now() + offsetMs + 3_600_000);
    const until = new Date(first.getTime() + 2 * 86_400_000 + 60_000).toISOString();
    const created = await api.post('/api/schedules', {
      body: 'Daily reminder',
      contactId: contact.id,
      sendAt: first.toISOString(),
      recurrence: { frequency: 'daily', until },
    });
    expect(created.status).toBe(201);
    const base = offsetMs;
    try {
      for (let day = 0; day < 4; day++) {
        offsetMs = base + 3_600_000 + day * 86_400_000 + 1_000;
        await t.platform.jobs.runNow(scheduleSweepJob);
      }
      const rows = await t.db
        .select()
        .from(schedules)
        .where(and(eq(schedules.companyId, company.id), eq(schedules.contactId, contact.id)));
      expect(rows).toHaveLength(3);
      expect(rows.every((row) => row.status === 'sent' && row.sentAt && row.messageId)).toBe(true);
      expect(new Set(rows.map((row) => row.messageId)).size).toBe(3);
      expect(new Set(rows.map((row) => row.seriesId ?? row.id)).size).toBe(1);
      const sentMessages = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, company.id), eq(messages.body, 'Daily reminder')));
      expect(sentMessages).toHaveLength(3);
      const outbox = await waitUntil(async () => {
        const entries = await outboxTo(api, connection.id, contact.number);
        return entries.length === 3 ? entries : null;
      });
      expect(outbox.every((entry) => entry.body === 'Daily reminder')).toBe(true);
    } finally {
      offsetMs = base;
    }
  });

  it('a monthly series begun on the 31st goes 28 February, then back to the 31st', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, contact, token, company } = await setup();
    await pairedSandbox(t, token);
    const timeZone = 'America/Sao_Paulo';
    // 31 January next year, 12:00 in the company's zone (São Paulo has no daylight saving time).
    const year = new Date().getUTCFullYear() + 1;
    const first = new Date(`${year}-01-31T15:00:00Z`);
    const created = await api.post('/api/schedules', {
      body: 'Monthly reminder',
      contactId: contact.id,
      sendAt: first.toISOString(),
      recurrence: { frequency: 'monthly' },
    });
    expect(created.status).toBe(201);
    const base = offsetMs;
    const seriesRows = () =>
      t.db
        .select()
        .from(schedules)
        .where(and(eq(schedules.companyId, company.id), eq(schedules.contactId, contact.id)))
        .orderBy(schedules.sendAt);
    try {
      // Each sweep at an occurrence's time sends it and plans the next.
      for (let sent = 0; sent < 3; sent++) {
        const rows = await seriesRows();
        offsetMs = rows[rows.length - 1].sendAt.getTime() - Date.now() + 1_000;
        await t.platform.jobs.runNow(scheduleSweepJob);
      }
      const rows = await seriesRows();
      expect(
        rows.map((row) => wallClockOf(row.sendAt, timeZone)).map(({ month, day, hour }) => [month, day, hour]),
      ).toEqual([
        [1, 31, 12],
        [2, year % 4 === 0 ? 29 : 28, 12],
        [3, 31, 12],
        [4, 30, 12],
      ]);
      expect(rows.slice(0, 3).every((row) => row.status === 'sent')).toBe(true);
    } finally {
      offsetMs = base;
    }
  });
});

describe('a connection that stays down', () => {
  let t2: TestServer;
  beforeAll(async () => {
    t2 = await startTestServer(
      {},
      // No wait for the connection after the retries (it is 3 days by default).
      { messages: { retry: { maxAttempts: 2, baseDelaySeconds: 1, maxDelaySeconds: 1, waitForConnectionSeconds: 0 } } },
    );
  });
  afterAll(async () => {
    await t2.close();
  });

  it('marks the schedule in error with the code when the connection stays down past the wait, told live', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, contact, token, company } = await setup({}, t2);
    const connection = await pairedSandbox(t2, token);
    const socket = t2.connectSocket(token);
    await waitFor(socket, 'connect');
    await api.post(`/api/sandbox/${connection.id}/disconnect`);
    await waitUntil(async () => (await api.get(`/api/whatsapp/${connection.id}`)).body.status === 'DISCONNECTED');
    const failedEvent = nextMatching<ScheduleEvent>(
      socket,
      `company-${company.id}-schedule`,
      (event) => event.action === 'update' && event.schedule.status === 'error',
      45_000,
    );
    const schedule = (
      await api.post('/api/schedules', {
        body: 'Nobody home',
        contactId: contact.id,
        sendAt: new Date(Date.now() + offsetMs + 1_000).toISOString(),
      })
    ).body as ScheduleRecord;
    // The giving up is announced when it happens, with the reason.
    const told = await failedEvent;
    if (told.action === 'delete') throw new Error('unexpected delete');
    expect(told.schedule).toMatchObject({ id: schedule.id, errorCode: 'ERR_WAPP_NOT_INITIALIZED', sentAt: null });
    const failed = (await api.get(`/api/schedules/${schedule.id}`)).body as ScheduleRecord;
    // Never handed to WhatsApp: no sentAt; its message is stored, so it stays as it is.
    expect(failed).toMatchObject({ status: 'error', errorCode: 'ERR_WAPP_NOT_INITIALIZED', sentAt: null });
    expect(failed.messageId).not.toBeNull();
  });
});

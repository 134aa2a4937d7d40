import type { ScheduleRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { cloudApiKit, startCloudApiServer } from '../../../test/cloud-api.ts';
import type { FakeGraphApi } from '../../../test/fake-graph-api.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { contacts } from '../../tables.ts';
import { scheduleSweepJob } from './schedules.jobs.ts';

/** The clock the server's rules read: a test moves it past a schedule's time and sweeps. */
let offsetMs = 0;
let t: TestServer;
let graph: FakeGraphApi;
let cloud: Awaited<ReturnType<typeof startCloudApiServer>>;
beforeAll(async () => {
  cloud = await startCloudApiServer({ clock: () => new Date(Date.now() + offsetMs) });
  t = cloud.server;
  graph = cloud.graph;
});
afterAll(() => cloud.close());

const { cloudConnection, openTicketFrom, closeServiceWindow, adminOfNewCompany } = cloudApiKit(
  () => t,
  () => graph,
);

const followUp = {
  name: 'follow_up',
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, seu atendimento {{2}} ainda está aberto.' },
  ],
};
const promoImage = {
  name: 'promo_image',
  language: 'pt_BR',
  category: 'MARKETING',
  status: 'APPROVED',
  components: [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'Ofertas' },
  ],
};

/** A Cloud API connection with its templates synchronised, and a customer who wrote more than 24 hours ago. */
async function customerOutsideWindow(customer: string) {
  const connection = await cloudConnection();
  graph.setTemplates(connection.number.wabaId, [followUp, promoImage]);
  await connection.api.post(`/api/whatsapp/${connection.record.id}/templates/sync`);
  const ticket = await openTicketFrom(connection, customer);
  await closeServiceWindow(connection.company.id);
  return { ...connection, ticket, contactId: ticket.contactId };
}

const inMinutes = (minutes: number) => new Date(Date.now() + offsetMs + minutes * 60_000).toISOString();

/** Moves the server's clock past the schedule's time and runs the sweep, as the minute's job would. */
async function reachTimeOf(schedule: ScheduleRecord) {
  offsetMs = new Date(schedule.sendAt).getTime() - Date.now() + 1_000;
  await t.platform.jobs.runNow(scheduleSweepJob);
}

describe('schedules on a Cloud API connection', () => {
  it('sends a scheduled template outside the customer service window, its variables filled then', async () => {
    const customer = '5511966660001';
    const { api, record, contactId } = await customerOutsideWindow(customer);
    const created = await api.post('/api/schedules', {
      body: '',
      contactId,
      whatsappId: record.id,
      sendAt: inMinutes(60),
      templateName: 'follow_up',
      templateLanguage: 'pt_BR',
      templateVariables: ['A-9', '{{firstName}}', '#{{protocol}}'],
    });
    expect(created.status).toBe(201);
    const schedule = created.body as ScheduleRecord;
    expect(schedule).toMatchObject({
      templateName: 'follow_up',
      templateLanguage: 'pt_BR',
      templateVariables: ['A-9', '{{firstName}}', '#{{protocol}}'],
    });

    await reachTimeOf(schedule);
    const atMeta = await waitUntil(() => graph.sent.find((message) => message.to === customer) ?? null);
    expect(atMeta.body).toMatchObject({
      type: 'template',
      template: {
        name: 'follow_up',
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'A-9' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: expect.stringMatching(/\S/) },
              { type: 'text', text: expect.stringMatching(/^#\d+/) },
            ],
          },
        ],
      },
    });
    const sent = await waitUntil(async () => {
      const current = (await api.get(`/api/schedules/${schedule.id}`)).body as ScheduleRecord;
      return current.status === 'sent' ? current : null;
    });
    expect(sent.errorCode).toBeNull();
  });

  it('fails a free-form scheduled message outside the window with the reason, without calling Meta', async () => {
    const customer = '5511966660002';
    const { api, record, contactId } = await customerOutsideWindow(customer);
    const schedule = (
      await api.post('/api/schedules', {
        body: 'Ainda precisa de ajuda?',
        contactId,
        whatsappId: record.id,
        sendAt: inMinutes(60),
      })
    ).body as ScheduleRecord;
    await reachTimeOf(schedule);
    const failed = await waitUntil(async () => {
      const current = (await api.get(`/api/schedules/${schedule.id}`)).body as ScheduleRecord;
      return current.status === 'error' ? current : null;
    });
    expect(failed.errorCode).toBe('ERR_OUTSIDE_SERVICE_WINDOW');
    expect(graph.sent.filter((message) => message.to === customer)).toHaveLength(0);
  });

  it('refuses a template that the connection cannot send, or with a value missing', async () => {
    const { api, record, contactId, token } = await customerOutsideWindow('5511966660003');
    const fields = { body: '', contactId, whatsappId: record.id, sendAt: inMinutes(60), templateLanguage: 'pt_BR' };
    const create = (extra: object) => api.post('/api/schedules', { ...fields, ...extra });

    const unknown = await create({ templateName: 'nope', templateVariables: [] });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'ERR_TEMPLATE_NOT_FOUND']);
    const media = await create({ templateName: 'promo_image' });
    expect([media.status, media.body.error]).toEqual([422, 'ERR_TEMPLATE_NOT_SENDABLE']);
    const missing = await create({ templateName: 'follow_up', templateVariables: ['A-1', '{{name}}'] });
    expect([missing.status, missing.body.error]).toEqual([400, 'ERR_TEMPLATE_VARIABLES']);
    expect(missing.body.fields).toEqual({ 'templateVariables.2': 'Required' });
    const noLanguage = await create({
      templateName: 'follow_up',
      templateLanguage: '',
      templateVariables: ['a', 'b', 'c'],
    });
    expect([noLanguage.status, noLanguage.body.error]).toEqual([400, 'ERR_VALIDATION']);
    // Without a template the text is what goes, and it is required as ever.
    const noText = await create({ templateName: null });
    expect([noText.status, noText.body.error]).toEqual([400, 'ERR_VALIDATION']);

    // A template on a connection paired by QR code.
    const sandbox = await pairedSandbox(t, token);
    const qr = await create({ whatsappId: sandbox.id, templateName: 'follow_up', templateVariables: ['a', 'b', 'c'] });
    expect([qr.status, qr.body.error]).toEqual([400, 'ERR_NOT_CLOUD_CONNECTION']);
    expect(((await api.get(`/api/schedules?contactId=${contactId}`)).body as { count: number }).count).toBe(0);
  });

  it("cannot use another company's connection or its templates", async () => {
    const { record } = await customerOutsideWindow('5511966660004');
    const other = await adminOfNewCompany();
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: other.company.id, name: 'Outra', number: '5511966660005' })
      .returning();
    const answer = await other.api.post('/api/schedules', {
      body: '',
      contactId: contact.id,
      whatsappId: record.id,
      sendAt: inMinutes(60),
      templateName: 'follow_up',
      templateLanguage: 'pt_BR',
      templateVariables: ['a', 'b', 'c'],
    });
    expect(answer.status).toBe(404);
    // Its own Cloud API connection has not this template: its account's list is its own.
    const own = await cloudConnection();
    const [ownContact] = await t.db
      .insert(contacts)
      .values({ companyId: own.company.id, name: 'Própria', number: '5511966660006' })
      .returning();
    const unknown = await own.api.post('/api/schedules', {
      body: '',
      contactId: ownContact.id,
      whatsappId: own.record.id,
      sendAt: inMinutes(60),
      templateName: 'follow_up',
      templateLanguage: 'pt_BR',
      templateVariables: ['a', 'b', 'c'],
    });
    expect(unknown.body.error).toBe('ERR_TEMPLATE_NOT_FOUND');
  });
});

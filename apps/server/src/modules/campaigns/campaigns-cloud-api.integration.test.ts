import type { CampaignRecord, CampaignReport, ContactListRecord } from '@wacrm/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { cloudApiKit, startCloudApiServer } from '../../../test/cloud-api.ts';
import type { FakeGraphApi } from '../../../test/fake-graph-api.ts';
import { paced } from '../../../test/machine-pace.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { messages } from '../../tables.ts';
import { campaignShippings } from './campaigns.tables.ts';

const ONE_MINUTE = paced(60_000);

let t: TestServer;
let graph: FakeGraphApi;
let cloud: Awaited<ReturnType<typeof startCloudApiServer>>;
beforeAll(async () => {
  cloud = await startCloudApiServer();
  t = cloud.server;
  graph = cloud.graph;
});
afterAll(() => cloud.close());

const { cloudConnection } = cloudApiKit(
  () => t,
  () => graph,
);

const followUp = {
  name: 'follow_up',
  language: 'pt_BR',
  category: 'MARKETING',
  status: 'APPROVED',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Oferta {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, temos novidades para {{2}}.' },
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

type Api = ReturnType<TestServer['as']>;

/** A Cloud API connection with its templates synchronised. */
async function cloudWithTemplates() {
  const connection = await cloudConnection();
  graph.setTemplates(connection.number.wabaId, [followUp, promoImage]);
  await connection.api.post(`/api/whatsapp/${connection.record.id}/templates/sync`);
  return connection;
}

async function listOf(api: Api, rows: { name: string; number: string; email?: string }[]) {
  const list = (await api.post('/api/contact-lists', { name: `List ${rows[0].number}` })).body as ContactListRecord;
  expect((await api.post(`/api/contact-lists/${list.id}/upload`, { rows })).status).toBe(200);
  return list;
}

describe('campaigns on a Cloud API connection', () => {
  it('sends the template to each contact with its values filled per contact, at Meta’s pace, not the anti-ban intervals', {
    timeout: ONE_MINUTE,
  }, async () => {
    const { api, record, company } = await cloudWithTemplates();
    // The anti-ban intervals as the spec's defaults: 20 s between messages. A Cloud API number ignores them.
    await api.post('/api/campaign-settings', {
      settings: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 },
    });
    const people = [
      { name: 'Ana Souza', number: '5511955550001', email: 'ana@example.com' },
      { name: 'Bruno Lima', number: '5511955550002', email: '' },
      { name: 'Carla Dias', number: '5511955550003', email: 'carla@example.com' },
    ];
    const list = await listOf(api, people);
    const created = await api.post('/api/campaigns', {
      name: 'Novidades',
      whatsappId: record.id,
      contactListId: list.id,
      templateName: 'follow_up',
      templateLanguage: 'pt_BR',
      // {{email}} is blank for Bruno: Meta would refuse a blank value, so he is skipped.
      templateVariables: ['{{number}}', '{{firstName}}', '{{email}}'],
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    const campaign = created.body as CampaignRecord;
    expect(campaign).toMatchObject({ templateName: 'follow_up', message1: null });

    const done = await waitUntil(
      async () => {
        const report = (await api.get(`/api/campaigns/${campaign.id}/report`)).body as CampaignReport;
        return report.campaign.status === 'FINALIZADA' && report.sent === 2 ? report : null;
      },
      paced(30_000),
      'campaign finished',
    );
    expect(done).toMatchObject({ total: 3, sent: 2, invalid: 1, failed: 0 });

    for (const person of [people[0], people[2]]) {
      const atMeta = graph.sent.find((message) => message.to === person.number);
      expect(atMeta?.body).toMatchObject({
        type: 'template',
        template: {
          name: 'follow_up',
          language: { code: 'pt_BR' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: person.number }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: person.name.split(' ')[0] },
                { type: 'text', text: person.email },
              ],
            },
          ],
        },
      });
    }
    expect(graph.sent.some((message) => message.to === people[1].number)).toBe(false);
    // The thread keeps what the customer read.
    const stored = await t.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.companyId, company.id))
      .orderBy(asc(messages.id));
    expect(stored.map((row) => row.body)).toEqual([
      `*Oferta ${people[0].number}*\n\nOlá Ana, temos novidades para ana@example.com.`,
      `*Oferta ${people[2].number}*\n\nOlá Carla, temos novidades para carla@example.com.`,
    ]);
    // Meta's pace: the two went out well inside the 20 s the anti-ban interval would have waited.
    const sentAt = (
      await t.db
        .select({ sentAt: campaignShippings.sentAt })
        .from(campaignShippings)
        .where(eq(campaignShippings.campaignId, campaign.id))
    )
      .flatMap((row) => (row.sentAt ? [row.sentAt.getTime()] : []))
      .sort();
    expect(sentAt[1] - sentAt[0]).toBeLessThan(5_000);
  });

  it('requires an approved template with every value on a Cloud API connection, and refuses one elsewhere', async () => {
    const { api, record, token } = await cloudWithTemplates();
    const list = await listOf(api, [{ name: 'Dora', number: '5511955550010' }]);
    const fields = { name: 'Checked', whatsappId: record.id, contactListId: list.id, templateLanguage: 'pt_BR' };
    const create = (extra: object) => api.post('/api/campaigns', { ...fields, ...extra });

    const noTemplate = await create({ message1: 'Oi {{name}}' });
    expect([noTemplate.status, noTemplate.body.error]).toEqual([400, 'ERR_TEMPLATE_REQUIRED']);
    const unknown = await create({ templateName: 'nope' });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'ERR_TEMPLATE_NOT_FOUND']);
    const media = await create({ templateName: 'promo_image' });
    expect([media.status, media.body.error]).toEqual([422, 'ERR_TEMPLATE_NOT_SENDABLE']);
    const short = await create({ templateName: 'follow_up', templateVariables: ['1', '{{name}}'] });
    expect([short.status, short.body.error]).toEqual([400, 'ERR_TEMPLATE_VARIABLES']);
    expect(short.body.fields).toEqual({ 'templateVariables.2': 'Required' });
    const blank = await create({ templateName: 'follow_up', templateVariables: ['1', ' ', '3'] });
    expect(blank.body.fields).toEqual({ 'templateVariables.1': 'Required' });
    const noLanguage = await create({
      templateName: 'follow_up',
      templateLanguage: '',
      templateVariables: ['1', '2', '3'],
    });
    expect([noLanguage.status, noLanguage.body.error]).toEqual([400, 'ERR_VALIDATION']);

    const sandbox = await pairedSandbox(t, token);
    const qr = await create({ whatsappId: sandbox.id, templateName: 'follow_up', templateVariables: ['1', '2', '3'] });
    expect([qr.status, qr.body.error]).toEqual([400, 'ERR_NOT_CLOUD_CONNECTION']);
    // A connection paired by QR code still needs its text.
    const qrNoText = await create({ whatsappId: sandbox.id, templateLanguage: null });
    expect([qrNoText.status, qrNoText.body.error]).toEqual([400, 'ERR_VALIDATION']);
    expect(((await api.get('/api/campaigns')).body as { records: unknown[] }).records).toHaveLength(0);

    // Edited to a valid template, it saves.
    const ok = await create({ templateName: 'follow_up', templateVariables: ['1', '{{name}}', 'x'] });
    expect(ok.status).toBe(201);
    const changed = await api.put(`/api/campaigns/${(ok.body as CampaignRecord).id}`, {
      ...fields,
      templateName: 'follow_up',
      templateVariables: ['2', '{{firstName}}', 'y'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ templateVariables: ['2', '{{firstName}}', 'y'] });
  });

  it("cannot use another company's connection or its templates", async () => {
    const owner = await cloudWithTemplates();
    const other = await cloudConnection();
    const list = await listOf(other.api, [{ name: 'Eva', number: '5511955550020' }]);
    const fields = {
      name: 'Foreign',
      contactListId: list.id,
      templateName: 'follow_up',
      templateLanguage: 'pt_BR',
      templateVariables: ['1', '2', '3'],
    };
    const foreign = await other.api.post('/api/campaigns', { ...fields, whatsappId: owner.record.id });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
    // Its own connection's account has no such template.
    const own = await other.api.post('/api/campaigns', { ...fields, whatsappId: other.record.id });
    expect(own.body.error).toBe('ERR_TEMPLATE_NOT_FOUND');
  });
});

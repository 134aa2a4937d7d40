import type { WhatsappTemplateList } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../../../../test/channels.ts';
import { cloudApiKit, startCloudApiServer } from '../../../../../../test/cloud-api.ts';
import { buildUser, TEST_PASSWORD } from '../../../../../../test/factories.ts';
import type { FakeGraphApi } from '../../../../../../test/fake-graph-api.ts';
import type { TestServer } from '../../../../../../test/test-server.ts';

let t: TestServer;
let graph: FakeGraphApi;
let cloud: Awaited<ReturnType<typeof startCloudApiServer>>;
beforeAll(async () => {
  cloud = await startCloudApiServer();
  t = cloud.server;
  graph = cloud.graph;
});
afterAll(() => cloud.close());

const { cloudConnection, openTicketFrom, closeServiceWindow, storedMessages, adminOfNewCompany } = cloudApiKit(
  () => t,
  () => graph,
);

/** Meta's shape of an account's templates: a follow-up with a header and two body variables, and others. */
const metaTemplates = [
  {
    name: 'follow_up',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
      { type: 'BODY', text: 'Olá {{1}}, seu atendimento {{2}} ainda está aberto. Podemos ajudar?' },
      { type: 'FOOTER', text: 'Loja Exemplo' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Sim' },
          { type: 'QUICK_REPLY', text: 'Não' },
        ],
      },
    ],
  },
  {
    name: 'promo_image',
    language: 'pt_BR',
    category: 'MARKETING',
    status: 'APPROVED',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Ofertas da semana' },
    ],
  },
  {
    name: 'order_ready',
    language: 'en_US',
    category: 'UTILITY',
    status: 'PENDING',
    components: [{ type: 'BODY', text: 'Your order {{order_id}} is ready' }],
  },
];

describe('Cloud API templates', () => {
  it('synchronises the account’s templates, lists them with what can be sent, and follows changes at Meta', async () => {
    const connection = await cloudConnection();
    const { api, record, number } = connection;
    graph.setTemplates(number.wabaId, metaTemplates);

    const empty = await api.get(`/api/whatsapp/${record.id}/templates`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ templates: [], syncedAt: null });

    const synced = await api.post(`/api/whatsapp/${record.id}/templates/sync`);
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ added: 3, updated: 0, removed: 0 });
    const list = (await api.get(`/api/whatsapp/${record.id}/templates`)).body as WhatsappTemplateList;
    expect(list.syncedAt).not.toBeNull();
    expect(list.templates.map((template) => [template.name, template.sendable, template.variableCount])).toEqual([
      ['follow_up', true, 3],
      ['order_ready', false, 1],
      ['promo_image', false, 0],
    ]);
    expect(list.templates[0]).toMatchObject({
      headerText: 'Pedido {{1}}',
      footerText: 'Loja Exemplo',
      buttons: ['Sim', 'Não'],
      category: 'UTILITY',
    });

    // Meta approves one, deletes another: the next synchronisation follows.
    graph.setTemplates(number.wabaId, [metaTemplates[0], { ...metaTemplates[2], status: 'APPROVED' }]);
    const again = await api.post(`/api/whatsapp/${record.id}/templates/sync`);
    expect(again.body).toMatchObject({ added: 0, updated: 1, removed: 1 });
    expect((again.body as WhatsappTemplateList).templates.map((template) => template.sendable)).toEqual([true, true]);
  });

  it('sends a template outside the window with its variables filled from the contact and the ticket', async () => {
    const connection = await cloudConnection();
    const { api, record, number, company } = connection;
    graph.setTemplates(number.wabaId, metaTemplates);
    await api.post(`/api/whatsapp/${record.id}/templates/sync`);
    const customer = '5511977770001';
    const ticket = await openTicketFrom(connection, customer);
    await closeServiceWindow(company.id);
    expect((await api.post(`/api/messages/${ticket.id}`, { body: 'Oi?' })).body).toMatchObject({
      error: 'ERR_OUTSIDE_SERVICE_WINDOW',
    });

    const sent = await api.post(`/api/messages/${ticket.id}`, {
      template: { name: 'follow_up', language: 'pt_BR', variables: ['A-17', '{{firstName}}', '#{{protocol}}'] },
    });
    expect(sent.status).toBe(201);
    const atMeta = await waitUntil(() => graph.sent.find((message) => message.to === customer) ?? null);
    expect(atMeta.body).toMatchObject({
      type: 'template',
      template: {
        name: 'follow_up',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'A-17' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: expect.any(String) },
              { type: 'text', text: expect.stringMatching(/^#\d+/) },
            ],
          },
        ],
      },
    });
    // The thread keeps what the customer read, filled.
    const stored = await waitUntil(
      async () => (await storedMessages(company.id)).find((row) => row.externalId === atMeta.id) ?? null,
    );
    expect(stored.body).toMatch(
      /^\*Pedido A-17\*\n\nOlá .+, seu atendimento #\d+.* ainda está aberto\. Podemos ajudar\?\n\n_Loja Exemplo_$/,
    );
    expect(stored.failed).toBe(false);
  });

  it('refuses an unknown template, one that cannot be sent, and missing variables, storing nothing', async () => {
    const connection = await cloudConnection();
    const { api, record, number, company } = connection;
    graph.setTemplates(number.wabaId, metaTemplates);
    await api.post(`/api/whatsapp/${record.id}/templates/sync`);
    const ticket = await openTicketFrom(connection, '5511977770002');
    const send = (template: unknown) => api.post(`/api/messages/${ticket.id}`, { template });

    expect((await send({ name: 'nope', language: 'pt_BR', variables: [] })).body).toMatchObject({
      error: 'ERR_TEMPLATE_NOT_FOUND',
    });
    expect((await send({ name: 'promo_image', language: 'pt_BR' })).body).toMatchObject({
      error: 'ERR_TEMPLATE_NOT_SENDABLE',
    });
    const missing = await send({ name: 'follow_up', language: 'pt_BR', variables: ['A-1', ' '] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_TEMPLATE_VARIABLES' });
    expect((await send({ name: '', language: 'pt_BR' })).status).toBe(400);
    expect((await storedMessages(company.id)).filter((row) => row.fromMe)).toHaveLength(0);
  });

  it('lets only those who may edit connections synchronise, and keeps each company to its own templates', async () => {
    const connection = await cloudConnection();
    const { company, record, number } = connection;
    graph.setTemplates(number.wabaId, metaTemplates);
    const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user' });
    const attendantApi = t.as((await t.login(attendant.email, TEST_PASSWORD)).token);
    expect((await attendantApi.post(`/api/whatsapp/${record.id}/templates/sync`)).status).toBe(403);
    expect((await attendantApi.get(`/api/whatsapp/${record.id}/templates`)).status).toBe(200);

    const other = await adminOfNewCompany();
    expect((await other.api.get(`/api/whatsapp/${record.id}/templates`)).status).toBe(404);
    expect((await other.api.post(`/api/whatsapp/${record.id}/templates/sync`)).status).toBe(404);

    const sandbox = await pairedSandbox(t, other.token);
    expect((await other.api.get(`/api/whatsapp/${sandbox.id}/templates`)).body).toMatchObject({
      error: 'ERR_NOT_CLOUD_CONNECTION',
    });
  });

  it('takes the connection down when Meta refuses the token on a synchronisation', async () => {
    const { api, record, number } = await cloudConnection();
    graph.revokeToken(number.accessToken);
    const refused = await api.post(`/api/whatsapp/${record.id}/templates/sync`);
    expect(refused.body).toMatchObject({ error: 'ERR_CLOUD_TOKEN_REJECTED' });
    expect((await api.get(`/api/whatsapp/${record.id}`)).body).toMatchObject({ status: 'DISCONNECTED' });
  });
});

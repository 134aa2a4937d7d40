import type { QueueIntegrationRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { botCompany, receivedAtLeast } from './bots.test-helpers.ts';
import { startFakeGoogle } from './fakes/fake-google.ts';
import { startFakeTypebot } from './fakes/fake-typebot.ts';
import { startFakeWebhook } from './fakes/fake-webhook.ts';
import { fakeServiceAccount } from './fakes/service-account.ts';

let offsetMs = 0;
let t: TestServer;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
beforeAll(async () => {
  google = await startFakeGoogle({ expiresIn: 3600 });
  t = await startTestServer(
    { INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true', DIALOGFLOW_API_URL: google.url, BOT_TIMEOUT_SECONDS: '5' },
    { clock: () => new Date(Date.now() + offsetMs) },
  );
});
afterAll(async () => {
  await t.close();
  await google.close();
});

let numberSeq = 0;
const nextNumber = () => `55117${String(++numberSeq).padStart(8, '0')}`;
const SECRET = 'whsec-test-secret-0123456789';

async function withIntegration(fields: Record<string, unknown>, attach: 'connection' | 'queue' = 'connection') {
  const ctx = await botCompany(t);
  const created = await ctx.api.post('/api/queueIntegration', fields);
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const integration = created.body as QueueIntegrationRecord;
  if (attach === 'queue') {
    const saved = await ctx.api.put(`/api/queue/${ctx.queue.id}`, {
      name: ctx.queue.name,
      color: ctx.queue.color,
      integrationId: integration.id,
    });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  }
  const connection = await ctx.connection(
    attach === 'queue' ? { queueIds: [ctx.queue.id] } : { integrationId: integration.id },
  );
  return { ...ctx, integration, connection };
}

describe('n8n and webhook integrations', () => {
  it.each(['n8n', 'webhook'] as const)('%s: signed post, retried with backoff, reply sent', async (type) => {
    const receiver = await startFakeWebhook(SECRET, { failFirst: 1 });
    try {
      const ctx = await withIntegration({
        type,
        name: `Hook ${type}`,
        urlN8N: `${receiver.url}/hook`,
        webhookSecret: SECRET,
      });
      const customer = nextNumber();
      await ctx.say(ctx.connection.id, customer, 'Meu pedido 42');
      expect(await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 1)).toEqual([
        'Pedido recebido: Meu pedido 42',
      ]);
      // The first try got a 503; the job tried again later, and the receiver verified the signature.
      expect(receiver.requests).toHaveLength(2);
      expect(receiver.verified[0]).toMatchObject({ message: { body: 'Meu pedido 42' } });
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that never accepts hands the ticket to humans, message kept', async () => {
    const receiver = await startFakeWebhook('another-secret-entirely');
    try {
      const ctx = await withIntegration({
        type: 'webhook',
        name: 'Bad hook',
        urlN8N: receiver.url,
        webhookSecret: SECRET,
      });
      const customer = nextNumber();
      await ctx.say(ctx.connection.id, customer, 'Olá');
      const handed = await waitUntil(async () => {
        const row = await ctx.ticketOf(ctx.connection.id);
        return row?.integrationId && !row.useIntegration ? row : null;
      });
      expect((await ctx.notesOf(handed.id))[0].note).toMatch(/401/);
    } finally {
      await receiver.close();
    }
  });
});

describe('Typebot integration', () => {
  it('texts, image and numbered choices; choice by number; expiry, restart and finish keywords', async () => {
    const slug = 'padaria';
    const typebot = await startFakeTypebot(slug, (base) => `${base}/image.png`);
    try {
      const ctx = await withIntegration(
        {
          type: 'typebot',
          name: 'Typebot',
          urlN8N: typebot.url,
          typebotSlug: slug,
          typebotDelayMessage: 10,
          typebotExpires: 5,
          typebotKeywordFinish: 'sair',
          typebotKeywordRestart: 'reiniciar',
          typebotRestartMessage: 'Vamos recomeçar.',
          typebotUnknownMessage: 'Escolha uma opção da lista.',
        },
        'queue',
      );
      const customer = nextNumber();
      const starts = () => typebot.requests.filter((request) => request.path.endsWith('/startChat')).length;

      await ctx.say(ctx.connection.id, customer, 'oi');
      const first = await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 4);
      expect(first.slice(-4)).toEqual(['Bem-vindo à padaria!', '', 'O que deseja?', '*1* - Bolos\n*2* - Pães']);
      // The image bubble went out as an image, fetched from the bot's URL.
      const sent = (await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox?to=${customer}`)).body as {
        media: { mimetype: string } | null;
      }[];
      expect(sent.filter((entry) => entry.media?.mimetype === 'image/png')).toHaveLength(1);
      const ticket = await ctx.ticketOf(ctx.connection.id);
      expect(ticket).toMatchObject({ queueId: ctx.queue.id, useIntegration: true, integrationId: ctx.integration.id });

      await ctx.say(ctx.connection.id, customer, '1');
      const second = await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 6);
      expect(second.slice(-2)).toEqual(['Temos bolo de cenoura.', '*1* - Bolos\n*2* - Pães']);

      await ctx.say(ctx.connection.id, customer, 'banana');
      expect((await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 7)).at(-1)).toBe(
        'Escolha uma opção da lista.',
      );

      // Six minutes later the five-minute session expired: the next message starts the bot again.
      offsetMs += 6 * 60_000;
      await ctx.say(ctx.connection.id, customer, 'voltei');
      await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 11);
      expect(starts()).toBe(2);

      await ctx.say(ctx.connection.id, customer, 'reiniciar');
      const restarted = await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 16);
      expect(restarted.at(-5)).toBe('Vamos recomeçar.');
      expect(starts()).toBe(3);

      await ctx.say(ctx.connection.id, customer, 'sair');
      const handed = await waitUntil(async () => {
        const row = await ctx.ticketOf(ctx.connection.id);
        return row && !row.useIntegration ? row : null;
      });
      expect(handed).toMatchObject({ status: 'pending', queueId: ctx.queue.id });
    } finally {
      await typebot.close();
    }
  });
});

describe('Dialogflow integration', () => {
  it('detect-intent with a cached JWT-grant token, refreshed on expiry and on 401; handover intent', async () => {
    const account = fakeServiceAccount(`${google.url}/token`);
    google.trust(account.publicKey);
    const ctx = await withIntegration({
      type: 'dialogflow',
      name: 'Dialogflow',
      projectName: 'test-project',
      language: 'pt-BR',
      jsonContent: account.json,
      handoverIntent: 'falar-com-humano',
    });
    const tokensBefore = google.tokensIssued();
    const customer = nextNumber();
    await ctx.say(ctx.connection.id, customer, 'bom dia');
    expect(await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 1)).toEqual(['Você disse: bom dia']);
    await ctx.say(ctx.connection.id, customer, 'preço');
    await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 2);
    expect(google.tokensIssued() - tokensBefore).toBe(1);

    // An hour later the token expired: a new one is asked for.
    offsetMs += 3600_000;
    await ctx.say(ctx.connection.id, customer, 'horário');
    await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 3);
    expect(google.tokensIssued() - tokensBefore).toBe(2);

    // Revoked early: the 401 drops the token and the call is made again with a new one.
    google.revokeAll();
    await ctx.say(ctx.connection.id, customer, 'endereço');
    await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 4);
    expect(google.tokensIssued() - tokensBefore).toBe(3);

    await ctx.say(ctx.connection.id, customer, 'quero um atendente');
    expect((await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 5)).at(-1)).toBe('Vou chamar um atendente.');
    await waitUntil(async () => !(await ctx.ticketOf(ctx.connection.id))?.useIntegration);

    const ok = await ctx.api.post('/api/queueIntegration/testSession', {
      id: ctx.integration.id,
      projectName: 'test-project',
      language: 'pt-BR',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    const wrongProject = await ctx.api.post('/api/queueIntegration/testSession', {
      projectName: 'other-project',
      language: 'en',
      jsonContent: account.json,
    });
    expect(wrongProject.status).toBe(400);
    expect(wrongProject.body.error).toBe('ERR_DIALOGFLOW_TEST_FAILED');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiOf } from '../support/api.ts';
import { test as base, createCompanyAdmin, expect, logIn } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap, snapAllThemes } from '../support/screens.ts';
import { type RunningServer, startServer } from '../support/server.ts';

interface Receiver {
  url: string;
  bodies: string[];
  server: Server;
}

// This file's server may call loopback URLs, so a receiver started here can take the webhooks.
const test = base.extend<object, { receiver: Receiver; server: RunningServer }>({
  receiver: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const bodies: string[] = [];
      const server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        request.on('end', () => {
          bodies.push(body);
          response.end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await use({ url: `http://127.0.0.1:${port}/hooks`, bodies, server });
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: see above.
    async ({}, use) => {
      const server = await startServer({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const NUMBER = '5511955554444';

test('messages API page: the test form sends a sandbox message; webhooks settings with the delivery log', async ({
  page,
  receiver,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'publicapi'));
  const api = await apiOf(page);
  const token = `e2e-token-${Date.now()}`;
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja API', provider: 'sandbox', token });
  await api.pairSandbox(connection.id);

  // Webhooks first, so the send below is delivered to the receiver.
  await page.goto('/settings?tab=webhooks');
  await expect(page.getByTestId('webhooks')).toBeVisible();
  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-url').fill('not a url');
  await page.getByTestId('webhook-save').click();
  await expect(page.getByText('Informe um endereço http(s)')).toBeVisible();
  await page.getByTestId('webhook-url').fill(receiver.url);
  await page.getByTestId('webhook-save').click();
  await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
  await snap(page, 'webhooks-secret-light-desktop');
  await page.getByTestId('webhook-secret-close').click();
  await expect(page.getByTestId('webhook-row')).toHaveCount(1);

  // The messages API page: curl examples, validation, then a real send through the sandbox.
  await page.goto('/messages-api');
  await expect(page.getByTestId('messages-api-curl-text')).toContainText('/api/messages/send');
  await page.getByTestId('messages-api-send').click();
  await expect(page.getByText('Obrigatório').first()).toBeVisible();
  await page.getByTestId('messages-api-token').fill(token);
  await page.getByTestId('messages-api-number').fill(`+${NUMBER}`);
  await page.getByTestId('messages-api-body').fill('Pedido 42 enviado');
  await page.getByTestId('messages-api-send').click();
  await expect(page.getByTestId('messages-api-result')).toContainText('"status": "sent"');
  // The status in words of the interface's language, not the API's code.
  await expect(page.getByTestId('messages-api-result')).toContainText('Mensagem enviada');
  const outbox = async () =>
    JSON.stringify(await api.get<unknown>(`/api/sandbox/${connection.id}/outbox`)).includes('Pedido 42 enviado');
  await expect.poll(outbox, { timeout: 20_000 }).toBe(true);
  await snapAllThemes(page, 'messages-api');

  // A wrong token answers the translated refusal.
  await page.getByTestId('messages-api-token').fill('wrong');
  await page.getByTestId('messages-api-number').fill(NUMBER);
  await page.getByTestId('messages-api-body').fill('x');
  await page.getByTestId('messages-api-send').click();
  await expect(page.getByTestId('messages-api-result')).toContainText('401');

  // The webhook received the events; the log shows them delivered.
  await expect
    .poll(() => receiver.bodies.some((body) => body.includes('Pedido 42 enviado')), { timeout: 20_000 })
    .toBe(true);
  await page.goto('/settings?tab=webhooks');
  await snapAllThemes(page, 'webhooks-settings');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.getByTestId('webhook-log').click();
      await expect(page.getByTestId('webhook-delivery').first()).toContainText(/Entregue|Pendente/);
      await snap(page, `webhooks-log-${theme}-${size}`);
    }
  }
  await expect(page.getByTestId('webhook-delivery').filter({ hasText: 'Entregue' }).first()).toBeVisible();
});

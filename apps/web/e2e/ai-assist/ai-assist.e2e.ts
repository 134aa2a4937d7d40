import type { Page } from '@playwright/test';
import { startFakeOpenAi } from '../integrations/fake-openai.ts';
import { apiOf } from '../support/api.ts';
import { test as base, createCompanyAdmin, expect, logIn, realtimeConnected } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';
import { type RunningServer, startServer } from '../support/server.ts';

type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

/**
 * Issue 51: the attendants' AI assist on the main path, against a local fake of OpenAI's chat
 * completions that streams its answers: the admin switches it on, then the summary (copied to a
 * note), a suggested reply, a rewrite and both translations, in light and dark and at phone width.
 */
const test = base.extend<object, { openai: FakeOpenAi; server: RunningServer }>({
  openai: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const openai = await startFakeOpenAi();
      await use(openai);
      await openai.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ openai }, use) => {
      const server = await startServer({ OPENAI_BASE_URL: openai.baseUrl });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const CUSTOMER = '5511977771234';
const KEY = 'sk-e2e-assist-key-0123456789';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
  await page.reload();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await realtimeConnected(page);
}

test('an admin switches the assist on; in a ticket it summarises, suggests, rewrites and translates', async ({
  page,
  openai,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'assist'));
  const api = await apiOf(page);

  // Settings › AI assist: on, with a key that is only ever shown masked.
  await page.goto('/settings?tab=aiAssist');
  await page.getByTestId('ai-assist-enabled').click();
  await page.getByTestId('ai-assist-key').fill(KEY);
  await page.getByTestId('ai-assist-key-save').click();
  await expect(page.getByTestId('ai-assist-settings')).toContainText(`sk-…${KEY.slice(-4)}`);
  await expect(page.getByTestId('ai-assist-key')).toHaveValue('');
  await expect(page.getByTestId('ai-assist-enabled').locator('input')).toBeChecked();
  await snap(page, 'ai-assist-settings-light-desktop');

  // A customer writes in Spanish; the admin takes the ticket.
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja assist', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  const say = (body: string, id: string) =>
    api.post(`/api/sandbox/${connection.id}/inbound`, { from: CUSTOMER, name: 'Lucía', body, id });
  await say('Hola, quiero cambiar la talla de mi pedido 42', 'LUCIA-1');
  await say('Es una camiseta M, necesito L', 'LUCIA-2');
  let uuid = '';
  await expect
    .poll(async () => {
      const { tickets } = await api.get<{ tickets: { uuid: string; contact: { number: string } }[] }>(
        '/api/tickets?status=pending&showAll=true',
      );
      uuid = tickets.find((ticket) => ticket.contact.number === CUSTOMER)?.uuid ?? '';
      return uuid;
    })
    .not.toBe('');
  await page.goto(`/tickets/${uuid}`);
  await page.getByTestId('ticket-accept').click();
  await expect(page.getByTestId('ticket-conversation')).toHaveAttribute('data-status', 'open');

  // Summary: streamed into the side panel, then copied to a note.
  openai.reply('The customer wants order 42 changed from size M to L. Nothing done yet. Pending: the exchange.', {
    pieceDelayMs: 20,
  });
  await page.getByTestId('ticket-summary').click();
  await page.getByTestId('assist-summary-generate').click();
  await expect(page.getByTestId('assist-summary-text')).toHaveText(/Pending: the exchange\.$/);
  const sent = openai.requests.at(-1)!;
  expect(sent.authorization).toBe(`Bearer ${KEY}`);
  expect(sent.body.stream).toBe(true);
  expect(sent.body.messages[1].content).toContain('Customer: Es una camiseta M, necesito L');
  await snap(page, 'ai-assist-summary-light-desktop');
  await page.getByTestId('assist-summary-note').click();
  await expect(page.getByText('Resumo adicionado às notas do atendimento.')).toBeVisible();
  await page.keyboard.press('Escape');
  // One conversation body after the panel came and went (a closed drawer kept mounted once doubled it).
  await expect(page.getByTestId('composer')).toHaveCount(1);

  // Suggested reply: drafted into the composer, never sent.
  const composer = page.getByTestId('composer-input');
  openai.reply('¡Hola Lucía! Claro, cambio tu pedido 42 a la talla L.');
  await page.getByTestId('assist-composer').click();
  await page.getByTestId('assist-suggest').click();
  await expect(composer).toHaveValue('¡Hola Lucía! Claro, cambio tu pedido 42 a la talla L.');
  await expect(page.getByTestId('assist-preview')).toBeHidden();

  // Rewrite: a preview to accept.
  openai.reply('Estimada Lucía, con gusto cambiaremos su pedido 42 a la talla L.');
  await page.getByTestId('assist-composer').click();
  await page.getByTestId('assist-rewrite-formal').click();
  await expect(page.getByTestId('assist-preview-text')).toHaveText(
    'Estimada Lucía, con gusto cambiaremos su pedido 42 a la talla L.',
  );
  await page.getByTestId('assist-accept').click();
  await expect(composer).toHaveValue('Estimada Lucía, con gusto cambiaremos su pedido 42 a la talla L.');

  // A customer's message translated beside the original.
  openai.reply("It's an M T-shirt, I need L");
  const bubble = page.getByTestId('message').filter({ hasText: 'Es una camiseta M' });
  await bubble.hover();
  await bubble.getByTestId('message-menu').click();
  await page.getByTestId('message-translate').click();
  await expect(bubble.getByTestId('message-translation-text')).toHaveText("It's an M T-shirt, I need L");

  // The attendant's reply translated for the customer, both shown, then discarded.
  await composer.fill('I will exchange it today');
  openai.reply('La cambio hoy');
  await page.getByTestId('assist-composer').click();
  await page.getByTestId('assist-translate-reply').click();
  await expect(page.getByTestId('assist-preview-text')).toHaveText('La cambio hoy');
  await expect(page.getByTestId('assist-preview')).toContainText('I will exchange it today');
  await snap(page, 'ai-assist-translate-light-desktop');
  expect(openai.requests.at(-1)!.body.messages[0].content).toContain('the language the customer writes in');

  // Nothing the assist wrote reached the customer.
  const outbox = await api.get<unknown[]>(`/api/sandbox/${connection.id}/outbox?to=${CUSTOMER}`);
  expect(outbox).toHaveLength(0);

  // Dark, then phone width: the preview and the translation still fit.
  await setTheme(page, 'dark');
  await composer.fill('vale, hoy');
  openai.reply('Está bien, lo hago hoy mismo.');
  await page.getByTestId('assist-composer').click();
  await page.getByTestId('assist-rewrite-friendly').click();
  await expect(page.getByTestId('assist-preview-text')).toHaveText('Está bien, lo hago hoy mismo.');
  await snap(page, 'ai-assist-rewrite-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'ai-assist-rewrite-dark-phone');
  await page.getByTestId('assist-discard').click();
  await expect(composer).toHaveValue('vale, hoy');
  openai.reply('Resumen: cambio de talla pendiente.');
  // On a phone the summary is in the header's "more" menu.
  await page.getByTestId('ticket-more').click();
  await page.getByTestId('ticket-summary').click();
  await page.getByTestId('assist-summary-generate').click();
  await expect(page.getByTestId('assist-summary-text')).toHaveText('Resumen: cambio de talla pendiente.');
  await snap(page, 'ai-assist-summary-dark-phone');
});

import { test as base, createCompanyAdmin, expect, logIn } from '../support/fixtures.ts';
import { phone, snap } from '../support/screens.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { type RunningGraph, startFakeGraph } from './fake-graph.ts';

// This file's server reaches Meta's Graph API at the local fake started here.
const test = base.extend<object, { graph: RunningGraph; server: RunningServer }>({
  graph: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const graph = await startFakeGraph();
      await use(graph);
      graph.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ graph }, use) => {
      const server = await startServer(graph.env);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const number = {
  phoneNumberId: '109876543210001',
  wabaId: '209876543210001',
  displayPhoneNumber: '+55 11 4000-1234',
  verifiedName: 'Loja Oficial',
};
const accessToken = 'EAAGe2etoken';
const appSecret = 'e2e-app-secret';

test('an admin connects a Cloud API number, pastes its webhook details, and an attendant answers a customer', async ({
  page,
  graph,
}) => {
  await graph.addNumber(number, accessToken);
  await page.setViewportSize({ width: 1366, height: 800 });
  const admin = await createCompanyAdmin(page, 'cloudapi');
  await logIn(page, admin);

  // The connection: type, Meta's ids and secrets; the server checks them at the Graph API.
  await page.goto('/connections');
  await page.getByTestId('connection-add').click();
  await page.getByTestId('connection-name').fill('Número oficial');
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByTestId('connection-provider-cloudapi').click();
  await expect(page.getByTestId('connection-cloud-fields')).toBeVisible();
  // Saving without the credentials names each missing one.
  await page.getByTestId('connection-save').click();
  await expect(page.getByTestId('connection-cloud-fields').getByText('Obrigatório').first()).toBeVisible();
  await page.getByTestId('connection-cloud-phone-number-id').fill(number.phoneNumberId);
  await page.getByTestId('connection-cloud-waba-id').fill(number.wabaId);
  await page.getByTestId('connection-cloud-access-token').fill(accessToken);
  await page.getByTestId('connection-cloud-app-secret').fill(appSecret);
  await snap(page, 'cloudapi-form-light-desktop');
  await page.getByTestId('connection-save').click();

  // No QR: the webhook details to paste into Meta's dashboard, and the check's outcome, live.
  const details = page.getByTestId('cloud-webhook-dialog');
  await expect(details.getByTestId('cloud-webhook-status')).toHaveAttribute('data-status', 'CONNECTED');
  const webhookUrl = await details.getByTestId('connection-cloud-webhook-url').inputValue();
  expect(webhookUrl).toMatch(/\/api\/cloudapi\/[0-9a-f]{32}$/);
  await expect(details.getByTestId('connection-cloud-verify-token')).toHaveValue(/^[0-9a-f]{32}$/);
  await snap(page, 'cloudapi-webhook-light-desktop');
  await details.getByTestId('cloud-webhook-close').click();
  const row = page.getByTestId('connection-row').filter({ hasText: 'Número oficial' });
  await expect(row.getByTestId('connection-cloudapi-chip')).toBeVisible();

  // Meta delivers a customer's message; an attendant takes the ticket and answers.
  const delivered = await graph.deliver({
    // The server answers on the address the test reaches it at; the path is the webhook's.
    webhookUrl: new URL(new URL(webhookUrl).pathname, page.url()).href,
    appSecret,
    phoneNumberId: number.phoneNumberId,
    from: '5511977001122',
    name: 'Rita Oficial',
    text: 'Bom dia, meu pedido chegou?',
  });
  expect(delivered.status, delivered.body).toBe(200);
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  const ticket = page.getByTestId('ticket-row').filter({ hasText: 'Rita Oficial' });
  await ticket.getByTestId('ticket-row-accept').click();
  await expect(page.getByTestId('message').filter({ hasText: 'Bom dia, meu pedido chegou?' })).toBeVisible();
  const input = page.getByTestId('composer-input');
  await input.fill('Chegou sim, Rita!');
  await input.press('Enter');
  await expect(
    page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: 'Chegou sim' }),
  ).toBeVisible();
  await expect
    .poll(async () => JSON.stringify((await graph.sent()).find((sent) => sent.to === '5511977001122')?.body ?? ''))
    .toContain('Chegou sim, Rita!');
  // Opening the ticket told Meta the customer's message was read.
  await expect.poll(async () => (await graph.reads()).length).toBeGreaterThan(0);

  // A customer who last wrote two days ago: the window is closed, only a template can go.
  await graph.setTemplates(number.wabaId, [
    {
      name: 'retomar_atendimento',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      components: [
        { type: 'BODY', text: 'Olá {{1}}, ainda podemos ajudar com o pedido {{2}}?' },
        { type: 'FOOTER', text: 'Loja Oficial' },
      ],
    },
  ]);
  const late = await graph.deliver({
    webhookUrl: new URL(new URL(webhookUrl).pathname, page.url()).href,
    appSecret,
    phoneNumberId: number.phoneNumberId,
    from: '5511977003344',
    name: 'Bruno Antigo',
    text: 'Preciso trocar o tamanho',
    secondsAgo: 2 * 86_400,
  });
  expect(late.status, late.body).toBe(200);
  await page.getByTestId('tickets-subtab-pending').click();
  await page.getByTestId('ticket-row').filter({ hasText: 'Bruno Antigo' }).getByTestId('ticket-row-accept').click();
  await expect(page.getByTestId('composer-window')).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('composer-input')).toBeDisabled();
  await snap(page, 'cloudapi-window-closed-light-desktop');
  await page.getByTestId('composer-window-template').click();
  const dialog = page.getByTestId('template-dialog');
  // Nothing synchronised yet: the admin reads the account's templates from here.
  await expect(dialog.getByTestId('template-empty')).toBeVisible();
  await dialog.getByTestId('template-sync').click();
  await dialog.getByTestId('template-select').locator('..').click();
  await page.getByTestId('template-option').filter({ hasText: 'retomar_atendimento' }).click();
  const variables = dialog.getByTestId('template-variable');
  await expect(variables).toHaveCount(2);
  await expect(dialog.getByTestId('template-send')).toBeDisabled();
  await variables.nth(0).fill('{{firstName}}');
  await variables.nth(1).fill('#4521');
  await expect(dialog.getByTestId('template-preview')).toContainText(
    'Olá Bruno, ainda podemos ajudar com o pedido #4521?',
  );
  await snap(page, 'cloudapi-template-dialog-light-desktop');
  await dialog.getByTestId('template-send').click();
  await expect(dialog).toBeHidden();
  await expect(
    page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: 'Olá Bruno, ainda podemos ajudar' }),
  ).toBeVisible();
  await expect
    .poll(async () => (await graph.sent()).find((sent) => sent.to === '5511977003344')?.type ?? '')
    .toBe('template');

  // The connection's dialog, in dark and on a phone: credentials masked, webhook details kept.
  await page.goto('/connections');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await page.setViewportSize(phone);
  await page.getByTestId('connection-row').filter({ hasText: 'Número oficial' }).getByTestId('connection-edit').click();
  await expect(page.getByTestId('connection-cloud-webhook-url')).toHaveValue(webhookUrl);
  await expect(page.getByTestId('connection-cloud-access-token')).not.toHaveValue(accessToken);
  await snap(page, 'cloudapi-form-dark-phone');
  await page.keyboard.press('Escape');

  // The template dialog on a phone, in dark.
  await page.goto('/tickets');
  await page.getByTestId('ticket-row').filter({ hasText: 'Bruno Antigo' }).click();
  await page.getByTestId('composer-template').click();
  await page.getByTestId('template-dialog').getByTestId('template-select').locator('..').click();
  await page.getByTestId('template-option').first().click();
  await snap(page, 'cloudapi-template-dialog-dark-phone');
});

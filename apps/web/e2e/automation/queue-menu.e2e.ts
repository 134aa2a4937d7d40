import type { Page } from '@playwright/test';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { screenshotsDir } from '../support/paths.ts';

async function snap(page: Page, name: string) {
  await page.mouse.move(1, 400);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${screenshotsDir}${name}.png` });
}

const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`,
});

test('an admin sets up a two-queue menu and a sandbox customer walks through it into the right queue', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const admin = await createCompanyAdmin(page, 'routing');
  await logIn(page, admin);
  const headers = await bearer(page);
  const post = async (path: string, data: unknown) => {
    const answer = await page.request.post(path, { headers, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as { id: number };
  };

  // Two queues; Suporte has a menu with a leaf that hands the customer to attendants.
  await post('/api/queue', { name: 'Vendas', color: '#0f766e', orderQueue: 1, greetingMessage: 'Vendas: olá!' });
  const support = await post('/api/queue', {
    name: 'Suporte',
    color: '#7c3aed',
    orderQueue: 2,
    greetingMessage: 'Suporte: escolha um assunto.',
  });
  await post('/api/queue-options', {
    queueId: support.id,
    option: '1',
    title: 'Internet',
    message: 'Reinicie o roteador.',
  });

  // The connection: both queues and the greeting, through the modal.
  await page.goto('/connections');
  await page.getByTestId('connection-add').click();
  await page.getByTestId('connection-name').fill('Loja Menu');
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByTestId('connection-provider-sandbox').click();
  await page.getByRole('combobox', { name: 'Filas' }).click();
  await page.getByRole('option', { name: 'Vendas' }).click();
  await page.getByRole('option', { name: 'Suporte' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('connection-tab-messages').click();
  await page.getByTestId('connection-greetingMessage').fill('Olá {{firstName}}! Escolha um setor:');
  await page.getByTestId('connection-save').click();
  const qrDialog = page.getByTestId('qr-code-dialog');
  await expect(qrDialog.getByTestId('qr-code-image')).toBeVisible({ timeout: 20_000 });
  await qrDialog.getByTestId('qr-open-sandbox').click();
  await expect(page).toHaveURL(/\/sandbox\/\d+$/);
  await page.getByTestId('sandbox-scan').click();
  await expect(page.getByTestId('sandbox-disconnect')).toBeVisible();

  // The customer writes and is answered by the menu; picks Suporte, then Internet.
  await page.getByTestId('sandbox-add-customer').click();
  await page.getByTestId('sandbox-customer-number').fill('5511977776666');
  await page.getByTestId('sandbox-customer-name').fill('Carla Menu');
  await page.getByTestId('sandbox-customer-save').click();
  const say = async (text: string) => {
    await page.getByTestId('sandbox-composer').fill(text);
    await page.getByTestId('sandbox-send').click();
  };
  const botSaid = (text: string) => page.getByTestId('sandbox-message-out').filter({ hasText: text });
  await say('Oi');
  await expect(botSaid('Olá Carla! Escolha um setor:')).toBeVisible({ timeout: 15_000 });
  await expect(botSaid('Olá Carla! Escolha um setor:')).toContainText('Suporte');
  await say('2');
  await expect(botSaid('Suporte: escolha um assunto.')).toBeVisible({ timeout: 15_000 });
  await say('1');
  await expect(botSaid('Reinicie o roteador.')).toBeVisible({ timeout: 15_000 });
  await snap(page, 'routing-sandbox-menu-light-desktop');

  // The inbox: the ticket waits in Suporte; its thread marks the bot's messages as automatic.
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  const row = page.getByTestId('ticket-row').filter({ hasText: 'Carla Menu' });
  await expect(row.getByTestId('ticket-queue')).toHaveText('Suporte');
  await row.getByTestId('ticket-row-accept').click();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await expect(page.getByTestId('message-system').first()).toBeVisible();
  await expect(page.getByTestId('message').filter({ hasText: 'Reinicie o roteador.' })).toBeVisible();
  await snap(page, 'routing-thread-light-desktop');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('message-system').first()).toBeVisible();
  await snap(page, 'routing-thread-dark-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'routing-thread-dark-phone');
});

import type { Locator, Page } from '@playwright/test';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { snap } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

// Pictures with the mouse away from the top bar, so no tooltip is left open in them.
const pictureOptions = { mouseAt: { x: 1, y: 400 } };

const optionOf = (scope: Page | Locator, title: string) =>
  scope.locator(`[data-testid="queue-option"][data-title="${title}"]`).first();

/**
 * Creates a queue through the queue modal. Save closes it; "save and add options" keeps it open on
 * its menu editor.
 */
async function createQueue(
  page: Page,
  queue: { name: string; swatch: string; order: string; greeting: string },
  then: 'close' | 'add-options',
) {
  await page.getByTestId('queue-add').click();
  await page.getByTestId('queue-name').fill(queue.name);
  await page.getByTestId(`queue-color-swatch-${queue.swatch}`).click();
  await page.getByTestId('queue-order').fill(queue.order);
  await page.getByTestId('queue-greetingMessage').fill(queue.greeting);
  await page.getByTestId(then === 'close' ? 'queue-save' : 'queue-save-and-add-options').click();
  await expectToast(page, 'Fila criada.');
  if (then === 'close') await expect(page.getByTestId('queue-name')).toHaveCount(0);
  else await expect(page.getByTestId('queue-options')).toBeVisible();
}

/** Fills the open option form (the number is proposed by the editor) and saves it. */
async function saveOption(page: Page, option: { number: string; title: string; message: string }) {
  const form = page.getByTestId('queue-option-form');
  await expect(form.getByTestId('queue-option-number')).toHaveValue(option.number);
  await form.getByTestId('queue-option-title').fill(option.title);
  await form.getByTestId('queue-option-message').fill(option.message);
  await form.getByTestId('queue-option-save').click();
  await expect(optionOf(page, option.title)).toBeVisible();
}

test('an admin sets up a two-queue menu and a sandbox customer walks through it into the right queue', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize({ width: 1366, height: 800 });
  const admin = await createCompanyAdmin(page, 'routing');
  await logIn(page, admin);

  // Two queues through the queue modal; Suporte gets a menu: 1 Internet (1 Lenta), 2 Financeiro.
  await page.goto('/queues');
  await createQueue(page, { name: 'Vendas', swatch: '14b8a6', order: '1', greeting: 'Vendas: olá!' }, 'close');
  await createQueue(
    page,
    { name: 'Suporte', swatch: '8b5cf6', order: '2', greeting: 'Suporte: escolha um assunto.' },
    'add-options',
  );
  await page.getByTestId('queue-option-add').click();
  await saveOption(page, { number: '1', title: 'Internet', message: 'Internet: o que acontece?' });
  await optionOf(page, 'Internet').getByTestId('queue-option-add-child').click();
  await saveOption(page, { number: '1', title: 'Lenta', message: 'Reinicie o roteador.' });
  await page.getByTestId('queue-option-add').click();
  await saveOption(page, { number: '2', title: 'Financeiro', message: 'O financeiro vai responder.' });
  await expect(optionOf(optionOf(page, 'Internet'), 'Lenta').getByTestId('queue-option-path')).toHaveText('1.1');
  await page.getByTestId('queue-options').scrollIntoViewIfNeeded();
  await snap(page, 'routing-queue-menu-light-desktop', pictureOptions);
  await page.getByTestId('queue-close').click();
  await expect(page.locator('[data-testid="queue-row"][data-name="Suporte"]')).toBeVisible();

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

  // The customer writes and is answered by the menu; walks Suporte → Internet, back with 0, then
  // Internet → Lenta, a leaf that hands the ticket to attendants.
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
  // The simulated phone renders WhatsApp's marks: *[ 2 ]* shows bold, without the asterisks.
  await expect(botSaid('Suporte: escolha um assunto.')).toContainText('[ 2 ] - Financeiro');
  await expect(botSaid('Suporte: escolha um assunto.').locator('strong', { hasText: '[ 2 ]' })).toBeVisible();
  await say('1');
  await expect(botSaid('Internet: o que acontece?')).toContainText('[ 1 ] - Lenta');
  await say('0');
  await expect(botSaid('Suporte: escolha um assunto.')).toHaveCount(2, { timeout: 15_000 });
  await say('1');
  await expect(botSaid('Internet: o que acontece?')).toHaveCount(2, { timeout: 15_000 });
  await say('1');
  await expect(botSaid('Reinicie o roteador.')).toBeVisible({ timeout: 15_000 });
  await snap(page, 'routing-sandbox-menu-light-desktop', pictureOptions);

  // The inbox: the ticket waits in Suporte; its thread marks the bot's messages as automatic.
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  const row = page.getByTestId('ticket-row').filter({ hasText: 'Carla Menu' });
  await expect(row.getByTestId('ticket-queue')).toHaveText('Suporte');
  await row.getByTestId('ticket-row-accept').click();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await expect(page.getByTestId('message-system').first()).toBeVisible();
  await expect(page.getByTestId('message').filter({ hasText: 'Reinicie o roteador.' })).toBeVisible();
  await snap(page, 'routing-thread-light-desktop', pictureOptions);
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('message-system').first()).toBeVisible();
  await snap(page, 'routing-thread-dark-desktop', pictureOptions);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'routing-thread-dark-phone', pictureOptions);
});

import type { Locator, Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { snap } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

// Pictures with the mouse away from the top bar, so no tooltip is left open in them.
const pictureOptions = { mouseAt: { x: 1, y: 400 } };

const rowOf = (page: Page, name: string) => page.locator(`[data-testid="queue-row"][data-name="${name}"]`);
const optionOf = (scope: Page | Locator, title: string) =>
  scope.locator(`[data-testid="queue-option"][data-title="${title}"]`).first();

async function addOption(page: Page, form: { title: string; message: string }) {
  const editor = page.getByTestId('queue-option-form');
  await editor.getByTestId('queue-option-title').fill(form.title);
  await editor.getByTestId('queue-option-message').fill(form.message);
  await editor.getByTestId('queue-option-save').click();
  await expect(optionOf(page, form.title)).toBeVisible();
}

test('an admin creates a queue with hours and a nested menu, edits it, and deletes another', async ({ page }) => {
  // A long walk through two modals and four screen variants; the shared machine can be slow.
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  await logIn(page);
  await page.goto('/queues');
  await expect(page.getByTestId('queues-title')).toHaveText('Filas & Chatbot');
  if (await page.getByTestId('queues-empty').isVisible())
    await snap(page, 'queues-empty-light-desktop', pictureOptions);

  // Add: the spec's validation first, then a valid queue.
  await page.getByTestId('queue-add').click();
  await expect(page.getByTestId('queue-options-save-first')).toBeVisible();
  await page.getByTestId('queue-color').fill('');
  await page.getByTestId('queue-save').click();
  await expect(page.getByTestId('queue-form')).toContainText('Obrigatório');
  await page.getByTestId('queue-name').fill('V');
  await page.getByTestId('queue-color').fill('blue');
  await page.getByTestId('queue-save').click();
  await expect(page.getByTestId('queue-form')).toContainText('Muito curto!');
  await expect(page.getByTestId('queue-form')).toContainText('Use uma cor hexadecimal');
  await page.getByTestId('queue-name').fill('Vendas');
  await page.getByTestId('queue-color-swatch-8b5cf6').click();
  await expect(page.getByTestId('queue-color')).toHaveValue('#8b5cf6');
  await page.getByTestId('queue-order').fill('1');
  await page.getByTestId('queue-greetingMessage').fill('Olá! Bem-vindo ao time de vendas.');
  await page.getByTestId('queue-outOfHoursMessage').fill('Estamos fora do horário.');
  await snap(page, 'queue-modal-data-light-desktop', pictureOptions);

  // Hours: the default week is prefilled; Saturday closes at 13:00 instead of 12:00.
  await page.getByTestId('queue-tab-hours').click();
  const saturday = page.getByTestId('queue-hours-saturday');
  await expect(page.getByTestId('queue-hours-monday-startTime')).toHaveValue('08:00');
  await expect(page.getByTestId('queue-hours-monday-endTime')).toHaveValue('18:00');
  await expect(saturday.getByTestId('queue-hours-saturday-endTime')).toHaveValue('12:00');
  await expect(page.getByTestId('queue-hours-sunday-endTime')).toHaveValue('00:00');
  await expect(page.getByTestId('queue-hours-sunday').getByTestId('queue-hours-closed')).toBeVisible();
  await saturday.getByTestId('queue-hours-saturday-endTime').fill('25:00');
  await page.getByTestId('queue-save').click();
  await expect(saturday).toContainText('Use o formato HH:MM');
  await saturday.getByTestId('queue-hours-saturday-endTime').fill('13:00');
  await snap(page, 'queue-modal-hours-light-desktop', pictureOptions);
  // "Save and add options" (under the options, on a new queue): saved, and the dialog goes on
  // editing it so its chatbot menu can be added at once: two options, one nested under the other.
  await page.getByTestId('queue-tab-data').click();
  await page.getByTestId('queue-save-and-add-options').click();
  await expectToast(page, 'Fila criada.');
  await expect(page.locator('#queue-dialog-title')).toHaveText('Editar fila');
  await expect(page.getByTestId('queue-options-empty')).toBeVisible();
  // Escape cancels the option being added, not the modal.
  await page.getByTestId('queue-option-add').click();
  await page.getByTestId('queue-option-title').press('Escape');
  await expect(page.getByTestId('queue-option-form')).toHaveCount(0);
  await expect(page.getByTestId('queue-form')).toBeVisible();
  await page.getByTestId('queue-option-add').click();
  await expect(page.getByTestId('queue-option-number')).toHaveValue('1');
  await addOption(page, { title: 'Comprar', message: 'Qual produto você procura?' });
  await optionOf(page, 'Comprar').getByTestId('queue-option-add-child').click();
  await addOption(page, { title: 'Segunda via de boleto', message: 'Envie o CPF do titular.' });
  const nested = optionOf(optionOf(page, 'Comprar'), 'Segunda via de boleto');
  await expect(nested.getByTestId('queue-option-path')).toHaveText('1.1');
  // Inline edit of a title; Enter saves the option, not the queue.
  await nested.getByTestId('queue-option-edit').click();
  await page.getByTestId('queue-option-title').fill('Segunda via');
  await page.getByTestId('queue-option-title').press('Enter');
  await expect(optionOf(page, 'Segunda via')).toBeVisible();
  await expect(page.getByTestId('queue-form')).toBeVisible();
  await page.getByTestId('queue-options').scrollIntoViewIfNeeded();
  await snap(page, 'queue-modal-options-light-desktop', pictureOptions);
  await page.getByTestId('queue-close').click();

  const vendas = rowOf(page, 'Vendas');
  await expect(vendas).toContainText('Olá! Bem-vindo ao time de vendas.');
  await expect(vendas.getByTestId('queue-color-swatch')).toHaveCSS('background-color', 'rgb(139, 92, 246)');

  // Edit: the saved hours and menu come back; rename.
  await vendas.getByTestId('queue-edit').click();
  await expect(page.getByTestId('queue-name')).toHaveValue('Vendas');
  await expect(optionOf(page, 'Comprar')).toBeVisible();
  await expect(optionOf(page, 'Segunda via')).toBeVisible();
  await page.getByTestId('queue-tab-hours').click();
  await expect(page.getByTestId('queue-hours-saturday-endTime')).toHaveValue('13:00');
  // Automatic assignment, with the waiting line's message built from the variable chips.
  await page.getByTestId('queue-tab-assignment').click();
  await expect(page.getByTestId('queue-waiting-message')).toHaveCount(0);
  await page.getByTestId('queue-assignment-mode').locator('..').click();
  await page.getByTestId('queue-assignment-mode-balanced').click();
  const waiting = page.getByTestId('queue-waiting-message');
  await waiting.fill('Você é o número ');
  await page.getByTestId('queue-waiting-variable-queuePosition').click();
  await waiting.press('End');
  await waiting.pressSequentially(' da fila; espera de ');
  await page.getByTestId('queue-waiting-variable-estimatedWait').click();
  await expect(waiting).toHaveValue('Você é o número {{queuePosition}} da fila; espera de {{estimatedWait}}');
  await page.getByTestId('queue-waiting-update-max').fill('2');
  await snap(page, 'queue-modal-assignment-light-desktop', pictureOptions);
  await page.getByTestId('queue-tab-data').click();
  await page.getByTestId('queue-name').fill('Vendas Online');
  await page.getByTestId('queue-save').click();
  await expect(page.getByTestId('queue-form')).toHaveCount(0);
  await expect(rowOf(page, 'Vendas Online')).toBeVisible();
  await expect(rowOf(page, 'Vendas')).toHaveCount(0);
  await rowOf(page, 'Vendas Online').getByTestId('queue-edit').click();
  await page.getByTestId('queue-tab-assignment').click();
  await expect(page.getByTestId('queue-waiting-message')).toHaveValue(/\{\{queuePosition\}\} da fila/);
  await expect(page.getByTestId('queue-waiting-update-max')).toHaveValue('2');
  await page.getByTestId('queue-close').click();

  // Another queue, with the same colour first: the server's conflict shows in the form.
  await page.getByTestId('queue-add').click();
  await page.getByTestId('queue-name').fill('Temporária');
  await page.getByTestId('queue-color').fill('#8B5CF6');
  await page.getByTestId('queue-save').click();
  await expect(page.getByTestId('queue-form-error')).toContainText('cor');
  await page.getByTestId('queue-color-swatch-f97316').click();
  // Save on a new queue saves and closes, as everywhere (it used to stay open as "Editar fila").
  await page.getByTestId('queue-save').click();
  await expect(page.getByTestId('queue-form')).toHaveCount(0);
  await expect(rowOf(page, 'Temporária')).toBeVisible();
  await snap(page, 'queues-light-desktop', pictureOptions);

  // Delete asks first; cancelling keeps the queue.
  await rowOf(page, 'Temporária').getByTestId('queue-delete').click();
  await expect(page.getByText('Excluir Temporária?')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(rowOf(page, 'Temporária')).toBeVisible();
  await rowOf(page, 'Temporária').getByTestId('queue-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(rowOf(page, 'Temporária')).toHaveCount(0);
  await expect(rowOf(page, 'Vendas Online')).toBeVisible();

  // Dark theme and a phone-width screen.
  await page.getByTestId('theme-toggle').click();
  await snap(page, 'queues-dark-desktop', pictureOptions);
  await page.setViewportSize(phone);
  await snap(page, 'queues-dark-phone', pictureOptions);
  await rowOf(page, 'Vendas Online').getByTestId('queue-edit').click();
  await expect(optionOf(page, 'Comprar')).toBeVisible();
  await snap(page, 'queue-modal-dark-phone', pictureOptions);
  await page.getByTestId('queue-options').scrollIntoViewIfNeeded();
  await snap(page, 'queue-modal-options-dark-phone', pictureOptions);
  await page.getByTestId('queue-tab-assignment').click();
  await snap(page, 'queue-modal-assignment-dark-phone', pictureOptions);
  await page.getByTestId('queue-tab-hours').click();
  await snap(page, 'queue-modal-hours-dark-phone', pictureOptions);
  await page.keyboard.press('Escape');
  await page.getByTestId('queue-add').click();
  await page.getByTestId('queue-options-save-first').scrollIntoViewIfNeeded();
  await snap(page, 'queue-modal-new-dark-phone', pictureOptions);
  await page.keyboard.press('Escape');
  await page.getByTestId('theme-toggle').click();
  await snap(page, 'queues-light-phone', pictureOptions);
});

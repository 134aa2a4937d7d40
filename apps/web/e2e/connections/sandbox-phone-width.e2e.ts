import type { Page } from '@playwright/test';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap, snapAllThemes } from '../support/screens.ts';

const joana = { number: '5511970001001', name: 'Joana Cliente' };
const lia = { number: '5511970001002', name: 'Lia Cliente' };

async function addAndWrite(page: Page, customer: { number: string; name: string }, lines: string[]) {
  await page.getByTestId('sandbox-add-customer').click();
  await page.getByTestId('sandbox-customer-number').fill(customer.number);
  await page.getByTestId('sandbox-customer-name').fill(customer.name);
  await page.getByTestId('sandbox-customer-save').click();
  const sent = page.getByTestId('sandbox-message-in');
  for (const [index, line] of lines.entries()) {
    await page.getByTestId('sandbox-composer').fill(line);
    await page.getByTestId('sandbox-send').click();
    await expect(sent).toHaveCount(index + 1);
  }
}

/** The page itself never scrolls: the chat scrolls inside it. */
const pageSize = (page: Page) =>
  page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
  }));

test('the sandbox fits a 390 px phone and its unread badges clear when a chat is opened', async ({ page }) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(phone);
  await logIn(page, await createCompanyAdmin(page, 'sandbox-phone'));
  const whatsappId = await createSandboxConnection(page, 'Loja Sandbox Celular');
  const headers = await bearer(page);
  await page.goto(`/sandbox/${whatsappId}`);

  const lines = Array.from({ length: 8 }, (_, index) => `Mensagem ${index + 1}: https://example.com/pedido/${index}`);
  await addAndWrite(page, joana, lines);
  const size = await pageSize(page);
  expect(size.width).toBeLessThanOrEqual(size.viewportWidth);
  expect(size.height).toBeLessThanOrEqual(size.viewportHeight);
  // The composer stays on screen however long the conversation grows.
  await expect(page.getByTestId('sandbox-composer')).toBeInViewport();

  // The company answers Joana while Lia's chat is open: Joana's badge counts it, and opening her chat clears it.
  await page.getByRole('button', { name: 'Voltar aos clientes' }).click();
  await addAndWrite(page, lia, ['Oi, sou a Lia']);
  const ticketId = await ticketIdOf(page, joana.number);
  expect((await page.request.put(`/api/tickets/${ticketId}`, { headers, data: { status: 'open' } })).ok()).toBe(true);
  for (const body of ['Olá Joana!', 'Já vamos ver seu pedido.']) {
    expect((await page.request.post(`/api/messages/${ticketId}`, { headers, data: { body } })).status()).toBe(201);
  }
  await page.getByRole('button', { name: 'Voltar aos clientes' }).click();
  const joanaRow = page.getByTestId('sandbox-customer').filter({ hasText: joana.name });
  const badge = joanaRow.getByTestId('sandbox-unread').locator('.MuiBadge-badge');
  await expect(badge).toHaveText('2', { timeout: 15_000 });
  await joanaRow.click();
  await expect(page.getByTestId('sandbox-message-out').filter({ hasText: 'Já vamos ver' })).toBeVisible();
  await page.getByRole('button', { name: 'Voltar aos clientes' }).click();
  await expect(badge).toBeHidden();
  // Still clear after a reload (kept with the chats in this browser).
  await page.reload();
  await expect(joanaRow).toBeVisible();
  await expect(badge).toBeHidden();

  await joanaRow.click();
  await expect(page.getByTestId('sandbox-message-out').filter({ hasText: 'Já vamos ver' })).toBeVisible();
  await snap(page, 'sandbox-chat-open-light-phone');
  await page.setViewportSize(desktop);
  await snapAllThemes(page, 'sandbox-chat');
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { repoRoot } from '../support/paths.ts';
import { bearer, createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { snap } from '../support/screens.ts';

const ana = { number: '5511970000001', name: 'Ana Cliente' };
const bruno = { number: '5511970000002', name: 'Bruno Cliente' };

/** Adds a simulated customer on the sandbox page and writes to the company as them. */
async function writeAs(page: Page, customer: { number: string; name: string }, text: string) {
  await page.getByTestId('sandbox-add-customer').click();
  await page.getByTestId('sandbox-customer-number').fill(customer.number);
  await page.getByTestId('sandbox-customer-name').fill(customer.name);
  await page.getByTestId('sandbox-customer-save').click();
  await expect(page.getByTestId('sandbox-chat-name')).toHaveText(customer.name);
  await page.getByTestId('sandbox-composer').fill(text);
  await page.getByTestId('sandbox-send').click();
  await expect(page.getByTestId('sandbox-message-in').filter({ hasText: text })).toBeVisible();
}

const openChat = async (page: Page, customer: { name: string }) => {
  const isPhone = (page.viewportSize()?.width ?? 1366) < 900;
  if (isPhone && (await page.getByTestId('sandbox-chat').isVisible())) {
    await page.getByRole('button', { name: 'Voltar aos clientes' }).click();
  }
  await page.getByTestId('sandbox-customer').filter({ hasText: customer.name }).click();
  await expect(page.getByTestId('sandbox-chat-name')).toHaveText(customer.name);
};

test('two simulated customers chat with the company; replies, a voice note and read receipts reach the right one', async ({
  page,
}) => {
  test.setTimeout(paced(150_000));
  const account = await createCompanyAdmin(page, 'sandbox');
  await logIn(page, account);
  const whatsappId = await createSandboxConnection(page, 'Loja Sandbox');
  const headers = await bearer(page);

  // A customer played elsewhere (another browser, straight through the API) is listed here too.
  const carla = { number: '5511970000003', name: 'Carla de Outra Aba' };
  const inbound = await page.request.post(`/api/sandbox/${whatsappId}/inbound`, {
    headers,
    data: { from: carla.number, name: carla.name, body: 'Oi, escrevi de outro navegador' },
  });
  expect(inbound.ok()).toBe(true);
  await ticketIdOf(page, carla.number);

  await page.goto(`/sandbox/${whatsappId}`);
  await expect(page.getByTestId('sandbox-customer').filter({ hasText: carla.name })).toBeVisible();
  await writeAs(page, ana, 'Oi, sou a Ana');
  await writeAs(page, bruno, 'Oi, aqui é o Bruno');
  const anaTicket = await ticketIdOf(page, ana.number);
  const brunoTicket = await ticketIdOf(page, bruno.number);
  expect(anaTicket).not.toBe(brunoTicket);

  // Nobody opened the conversations yet: no read receipt.
  await openChat(page, ana);
  await expect(page.getByTestId('sandbox-receipt-none')).toBeVisible();

  // Attendants accept both tickets and answer each; Ana also gets a voice note recorded in Chromium.
  for (const [ticketId, body] of [
    [anaTicket, 'Olá Ana, já vamos ajudar.'],
    [brunoTicket, 'Olá Bruno, um momento.'],
  ] as const) {
    expect((await page.request.put(`/api/tickets/${ticketId}`, { headers, data: { status: 'open' } })).ok()).toBe(true);
    expect((await page.request.post(`/api/messages/${ticketId}`, { headers, data: { body } })).status()).toBe(201);
  }
  const recording = readFileSync(path.join(repoRoot, 'apps/server/test/fixtures/voice-note-chromium.webm'));
  const voice = await page.request.post(`/api/messages/${anaTicket}`, {
    headers,
    multipart: {
      body: '',
      isVoiceNote: 'true',
      medias: { name: 'audio-1.webm', mimeType: 'audio/webm', buffer: recording },
    },
  });
  expect(voice.status()).toBe(201);
  // Opening Ana's conversation sends her read receipts (the web app does this on open).
  expect((await page.request.post(`/api/tickets/${anaTicket}/read`, { headers })).ok()).toBe(true);

  // Ana's chat: her reply, the voice note, blue ticks on her message; nothing of Bruno's.
  const messages = page.getByTestId('sandbox-messages');
  await expect(page.getByTestId('sandbox-message-out').filter({ hasText: 'Olá Ana' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('sandbox-voice-note')).toBeVisible();
  await expect(page.getByTestId('sandbox-receipt-read')).toBeVisible({ timeout: 15_000 });
  await expect(messages).not.toContainText('Bruno');
  await snap(page, 'sandbox-two-customers-light-desktop');

  // Bruno's chat: his reply only, and his message is still unread by the company.
  await openChat(page, bruno);
  await expect(page.getByTestId('sandbox-message-out').filter({ hasText: 'Olá Bruno' })).toBeVisible();
  await expect(messages).not.toContainText('Ana');
  await expect(page.getByTestId('sandbox-voice-note')).toHaveCount(0);
  await expect(page.getByTestId('sandbox-receipt-none')).toBeVisible();
  await expect(page.getByTestId('sandbox-receipt-read')).toHaveCount(0);

  // After a reload (the outbox is read from the stored messages) and in dark and phone width.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await openChat(page, ana);
  await expect(page.getByTestId('sandbox-voice-note')).toBeVisible();
  await expect(page.getByTestId('sandbox-receipt-read')).toBeVisible({ timeout: 15_000 });
  await snap(page, 'sandbox-two-customers-dark-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'sandbox-voice-note-dark-phone');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.reload();
  await openChat(page, ana);
  await snap(page, 'sandbox-voice-note-light-phone');
});

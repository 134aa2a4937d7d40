import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap } from '../support/screens.ts';

const LIA = { number: '5511970004444', name: 'Lia Cliente' };

interface ThreadMessage {
  id: number;
  body: string;
  fromMe: boolean;
  isEdited: boolean;
  isDeleted: boolean;
  editHistory: { body: string }[];
  reactions: { emoji: string; fromMe: boolean }[];
}

const lineIn = (page: Page, text: string) => page.getByTestId('sandbox-message-in').filter({ hasText: text });
const lineOut = (page: Page, text: string) => page.getByTestId('sandbox-message-out').filter({ hasText: text });

/** Issue 49 on the sandbox page: the tester edits, deletes and reacts as the customer, and sees the company's. */
test('on the sandbox page the customer edits, deletes for everyone and reacts; the attendant edit and reaction show up', async ({
  page,
}) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'sandbox-edits'));
  const whatsappId = await createSandboxConnection(page, 'Loja Bolos');
  const api = await apiOf(page);
  const headers = await bearer(page);
  const thread = async (ticketId: number) =>
    (await api.get<{ messages: ThreadMessage[] }>(`/api/messages/${ticketId}`)).messages;

  await page.goto(`/sandbox/${whatsappId}`);
  await page.getByTestId('sandbox-add-customer').click();
  await page.getByTestId('sandbox-customer-number').fill(LIA.number);
  await page.getByTestId('sandbox-customer-name').fill(LIA.name);
  await page.getByTestId('sandbox-customer-save').click();
  for (const text of ['Quero um bolo', 'Mensagem errada']) {
    await page.getByTestId('sandbox-composer').fill(text);
    await page.getByTestId('sandbox-send').click();
    await expect(lineIn(page, text)).toBeVisible();
  }
  const ticketId = await ticketIdOf(page, LIA.number);
  expect((await page.request.put(`/api/tickets/${ticketId}`, { headers, data: { status: 'open' } })).ok()).toBe(true);
  const question = await api.post<{ id: number }>(`/api/messages/${ticketId}`, { body: 'Qual sabor?' });
  await expect(lineOut(page, 'Qual sabor?')).toBeVisible();

  // The customer edits their message: the phone shows it edited, the company keeps the first text.
  await lineIn(page, 'Quero um bolo').getByTestId('sandbox-message-menu').click();
  await page.getByTestId('sandbox-edit').click();
  await expect(page.getByTestId('edit-message-input')).toHaveValue('Quero um bolo');
  await page.getByTestId('edit-message-input').fill('Quero dois bolos');
  await page.getByTestId('edit-message-save').click();
  await expect(lineIn(page, 'Quero dois bolos').getByTestId('sandbox-edited')).toBeVisible();
  await expect
    .poll(async () => (await thread(ticketId)).find((message) => message.body === 'Quero dois bolos')?.editHistory)
    .toEqual([expect.objectContaining({ body: 'Quero um bolo' })]);

  // Deletes one for everyone.
  await lineIn(page, 'Mensagem errada').getByTestId('sandbox-message-menu').click();
  await page.getByTestId('sandbox-revoke').click();
  await page.getByTestId('confirm-accept').click();
  await expect(lineIn(page, 'Mensagem errada')).toHaveCount(0);
  await expect(page.getByTestId('sandbox-message-in').last()).toContainText('Esta mensagem foi apagada');
  await expect.poll(async () => (await thread(ticketId)).filter((message) => message.isDeleted).length).toBe(1);

  // Reacts to the company's question, from the quick bar.
  await lineOut(page, 'Qual sabor?').getByTestId('sandbox-message-menu').click();
  await page.getByTestId('sandbox-react').click();
  await page.locator('[data-testid="reaction-option"][data-emoji="😂"]').click();
  await expect(lineOut(page, 'Qual sabor?').getByTestId('sandbox-reaction-customer')).toHaveAttribute(
    'data-emoji',
    '😂',
  );
  await expect
    .poll(async () => (await thread(ticketId)).find((message) => message.id === question.id)?.reactions)
    .toEqual([expect.objectContaining({ emoji: '😂', fromMe: false })]);

  // The attendant reacts to the customer's message and edits their question: the phone shows both.
  const wish = (await thread(ticketId)).find((message) => message.body === 'Quero dois bolos');
  await api.post(`/api/messages/${wish?.id}/reactions`, { emoji: '🙏' });
  await expect(lineIn(page, 'Quero dois bolos').getByTestId('sandbox-reaction-company')).toHaveAttribute(
    'data-emoji',
    '🙏',
  );
  const edit = await page.request.put(`/api/messages/${question.id}`, {
    headers,
    data: { body: 'Qual sabor você prefere?' },
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  await expect(lineOut(page, 'Qual sabor você prefere?').getByTestId('sandbox-edited')).toBeVisible();
  await snap(page, 'sandbox-edits-light-desktop', { mouseAt: { x: 10, y: 10 } });

  // Removing the customer's reaction: a click on their chip.
  await lineOut(page, 'Qual sabor você prefere?').getByTestId('sandbox-reaction-customer').click();
  await expect(lineOut(page, 'Qual sabor você prefere?').getByTestId('sandbox-reaction-customer')).toHaveCount(0);
  await expect
    .poll(async () => (await thread(ticketId)).find((message) => message.id === question.id)?.reactions.length)
    .toBe(0);

  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await page.getByTestId('sandbox-customer').filter({ hasText: LIA.name }).click();
  await expect(lineIn(page, 'Quero dois bolos').getByTestId('sandbox-reaction-company')).toBeVisible();
  await snap(page, 'sandbox-edits-dark-desktop', { mouseAt: { x: 10, y: 10 } });
  await page.setViewportSize(phone);
  await snap(page, 'sandbox-edits-dark-phone', { mouseAt: { x: 10, y: 10 } });
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer } from '../support/sandbox.ts';
import { desktop, phone, snap } from '../support/screens.ts';

/**
 * Issue 49: edits, deletes for everyone and reactions, both ways. The sandbox plays the customer
 * (its edit, revoke and react routes); the attendant edits and reacts through the thread.
 */

const MARIA = '5511966661111';
const JOAO = '5511966662222';

interface OutboxEntry {
  id: string;
  body: string;
  edited: boolean;
}

/** A company with a paired sandbox connection, as its admin (logged in on `page`). */
async function companyWithSandbox(page: Page, label: string) {
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, label));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: `Loja ${label}`, provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  const put = async (path: string, data: unknown) => {
    const answer = await page.request.put(path, { headers: await bearer(page), data });
    expect(answer.ok(), `${path} → ${answer.status()} ${await answer.text()}`).toBe(true);
  };
  const sandbox = (route: string, data: unknown) => api.post(`/api/sandbox/${connection.id}/${route}`, data);
  return { api, put, sandbox, connectionId: connection.id };
}

/** The newest ticket of a customer once intake made it: its id and the uuid of its page. */
async function ticketOf(page: Page, number: string) {
  const api = await apiOf(page);
  let ticket = { id: 0, uuid: '' };
  await expect
    .poll(async () => {
      const { tickets } = await api.get<{ tickets: { id: number; uuid: string; contact: { number: string } }[] }>(
        '/api/tickets?status=pending&showAll=true',
      );
      ticket = tickets.find((item) => item.contact.number === number) ?? ticket;
      return ticket.id;
    })
    .toBeGreaterThan(0);
  return ticket;
}

const bubbleWith = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

async function openTicket(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`);
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await expect(page.getByTestId('message').first()).toBeVisible();
  await realtimeConnected(page);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
  await page.reload();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await expect(page.getByTestId('message').first()).toBeVisible();
  await realtimeConnected(page);
}

test("the customer edits, deletes and reacts: every open view follows at once; admins read the deleted original, attendants don't", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(240_000));
  const { api, put, sandbox, connectionId } = await companyWithSandbox(page, 'customer-edits');
  const bia = { email: `bia-${Date.now()}@example.com`, password: 'secret1' };
  const biaUser = await api.post<{ id: number }>('/api/users', { name: 'Bia', ...bia, profile: 'user', queueIds: [] });

  await sandbox('inbound', { from: MARIA, name: 'Maria Cliente', body: 'Quero 2 caixas', id: 'MARIA-1' });
  await sandbox('inbound', { from: MARIA, body: 'Meu cartão termina em 4321', id: 'MARIA-2' });
  const ticket = await ticketOf(page, MARIA);
  // Bia attends the ticket; the admin watches it too.
  await put(`/api/tickets/${ticket.id}`, { status: 'open', userId: biaUser.id });

  const biaContext = await browser.newContext({ baseURL, viewport: desktop });
  const biaPage = await biaContext.newPage();
  await logIn(biaPage, bia);
  await openTicket(biaPage, ticket.uuid);
  await openTicket(page, ticket.uuid);
  await biaPage.getByTestId('composer-input').fill('Vou verificar o pedido');
  await biaPage.getByTestId('composer-input').press('Enter');
  await expect(bubbleWith(page, 'Vou verificar o pedido')).toBeVisible();

  // An edit: the new text with the mark, in both views; the history keeps the first text.
  await sandbox('edit', { from: MARIA, id: 'MARIA-1', body: 'Quero 3 caixas' });
  for (const view of [page, biaPage]) {
    const edited = bubbleWith(view, 'Quero 3 caixas');
    await expect(edited.getByTestId('message-edited')).toBeVisible();
    await expect(bubbleWith(view, 'Quero 2 caixas')).toHaveCount(0);
  }
  await bubbleWith(page, 'Quero 3 caixas').getByTestId('message-edited').click();
  const history = page.getByTestId('edit-history');
  await expect(history.getByTestId('edit-history-version')).toHaveCount(2);
  await expect(history.getByTestId('edit-history-version').first()).toContainText('Quero 2 caixas');
  await expect(history.locator('[data-current="true"]')).toContainText('Quero 3 caixas');
  await snap(page, 'edits-history-light-desktop', { mouseAt: { x: 10, y: 10 } });
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // A delete for everyone: the admin reads the original greyed out, Bia only that it was deleted.
  await sandbox('revoke', { from: MARIA, id: 'MARIA-2' });
  const adminDeleted = page.getByTestId('message-deleted');
  await expect(adminDeleted).toContainText('O cliente apagou esta mensagem');
  await expect(adminDeleted.getByTestId('message-deleted-original')).toContainText('Meu cartão termina em 4321');
  const biaDeleted = biaPage.getByTestId('message-deleted');
  await expect(biaDeleted).toContainText('O cliente apagou esta mensagem');
  await expect(biaDeleted).toHaveAttribute('data-original', 'false');
  await expect(biaPage.getByTestId('thread').getByText('Meu cartão termina em 4321')).toHaveCount(0);
  // The same after a reload: the thread page hides it as the event did.
  await biaPage.reload();
  await expect(biaPage.getByTestId('message-deleted')).toHaveAttribute('data-original', 'false');
  await expect(biaPage.getByTestId('thread').getByText('Meu cartão termina em 4321')).toHaveCount(0);
  await realtimeConnected(biaPage);

  // A reaction to Bia's message: a chip naming Maria; a changed one replaces it; a removed one goes.
  const outbox = await api.get<OutboxEntry[]>(`/api/sandbox/${connectionId}/outbox?to=${MARIA}`);
  const biaMessage = outbox.find((entry) => entry.body.includes('Vou verificar o pedido'));
  expect(biaMessage).toBeTruthy();
  await sandbox('react', { from: MARIA, id: biaMessage?.id, emoji: '❤️' });
  for (const view of [page, biaPage]) {
    const chip = bubbleWith(view, 'Vou verificar o pedido').getByTestId('reaction-chip');
    await expect(chip).toHaveAttribute('data-emoji', '❤️');
    await expect(chip).toHaveAttribute('aria-label', /Maria Cliente/);
  }
  await snap(page, 'edits-customer-light-desktop', { mouseAt: { x: 10, y: 10 } });
  await snap(biaPage, 'edits-customer-attendant-light-desktop', { mouseAt: { x: 10, y: 10 } });
  await sandbox('react', { from: MARIA, id: biaMessage?.id, emoji: '😂' });
  for (const view of [page, biaPage]) {
    const chips = bubbleWith(view, 'Vou verificar o pedido').getByTestId('reaction-chip');
    await expect(chips).toHaveCount(1);
    await expect(chips).toHaveAttribute('data-emoji', '😂');
  }

  // Dark and phone width, with the chip still there.
  await setTheme(page, 'dark');
  await snap(page, 'edits-customer-dark-desktop', { mouseAt: { x: 10, y: 10 } });
  await page.setViewportSize(phone);
  await snap(page, 'edits-customer-dark-phone', { mouseAt: { x: 10, y: 10 } });
  await setTheme(page, 'light');
  await snap(page, 'edits-customer-light-phone', { mouseAt: { x: 10, y: 10 } });
  await page.setViewportSize(desktop);

  await sandbox('react', { from: MARIA, id: biaMessage?.id, emoji: '' });
  for (const view of [page, biaPage]) {
    await expect(bubbleWith(view, 'Vou verificar o pedido').getByTestId('reaction-chip')).toHaveCount(0);
  }

  // Settings → Options: nobody reads deleted originals any more, not even the admin.
  await page.goto('/settings');
  await expect(page.getByTestId('setting-deletedMessagesVisibleTo')).toHaveText('Administradores e supervisores');
  await page.getByTestId('setting-deletedMessagesVisibleTo').click();
  await page.getByTestId('setting-deletedMessagesVisibleTo-nobody').click();
  await expect(page.getByText('Configuração salva com sucesso.')).toBeVisible();
  await openTicket(page, ticket.uuid);
  await expect(page.getByTestId('message-deleted')).toHaveAttribute('data-original', 'false');
  await expect(page.getByTestId('thread').getByText('Meu cartão termina em 4321')).toHaveCount(0);
  await biaContext.close();
});

test('the attendant reacts from the most used emojis, changes and removes the reaction, and edits their own message', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  const { api, put, sandbox, connectionId } = await companyWithSandbox(page, 'attendant-edits');
  const me = await api.get<{ id: number }>('/api/auth/me');
  await sandbox('inbound', { from: JOAO, name: 'João Cliente', body: 'Bom dia! Chegou meu pedido', id: 'JOAO-1' });
  const ticket = await ticketOf(page, JOAO);
  await put(`/api/tickets/${ticket.id}`, { status: 'open', userId: me.id });
  await openTicket(page, ticket.uuid);
  const companyReactions = () =>
    api.get<{ id: string; emoji: string }[]>(`/api/sandbox/${connectionId}/reactions?to=${JOAO}`);

  // The reaction bar starts with WhatsApp's six.
  const customerBubble = bubbleWith(page, 'Chegou meu pedido');
  await customerBubble.hover();
  await customerBubble.getByTestId('message-react-button').click();
  const options = page.getByTestId('reaction-option');
  await expect(options).toHaveCount(6);
  expect(await options.evaluateAll((items) => items.map((item) => item.getAttribute('data-emoji')))).toEqual([
    '👍',
    '❤️',
    '😂',
    '😮',
    '😢',
    '🙏',
  ]);
  await snap(page, 'reactions-bar-light-desktop');
  await page.locator('[data-testid="reaction-option"][data-emoji="👍"]').click();
  const ourChip = customerBubble.locator('[data-testid="reaction-chip"][data-ours="true"]');
  await expect(ourChip).toHaveAttribute('data-emoji', '👍');
  await expect.poll(async () => (await companyReactions()).map((item) => item.emoji)).toEqual(['👍']);

  // Another emoji replaces it; the one in use is marked in the bar.
  await customerBubble.hover();
  await customerBubble.getByTestId('message-menu').click();
  await page.getByTestId('message-react').click();
  await expect(page.locator('[data-testid="reaction-option"][data-emoji="👍"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.locator('[data-testid="reaction-option"][data-emoji="❤️"]').click();
  await expect(ourChip).toHaveAttribute('data-emoji', '❤️');
  await expect(customerBubble.getByTestId('reaction-chip')).toHaveCount(1);
  await expect.poll(async () => (await companyReactions()).map((item) => item.emoji)).toEqual(['❤️']);

  // Clicking our own chip removes it.
  await ourChip.click();
  await expect(customerBubble.getByTestId('reaction-chip')).toHaveCount(0);
  await expect.poll(async () => (await companyReactions()).length).toBe(0);

  // The most used come first next time; "more" opens the whole picker; choosing it again removes it.
  await customerBubble.hover();
  await customerBubble.getByTestId('message-react-button').click();
  await expect(options.first()).toHaveAttribute('data-emoji', '❤️');
  await expect(options.nth(1)).toHaveAttribute('data-emoji', '👍');
  await page.getByTestId('reaction-more').click();
  const picker = page.locator('em-emoji-picker');
  await expect(picker).toBeVisible({ timeout: paced(15_000) });
  await picker.locator('input[type="search"]').fill('party');
  await picker.locator('button[aria-label="🎉"]').first().click();
  await expect(ourChip).toHaveAttribute('data-emoji', '🎉');
  await customerBubble.hover();
  await customerBubble.getByTestId('message-react-button').click();
  await page.locator('[data-testid="reaction-option"][data-emoji="🎉"]').click();
  await expect(customerBubble.getByTestId('reaction-chip')).toHaveCount(0);

  // Editing our own message: the new text reaches the customer; the bubble shows the mark and history.
  const input = page.getByTestId('composer-input');
  await input.fill('Seu pedido sai amanha');
  await input.press('Enter');
  const ours = bubbleWith(page, 'Seu pedido sai amanha');
  await expect(ours.getByTestId('message-ack')).not.toHaveAttribute('data-ack', 'pending');
  await ours.hover();
  await ours.getByTestId('message-menu').click();
  await expect(page.getByTestId('message-edit')).toBeVisible();
  await page.getByTestId('message-edit').click();
  const editInput = page.getByTestId('edit-message-input');
  await expect(editInput).toHaveValue('Seu pedido sai amanha');
  await editInput.fill('Seu pedido sai amanhã cedo');
  await snap(page, 'edits-dialog-light-desktop');
  await page.getByTestId('edit-message-save').click();
  await expect(page.getByTestId('edit-message-form')).toBeHidden();
  const edited = bubbleWith(page, 'Seu pedido sai amanhã cedo');
  await expect(edited.getByTestId('message-edited')).toBeVisible();
  await expect
    .poll(async () => {
      const outbox = await api.get<OutboxEntry[]>(`/api/sandbox/${connectionId}/outbox?to=${JOAO}`);
      return outbox.find((entry) => entry.edited)?.body;
    })
    .toContain('Seu pedido sai amanhã cedo');
  await edited.getByTestId('message-edited').click();
  await expect(page.getByTestId('edit-history-version').first()).toContainText('Seu pedido sai amanha');
  await page.keyboard.press('Escape');

  // The customer's message cannot be edited by us; phone width and dark.
  await customerBubble.hover();
  await customerBubble.getByTestId('message-menu').click();
  await expect(page.getByTestId('message-react')).toBeVisible();
  await expect(page.getByTestId('message-edit')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.setViewportSize(phone);
  // The narrow layout mounts the conversation again: a menu opened meanwhile closes with it.
  await expect(page.getByRole('tab', { name: 'Conversa' })).toBeVisible();
  await expect(customerBubble).toBeVisible();
  await expect(async () => {
    await customerBubble.getByTestId('message-menu').click({ force: true });
    await page.getByTestId('message-react').click({ timeout: 2_000 });
    await expect(page.getByTestId('reaction-picker')).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await snap(page, 'reactions-bar-light-phone');
  await page.keyboard.press('Escape');
  await setTheme(page, 'dark');
  await edited.getByTestId('message-edited').click();
  await snap(page, 'edits-history-dark-phone');
  await page.keyboard.press('Escape');
  await page.setViewportSize(desktop);
  await customerBubble.hover();
  await customerBubble.getByTestId('message-react-button').click();
  await snap(page, 'reactions-bar-dark-desktop');
  await page.keyboard.press('Escape');

  // An edit that cannot reach WhatsApp (the phone went offline): the dialog says why, the bubble
  // keeps the old text and is marked for every view.
  await input.fill('Chega às 10h');
  await input.press('Enter');
  const second = bubbleWith(page, 'Chega às 10h');
  await expect(second.getByTestId('message-ack')).not.toHaveAttribute('data-ack', 'pending');
  await api.post(`/api/sandbox/${connectionId}/disconnect`);
  await second.hover();
  await second.getByTestId('message-menu').click();
  await page.getByTestId('message-edit').click();
  await page.getByTestId('edit-message-input').fill('Chega às 11h');
  await page.getByTestId('edit-message-save').click();
  await expect(page.getByTestId('edit-message-error')).toBeVisible();
  await page.getByTestId('edit-message-cancel').click();
  await expect(second.getByTestId('message-edit-failed')).toBeVisible();
  await expect(second.getByTestId('message-body')).toContainText('Chega às 10h');
  await snap(page, 'edits-failed-dark-desktop', { mouseAt: { x: 10, y: 10 } });

  // Past WhatsApp's 15 minutes the Edit item is gone (the clock is moved, the menu checks as it opens).
  await page.clock.setFixedTime(new Date(Date.now() + 16 * 60_000));
  await edited.hover();
  await edited.getByTestId('message-menu').click();
  await expect(page.getByTestId('message-react')).toBeVisible();
  await expect(page.getByTestId('message-edit')).toHaveCount(0);
  await page.keyboard.press('Escape');
});

import type { Page, Route } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap, snapAllThemes } from '../support/screens.ts';

const badge = (page: Page) => page.getByTestId('chats-badge');

/**
 * Issue 16: two attendants of one company chat live in two browsers; the top bar badge and popover
 * follow; the phone layout shows the list and the conversation as two tabs.
 */
test('two users chat live; the badge, the popover and the phone tabs follow', async ({ page, browser, baseURL }) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  const admin = await createCompanyAdmin(page, 'chat');
  await logIn(page, admin);
  const api = await apiOf(page);
  const bia = { email: `bia-chat-${Date.now()}@example.com`, password: 'secret1' };
  await api.post('/api/users', { name: 'Bia Souza', ...bia, profile: 'user', queueIds: [] });

  const biaContext = await browser.newContext({ baseURL, locale: 'pt-BR', viewport: desktop });
  const biaPage = await biaContext.newPage();
  await logIn(biaPage, bia);
  await expect(biaPage.getByTestId('chats-button')).toBeVisible();
  await expect(badge(biaPage)).toHaveClass(/MuiBadge-invisible/);

  // The admin opens the empty screen and creates a chat; the dialog explains what is missing.
  await page.goto('/chats');
  await expect(page.getByTestId('chat-list-empty')).toBeVisible();
  await page.getByTestId('chat-add').click();
  await page.getByTestId('chat-save').click();
  await expect(page.getByText('O título é obrigatório.')).toBeVisible();
  await expect(page.getByText('Escolha pelo menos um usuário.')).toBeVisible();
  await snap(page, 'chat-dialog-errors-light-desktop');
  await page.getByTestId('chat-title').fill('Turno da noite');
  await page.getByTestId('chat-users').click();
  await page.getByRole('option', { name: 'Bia Souza' }).click();
  await page.getByTestId('chat-save').click();
  await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('chat-open-title')).toHaveText('Turno da noite');
  await expect(page.getByTestId('chat-messages-empty')).toBeVisible();

  // Enter sends; Bia's badge counts it without a reload.
  await page.getByTestId('chat-composer').fill('Olá, Bia! Pode cobrir a fila de suporte?');
  await page.getByTestId('chat-composer').press('Enter');
  await expect(page.getByTestId('chat-message').last()).toHaveAttribute('data-mine', 'true');
  await expect(page.getByTestId('chat-composer')).toHaveValue('');
  await expect(badge(biaPage)).toHaveText('1');

  // Her reads are held until she has left the chat and a new message has come: one that lands
  // late must not count that message read.
  const heldReads: Route[] = [];
  await biaPage.route('**/api/chats/*/read', (route) => {
    heldReads.push(route);
  });

  // Her popover lists the chat; a click opens it and reading clears the badge.
  await biaPage.getByTestId('chats-button').click();
  await expect(biaPage.getByTestId('chats-popover-item')).toContainText('Turno da noite');
  await expect(biaPage.getByTestId('chats-popover-item')).toContainText('Pode cobrir');
  await snap(biaPage, 'chats-popover-light-desktop');
  await biaPage.getByTestId('chats-popover-item').click();
  await expect(biaPage).toHaveURL(page.url());
  const received = biaPage.getByTestId('chat-message').last();
  await expect(received).toHaveAttribute('data-mine', 'false');
  await expect(received).toContainText('Olá, Bia!');
  await expect(received).toContainText('chat');
  await expect(badge(biaPage)).toHaveClass(/MuiBadge-invisible/);

  // Shift+Enter makes a new line; Enter sends; the admin sees it live on the left.
  const composer = biaPage.getByTestId('chat-composer');
  await composer.fill('Claro!');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Chego em 5 minutos.');
  await composer.press('Enter');
  const reply = page.getByTestId('chat-message').last();
  await expect(reply).toHaveAttribute('data-mine', 'false');
  await expect(reply.getByTestId('chat-message-text')).toHaveText('Claro!\nChego em 5 minutos.');
  await expect(reply).toContainText('Bia Souza');
  // The admin is reading the chat: no badge for a message already on screen.
  await expect(badge(page)).toHaveClass(/MuiBadge-invisible/);

  // The sender edits within 15 minutes; everyone sees it marked as edited.
  await biaPage.getByTestId('chat-message').last().hover();
  await biaPage.getByRole('button', { name: 'Editar mensagem' }).last().click();
  await composer.fill('Claro! Chego em 10 minutos.');
  await composer.press('Enter');
  await expect(reply.getByTestId('chat-message-text')).toHaveText('Claro! Chego em 10 minutos.');
  await expect(reply.getByTestId('chat-message-edited')).toBeVisible();

  // Away from the chat, a new message counts in Bia's badge and list (in-app navigation: the
  // socket stays connected).
  await biaPage.getByTestId('menu-tickets').click();
  await expect(biaPage).toHaveURL(/\/tickets$/);
  await page.getByTestId('chat-composer').fill('Obrigado!');
  await page.getByTestId('chat-composer').press('Enter');
  // The server has not heard her reads yet: the first message and this one.
  await expect(badge(biaPage)).toHaveText('2');
  expect(heldReads.length).toBeGreaterThan(0);
  await Promise.all(heldReads.map((route) => route.continue()));
  await biaPage.unroute('**/api/chats/*/read');
  await Promise.all(heldReads.map((route) => route.request().response()));
  // They read up to what was on her screen then: the new message stays unread.
  await expect(badge(biaPage)).toHaveText('1');

  // Phone width: two tabs, the list first, the conversation after picking a chat.
  await biaPage.setViewportSize(phone);
  await biaPage.getByTestId('chats-button').click();
  await biaPage.getByTestId('chats-popover-all').click();
  await expect(biaPage).toHaveURL(/\/chats$/);
  await expect(biaPage.getByTestId('chats-tab-list')).toBeVisible();
  await expect(biaPage.getByTestId('chat-item')).toContainText('Obrigado!');
  await expect(biaPage.getByTestId('chat-item-unreads')).toHaveText('1');
  await snap(biaPage, 'chats-list-light-phone');
  await biaPage.getByTestId('chat-item').click();
  await expect(biaPage.getByTestId('chat-conversation')).toBeVisible();
  await expect(biaPage.getByTestId('chat-list')).toBeHidden();
  await expect(biaPage.getByTestId('chats-tab-messages')).toHaveAttribute('aria-selected', 'true');
  await expect(badge(biaPage)).toHaveClass(/MuiBadge-invisible/);
  await snap(biaPage, 'chats-conversation-light-phone');
  await biaPage.getByTestId('chats-tab-list').click();
  await expect(biaPage.getByTestId('chat-list')).toBeVisible();

  // A ticket link becomes a card: the admin may open the ticket; Bia, outside its queue, may not.
  const chatUrl = page.url();
  const connectionId = await createSandboxConnection(page, 'Loja Chat');
  const sales = await api.post<{ id: number }>('/api/queue', { name: 'Vendas', color: '#0f766e' });
  await api.post(`/api/sandbox/${connectionId}/inbound`, { from: '5511977770001', name: 'Maria Cliente', body: 'Oi' });
  const ticketId = await ticketIdOf(page, '5511977770001');
  const moved = await page.request.put(`/api/tickets/${ticketId}`, {
    headers: await bearer(page),
    data: { queueId: sales.id },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const ticket = await api.get<{ uuid: string }>(`/api/tickets/${ticketId}`);
  await page.getByTestId('chat-composer').fill(`Bia, veja este: ${baseURL}/tickets/${ticket.uuid}`);
  await page.getByTestId('chat-composer').press('Enter');
  const adminCard = page.getByTestId('chat-ticket-card').last();
  await expect(adminCard).toHaveAttribute('data-available', 'true');
  await expect(adminCard).toContainText('Maria Cliente');
  const biaCard = biaPage.getByTestId('chat-ticket-card').last();
  await expect(biaCard).toHaveAttribute('data-available', 'false');
  await expect(biaCard).toHaveText('Ticket indisponível para você');
  await expect(biaCard.locator('a')).toHaveCount(0);
  await adminCard.click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await page.goto(chatUrl);

  // Only the owner may edit or delete the chat.
  await biaPage.getByTestId('chat-item').click();
  await expect(biaPage.getByTestId('chat-edit')).toHaveCount(0);
  await expect(page.getByTestId('chat-edit')).toBeVisible();

  await snapAllThemes(page, 'chats');

  // Older messages load as the reader scrolls near the top (20 a page).
  const { records } = await api.get<{ records: { id: number; title: string }[] }>('/api/chats');
  const chatId = records.find((chat) => chat.title === 'Turno da noite')?.id;
  for (let i = 1; i <= 45; i++) await api.post(`/api/chats/${chatId}/messages`, { message: `Mensagem ${i}` });
  await page.goto(chatUrl);
  await expect(page.getByTestId('chat-message').last()).toContainText('Mensagem 45');
  const first = page.getByTestId('chat-message').filter({ hasText: 'Pode cobrir a fila' });
  await expect(first).toHaveCount(0);
  await expect
    .poll(async () => {
      await page.getByTestId('chat-messages').evaluate((box) => box.scrollTo({ top: 0 }));
      return first.count();
    })
    .toBe(1);
  await expect(page.getByTestId('chat-message')).toHaveCount(49);
  await biaContext.close();
});

import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';

/** A 1×1 PNG (red), enough for the image paths; larger pixels are not needed for the thread. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const CUSTOMER = '5511977776666';

interface OutboxEntry {
  id: string;
  body: string;
  media: { filename: string; mimetype: string } | null;
}

const rowOf = (page: Page, name: string) => page.getByTestId('ticket-row').filter({ hasText: name });

/**
 * Issue 5's required flow, with the sandbox playing the customer: the ticket arrives live, is
 * accepted and answered (text, emoji, image), read ticks turn blue, it is transferred to another
 * queue where a second attendant takes it and closes it, and the customer's next message opens a
 * new pending ticket in the list.
 */
test('a customer writes, the attendant answers, transfers; a second attendant closes; the next message is a new ticket', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(300_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'journey'));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Conversa', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  await api.post('/api/queue', { name: 'Vendas', color: '#0f766e' });
  const support = await api.post<{ id: number }>('/api/queue', { name: 'Suporte', color: '#7c3aed' });
  // Bia works in Suporte, without allTicket: she sees only what reaches her queue.
  const bia = { email: `bia-${Date.now()}@example.com`, password: 'secret1' };
  await api.post('/api/users', { name: 'Bia', ...bia, profile: 'user', queueIds: [support.id] });
  const inbound = (body: object) =>
    api.post(`/api/sandbox/${connection.id}/inbound`, { from: CUSTOMER, name: 'Maria Cliente', ...body });

  // The attendant watches the pending list; the customer writes; the ticket appears without a reload.
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  await expect(page.getByTestId('tickets-loading')).toHaveCount(0);
  await realtimeConnected(page);
  await inbound({ body: 'Oi! Meu pedido *12345* ainda não chegou, _podem_ verificar? ~ontem~ hoje' });
  const maria = rowOf(page, 'Maria Cliente');
  await expect(maria).toBeVisible();
  await expect(maria).toHaveAttribute('data-status', 'pending');
  const firstTicketId = await maria.getAttribute('data-ticket-id');
  await inbound({
    body: 'Foto da caixa',
    media: { filename: 'caixa.png', mimetype: 'image/png', base64: PNG.toString('base64') },
  });
  await inbound({
    body: '',
    media: {
      filename: 'nota-fiscal.pdf',
      mimetype: 'application/pdf',
      base64: Buffer.from('%PDF-1.4 demo').toString('base64'),
    },
  });
  await expect(maria.getByTestId('ticket-unread')).toContainText('3');
  await expect(page.getByTestId('tickets-count-pending')).toHaveText('1');

  // spec: a pending row opens only through Accept; after accept the ticket opens.
  await maria.click();
  await expect(page).toHaveURL(/\/tickets$/);
  await maria.getByTestId('ticket-row-accept').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation).toHaveAttribute('data-status', 'open');
  const firstMessage = page.getByTestId('message').first();
  await expect(firstMessage.locator('strong')).toHaveText('12345');
  await expect(firstMessage.locator('em')).toHaveText('podem');
  await expect(page.getByTestId('message-image')).toBeVisible();
  await expect(page.getByTestId('message-document')).toContainText('nota-fiscal.pdf');
  await expect(page.getByTestId('thread-date').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  const input = page.getByTestId('composer-input');
  await expect(input).toBeEnabled();

  // Blank is not sent; Shift+Enter is a new line; Enter sends.
  await input.fill('   ');
  await input.press('Enter');
  await input.fill('Olá Maria!');
  await input.press('Shift+Enter');
  await input.pressSequentially('Vou verificar agora.');
  await expect(input).toHaveValue('Olá Maria!\nVou verificar agora.');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const ours = page.locator('[data-testid="message"][data-from-me="true"]');
  await expect(ours.filter({ hasText: 'Vou verificar agora.' })).toBeVisible();

  // An emoji from the lazy picker.
  await page.getByTestId('composer-emoji').click();
  const picker = page.locator('em-emoji-picker');
  await expect(picker).toBeVisible({ timeout: 15_000 });
  await picker.locator('input[type="search"]').fill('thumbs');
  await picker.locator('button[aria-label="👍"]').first().click();
  await expect(input).toHaveValue('👍');
  await page.keyboard.press('Escape');
  await input.press('Enter');
  await expect(ours.filter({ hasText: '👍' })).toBeVisible();

  // An image with its caption, through the preview list.
  await page
    .getByTestId('composer-file-input')
    .setInputFiles({ name: 'etiqueta.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('attachment-item')).toHaveCount(1);
  await page.getByTestId('attachment-caption').fill('Etiqueta do envio');
  await snap(page, 'conversation-attachments-light-desktop');
  await page.getByTestId('attachments-send').click();
  await expect(page.getByTestId('attachments-list')).toBeHidden();
  await expect(ours.filter({ hasText: 'Etiqueta do envio' }).getByTestId('message-image')).toBeVisible();

  // The customer's phone has the three.
  let outbox: OutboxEntry[] = [];
  await expect
    .poll(
      async () => {
        outbox = await api.get<OutboxEntry[]>(`/api/sandbox/${connection.id}/outbox?to=${CUSTOMER}`);
        return outbox.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(3);
  expect(outbox.some((entry) => entry.body.includes('Olá Maria!\nVou verificar agora.'))).toBe(true);
  expect(outbox.some((entry) => entry.body.includes('👍'))).toBe(true);
  expect(
    outbox.some((entry) => entry.media?.mimetype === 'image/png' && entry.body.includes('Etiqueta do envio')),
  ).toBe(true);
  await expect(ours.first().getByTestId('message-ack')).not.toHaveAttribute('data-ack', 'read');

  // The customer reads them: the ticks turn blue without a reload.
  for (const entry of outbox) await api.post(`/api/sandbox/${connection.id}/ack`, { id: entry.id, ack: 3 });
  for (const bubble of await ours.all())
    await expect(bubble.getByTestId('message-ack')).toHaveAttribute('data-ack', 'read');

  // The customer answers; reply mode shows the quoted message above the input and can be cancelled.
  await inbound({ body: 'Obrigada! 😊' });
  await expect(page.getByTestId('message').last()).toContainText('Obrigada!');
  await page.getByTestId('message').last().hover();
  await page.getByTestId('message').last().getByTestId('message-menu').click();
  await page.getByTestId('message-reply').click();
  await expect(page.getByTestId('composer-reply')).toContainText('Obrigada!');
  await snap(page, 'conversation-light-desktop');
  await page.getByTestId('composer-reply-cancel').click();
  await expect(page.getByTestId('composer-reply')).toBeHidden();

  // The contact drawer.
  await page.getByTestId('conversation-contact').click();
  await expect(page.getByTestId('contact-drawer-number')).toHaveAttribute('href', `tel:${CUSTOMER}`);
  await expect(page.getByTestId('contact-drawer-number')).toHaveText('+55 11 97777-6666');
  await snap(page, 'conversation-contact-drawer-light-desktop');
  await page.keyboard.press('Escape');

  // Dark and phone width.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('message-ack').first()).toBeVisible();
  await snap(page, 'conversation-dark-desktop');
  await page.setViewportSize(phone);
  await page.waitForTimeout(300);
  await snap(page, 'conversation-dark-phone');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.reload();
  await expect(conversation).toBeVisible();
  await snap(page, 'conversation-light-phone');
  await page.setViewportSize(desktop);

  // Bia, in another browser, watches her pending list before the transfer.
  const other = await browser.newContext({ baseURL, viewport: desktop });
  const biaPage = await other.newPage();
  await logIn(biaPage, bia);
  await biaPage.goto('/tickets');
  await biaPage.getByTestId('tickets-subtab-pending').click();
  await expect(biaPage.getByTestId('tickets-loading')).toHaveCount(0);
  await expect(rowOf(biaPage, 'Maria Cliente')).toHaveCount(0);

  // Transfer to Suporte without a user: back to the list; pending in Suporte.
  await page.getByTestId('ticket-transfer').click();
  await expect(page.getByTestId('transfer-submit')).toBeDisabled();
  await page.getByTestId('transfer-queue').click();
  await page.getByTestId('transfer-queue-option').filter({ hasText: 'Suporte' }).click();
  await page.getByTestId('transfer-submit').click();
  await expect(page).toHaveURL(/\/tickets$/);

  // It reaches Bia live; she accepts, sees the conversation and closes it.
  const biaMaria = rowOf(biaPage, 'Maria Cliente');
  await expect(biaMaria).toBeVisible();
  await expect(biaMaria.getByTestId('ticket-queue')).toHaveText('Suporte');
  await biaMaria.getByTestId('ticket-row-accept').click();
  const biaConversation = biaPage.getByTestId('ticket-conversation');
  await expect(biaConversation).toHaveAttribute('data-status', 'open');
  await expect(biaPage.getByTestId('message').filter({ hasText: 'Etiqueta do envio' })).toBeVisible();
  await biaPage.getByTestId('ticket-resolve').click();
  await biaPage.getByTestId('confirm-accept').click();
  await expect(biaPage).toHaveURL(/\/tickets$/);
  await biaPage.getByTestId('tickets-tab-closed').click();
  await expect(rowOf(biaPage, 'Maria Cliente')).toHaveAttribute('data-status', 'closed');
  await biaPage.getByTestId('tickets-tab-open').click();
  await biaPage.getByTestId('tickets-subtab-pending').click();

  // The customer writes again: a new pending ticket appears in both lists, live.
  await page.getByTestId('tickets-subtab-pending').click();
  await realtimeConnected(page);
  await realtimeConnected(biaPage);
  await inbound({ body: 'Chegou, obrigada!' });
  const next = rowOf(page, 'Maria Cliente');
  await expect(next).toBeVisible();
  await expect(next).toHaveAttribute('data-status', 'pending');
  await expect(next.getByTestId('ticket-last-message')).toHaveText('Chegou, obrigada!');
  const nextTicketId = await next.getAttribute('data-ticket-id');
  expect(nextTicketId).not.toBe(firstTicketId);
  // It has no queue yet: Bia, without "see tickets without a queue" (allTicket), does not get it.
  await expect(biaPage.getByTestId('ticket-row').filter({ hasText: 'Maria Cliente' })).toHaveCount(0);
  await snap(page, 'conversation-new-ticket-light-desktop');
  await other.close();

  // Opened by its address it is pending (composer waits for Accept), and its thread reaches the
  // earlier attendance past its start, with a divider naming it.
  const nextTicket = await api.get<{ uuid: string }>(`/api/tickets/${nextTicketId}`);
  await page.goto(`/tickets/${nextTicket.uuid}`);
  await expect(conversation).toHaveAttribute('data-status', 'pending');
  await expect(input).toBeDisabled();
  await expect(page.getByTestId('message').last()).toContainText('Chegou, obrigada!');
  await page.getByTestId('thread-load-older').click();
  await expect(page.getByTestId('thread-ticket-divider').first()).toContainText(`#${firstTicketId}`);
  await snap(page, 'conversation-earlier-ticket-light-desktop');
});

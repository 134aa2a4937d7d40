import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, snap } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

const PAULA = '5511955551111';

const rowOf = (page: Page, name: string) => page.getByTestId('ticket-row').filter({ hasText: name });

test('ticket actions: peek, delete a message, notes, edit the contact, return, reopen, new ticket, no access', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'ticket-actions'));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Ações', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  await api.post('/api/queue', { name: 'Vendas', color: '#0f766e' });
  const support = await api.post<{ id: number }>('/api/queue', { name: 'Suporte', color: '#7c3aed' });
  const duda = { email: `duda-${Date.now()}@example.com`, password: 'secret1' };
  await api.post('/api/users', { name: 'Duda', ...duda, profile: 'user', queueIds: [support.id] });
  await api.post('/api/contacts', { name: 'Pedro Novo', number: '5511944442222' });

  // A customer writes; the admin peeks at the pending ticket (read-only, no composer).
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  await realtimeConnected(page);
  await api.post(`/api/sandbox/${connection.id}/inbound`, { from: PAULA, name: 'Paula', body: 'Oi, tudo bem?' });
  const paula = rowOf(page, 'Paula');
  await expect(paula).toBeVisible();
  await paula.getByTestId('ticket-row-peek').click();
  const peek = page.getByTestId('ticket-peek');
  await expect(peek.getByTestId('message')).toContainText('Oi, tudo bem?');
  await expect(peek.getByTestId('composer-input')).toHaveCount(0);
  await snap(page, 'tickets-peek-light-desktop');
  await page.getByTestId('ticket-peek-close').click();
  await expect(peek).toBeHidden();
  // Peeking does not read: the row is still unread and pending.
  await expect(paula.getByTestId('ticket-unread')).toContainText('1');

  // Accept, send a message and delete it through the message menu.
  await paula.getByTestId('ticket-row-accept').click();
  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation).toHaveAttribute('data-status', 'open');
  const paulaUrl = page.url();
  const input = page.getByTestId('composer-input');
  await input.fill('Mensagem enviada por engano');
  await input.press('Enter');
  const mistake = page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: 'por engano' });
  await expect(mistake).toBeVisible();
  // The customer's message offers reply only; ours offers delete too.
  const theirs = page.locator('[data-testid="message"][data-from-me="false"]').first();
  await theirs.hover();
  await theirs.getByTestId('message-menu').click();
  await expect(page.getByTestId('message-reply')).toBeVisible();
  await expect(page.getByTestId('message-delete')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await mistake.hover();
  await mistake.getByTestId('message-menu').click();
  await page.getByTestId('message-delete').click();
  await page.getByTestId('confirm-accept').click();
  const deleted = page.locator('[data-testid="message"][data-from-me="true"]').getByTestId('message-deleted');
  await expect(deleted).toBeVisible();
  // An admin still reads the original, greyed, as the company's default setting allows
  // (docs/decisions/edits-deletes-reactions.md); it is no longer an ordinary bubble's text.
  await expect(deleted.getByTestId('message-deleted-original')).toContainText('Mensagem enviada por engano');
  await expect(conversation.getByText('Mensagem enviada por engano')).toHaveCount(1);

  // The contact-notes modal from the header.
  await page.getByTestId('ticket-notes').click();
  const notesModal = page.getByTestId('contact-notes-modal');
  await expect(notesModal).toContainText('Observações de Paula');
  await notesModal.getByTestId('note-input').fill('Cliente prefere WhatsApp');
  await notesModal.getByTestId('note-save').click();
  await expect(page.getByText('Observação adicionada com sucesso!')).toBeVisible();
  await expect(notesModal.getByTestId('note-item')).toContainText('Cliente prefere WhatsApp');
  await snap(page, 'tickets-notes-modal-light-desktop');
  await page.getByTestId('contact-notes-close').click();
  await expect(notesModal).toBeHidden();

  // The drawer edits the contact with every field, extra information included.
  await page.getByTestId('conversation-contact').click();
  const drawer = page.getByTestId('contact-drawer');
  await expect(drawer.getByTestId('note-item')).toContainText('Cliente prefere WhatsApp');
  await drawer.getByTestId('contact-drawer-edit').click();
  const contactModal = page.getByTestId('contact-modal');
  await expect(contactModal.getByTestId('contact-name')).toHaveValue('Paula');
  await contactModal.getByTestId('contact-name').fill('Paula Editada');
  await contactModal.getByTestId('contact-email').fill('paula@example.com');
  await contactModal.getByTestId('contact-extra-add').click();
  await contactModal.getByTestId('contact-extra-name').fill('Cidade');
  await contactModal.getByTestId('contact-extra-value').fill('Recife');
  await snap(page, 'tickets-contact-edit-light-desktop');
  await contactModal.getByTestId('contact-save').click();
  await expect(page.getByText('Contato salvo com sucesso.')).toBeVisible();
  await expect(contactModal).toBeHidden();
  await expect(drawer.getByTestId('contact-drawer-name')).toHaveText('Paula Editada');
  await expect(drawer.getByTestId('contact-drawer-email')).toHaveAttribute('href', 'mailto:paula@example.com');
  await expect(drawer).toContainText('Cidade');
  await expect(drawer).toContainText('Recife');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-contact-name')).toHaveText('Paula Editada');

  // Return: back to the list, pending again with no attendant.
  await page.getByTestId('ticket-return').click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('tickets-subtab-pending').click();
  await expect(rowOf(page, 'Paula Editada')).toHaveAttribute('data-status', 'pending');

  // Accept, resolve, and reopen from the header of the closed ticket.
  await rowOf(page, 'Paula Editada').getByTestId('ticket-row-accept').click();
  await expect(conversation).toHaveAttribute('data-status', 'open');
  // Resolving from the header asks first, as the list's button does: cancel keeps it open.
  await page.getByTestId('ticket-resolve').click();
  const confirmResolve = page.getByRole('dialog').filter({ hasText: 'Resolver o ticket de Paula Editada?' });
  await expect(confirmResolve).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(confirmResolve).toBeHidden();
  await expect(conversation).toHaveAttribute('data-status', 'open');
  await page.getByTestId('ticket-resolve').click();
  await confirmResolve.getByTestId('confirm-accept').click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('tickets-tab-closed').click();
  await rowOf(page, 'Paula Editada').click();
  await expect(page).toHaveURL(paulaUrl);
  await expect(conversation).toHaveAttribute('data-status', 'closed');
  await expect(input).toBeDisabled();
  await page.getByTestId('ticket-reopen').click();
  await expect(conversation).toHaveAttribute('data-status', 'open');
  await expect(input).toBeEnabled();

  // The new-ticket modal: a contact is required, found from 3 characters; the admin may skip the queue.
  await page.getByTestId('tickets-new').click();
  const form = page.getByTestId('new-ticket-form');
  await page.getByTestId('new-ticket-save').click();
  await expect(form).toContainText('Selecione um contato');
  const contactField = page.getByTestId('new-ticket-contact').locator('input');
  await contactField.fill('Pe');
  await expect(page.getByText('Digite ao menos 3 caracteres para buscar').first()).toBeVisible();
  await contactField.fill('Pedro');
  await page.getByRole('option', { name: /Pedro Novo/ }).click();
  await page.getByTestId('new-ticket-queue').click();
  await page.getByRole('option', { name: 'Vendas' }).click();
  await expect(page.getByTestId('new-ticket-connection')).toContainText('Loja Ações');
  await snap(page, 'tickets-new-ticket-light-desktop');
  await page.getByTestId('new-ticket-save').click();
  await expectToast(page, 'Ticket aberto');
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('conversation-contact-name')).toHaveText('Pedro Novo');
  await expect(conversation).toHaveAttribute('data-status', 'open');
  const pedroUrl = new URL(page.url()).pathname;

  // An attendant of another queue opening it by its address: 'Acesso não permitido', back to /tickets.
  const other = await browser.newContext({ baseURL, viewport: desktop });
  const dudaPage = await other.newPage();
  await logIn(dudaPage, duda);
  await dudaPage.goto(pedroUrl);
  await expect(dudaPage.getByText('Acesso não permitido')).toBeVisible();
  await expect(dudaPage).toHaveURL(/\/tickets$/);
  await expect(dudaPage.getByTestId('ticket-conversation')).toHaveCount(0);
  await other.close();
});

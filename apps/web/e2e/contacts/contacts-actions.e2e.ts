import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';

// The sandbox phone's address book (apps/server/src/modules/channels/providers/sandbox).
const ANA = { name: 'Ana Souza', number: '5511990000001' };

const rowOf = (page: Page, number: string) =>
  page.locator(`[data-testid="contact-row"][data-contact-number="${number}"]`);

/** A sandbox connection, paired (its QR is "scanned" as soon as the session shows one). */
async function pairedConnection(page: Page, name: string) {
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name, provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  return connection;
}

test('contacts: import the phone book, start tickets through the new-ticket modal, delete all', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  const admin = await createCompanyAdmin(page, 'contacts-actions');
  await logIn(page, admin);
  const api = await apiOf(page);
  await pairedConnection(page, 'Loja Centro');
  const second = await pairedConnection(page, 'Loja Norte');
  const sales = await api.post<{ id: number }>('/api/queue', { name: 'Vendas', color: '#0f766e' });
  const support = await api.post<{ id: number }>('/api/queue', { name: 'Suporte', color: '#7c3aed' });
  const caio = { email: `caio-${Date.now()}@example.com`, password: 'secret1' };
  await api.post('/api/users', { name: 'Caio', ...caio, profile: 'user', queueIds: [sales.id, support.id] });
  const me = await api.get<{ name: string }>('/api/auth/me');

  // Import from the phone: two connections, so the dialog asks which one.
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-empty')).toBeVisible();
  await page.getByTestId('contacts-phone-import').click();
  const importDialog = page.getByTestId('contacts-phone-import-dialog');
  await expect(importDialog).toBeVisible();
  await page.getByTestId('contacts-phone-import-connection').click();
  await page.getByTestId('contacts-phone-import-connection-option').filter({ hasText: 'Loja Norte' }).click();
  await snap(page, 'contacts-phone-import-light-desktop');
  const imported = page.waitForRequest(
    (request) => request.url().endsWith('/api/contacts/import') && request.method() === 'POST',
  );
  await page.getByTestId('contacts-phone-import-submit').click();
  expect((await imported).postDataJSON()).toEqual({ whatsappId: second.id });
  await expect(page.getByText('3 contatos adicionados, 0 atualizados, 0 sem alteração.')).toBeVisible();
  await expect(importDialog).toBeHidden();
  await expect(page.getByTestId('contact-row')).toHaveCount(3);
  await expect(page.getByTestId('contacts-count')).toHaveText('(3)');
  // Again: nothing new, all reported unchanged.
  await page.getByTestId('contacts-phone-import').click();
  await page.getByTestId('contacts-phone-import-submit').click();
  await expect(page.getByText('0 contatos adicionados, 0 atualizados, 3 sem alteração.')).toBeVisible();

  // Start ticket: the new-ticket modal opens with the contact chosen; the admin may leave the queue empty.
  await rowOf(page, ANA.number).getByTestId('contact-start-ticket').click();
  const form = page.getByTestId('new-ticket-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('new-ticket-contact').locator('input')).toHaveValue(`${ANA.name} (${ANA.number})`);
  await expect(page.getByTestId('new-ticket-connection')).toContainText('Loja Centro');
  await page.getByTestId('new-ticket-queue').click();
  await page.getByRole('option', { name: 'Vendas' }).click();
  await snap(page, 'contacts-start-ticket-light-desktop');
  await page.getByTestId('new-ticket-save').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketUrl = page.url();
  await expect(page.getByTestId('conversation-contact-name')).toHaveText(ANA.name);
  await expect(page.getByTestId('ticket-conversation')).toHaveAttribute('data-status', 'open');

  // Again for the same contact: ERR_OTHER_OPEN_TICKET, and the ticket is the admin's, so it opens.
  await page.goto('/contacts');
  await rowOf(page, ANA.number).getByTestId('contact-start-ticket').click();
  // The modal fills its connection once the company's connections load: saving before that is refused.
  await expect(page.getByTestId('new-ticket-connection')).toContainText('Loja Centro');
  await page.getByTestId('new-ticket-save').click();
  await expect(page).toHaveURL(ticketUrl);

  // An attendant, in another browser: the queue is required, and the conflict names who has the ticket.
  const other = await browser.newContext({ baseURL, viewport: phone });
  const caioPage = await other.newPage();
  await logIn(caioPage, caio);
  await caioPage.goto('/contacts');
  await rowOf(caioPage, ANA.number).getByTestId('contact-start-ticket').click();
  await expect(caioPage.getByTestId('new-ticket-form')).toBeVisible();
  await expect(caioPage.getByTestId('new-ticket-connection')).toContainText('Loja Centro');
  // spec: a queue is required unless admin (Caio has two, so none comes chosen).
  await caioPage.getByTestId('new-ticket-save').click();
  await expect(caioPage.getByText('Selecione uma fila')).toBeVisible();
  await caioPage.getByTestId('new-ticket-queue').click();
  await caioPage.getByRole('option', { name: 'Vendas' }).click();
  await caioPage.getByTestId('new-ticket-save').click();
  const conflict = caioPage.getByTestId('new-ticket-conflict');
  await expect(conflict).toContainText('já tem um ticket aberto com');
  await expect(conflict).toContainText('Vendas');
  await expect(conflict).toContainText(me.name);
  await expect(caioPage).toHaveURL(/\/contacts$/);
  await snap(caioPage, 'contacts-start-ticket-conflict-light-phone');
  await other.close();

  // Delete all: the confirmation names the count; afterwards the list is empty.
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-count')).toHaveText('(3)');
  await page.getByTestId('contacts-delete-all').click();
  await expect(page.getByText('Excluir os 3 contatos?')).toBeVisible();
  await expect(page.getByText(/Os 3 contatos da empresa/)).toBeVisible();
  await snap(page, 'contacts-delete-all-light-desktop');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByText('Contatos excluídos com sucesso!')).toBeVisible();
  await expect(page.getByTestId('contacts-empty')).toBeVisible();
  await expect(page.getByTestId('contacts-delete-all')).toBeDisabled();
});

import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';

const CUSTOMER = '5511966665555';

const tagRow = (page: Page, name: string) => page.locator(`[data-testid="tag-row"][data-tag-name="${name}"]`);
const quickRow = (page: Page, shortcode: string) =>
  page.locator(`[data-testid="quick-message-row"][data-shortcode="${shortcode}"]`);

test('tags and quick messages are made on their pages, tag a ticket, filter the inbox, and answer with `/`', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page);

  // Tags: empty list, the spec's validation, then two tags (one a kanban lane).
  await page.getByTestId('menu-tags').click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByTestId('tags-empty')).toBeVisible();
  await page.getByTestId('tags-add').click();
  await page.getByTestId('tag-name').fill('ab');
  await page.getByTestId('tag-save').click();
  await expect(page.getByText('Mensagem muito curta')).toBeVisible();
  await page.getByTestId('tag-name').fill('Urgente');
  await page.getByRole('button', { name: 'Cor #E53935' }).click();
  await page.getByTestId('tag-kanban').check();
  await snap(page, 'tag-dialog-light-desktop');
  await page.getByTestId('tag-save').click();
  await expect(tagRow(page, 'Urgente')).toBeVisible();
  await expect(tagRow(page, 'Urgente').getByLabel('Coluna do Kanban')).toBeVisible();

  await page.getByTestId('tags-add').click();
  await page.getByTestId('tag-name').fill('Financeiro');
  await page.getByTestId('tag-save').click();
  await expect(tagRow(page, 'Financeiro')).toBeVisible();
  // Same name in another case: refused by the server.
  await page.getByTestId('tags-add').click();
  await page.getByTestId('tag-name').fill('financeiro');
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('tag-form-error')).toContainText('Já existe uma tag com este nome');
  await page.getByTestId('tag-cancel').click();

  // Search is lower-cased on the server; the list follows.
  await page.getByTestId('tags-search').fill('URG');
  await expect(page.getByTestId('tag-row')).toHaveCount(1);
  await page.getByTestId('tags-search').fill('');
  await expect(page.getByTestId('tag-row')).toHaveCount(2);
  await snap(page, 'tags-light-desktop');

  // Quick messages: one for the whole company with a file, one personal with text only.
  await page.goto('/quick-messages');
  await expect(page.getByTestId('quick-messages-empty')).toBeVisible();
  await page.getByTestId('quick-messages-add').click();
  await page.getByTestId('quick-message-save').click();
  await expect(page.getByText('Obrigatório')).toBeVisible();
  await page.getByTestId('quick-message-shortcode').fill('tabela');
  // The variable chips insert their placeholder at the cursor.
  const message = page.getByTestId('quick-message-message');
  await message.fill('! Segue a tabela. Protocolo ');
  await page.getByTestId('quick-message-variable-protocol').click();
  await message.press('Control+Home');
  await page.getByTestId('quick-message-variable-ms').click();
  await message.pressSequentially(', ');
  await page.getByTestId('quick-message-variable-firstName').click();
  await expect(message).toHaveValue('{{ms}}, {{firstName}}! Segue a tabela. Protocolo {{protocol}}');
  await page.getByTestId('quick-message-file-input').setInputFiles({
    name: 'tabela de precos.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 tabela'),
  });
  await expect(page.getByTestId('quick-message-media')).toContainText('tabela_de_precos.pdf');
  await page.getByTestId('quick-message-geral').check();
  await snap(page, 'quick-message-dialog-light-desktop');
  await page.getByTestId('quick-message-save').click();
  await expect(quickRow(page, 'tabela')).toBeVisible();
  await expect(quickRow(page, 'tabela')).toContainText('tabela_de_precos.pdf');
  await expect(quickRow(page, 'tabela')).toContainText('Toda a empresa');

  await page.getByTestId('quick-messages-add').click();
  await page.getByTestId('quick-message-shortcode').fill('pix');
  await page.getByTestId('quick-message-message').fill('Olá {{name}}, a chave Pix é 123. Hoje é {{date}}.');
  await page.getByTestId('quick-message-save').click();
  await expect(quickRow(page, 'pix')).toContainText('Só eu');
  await snap(page, 'quick-messages-light-desktop');

  // A sandbox customer writes; the ticket is tagged from its header.
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Tags', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  await api.post(`/api/sandbox/${connection.id}/inbound`, {
    from: CUSTOMER,
    name: 'Carla Souza',
    body: 'Quanto custa?',
  });
  const pending = await api.get<{ tickets: { id: number; uuid: string; contact: { number: string } }[] }>(
    '/api/tickets?status=pending&showAll=true',
  );
  const ticket = pending.tickets.find((item) => item.contact.number === CUSTOMER);
  expect(ticket).toBeTruthy();
  if (!ticket) return;

  await page.goto(`/tickets/${ticket.uuid}`);
  // Accepted from the conversation's header, the ticket leaves the waiting list: the list follows it.
  await page.getByTestId('tickets-subtab-pending').click();
  await expect(page.getByTestId('tickets-subtab-pending')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('ticket-accept').click();
  await expect(page.getByTestId('ticket-conversation')).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId('tickets-subtab-open')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('ticket-tags-input').click();
  await page.getByTestId('ticket-tag-option').filter({ hasText: 'Urgente' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ticket-tag-chip')).toHaveText(['Urgente']);
  await snap(page, 'ticket-tags-light-desktop');

  // The inbox search filters by the tag; with two tags only tickets carrying both are left.
  await page.getByTestId('tickets-tab-search').click();
  const results = page.getByTestId('tickets-list-search').getByTestId('ticket-row');
  await page.getByTestId('tickets-tags-filter').click();
  await page.getByRole('option', { name: 'Urgente' }).click();
  await page.keyboard.press('Escape');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Carla Souza');
  await snap(page, 'tickets-tag-filter-light-desktop');
  await page.getByTestId('tickets-tags-filter').click();
  await page.getByRole('option', { name: 'Financeiro' }).click();
  await page.keyboard.press('Escape');
  await expect(results).toHaveCount(0);

  // `/` lists the quick messages; the chosen one is filled for this customer and sent.
  const input = page.getByTestId('composer-input');
  await input.fill('/pi');
  await expect(page.getByTestId('quick-replies')).toContainText('pix');
  await snap(page, 'composer-quick-replies-light-desktop');
  await input.press('Enter');
  await expect(input).toHaveValue(/^Olá Carla Souza, a chave Pix é 123\. Hoje é \d{2}\/\d{2}\/\d{4}\.$/);
  await input.press('Enter');

  // The one with a file opens the attachments dialog with the filled text as the caption.
  await input.fill('/tab');
  await page.getByTestId('quick-replies').getByRole('option').first().click();
  await expect(page.getByTestId('attachment-item')).toHaveCount(1);
  await expect(page.getByTestId('attachment-caption')).toHaveValue(
    // The company's language and clock, the protocol as the server writes it (yyyyMMdd-id).
    new RegExp(`^(Boa madrugada|Bom dia|Boa tarde|Boa noite), Carla! Segue a tabela\\. Protocolo \\d{8}-${ticket.id}$`),
  );
  await page.getByTestId('attachments-send').click();
  await expect(page.getByTestId('attachments-list')).toBeHidden();

  let outbox: { body: string; media: { filename: string } | null }[] = [];
  await expect
    .poll(
      async () => {
        outbox = await api.get(`/api/sandbox/${connection.id}/outbox?to=${CUSTOMER}`);
        return outbox.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(2);
  expect(outbox.some((entry) => entry.body.includes('Olá Carla Souza, a chave Pix é 123.'))).toBe(true);
  expect(outbox.some((entry) => entry.media?.filename === 'tabela_de_precos.pdf')).toBe(true);

  // The tag page counts the ticket, live; deleting asks first.
  await page.goto('/tags');
  await expect(tagRow(page, 'Urgente').getByTestId('tag-tickets-count')).toHaveText('1');
  await tagRow(page, 'Financeiro').getByTestId('tag-delete').click();
  await snap(page, 'tag-delete-light-desktop');
  await page.getByTestId('confirm-accept').click();
  await expect(tagRow(page, 'Financeiro')).toHaveCount(0);

  // Dark theme and a phone-width screen.
  await page.getByTestId('theme-toggle').click();
  await snap(page, 'tags-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'tags-dark-phone');
  await page.getByTestId('tags-add').click();
  await snap(page, 'tag-dialog-dark-phone');
  await page.getByTestId('tag-cancel').click();
  await page.goto('/quick-messages');
  await expect(quickRow(page, 'pix')).toBeVisible();
  await snap(page, 'quick-messages-dark-phone');
  await quickRow(page, 'tabela').getByTestId('quick-message-edit').click();
  await snap(page, 'quick-message-dialog-dark-phone');
  await page.getByTestId('quick-message-cancel').click();
  await page.setViewportSize(desktop);
  await snap(page, 'quick-messages-dark-desktop');
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(page.getByTestId('ticket-tag-chip')).toHaveText(['Urgente']);
  await snap(page, 'ticket-tags-dark-desktop');
});

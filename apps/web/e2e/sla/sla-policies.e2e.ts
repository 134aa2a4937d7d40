import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { ticketIdOf } from '../support/sandbox.ts';
import { desktop, snapAllThemes } from '../support/screens.ts';

// Service levels (issue 50): an admin adds a policy for a queue on its screen; a customer's ticket
// in that queue shows the time left on its row and in the thread header, amber near the end.

test('an admin sets a service level, and a ticket shows its time left', async ({ page }) => {
  await page.setViewportSize(desktop);
  const account = await createCompanyAdmin(page, 'sla');
  await logIn(page, account);
  const api = await apiOf(page);
  const support = await api.post<{ id: number }>('/api/queue', { name: 'Suporte', color: '#1565c0' });
  const connection = await api.post<{ id: number }>('/api/whatsapp', {
    name: 'Loja',
    provider: 'sandbox',
    queueIds: [support.id],
  });
  await api.pairSandbox(connection.id);

  await page.getByTestId('menu-slaPolicies').click();
  await expect(page).toHaveURL(/\/sla-policies$/);
  await expect(page.getByTestId('sla-empty')).toBeVisible();

  // The dialog says what is wrong before asking the server.
  await page.getByTestId('sla-add').click();
  await page.getByTestId('sla-name').fill('Suporte rápido');
  await page.getByTestId('sla-save').click();
  await expect(page.getByTestId('sla-form')).toContainText('Defina ao menos uma meta');
  await page.getByTestId('sla-queues-select').click();
  await page.getByTestId('sla-queue-option').filter({ hasText: 'Suporte' }).click();
  await page.keyboard.press('Escape');
  // Two minutes: inside the five-minute warning from the start, so the chip is amber at once.
  await page.getByTestId('sla-first-response').fill('2');
  await page.getByTestId('sla-resolution').fill('120');
  await page.getByTestId('sla-save').click();
  await expect(page.getByText('Política criada.')).toBeVisible();
  const row = page.locator('[data-testid="sla-row"][data-sla-name="Suporte rápido"]');
  await expect(row).toContainText('Suporte');
  await expect(row).toContainText('2 min');
  await expect(row).toContainText('2 h');
  await page.getByTestId('sla-weekly-summary').click();
  await expect(page.getByTestId('sla-weekly-summary')).toBeChecked();
  await expect(page.getByText('Você receberá o resumo toda segunda-feira.')).toBeVisible();
  await snapAllThemes(page, 'sla-policies');

  // A customer writes: the pending row carries the chip.
  const number = '5511955557001';
  await api.post(`/api/sandbox/${connection.id}/inbound`, {
    from: number,
    name: 'Carla Dias',
    body: 'Oi, preciso de ajuda',
  });
  const ticketId = await ticketIdOf(page, number);
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  const ticketRow = page.getByTestId('ticket-row').filter({ hasText: 'Carla Dias' });
  const rowChip = ticketRow.getByTestId('sla-chip');
  await expect(rowChip).toHaveAttribute('data-level', 'warning');
  await expect(rowChip).toContainText(/faltam \d+(s|m)/);

  // Accepted, the thread header shows the same target (the first answer is still owed).
  await ticketRow.getByTestId('ticket-row-accept').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const headerChip = page.getByTestId('conversation-header').getByTestId('sla-chip');
  await expect(headerChip).toHaveAttribute('data-level', 'warning');
  expect(ticketId).toBeGreaterThan(0);
  await snapAllThemes(page, 'sla-ticket-chip');
});

import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap, snapAllThemes, takingPictures } from '../support/screens.ts';
import { chooseOption } from '../support/select.ts';
import { expectToast } from '../support/toasts.ts';

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
  await expectToast(page, 'Política criada.');
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

  // The attendant marks it urgent in the header: the row shows the marker, the server keeps it.
  await page.getByTestId('ticket-priority').click();
  await page.getByTestId('ticket-priority-urgent').click();
  await expect(page.getByTestId('ticket-priority')).toHaveText('Urgente');
  await page.getByTestId('tickets-subtab-open').click();
  const openRow = page.getByTestId('ticket-row').filter({ hasText: 'Carla Dias' });
  await expect(openRow.getByTestId('ticket-priority-marker')).toBeVisible();
  expect((await api.get<{ priority: string }>(`/api/tickets/${ticketId}`)).priority).toBe('urgent');
  await snapAllThemes(page, 'sla-ticket-priority');
});

test('one queue takes an urgent policy and one for its other priorities; a clash is said on its field', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  const account = await createCompanyAdmin(page, 'sla-priorities');
  await logIn(page, account);
  const api = await apiOf(page);
  await api.post('/api/queue', { name: 'Suporte', color: '#1565c0' });
  await page.goto('/sla-policies');
  await expect(page.getByTestId('sla-empty')).toBeVisible();

  /** Fills the dialog: a name, the queue, the priorities (none: any), a first-response target. */
  const fillPolicy = async (name: string, priorities: string[]) => {
    await page.getByTestId('sla-add').click();
    await page.getByTestId('sla-name').fill(name);
    await chooseOption(
      page.getByTestId('sla-queues-select'),
      page.getByTestId('sla-queue-option').filter({ hasText: 'Suporte' }),
      'Suporte',
    );
    await page.keyboard.press('Escape');
    for (const priority of priorities) {
      await chooseOption(
        page.getByTestId('sla-priorities-select'),
        page.getByTestId('sla-priority-option').filter({ hasText: priority }),
        priority,
      );
    }
    if (priorities.length > 0) await page.keyboard.press('Escape');
    await page.getByTestId('sla-first-response').fill('15');
    await page.getByTestId('sla-save').click();
  };

  await fillPolicy('Suporte, urgente', ['Urgente']);
  await expect(page.getByTestId('sla-form')).toBeHidden();
  await fillPolicy('Suporte, outras', []);
  await expect(page.getByTestId('sla-form')).toBeHidden();
  const urgentRow = page.locator('[data-testid="sla-row"][data-sla-name="Suporte, urgente"]');
  const othersRow = page.locator('[data-testid="sla-row"][data-sla-name="Suporte, outras"]');
  await expect(urgentRow).toContainText('Suporte');
  await expect(urgentRow).toContainText('Urgente');
  await expect(othersRow).toContainText('Suporte');
  await expect(othersRow).not.toContainText('Urgente');
  const policies = await api.get<{ name: string; priorities: string[] }[]>('/api/sla-policies');
  expect(policies.map(({ name, priorities }) => ({ name, priorities }))).toEqual([
    { name: 'Suporte, outras', priorities: [] },
    { name: 'Suporte, urgente', priorities: ['urgent'] },
  ]);
  // On a phone only the name and the actions are columns: the targets and what each policy
  // covers show under its name, and the actions fit the screen.
  await page.setViewportSize(phone);
  await expect(urgentRow.getByTestId('sla-row-coverage')).toBeVisible();
  await expect(urgentRow.getByTestId('sla-row-coverage')).toContainText('Urgente');
  await expect(urgentRow.getByTestId('sla-row-coverage')).toContainText('Primeira resposta: 15 min');
  await expect(urgentRow.getByTestId('sla-delete')).toBeInViewport({ ratio: 1 });
  await page.setViewportSize(desktop);
  await expect(urgentRow.getByTestId('sla-row-coverage')).toBeHidden();
  await snapAllThemes(page, 'sla-policies-priorities');

  // Urgent tickets of the queue already have their policy: the dialog says so under the priorities.
  const clashes = async () => {
    await fillPolicy('Suporte, alta e urgente', ['Alta', 'Urgente']);
    const helper = page.getByTestId('sla-priorities-helper');
    await expect(helper).toContainText('Outra política já cobre uma destas prioridades');
    await expect(helper).toContainText('“Suporte, urgente”');
    await expect(page.getByTestId('sla-form-error')).toBeHidden();
    await expect(page.getByTestId('sla-form')).toBeVisible();
  };
  await clashes();
  await snap(page, 'sla-policy-clash-light-desktop');
  // Taking the clashing priority off answers the error: the hint is back before any save.
  const prioritiesSelect = page.getByTestId('sla-priorities-select');
  await chooseOption(prioritiesSelect, page.getByTestId('sla-priority-option').filter({ hasText: 'Urgente' }), 'Alta');
  await page.keyboard.press('Escape');
  await expect(prioritiesSelect).not.toContainText('Urgente');
  await expect(page.getByTestId('sla-priorities-helper')).toHaveText(/^Nenhuma: qualquer prioridade/);
  await page.getByTestId('sla-cancel').click();
  expect(await api.get<unknown[]>('/api/sla-policies')).toHaveLength(2);

  if (takingPictures) {
    for (const [theme, size, viewport] of [
      ['dark', 'desktop', desktop],
      ['light', 'phone', phone],
      ['dark', 'phone', phone],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
      await page.setViewportSize(viewport);
      await page.reload();
      await clashes();
      await snap(page, `sla-policy-clash-${theme}-${size}`);
      await page.getByTestId('sla-cancel').click();
    }
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  }
});

import type { Locator, Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

const CUSTOMERS = [
  { from: '5511955550001', name: 'Ana Kanban', body: 'Quero um orçamento' },
  { from: '5511955550002', name: 'Bruno Kanban', body: 'Qual o prazo de entrega?' },
  { from: '5511955550003', name: 'Carla Kanban', body: 'Bom dia!' },
];

const lane = (page: Page, id: number) => page.locator(`[data-testid="kanban-lane"][data-lane-id="${id}"]`);
const card = (page: Page, ticketId: number) =>
  page.locator(`[data-testid="kanban-card"][data-ticket-id="${ticketId}"]`);

/** A mouse drag as a person does it: press, move past the drag threshold, glide to the target, release. */
async function dragTo(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 30, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 20 });
  await page.mouse.up();
}

test('cards move between lanes by mouse and keyboard, a second user sees it live, lanes reorder', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(240_000));
  const admin = await createCompanyAdmin(page, 'kanban');
  await logIn(page, admin);
  const api = await apiOf(page);

  // Three customers write in; two lanes exist.
  const whatsappId = await createSandboxConnection(page, 'Kanban phone');
  for (const customer of CUSTOMERS) await api.post(`/api/sandbox/${whatsappId}/inbound`, customer);
  const ticketIds: number[] = [];
  for (const customer of CUSTOMERS) ticketIds.push(await ticketIdOf(page, customer.from));
  // Carla is accepted into a queue: her card shows the queue's colour and her attendant.
  const queue = await api.post<{ id: number }>('/api/queue', { name: 'Vendas', color: '#8E24AA' });
  const userId = Number(await page.evaluate(() => localStorage.getItem('userId')));
  const accepted = await page.request.put(`/api/tickets/${ticketIds[2]}`, {
    headers: await bearer(page),
    data: { status: 'open', queueId: queue.id, userId },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const lead = await api.post<{ id: number }>('/api/tags', { name: 'Novo lead', color: '#1E88E5', kanban: 1 });
  const proposal = await api.post<{ id: number }>('/api/tags', { name: 'Proposta', color: '#43A047', kanban: 1 });

  // A supervisor watches the same board from another browser.
  const supervisor = { email: `sup-${Date.now()}@example.com`, password: 'secret123' };
  await api.post('/api/users', { name: 'Sofia Supervisora', ...supervisor, profile: 'supervisor' });
  const otherContext = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const other = await otherContext.newPage();
  await logIn(other, supervisor);
  await other.goto('/kanban');
  await expect(lane(other, 0).getByTestId('kanban-card')).toHaveCount(3);
  await realtimeConnected(other);

  await page.getByTestId('menu-kanban').click();
  await expect(page).toHaveURL(/\/kanban$/);
  await expect(lane(page, 0).getByTestId('kanban-lane-count')).toHaveText('3');
  await expect(lane(page, lead.id)).toContainText('Novo lead');
  await expect(card(page, ticketIds[0])).toContainText('Ana Kanban');
  await expect(card(page, ticketIds[0])).toContainText('Quero um orçamento');
  await expect(card(page, ticketIds[2])).toContainText('Vendas');

  // Mouse: Ana goes from "Em aberto" to "Novo lead".
  await dragTo(page, card(page, ticketIds[0]), lane(page, lead.id));
  await expect(page.getByText('Tag adicionada ao ticket com sucesso!')).toBeVisible();
  await expect(lane(page, lead.id).getByTestId('kanban-lane-count')).toHaveText('1');
  await expect(lane(page, 0).getByTestId('kanban-lane-count')).toHaveText('2');
  await expect(card(page, ticketIds[0])).toHaveCount(1);
  await expect(lane(page, lead.id).locator(`[data-ticket-id="${ticketIds[0]}"]`)).toBeVisible();
  // The server holds it, and the supervisor's board followed without a reload.
  const stored = await api.get<{ tags: { id: number }[] }>(`/api/tickets/${ticketIds[0]}`);
  expect(stored.tags.map((tag) => tag.id)).toEqual([lead.id]);
  await expect(lane(other, lead.id).locator(`[data-ticket-id="${ticketIds[0]}"]`)).toBeVisible();
  await expect(lane(other, 0).getByTestId('kanban-card')).toHaveCount(2);

  // Keyboard: Space lifts, the right arrow moves one lane, Space drops ("Novo lead" → "Proposta").
  const ana = card(page, ticketIds[0]);
  await ana.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(page.getByText('Tag removida do ticket!')).toBeVisible();
  await expect(lane(page, proposal.id).locator(`[data-ticket-id="${ticketIds[0]}"]`)).toBeVisible();
  await expect(lane(other, proposal.id).locator(`[data-ticket-id="${ticketIds[0]}"]`)).toBeVisible();
  await expect(lane(other, lead.id).getByTestId('kanban-lane-count')).toHaveText('0');

  // The search narrows the board to one contact.
  await page.getByTestId('kanban-search').fill('bruno');
  await expect(page.getByTestId('kanban-card')).toHaveCount(1);
  await page.getByTestId('kanban-search').fill('');
  await expect(page.getByTestId('kanban-card')).toHaveCount(3);

  // "Ver ticket" opens the conversation.
  await card(page, ticketIds[1]).getByTestId('kanban-see-ticket').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await page.goBack();

  // Lanes reorder by keyboard on their handle, kept for everyone.
  const handle = lane(page, proposal.id).getByLabel('Arrastar a coluna Proposta');
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await expectToast(page, 'Ordem das colunas salva.');
  const order = await api.get<{ lista: { id: number }[] }>('/api/tags/kanban');
  expect(order.lista.map((tag) => tag.id)).toEqual([proposal.id, lead.id]);
  await expect
    .poll(async () =>
      other
        .locator('[data-testid="kanban-lane"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-lane-id'))),
    )
    .toEqual(['0', String(proposal.id), String(lead.id)]);
  await otherContext.close();

  // Light and dark, desktop and 390 px, once the board has its cards.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(page.getByTestId('kanban-card')).toHaveCount(3);
      await snap(page, `kanban-${theme}-${size}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

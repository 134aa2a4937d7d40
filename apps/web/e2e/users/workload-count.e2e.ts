import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { desktop, snap } from '../support/screens.ts';

// The attendant's header (issue 48): their open tickets against their capacity, live, and an
// Accept that takes them over it is allowed and said.

const rowOf = (page: Page, name: string) => page.getByTestId('ticket-row').filter({ hasText: name });

test('the header counts the attendant’s open tickets against capacity, and an Accept over it is said', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  const admin = await createCompanyAdmin(page, 'workload');
  await logIn(page, admin);
  const api = await apiOf(page);
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  expect((await page.request.put('/api/settings/ticketCapacity', { headers, data: { value: '1' } })).ok()).toBe(true);
  const sales = await api.post<{ id: number }>('/api/queue', { name: 'Vendas', color: '#2e7d32' });
  const agent = { email: `carla-${Date.now().toString(36)}@example.com`, password: 'secret123' };
  await api.post('/api/users', { name: 'Carla Atendente', ...agent, profile: 'user', queueIds: [sales.id] });
  const connection = await api.post<{ id: number }>('/api/whatsapp', {
    name: 'Loja',
    provider: 'sandbox',
    queueIds: [sales.id],
  });
  await api.pairSandbox(connection.id);
  for (const [from, name] of [
    ['5511966660001', 'Hugo Prado'],
    ['5511966660002', 'Iris Souza'],
  ])
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from, name, body: 'Bom dia' });

  await page.context().clearCookies();
  await logIn(page, agent);
  const count = page.getByTestId('workload-count');
  await expect(count).toHaveText('0/1');
  await page.getByTestId('menu-tickets').click();
  await realtimeConnected(page);
  await page.getByTestId('tickets-subtab-pending').click();
  await rowOf(page, 'Hugo Prado').getByTestId('ticket-row-accept').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(count).toHaveText('1/1');

  // A second Accept goes over the company's capacity of 1: allowed, and said.
  await page.getByTestId('tickets-subtab-pending').click();
  await rowOf(page, 'Iris Souza').getByTestId('ticket-row-accept').click();
  await expect(page.getByText('Você agora tem 2 tickets abertos, acima do seu limite de 1.')).toBeVisible();
  await expect(count).toHaveText('2/1');
  await snap(page, 'workload-over-capacity-light-desktop', { mouseAt: { x: 1, y: 1 } });
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { snap } from '../support/screens.ts';

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

// Pictures with the mouse out of the way and a longer settle for dialogs, toasts and the theme.
const pictureOptions = { fullPage: true, mouseAt: { x: 1, y: 1 }, settleMs: 600 };

/**
 * Seeds through the API as an admin would live it: a sandbox connection, customers writing,
 * tickets accepted by two attendants, closed, and rated by the customers (userRating on).
 */
async function seed(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const answer = await page.request[method](path, { headers, data });
    expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  const suffix = Date.now().toString(36);
  const ana = await call<{ id: number }>('post', '/api/users', {
    name: 'Ana Souza',
    email: `ana-${suffix}@example.com`,
    password: 'secret123',
    profile: 'user',
  });
  const bruno = await call<{ id: number }>('post', '/api/users', {
    name: 'Bruno Lima',
    email: `bruno-${suffix}@example.com`,
    password: 'secret123',
    profile: 'user',
  });
  await call('put', '/api/settings/userRating', { value: 'enabled' });
  const connection = await call<{ id: number }>('post', '/api/whatsapp', { name: 'Loja', provider: 'sandbox' });
  // Its session shows the QR code first: a scan before that would be refused.
  await (await apiOf(page)).pairSandbox(connection.id);

  const customers = [
    { from: '5511911110001', name: 'Carla', attendant: ana.id, close: true, rate: '3' },
    { from: '5511911110002', name: 'Diego', attendant: ana.id, close: true, rate: '2' },
    { from: '5511911110003', name: 'Elisa', attendant: bruno.id, close: true, rate: '1' },
    { from: '5511911110004', name: 'Fábio', attendant: bruno.id, close: false },
    { from: '5511911110005', name: 'Gabi', attendant: ana.id, close: false },
    { from: '5511911110006', name: 'Hugo' },
  ];
  for (const customer of customers) {
    await call('post', `/api/sandbox/${connection.id}/inbound`, {
      from: customer.from,
      name: customer.name,
      body: 'Olá!',
    });
  }
  const pending = async () =>
    (
      await call<{ tickets: { id: number; contact: { number: string } }[] }>(
        'get',
        '/api/tickets?status=pending&showAll=true',
      )
    ).tickets;
  await expect.poll(async () => (await pending()).length, { timeout: 15_000 }).toBe(customers.length);
  const tickets = await pending();
  for (const customer of customers) {
    if (!customer.attendant) continue;
    const ticket = tickets.find((item) => item.contact.number === customer.from);
    expect(ticket, customer.from).toBeTruthy();
    await call('put', `/api/tickets/${ticket?.id}`, { status: 'open', userId: customer.attendant });
    if (customer.close) {
      await call('put', `/api/tickets/${ticket?.id}`, { status: 'closed' });
      await call('post', `/api/sandbox/${connection.id}/inbound`, { from: customer.from, body: customer.rate });
    }
  }
  return { connection, anaEmail: `ana-${suffix}@example.com` };
}

test('dashboard: counters, attendants, charts and exports with seeded data, live update', async ({ page, browser }) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'dashboard'));
  const { connection, anaEmail } = await seed(page);

  // Ana is logged in elsewhere: the heartbeat makes her online.
  const anaContext = await browser.newContext();
  const anaPage = await anaContext.newPage();
  await logIn(anaPage, { email: anaEmail, password: 'secret123' });

  await page.goto('/');
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page.getByTestId('counter-supportHappening-value')).toHaveText('2');
  await expect(page.getByTestId('counter-supportPending-value')).toHaveText('1');
  await expect(page.getByTestId('counter-supportFinished-value')).toHaveText('3');
  await expect(page.getByTestId('counter-newContacts-value')).toHaveText('6');
  // Minutes in the interface language's units (pt: "12 min 30 s", "1 h 05 min", "6 s").
  for (const counter of ['avgSupportTime', 'avgWaitTime']) {
    await expect(page.getByTestId(`counter-${counter}-value`)).toHaveText(
      /^(\d+\sh\s\d{2}\smin|\d+\smin(\s\d{2}\ss)?|\d+\ss)$/,
    );
  }
  const anaRow = page.locator('[data-testid="attendant-row"][data-attendant-name="Ana Souza"]');
  await expect(anaRow).toContainText('2,5');
  await expect(anaRow).toContainText('2');
  await expect(anaRow.getByTestId('attendant-online')).toHaveText('Online');
  const brunoRow = page.locator('[data-testid="attendant-row"][data-attendant-name="Bruno Lima"]');
  await expect(brunoRow.getByTestId('attendant-online')).toHaveText('Offline');
  await expect(page.getByTestId('chart-by-user').locator('.recharts-bar-rectangle')).toHaveCount(2);
  await expect(page.getByTestId('chart-by-day').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'dashboard-light-desktop', pictureOptions);

  // Live: a new customer is counted as waiting without reloading.
  await realtimeConnected(page);
  await page.request.post(`/api/sandbox/${connection.id}/inbound`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    data: { from: '5511911110007', name: 'Iara', body: 'Oi' },
  });
  await expect(page.getByTestId('counter-supportPending-value')).toHaveText('2', { timeout: 10_000 });

  // Exports.
  const [attendantsDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('dashboard-export-attendants').click(),
  ]);
  expect(attendantsDownload.suggestedFilename()).toBe('atendentes.csv');
  const attendantsCsv = await readFile((await attendantsDownload.path()) as string, 'utf8');
  expect(attendantsCsv).toContain('Nome;Avaliação;T.M. de atendimento (minutos);Tickets finalizados;Status');
  expect(attendantsCsv).toMatch(/Ana Souza;2\.5;[\d.]+;2;Online/);
  const [daysDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('dashboard-export-days').click(),
  ]);
  const daysCsv = await readFile((await daysDownload.path()) as string, 'utf8');
  expect(daysCsv.split('\r\n')[0]).toMatch(/^\uFEFF(Data|Hora);Tickets$/);

  // Filters: by period with nothing chosen is refused; a period clears the dates and back.
  await page.getByTestId('dashboard-filter-type').click();
  await page.getByRole('option', { name: 'Filtro por período' }).click();
  await expect(page.getByTestId('dashboard-date-from')).toHaveCount(0);
  await page.getByTestId('dashboard-apply').click();
  await expect(page.getByText('Selecione um período ou uma data para filtrar')).toBeVisible();
  await page.getByTestId('dashboard-period').click();
  await page.getByTestId('dashboard-period-7').click();
  await page.getByTestId('dashboard-apply').click();
  await expect(page.getByTestId('counter-supportFinished-value')).toHaveText('3');
  await page.getByTestId('dashboard-filter-type').click();
  await page.getByRole('option', { name: 'Filtro por data' }).click();
  await expect(page.getByTestId('dashboard-date-from')).toHaveValue('');
  await page.getByTestId('dashboard-apply').click();
  await expect(page.getByText('Selecione um período ou uma data para filtrar')).toBeVisible();
  // One day: the chart switches to hours.
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  await page.getByTestId('dashboard-date-from').fill(today);
  await page.getByTestId('dashboard-date-to').fill(today);
  await page.getByTestId('dashboard-apply').click();
  await expect(page.getByTestId('chart-by-day')).toContainText('Tickets por hora');

  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('counter-supportPending-value')).toHaveText('2');
  await expect(page.getByTestId('chart-by-user').locator('.recharts-bar-rectangle')).toHaveCount(2);
  await snap(page, 'dashboard-dark-desktop', pictureOptions);
  await page.setViewportSize(phone);
  await snap(page, 'dashboard-dark-phone', pictureOptions);
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.reload();
  await expect(page.getByTestId('counter-supportPending-value')).toHaveText('2');
  await expect(page.getByTestId('chart-by-day').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'dashboard-light-phone', pictureOptions);
  await anaContext.close();
});

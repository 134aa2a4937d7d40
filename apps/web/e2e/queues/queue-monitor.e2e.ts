import type { Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { desktop, snap, snapAllThemes } from '../support/screens.ts';

// The queue monitor (issue 48): a supervisor sees each queue's line and attendants live, and a
// queue's waiting tickets in order; the attendant's pause and its reason are shown.

const sockets: Socket[] = [];
test.afterAll(() => {
  for (const socket of sockets) socket.close();
});

/** An attendant's screen open elsewhere: a socket with the web app's heartbeat marks them online. */
async function goOnline(baseURL: string, token: string) {
  const socket = io(baseURL, { path: '/socket.io', transports: ['websocket'], query: { token }, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('userStatus');
}

async function seed(page: Page, baseURL: string) {
  const api = await apiOf(page);
  const suffix = Date.now().toString(36);
  const sales = await api.post<{ id: number }>('/api/queue', {
    name: 'Vendas',
    color: '#2e7d32',
    assignmentMode: 'balanced',
  });
  await api.post('/api/queue', { name: 'Suporte', color: '#1565c0' });
  const people = [];
  for (const [name, capacity] of [
    ['Ana Lima', 1],
    ['Bruno Reis', 2],
  ] as const) {
    const email = `${name.split(' ')[0].toLowerCase()}-${suffix}@example.com`;
    await api.post('/api/users', {
      name,
      email,
      password: 'secret123',
      profile: 'user',
      queueIds: [sales.id],
      ticketCapacity: capacity,
    });
    const login = await page.request.post('/api/auth/login', { data: { email, password: 'secret123' } });
    const { token } = (await login.json()) as { token: string };
    people.push({ name, token, headers: { authorization: `Bearer ${token}` } });
  }
  const [ana, bruno] = people;
  // Bruno pauses with a reason before he comes online: he receives nothing.
  await page.request.post('/api/users/me/pause', { headers: bruno.headers, data: { paused: true, reason: 'Almoço' } });
  for (const person of people) await goOnline(baseURL, person.token);
  const connection = await api.post<{ id: number }>('/api/whatsapp', {
    name: 'Loja',
    provider: 'sandbox',
    queueIds: [sales.id],
  });
  await api.pairSandbox(connection.id);
  const write = (from: string, name: string) =>
    api.post(`/api/sandbox/${connection.id}/inbound`, { from, name, body: 'Olá, quero comprar' });
  return { ana, bruno, write };
}

test('the queue monitor shows each line live, and a queue’s waiting tickets in order', async ({ page, baseURL }) => {
  await page.setViewportSize(desktop);
  const account = await createCompanyAdmin(page, 'monitor');
  await logIn(page, account);
  const { bruno, write } = await seed(page, baseURL as string);
  // Ana (capacity 1) takes the first customer; the next two wait, in the order they wrote.
  await write('5511955550001', 'Carla Dias');
  await write('5511955550002', 'Diego Melo');
  await write('5511955550003', 'Elisa Nunes');

  await page.getByTestId('menu-queueMonitor').click();
  await expect(page).toHaveURL(/\/queue-monitor$/);
  await expect(page.getByRole('heading', { name: 'Monitor de filas' })).toBeVisible();
  const sales = page.locator('[data-testid="monitor-queue"][data-queue-name="Vendas"]');
  await expect(sales.getByTestId('monitor-waiting')).toHaveText('2');
  await expect(sales).toContainText('2 online');
  await expect(sales).toContainText('1 em pausa');
  await expect(sales).toContainText('1 no limite');
  await expect(sales).toContainText('Hoje — atribuídos: 1 · resolvidos: 0');
  await expect(sales.getByTestId('monitor-longest-wait')).toHaveText(/^\d+:\d\d$/);
  const support = page.locator('[data-testid="monitor-queue"][data-queue-name="Suporte"]');
  await expect(support.getByTestId('monitor-waiting')).toHaveText('0');
  await expect(support.getByTestId('monitor-longest-wait')).toHaveText('–');

  // A click lists the line in order, and the queue's attendants with their load and pause.
  await sales.click();
  await expect(page).toHaveURL(/\?queue=\d+$/);
  const line = page.getByTestId('monitor-line-ticket');
  await expect(line).toHaveCount(2);
  await expect(line.nth(0)).toContainText('Diego Melo');
  await expect(line.nth(0)).toHaveAttribute('data-position', '1');
  await expect(line.nth(1)).toContainText('Elisa Nunes');
  const anaRow = page.locator('[data-testid="monitor-attendant"][data-attendant-name="Ana Lima"]');
  await expect(anaRow.getByTestId('monitor-attendant-load')).toHaveText('1/1');
  const brunoRow = page.locator('[data-testid="monitor-attendant"][data-attendant-name="Bruno Reis"]');
  await expect(brunoRow).toHaveAttribute('data-paused', 'true');
  await expect(brunoRow.getByTestId('monitor-pause-reason')).toHaveText('Almoço');
  await expect(brunoRow.getByTestId('monitor-attendant-load')).toHaveText('0/2');

  // Live: another customer joins the end of the line without a reload.
  await realtimeConnected(page);
  await write('5511955550004', 'Fábio Rocha');
  await expect(sales.getByTestId('monitor-waiting')).toHaveText('3');
  await expect(line).toHaveCount(3);
  await expect(line.nth(2)).toContainText('Fábio Rocha');
  await snapAllThemes(page, 'queue-monitor');

  // Bruno resumes: he takes the first two in line at once, and the monitor follows.
  await realtimeConnected(page);
  await page.request.post('/api/users/me/pause', { headers: bruno.headers, data: { paused: false } });
  await expect(sales.getByTestId('monitor-waiting')).toHaveText('1');
  await expect(line).toHaveCount(1);
  await expect(line.nth(0)).toContainText('Fábio Rocha');
  await expect(brunoRow).toHaveAttribute('data-paused', 'false');
  await expect(brunoRow.getByTestId('monitor-attendant-load')).toHaveText('2/2');
  await expect(sales).toContainText('2 no limite');

  // A waiting ticket opens in the tickets screen.
  await line.nth(0).click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);

  // Transferring it to Ana, who is full, is allowed but said.
  await page.getByTestId('ticket-transfer').click();
  await page.getByTestId('transfer-queue').click();
  await page.getByTestId('transfer-queue-option').filter({ hasText: 'Vendas' }).click();
  await page.getByTestId('transfer-user').locator('input').click();
  await page.getByRole('option', { name: /Ana Lima/ }).click();
  await expect(page.getByTestId('transfer-over-capacity')).toContainText('Ana Lima já tem 1 de 1 tickets abertos');
  await expect(page.getByTestId('transfer-submit')).toBeEnabled();
  await snap(page, 'queue-monitor-transfer-over-capacity-light-desktop', { mouseAt: { x: 1, y: 1 } });
});

test('an attendant without the permission sees a notice instead of the monitor', async ({ page }) => {
  const account = await createCompanyAdmin(page, 'monitor-agent');
  await logIn(page, account);
  const api = await apiOf(page);
  const email = `agent-${Date.now().toString(36)}@example.com`;
  await api.post('/api/users', { name: 'Gil Costa', email, password: 'secret123', profile: 'user' });
  await page.context().clearCookies();
  await logIn(page, { email, password: 'secret123' });
  await expect(page.getByTestId('menu-queueMonitor')).toHaveCount(0);
  await page.goto('/queue-monitor');
  await expect(page.getByTestId('admin-only-notice')).toContainText('supervisores');
  // The header shows their open tickets against the company's capacity.
  await expect(page.getByTestId('workload-count')).toHaveText('0/5');
});

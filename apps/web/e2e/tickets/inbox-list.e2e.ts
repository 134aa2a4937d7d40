import type { APIRequestContext, Page } from '@playwright/test';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer } from '../support/sandbox.ts';
import { desktop, phone, snap } from '../support/screens.ts';

/** Sends an API call as the page's user and returns the JSON answer, failing loudly on an error. */
async function call<T>(
  request: APIRequestContext,
  headers: Record<string, string>,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const answer = await request[method](path, { headers, data });
  expect(answer.ok(), `${method.toUpperCase()} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/**
 * Two queues, an attendant of the second one (Bia), and a paired sandbox connection; names unique
 * per run. With `salesOnly` the connection routes every new ticket to the first queue.
 */
async function setUpCompany(
  page: Page,
  suffix: string,
  options: { allTicket?: 'enabled' | 'desabled'; salesOnly?: boolean } = {},
) {
  const headers = await bearer(page);
  const queue = (name: string, color: string) =>
    call<{ id: number }>(page.request, headers, 'post', '/api/queue', { name, color, greetingMessage: `Fila ${name}` });
  const sales = await queue(`Vendas ${suffix}`, '#0f766e');
  const support = await queue(`Suporte ${suffix}`, '#7c3aed');
  await call(page.request, headers, 'post', '/api/users', {
    name: 'Bia Suporte',
    email: `bia-${suffix}@example.com`,
    password: 'secret1',
    profile: 'user',
    allTicket: options.allTicket ?? 'enabled',
    queueIds: [support.id],
  });
  const connection = await call<{ id: number }>(page.request, headers, 'post', '/api/whatsapp', {
    name: `Loja ${suffix}`,
    provider: 'sandbox',
    ...(options.salesOnly ? { queueIds: [sales.id] } : {}),
  });
  // The session shows a QR code first; the sandbox "scans" it.
  await expect
    .poll(
      async () =>
        (await call<{ status: string }>(page.request, headers, 'get', `/api/whatsapp/${connection.id}`)).status,
      { timeout: 20_000 },
    )
    .toBe('qrcode');
  await call(page.request, headers, 'post', `/api/sandbox/${connection.id}/scan`);
  await expect
    .poll(
      async () =>
        (await call<{ status: string }>(page.request, headers, 'get', `/api/whatsapp/${connection.id}`)).status,
      { timeout: 20_000 },
    )
    .toBe('CONNECTED');
  const customerWrites = (from: string, name: string, body: string) =>
    call(page.request, headers, 'post', `/api/sandbox/${connection.id}/inbound`, { from, name, body });
  return { sales, support, customerWrites };
}

const rowOf = (page: Page, name: string) => page.getByTestId('ticket-row').filter({ hasText: name });
const countOf = (page: Page, tab: 'open' | 'pending') => page.getByTestId(`tickets-subtab-${tab}`);
const readCount = async (page: Page, tab: 'open' | 'pending') =>
  Number(await countOf(page, tab).getAttribute('data-count'));

test('a customer writes, the ticket arrives live, is accepted, found, filtered and transferred to another attendant', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(240_000));
  // Other files share this server and company: names are unique and counts relative.
  const suffix = String(Date.now()).slice(-6);
  const mariaName = `Maria ${suffix}`;
  const joaoName = `João ${suffix}`;
  const supportName = `Suporte ${suffix}`;
  const mariaNumber = `55119${suffix}1`;
  // Letters only: a search with digits also matches contact numbers (which hold the suffix).
  const orderWord = suffix.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]);
  await page.setViewportSize(desktop);
  await logIn(page);
  const { customerWrites } = await setUpCompany(page, suffix);

  await page.goto('/tickets');
  await expect(page.getByTestId('ticket-placeholder')).toBeVisible();
  await page.getByTestId('tickets-subtab-pending').click();
  await expect(page.getByTestId('tickets-loading')).toHaveCount(0);
  const pendingBefore = await readCount(page, 'pending');
  const openBefore = await readCount(page, 'open');
  await realtimeConnected(page);

  // The customer writes: the ticket shows up in pending without a reload, counted and unread.
  await customerWrites(mariaNumber, mariaName, `Oi, preciso de ajuda com meu pedido ${orderWord}`);
  const maria = rowOf(page, mariaName);
  await expect(maria).toBeVisible();
  await expect(maria.getByTestId('ticket-last-message')).toHaveText(`Oi, preciso de ajuda com meu pedido ${orderWord}`);
  await expect(maria.getByTestId('ticket-unread')).toContainText('1');
  await expect(countOf(page, 'pending')).toHaveAttribute('data-count', String(pendingBefore + 1));
  await expect(maria.getByTestId('ticket-time')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(page.getByTestId('tickets-list-pending').getByTestId('ticket-row').first()).toContainText(mariaName);

  // spec: a pending row opens only through Accept; after accept the ticket opens.
  await maria.click();
  await expect(page).toHaveURL(/\/tickets$/);
  await maria.getByTestId('ticket-row-accept').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const mariaUrl = page.url();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await expect(countOf(page, 'open')).toHaveAttribute('data-count', String(openBefore + 1));
  await expect(countOf(page, 'pending')).toHaveAttribute('data-count', String(pendingBefore));
  // The list follows the accepted ticket to "Atendendo" instead of staying on the waiting tab.
  await expect(page.getByTestId('tickets-subtab-open')).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, mariaName)).toHaveAttribute('aria-current', 'true');

  // A second customer: pending counts again, live.
  await customerWrites(`55119${suffix}2`, joaoName, 'Bom dia, qual o horário da loja?');
  await expect(countOf(page, 'pending')).toHaveAttribute('data-count', String(pendingBefore + 1));
  await snap(page, 'tickets-inbox-light-desktop');

  // Search by message text and by name (debounced).
  await page.getByTestId('tickets-tab-search').click();
  await page.getByTestId('tickets-search').fill(`pedido ${orderWord}`);
  const results = page.getByTestId('tickets-list-search').getByTestId('ticket-row');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(mariaName);
  await page.getByTestId('tickets-search').fill(joaoName);
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(joaoName);
  await snap(page, 'tickets-search-light-desktop');

  // Transfer Maria's ticket to the Suporte queue without a user: back to pending there.
  await page.goto(mariaUrl);
  await page.getByTestId('ticket-transfer').click();
  await expect(page.getByTestId('transfer-submit')).toBeDisabled();
  await page.getByTestId('transfer-queue').click();
  await page.getByTestId('transfer-queue-option').filter({ hasText: supportName }).click();
  // Without typing, the user field offers the chosen queue's users (search itself starts at 3 characters).
  await page.getByTestId('transfer-user').locator('input').click();
  await expect(page.getByRole('option', { name: 'Bia Suporte' })).toBeVisible();
  await snap(page, 'tickets-transfer-light-desktop');
  await page.getByTestId('transfer-user').locator('input').press('Escape');
  await expect(page.getByRole('option', { name: 'Bia Suporte' })).toHaveCount(0);
  await page.getByTestId('transfer-submit').click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('tickets-subtab-pending').click();
  await expect(countOf(page, 'pending')).toHaveAttribute('data-count', String(pendingBefore + 2));
  await expect(rowOf(page, mariaName).getByTestId('ticket-queue')).toHaveText(supportName);

  // The queue filter: without Suporte, Maria's ticket leaves the list; João's (no queue) stays.
  await page.getByTestId('tickets-queue-select').click();
  await page.getByTestId('tickets-queue-option').filter({ hasText: supportName }).click();
  await page.keyboard.press('Escape');
  await expect(rowOf(page, mariaName)).toHaveCount(0);
  await expect(rowOf(page, joaoName)).toBeVisible();
  await page.getByTestId('tickets-queue-select').click();
  await page.getByTestId('tickets-queue-option').filter({ hasText: supportName }).click();
  await page.keyboard.press('Escape');
  await expect(rowOf(page, mariaName)).toBeVisible();

  // A Suporte attendant in another browser sees it in pending, and the next message live.
  const other = await browser.newContext({ baseURL, viewport: desktop });
  const bia = await other.newPage();
  await logIn(bia, { email: `bia-${suffix}@example.com`, password: 'secret1' });
  await bia.goto('/tickets');
  await bia.getByTestId('tickets-subtab-pending').click();
  const biaMaria = rowOf(bia, mariaName);
  await expect(biaMaria).toBeVisible();
  await expect(biaMaria.getByTestId('ticket-row-peek')).toHaveCount(0);
  await realtimeConnected(bia);
  await customerWrites(mariaNumber, mariaName, 'Alguém aí?');
  await expect(biaMaria.getByTestId('ticket-last-message')).toHaveText('Alguém aí?');
  await expect(biaMaria.getByTestId('ticket-unread')).toContainText('1');
  await expect(bia.getByTestId('tickets-list-pending').getByTestId('ticket-row').first()).toContainText(mariaName);
  // spec: allTicket users see pending tickets in the bell; the tab title carries the count.
  await expect(bia.getByTestId('notifications-badge')).toHaveText(/^[1-9]\d*\+?$/);
  await expect(bia).toHaveTitle(/^\(\d+\) /);
  await bia.getByTestId('notifications-button').click();
  await expect(bia.getByTestId('notification-item').filter({ hasText: mariaName })).toBeVisible();
  await snap(bia, 'tickets-bell-light-desktop');
  await bia.keyboard.press('Escape');

  // Phone width: two tabs, the list first; accepting opens the attendance tab; dark too.
  await bia.setViewportSize(phone);
  await expect(bia.getByTestId('tickets-narrow-list')).toBeVisible();
  await snap(bia, 'tickets-inbox-light-phone');
  await biaMaria.getByTestId('ticket-row-accept').click();
  await expect(bia.getByTestId('ticket-conversation')).toBeVisible();
  await snap(bia, 'tickets-attendance-light-phone');
  await bia.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await bia.goto('/tickets');
  await expect(bia.getByTestId('ticket-manager')).toBeVisible();
  await expect(rowOf(bia, mariaName)).toBeVisible();
  await snap(bia, 'tickets-inbox-dark-phone');
  await other.close();

  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  await expect(rowOf(page, joaoName)).toBeVisible();
  await snap(page, 'tickets-inbox-dark-desktop');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

test("an admin gives an attendant another queue: that queue's tickets reach her bell without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(120_000));
  const suffix = String(Date.now()).slice(-6);
  const anaName = `Ana ${suffix}`;
  const biaEmail = `bia-${suffix}@example.com`;
  await page.setViewportSize(desktop);
  // A company of its own: queue colours are unique per company and the first test used these.
  await logIn(page, await createCompanyAdmin(page, 'bell'));
  const { customerWrites } = await setUpCompany(page, suffix, { allTicket: 'desabled', salesOnly: true });

  const other = await browser.newContext({ baseURL, viewport: desktop });
  const bia = await other.newPage();
  await logIn(bia, { email: biaEmail, password: 'secret1' });
  // A customer of Vendas, which is not Bia's queue: nothing in her bell.
  await customerWrites(`55119${suffix}3`, anaName, 'Quero fazer um pedido');
  await bia.getByTestId('notifications-button').click();
  await expect(bia.getByTestId('notifications-list').or(bia.getByTestId('notifications-empty'))).toBeVisible();
  const biaAna = bia.getByTestId('notification-item').filter({ hasText: anaName });
  await expect(biaAna).toHaveCount(0);
  await bia.keyboard.press('Escape');

  // The admin adds Vendas to Bia's queues in the user modal.
  await page.goto('/users');
  await page.locator(`[data-testid="user-row"][data-user-email="${biaEmail}"]`).getByTestId('user-edit').click();
  await page.getByRole('combobox', { name: 'Filas' }).click();
  await page.getByRole('option', { name: `Vendas ${suffix}` }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('user-save').click();
  await expect(page.getByTestId('user-modal')).toBeHidden();

  // Bia's session follows the company-{id}-user event and her bell asks again.
  await bia.getByTestId('notifications-button').click();
  await expect(biaAna).toBeVisible();
  await snap(bia, 'tickets-bell-after-queue-change-light-desktop');
  await other.close();
});

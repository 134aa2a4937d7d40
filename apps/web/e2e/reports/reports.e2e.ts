import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { snap } from '../support/screens.ts';

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };
const pictureOptions = { fullPage: true, mouseAt: { x: 1, y: 1 }, settleMs: 600 };

/** Customers write through a sandbox connection; an attendant takes, tags, closes and gets rated. */
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
  await call('put', '/api/settings/userRating', { value: 'enabled' });
  const connection = await call<{ id: number }>('post', '/api/whatsapp', { name: 'Loja', provider: 'sandbox' });
  await (await apiOf(page)).pairSandbox(connection.id);
  const tag = await call<{ id: number }>('post', '/api/tags', { name: 'VIP', color: '#E91E63' });
  const customers = ['5511922220001', '5511922220002', '5511922220003'];
  for (const from of customers) {
    await call('post', `/api/sandbox/${connection.id}/inbound`, { from, name: `C${from.slice(-1)}`, body: 'Olá!' });
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
  for (const [index, from] of customers.slice(0, 2).entries()) {
    const ticket = tickets.find((item) => item.contact.number === from);
    expect(ticket, from).toBeTruthy();
    await call('put', `/api/tickets/${ticket?.id}`, { status: 'open', userId: ana.id });
    await call('post', '/api/tags/sync', { ticketId: ticket?.id, tags: [{ id: tag.id }] });
    await call('put', `/api/tickets/${ticket?.id}`, { status: 'closed' });
    await call('post', `/api/sandbox/${connection.id}/inbound`, { from, body: String(3 - index) });
  }
  // The message right after the rating is its comment (not a new conversation).
  await call('post', `/api/sandbox/${connection.id}/inbound`, {
    from: customers[0],
    body: 'Muito atenciosa, resolveu tudo!',
  });
}

test('reports: every report page with its chart, light and dark, desktop and phone', async ({ page }) => {
  test.setTimeout(paced(150_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'reports'));
  await seed(page);

  const pages = ['overview', 'attendants', 'queues', 'tags', 'connections', 'satisfaction'] as const;
  for (const kind of pages) {
    await page.goto(`/reports/${kind}`);
    await expect(page.getByTestId('reports-page')).toBeVisible();
    await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByTestId('report-row').first()).toBeVisible();
    if (kind !== 'tags' && kind !== 'connections') await snap(page, `reports-${kind}-light-desktop`, pictureOptions);
  }

  // The overview's figures, and the CSV is the table as shown (sorted by a column).
  await page.goto('/reports/overview');
  await expect(page.getByTestId('report-headline-opened')).toContainText('3');
  await expect(page.getByTestId('report-headline-closed')).toContainText('2');
  await page.goto('/reports/attendants');
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expect(page.getByTestId('report-row')).toContainText('Ana Souza');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFAtendente;Fechados;/);
  expect(csv).toMatch(/Ana Souza;2;/);

  // The satisfaction tab lists what the customer wrote after rating, and exports it.
  await page.goto('/reports/satisfaction');
  await expect(page.getByTestId('comment-row')).toHaveCount(1);
  await expect(page.getByTestId('comment-row')).toContainText('Muito atenciosa, resolveu tudo!');
  await expect(page.getByTestId('comment-row')).toContainText('Ana Souza');
  const [commentsDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('comments-export').click(),
  ]);
  const commentsCsv = await readFile((await commentsDownload.path()) as string, 'utf8');
  expect(commentsCsv.split('\r\n')[0]).toBe('\uFEFFAvaliado em;Atendente;Contato;Nota;Comentário');
  expect(commentsCsv).toMatch(/;Ana Souza;C1;3;Muito atenciosa, resolveu tudo!\r\n$/);
  await expect(page.getByTestId('report-headline-ratings')).toContainText('2');

  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.goto('/reports/overview');
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'reports-overview-dark-desktop', pictureOptions);
  await page.setViewportSize(phone);
  await page.goto('/reports/overview');
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'reports-overview-dark-phone', pictureOptions);
  await page.goto('/reports/satisfaction');
  await expect(page.getByTestId('comment-row')).toBeVisible();
  await snap(page, 'reports-satisfaction-dark-phone', pictureOptions);
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.goto('/reports/queues');
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'reports-queues-light-phone', pictureOptions);
});

import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The logged-in page's access token as a header, for API calls beside the UI. */
export async function bearer(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
}

/** Creates a sandbox connection through the API; paired (CONNECTED) unless `paired` is false. */
export async function createSandboxConnection(page: Page, name: string, { paired = true } = {}) {
  const headers = await bearer(page);
  const created = await page.request.post('/api/whatsapp', { headers, data: { name, provider: 'sandbox' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const statusOf = async () =>
    ((await (await page.request.get(`/api/whatsapp/${id}`, { headers })).json()) as { status: string }).status;
  await expect.poll(statusOf, { timeout: 15_000 }).toBe('qrcode');
  if (paired) {
    expect((await page.request.post(`/api/sandbox/${id}/scan`, { headers })).status()).toBe(200);
    await expect.poll(statusOf).toBe('CONNECTED');
  }
  return id;
}

/** The id of the newest ticket of a contact (by number), once intake has made it. */
export async function ticketIdOf(page: Page, number: string) {
  const headers = await bearer(page);
  let id = 0;
  await expect
    .poll(async () => {
      for (const status of ['pending', 'open']) {
        const answer = await page.request.get(`/api/tickets?status=${status}&showAll=true`, { headers });
        const { tickets } = (await answer.json()) as { tickets: { id: number; contact: { number: string } }[] };
        id = tickets.find((ticket) => ticket.contact.number === number)?.id ?? 0;
        if (id) return id;
      }
      return 0;
    })
    .toBeGreaterThan(0);
  return id;
}

import type { APIResponse, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { bearer } from './sandbox.ts';

/**
 * The API as the logged-in page's user, for setting things up beside the UI: `get` and `post`
 * fail the test on any non-2xx answer (saying which).
 */
export async function apiOf(page: Page) {
  const headers = await bearer(page);
  const check = async <T>(answer: APIResponse) => {
    expect(answer.ok(), `${answer.url()} → ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  const get = async <T>(path: string) => check<T>(await page.request.get(path, { headers }));
  const post = async <T>(path: string, data?: unknown) => check<T>(await page.request.post(path, { headers, data }));
  const put = async <T>(path: string, data?: unknown) => check<T>(await page.request.put(path, { headers, data }));
  const statusOf = async (id: number) => (await get<{ status: string }>(`/api/whatsapp/${id}`)).status;
  return {
    get,
    post,
    put,
    /**
     * Pairs a sandbox connection just created: waits for its session to show the QR code (a scan
     * before that is refused with ERR_WAPP_NOT_INITIALIZED), scans it, waits until CONNECTED.
     */
    pairSandbox: async (id: number) => {
      await expect.poll(() => statusOf(id), { timeout: 20_000 }).toBe('qrcode');
      await post(`/api/sandbox/${id}/scan`);
      await expect.poll(() => statusOf(id), { timeout: 20_000 }).toBe('CONNECTED');
    },
  };
}

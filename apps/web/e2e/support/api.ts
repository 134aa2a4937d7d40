import type { APIResponse, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { bearer } from './sandbox.ts';

/**
 * The API as the logged-in page's user, for setting things up beside the UI: `get` and `post`
 * fail the test on any non-2xx answer (saying which), `status` answers a POST's status as is.
 */
export async function apiOf(page: Page) {
  const headers = await bearer(page);
  const check = async <T>(answer: APIResponse) => {
    expect(answer.ok(), `${answer.url()} → ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    get: async <T>(path: string) => check<T>(await page.request.get(path, { headers })),
    post: async <T>(path: string, data?: unknown) => check<T>(await page.request.post(path, { headers, data })),
    status: async (path: string) => (await page.request.post(path, { headers })).status(),
  };
}

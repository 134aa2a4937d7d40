import type { Page, Response } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';

/** Every private screen of the side menu, plus the other private routes of the spec. */
const screens = [
  '/',
  '/tickets',
  '/quick-messages',
  '/kanban',
  '/todolist',
  '/contacts',
  '/schedules',
  '/tags',
  '/chats',
  '/helps',
  '/campaigns',
  '/contact-lists',
  '/campaigns-config',
  '/phrase-lists',
  '/flowbuilders',
  '/announcements',
  '/messages-api',
  '/users',
  '/queues',
  '/prompts',
  '/queue-integration',
  '/connections',
  '/files',
  '/financeiro',
  '/settings',
  '/subscription',
];

/** Collects every API answer of 400 or more while the page is used. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      failures.push(`${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`);
    }
  });
  return failures;
}

/** Waits until the screen has asked for what it needs (no request in flight for a moment). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

// issue 13 defect 4: no screen calls a route that does not exist, or with an id it does not have.
test('no screen, tab or dialog gets a failing API answer', async ({ page }) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  const failures = watchFailures(page);
  await logIn(page);

  for (const path of screens) {
    await page.goto(path);
    await settle(page);
  }

  await page.goto('/settings');
  await settle(page);
  for (const tab of await page.locator('[data-testid^="settings-tab-"]').all()) {
    await tab.click();
    await settle(page);
  }

  await page.goto('/connections');
  await page.getByTestId('connection-add').click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
  for (const tab of await page.locator('[data-testid^="connection-tab-"]').all()) {
    await tab.click();
    await settle(page);
  }

  // The integrations tab lists nothing without asking routes that do not exist.
  await page.getByTestId('connection-tab-integrations').click();
  await snap(page, 'connection-integrations-light-desktop');
  await page.getByTestId('theme-toggle').dispatchEvent('click');
  await snap(page, 'connection-integrations-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'connection-integrations-dark-phone');
  await page.getByTestId('theme-toggle').dispatchEvent('click');
  await snap(page, 'connection-integrations-light-phone');
  await page.setViewportSize(desktop);

  expect(failures).toEqual([]);
});

// The same for an attendant: admin screens show their notice without asking the API for anything.
test('an attendant opening every screen gets no failing API answer', async ({ page }) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'crawl'));
  const attendant = { email: `crawl-user-${Date.now().toString(36)}@example.com`, password: 'secret123' };
  await (await apiOf(page)).post('/api/users', { name: 'Crawler', ...attendant, profile: 'user', queueIds: [] });
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // The admin's screen may still have requests in flight, answered 401 once the session is gone:
  // leaving the document ends them, so what is watched is the attendant's own.
  await page.goto('/favicon.svg');
  const failures = watchFailures(page);
  await logIn(page, attendant);
  for (const path of screens) {
    await page.goto(path);
    await settle(page);
  }
  expect(failures).toEqual([]);
});

import type { Page } from '@playwright/test';
import { test as base, expect, realtimeConnected, superAdmin } from '../support/fixtures.ts';
import { desktop, phone, snap } from '../support/screens.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { type RunningPsp, startFakePsp } from './fake-psp.ts';

// This file's server charges through the fake Pix PSP started here, which confirms payments.
const test = base.extend<object, { psp: RunningPsp; server: RunningServer }>({
  psp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const psp = await startFakePsp();
      await use(psp);
      psp.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ psp }, use) => {
      const server = await startServer(psp.env);
      await psp.setWebhook(server.url);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let sequence = 0;

/** A plan with a price and a company on it with its admin, made through the super user's API. */
async function payingCompany(page: Page, dueDate: string) {
  const login = await page.request.post('/api/auth/login', { data: superAdmin });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const suffix = `${Date.now().toString(36)}${++sequence}`;
  const plan = await page.request.post('/api/plans', {
    headers,
    data: { name: `Plano Pro ${suffix}`, users: 10, connections: 3, queues: 5, value: 149.9 },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const planId = ((await plan.json()) as { id: number }).id;
  const account = { email: `billing-${suffix}@example.com`, password: 'secret123' };
  const created = await page.request.post('/api/companies', {
    headers,
    data: { name: `Loja ${suffix}`, email: account.email, password: account.password, planId, dueDate },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { account, planId };
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
}

test('pays an open invoice from /financeiro; the PSP confirms, the toast shows and the page goes to /', async ({
  page,
  psp,
}) => {
  const dueDate = isoDay(5);
  const { account } = await payingCompany(page, dueDate);
  // The due date is within 10 days: the invoice was made when the super user created the company.
  await page.setViewportSize(desktop);
  await signIn(page, account);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/financeiro');
  await realtimeConnected(page);
  const row = page.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('invoice-status')).toHaveText('Em aberto');
  await expect(row).toContainText('R$ 149,90');
  await snap(page, 'billing-invoices-light-desktop');

  await row.getByTestId('invoice-pay').click();
  await expect(page.getByTestId('pix-payment')).toBeVisible();
  await expect(page.getByTestId('pix-amount')).toHaveText('R$ 149,90');
  await expect(page.getByTestId('pix-code')).toHaveValue(/^000201/);
  await expect(page.getByTestId('qr-code-image')).toBeVisible();
  await expect(page.getByTestId('pix-expiry')).toContainText('Pague até');
  await snap(page, 'billing-pix-light-desktop');

  expect((await psp.payLatest()).status).toBe(200);
  await expect(page.getByText(/Licença renovada até/)).toBeVisible();
  // spec: redirected to / after 4 s.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await page.goto('/financeiro');
  await expect(page.getByTestId('invoice-row').getByTestId('invoice-status')).toHaveText('Paga');

  // Dark and phone.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await snap(page, 'billing-invoices-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'billing-invoices-dark-phone');
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-email')).toHaveValue(account.email);
  await snap(page, 'billing-subscription-dark-phone');
  await page.getByTestId('subscription-sign-now').click();
  await expect(page.getByTestId('checkout-plans')).toBeVisible();
  await snap(page, 'billing-checkout-plan-dark-phone');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

test("an expired company's admin signs in to billing only, pays by Pix and gets the product back", async ({
  page,
  psp,
}) => {
  const { account, planId } = await payingCompany(page, isoDay(-2));
  await page.setViewportSize(desktop);
  await signIn(page, account);
  await expect(page.getByTestId('billing-only-shell')).toBeVisible();
  await expect(page).toHaveURL(/\/financeiro$/);
  await expect(page.getByTestId('billing-only-notice')).toBeVisible();
  await snap(page, 'billing-only-light-desktop');
  // Every other screen sends back to the invoices.
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/financeiro$/);

  await page.goto('/subscription');
  await realtimeConnected(page);
  await page.getByTestId('subscription-sign-now').click();
  // spec: the checkout starts at the plan step; picking a plan moves to review.
  await expect(page.getByTestId('checkout-plans')).toBeVisible();
  await snap(page, 'billing-checkout-plan-light-desktop');
  await page.getByTestId(`checkout-plan-${planId}`).click();
  await expect(page.getByTestId('checkout-review')).toContainText('R$ 149,90');
  await snap(page, 'billing-checkout-review-light-desktop');
  await page.getByTestId('checkout-pay').click();
  await expect(page.getByTestId('pix-payment')).toBeVisible();
  await page.setViewportSize(phone);
  await snap(page, 'billing-pix-light-phone');
  await page.setViewportSize(desktop);

  expect((await psp.payLatest()).status).toBe(200);
  await expect(page.getByText(/Licença renovada até/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  // The whole product is back.
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('billing-only-shell')).toHaveCount(0);
});

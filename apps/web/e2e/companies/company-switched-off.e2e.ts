import { createCompanyAdmin, expect, logIn, superAdmin, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { snap } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

test('switching a company off sends its open pages to login with the reason', async ({ page, playwright, baseURL }) => {
  const account = await createCompanyAdmin(page, 'suspensa');
  await logIn(page, account);
  const companyId = Number(await page.evaluate(() => localStorage.getItem('companyId')));

  // The super user switches the company off through the API, as the companies manager does, from
  // a browser of their own: signing in through this page's context would leave the super user's
  // refresh cookie in it, and a request of the page refreshing its ended session would sign it in
  // as the super user.
  const superUser = await playwright.request.newContext({ baseURL });
  const login = await superUser.post('/api/auth/login', { data: superAdmin });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const company = await (await superUser.get(`/api/companies/${companyId}`, { headers })).json();
  const message = 'O acesso da sua empresa foi suspenso e sua sessão foi encerrada. Entre em contato com o suporte.';
  await superUser.put(`/api/companies/${companyId}`, { headers, data: { ...company, status: false } });
  await superUser.dispose();
  await expectToast(page, message, { timeout: paced(15_000) });

  await expect(page).toHaveURL(/\/login$/, { timeout: paced(10_000) });
  await expect(page.getByTestId('session-ended-notice')).toHaveText(message);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.waitForTimeout(400);
  await snap(page, 'login-company-switched-off-light-desktop', { settleMs: 0 });

  // The notice is said once: a reload shows the plain login page, and the login itself is refused.
  // (The page may still be leaving the closed socket behind: a reload it aborts is tried again.)
  await expect(async () => {
    await page.reload();
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId('session-ended-notice')).toHaveCount(0);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expectToast(page, 'A empresa está inativa');
});

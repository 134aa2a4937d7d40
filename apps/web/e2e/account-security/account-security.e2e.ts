import { Secret, TOTP } from 'otpauth';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { desktop, phone, snap, snapAllThemes, snapBothSizes } from '../support/screens.ts';

/** The code an authenticator app shows, `stepOffset` steps of 30 s from now. */
const codeOf = (secret: string, stepOffset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepOffset * 30_000 });

test('an admin turns on two-step sign-in with the QR code, signs in with a code, and reads the audit log', async ({
  page,
  browser,
}) => {
  const account = await createCompanyAdmin(page, 'security');
  await page.setViewportSize(desktop);
  await logIn(page, account);

  // Enrolment from the profile: the QR code, the key to type by hand, then the recovery codes.
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-profile').click();
  const profile = page.getByTestId('profile-dialog');
  await expect(profile.getByTestId('session-row')).toHaveCount(1);
  await profile.getByTestId('two-factor-start').click();
  await expect(page.getByTestId('qr-code-image')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snapBothSizes(page, 'two-factor-enrol-light');
  await page.setViewportSize(desktop);
  await page.getByTestId('two-factor-enrol-code').fill('000000');
  await page.getByTestId('two-factor-enable').click();
  await expect(page.getByTestId('two-factor-enrolment')).toContainText(/errado|wrong/i);
  // The current code; the sign-in below uses the next step's (a code is good once, and one step of
  // tolerance either side keeps both good however slow the machine is).
  await page.getByTestId('two-factor-enrol-code').fill(codeOf(secret));
  await page.getByTestId('two-factor-enable').click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.setViewportSize(phone);
  await snap(page, 'two-factor-recovery-light-phone');
  await page.setViewportSize(desktop);
  await page.getByTestId('two-factor-done').click();
  await expect(profile.getByTestId('two-factor-status')).toContainText('10');
  // The signed-in devices and the second step's state, in the profile.
  await snapBothSizes(page, 'profile-security-light');
  await page.setViewportSize(desktop);
  await page.keyboard.press('Escape');

  // The audit log: a setting changed by this admin, with before → after.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.put('/api/settings/userRating', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: 'enabled' },
  });
  await page.goto('/settings?tab=auditLog');
  await expect(page.getByTestId('audit-row').first()).toContainText('userRating: disabled → enabled');
  await snapAllThemes(page, 'audit-log');
  // Its period is typed dd/mm/yyyy whatever the browser's locale: from tomorrow on, nothing yet.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const from = page.getByTestId('audit-from');
  await from.fill(`${pad(tomorrow.getDate())}${pad(tomorrow.getMonth() + 1)}${tomorrow.getFullYear()}`);
  await expect(from).toHaveValue(
    `${pad(tomorrow.getDate())}/${pad(tomorrow.getMonth() + 1)}/${tomorrow.getFullYear()}`,
  );
  await expect(page.getByTestId('audit-row')).toHaveCount(0);
  await from.fill('');
  await expect(page.getByTestId('audit-row').first()).toContainText('userRating: disabled → enabled');

  // A new browser signs in: the password, then the code (which ends the first browser's session,
  // as the spec's one session per user wants by default).
  const other = await browser.newContext({ viewport: phone });
  // This browser prefers the dark theme: the code step is pictured in it.
  await other.addInitScript(() => localStorage.setItem('preferredTheme', 'dark'));
  const second = await other.newPage();
  await second.goto('/login');
  await second.getByTestId('login-email').fill(account.email);
  await second.getByTestId('login-password').fill(account.password);
  await second.getByTestId('login-submit').click();
  await expect(second.getByTestId('two-factor-step')).toBeVisible();
  await second.getByTestId('two-factor-code').fill('123');
  await second.getByTestId('two-factor-submit').click();
  await expect(second.getByTestId('two-factor-step')).toContainText(/6/);
  await snapBothSizes(second, 'two-factor-login-dark');
  await second.setViewportSize(phone);
  await second.getByTestId('two-factor-code').fill(codeOf(secret, 1));
  await second.getByTestId('two-factor-submit').click();
  await expect(second).not.toHaveURL(/\/login/);
  await expect(second.getByTestId('account-menu')).toBeVisible();
  await other.close();
});

test('an admin already signed in is sent to the set-up as soon as the company requires two-step sign-in', async ({
  page,
}) => {
  const account = await createCompanyAdmin(page, 'required');
  await page.setViewportSize(desktop);
  await logIn(page, account);
  await expect(page.getByTestId('account-menu')).toBeVisible();

  // The rule is turned on (here by this admin, from another tab): the open app turns to the set-up.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const turnedOn = await page.request.put('/api/settings/require2faForAdmins', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: 'enabled' },
  });
  expect(turnedOn.status()).toBe(200);
  const required = page.getByTestId('two-factor-required');
  await expect(required).toBeVisible();
  await expect(page.getByTestId('qr-code-image')).toBeVisible();
  await snapAllThemes(page, 'two-factor-required');

  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  await page.getByTestId('two-factor-enrol-code').fill(codeOf(secret));
  await page.getByTestId('two-factor-enable').click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByTestId('two-factor-done').click();
  await expect(required).toBeHidden();
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

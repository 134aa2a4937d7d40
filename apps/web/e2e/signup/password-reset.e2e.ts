import { test as base, expect } from '../support/fixtures.ts';
import { desktop, snap, snapAllThemes, snapBothSizes } from '../support/screens.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { type FakeSmtpServer, startFakeSmtpServer } from './fake-smtp.ts';

// This file's server sends mail to a local SMTP server started here, so codes can be read back.
const test = base.extend<object, { smtp: FakeSmtpServer; server: RunningServer }>({
  smtp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const smtp = await startFakeSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtp }, use) => {
      const server = await startServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('resets a forgotten password with the code from the email', async ({ page, smtp }) => {
  const account = { email: `reset-${Date.now()}@example.com`, password: 'secret1' };
  const signup = await page.request.post('/api/companies/cadastro', {
    data: { name: 'Loja Azul', email: account.email, password: account.password, phone: '11987654321', planId: 1 },
  });
  expect(signup.status()).toBe(201);

  await page.setViewportSize(desktop);
  await page.goto('/login');
  await page.getByTestId('link-forgetpsw').click();
  await expect(page).toHaveURL(/\/forgetpsw$/);
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
  await snapAllThemes(page, 'forgetpsw-email');

  // Validation, then an unknown email (spec: 404 shows "email not found").
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByText('Obrigatório')).toBeVisible();
  await page.getByTestId('forgot-email').fill('nobody-here@example.com');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByText('E-mail não encontrado.')).toBeVisible();

  const before = smtp.mails.length;
  await page.getByTestId('forgot-email').fill(account.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('reset-code')).toBeVisible();
  await expect(page.getByTestId('forgot-description')).toContainText(account.email);
  const code = await smtp.waitForCode(account.email, before);

  // The spec's password rule and the confirmation.
  await page.getByTestId('reset-code').fill(code);
  await page.getByTestId('reset-password').fill('weakpass');
  await page.getByTestId('reset-confirm').fill('other');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Inclua uma letra maiúscula')).toBeVisible();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await page.getByTestId('reset-password-toggle').click();
  await expect(page.getByTestId('reset-password')).toHaveAttribute('type', 'text');
  await snap(page, 'forgetpsw-code-errors-light-desktop', { fullPage: true, settleMs: 0 });

  // A wrong code is refused under its field.
  await page.getByTestId('reset-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('reset-password').fill('NewSecret9');
  await page.getByTestId('reset-confirm').fill('NewSecret9');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Código inválido, expirado ou já usado. Peça um novo código.')).toBeVisible();

  await page.getByTestId('reset-code').fill(code);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Senha alterada! Entre com a nova senha.')).toBeVisible();

  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill('NewSecret9');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test('shows the code step on desktop and phone', async ({ page, smtp }) => {
  const email = `reset-shot-${Date.now()}@example.com`;
  await page.request.post('/api/companies/cadastro', {
    data: { name: 'Loja Verde', email, password: 'secret1', phone: '11987654321', planId: 1 },
  });
  await page.goto('/forgetpsw');
  const before = smtp.mails.length;
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await smtp.waitForCode(email, before);
  await expect(page.getByTestId('reset-code')).toBeVisible();
  // The step lives in the page's state, so shoot without reloading.
  await snapBothSizes(page, 'forgetpsw-code-light');
});

test('says so when the server cannot send email', async ({ page }) => {
  const plain = await startServer();
  try {
    await page.goto(`${plain.url}/forgetpsw`);
    await page.getByTestId('forgot-email').fill('admin@admin.com');
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('email-not-configured')).toContainText('não está configurado para enviar e-mails');
    await expect(page.getByTestId('forgot-email')).toBeDisabled();
    await expect(page.getByTestId('forgot-submit')).toBeDisabled();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(
      page.getByTestId('email-not-configured').getByRole('link', { name: 'Voltar para o login' }),
    ).toBeVisible();
    await snap(page, 'forgetpsw-no-smtp-light-desktop', { fullPage: true, settleMs: 0 });
  } finally {
    await plain.stop();
  }
});

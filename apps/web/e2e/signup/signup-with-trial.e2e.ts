import { expect, test } from '../support/fixtures.ts';
import { desktop, snap, snapAllThemes } from '../support/screens.ts';
import { chooseOption } from '../support/select.ts';
import { expectToast } from '../support/toasts.ts';

function dayFromToday(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

test('signs up a company on a plan, logs in and sees the 3-day trial', async ({ page }) => {
  const account = { email: `owner-${Date.now()}@example.com`, password: 'secret1' };
  await page.setViewportSize(desktop);
  await page.goto('/login');
  await page.getByTestId('link-signup').click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
  await snapAllThemes(page, 'signup');

  // The spec's validation messages.
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText('Obrigatório')).toHaveCount(5);
  await page.getByTestId('signup-name').fill('A');
  await page.getByTestId('signup-email').fill('not-an-email');
  await page.getByTestId('signup-password').fill('123');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText('Muito curto!')).toHaveCount(2);
  await expect(page.getByText('E-mail inválido')).toBeVisible();

  // The form as a visitor fills it, reached through a partner link.
  await page.goto('/signup?companyId=1');
  await page.getByTestId('signup-name').fill('Padaria Pão Quente');
  // The admin's own name: the greeting to customers says it, not the company's.
  await page.getByTestId('signup-user-name').fill('Rita Souza');
  await page.getByTestId('signup-email').fill(account.email);
  await page.getByTestId('signup-password').fill(account.password);
  await page.getByTestId('signup-password-toggle').click();
  await expect(page.getByTestId('signup-password')).toHaveAttribute('type', 'text');
  await page.getByTestId('signup-phone').pressSequentially('11987654321');
  await expect(page.getByTestId('signup-phone')).toHaveValue('(11) 98765-4321');
  await page.getByTestId('signup-plan').click();
  const plan = page.getByTestId('signup-plan-1');
  await expect(plan).toContainText('Plano 1');
  await expect(plan).toContainText('R$');
  await expect(plan).toContainText('100 usuários');
  await snap(page, 'signup-plan-menu-light-desktop');
  await chooseOption(page.getByTestId('signup-plan'), plan, 'Plano 1 · R$');
  await page.getByTestId('signup-submit').click();

  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Conta criada');

  // The same email cannot sign up twice.
  await page.goto('/signup');
  await page.getByTestId('signup-name').fill('Outra Padaria');
  await page.getByTestId('signup-email').fill(account.email);
  await page.getByTestId('signup-password').fill(account.password);
  await page.getByTestId('signup-phone').fill('1187654321');
  await chooseOption(page.getByTestId('signup-plan'), page.getByTestId('signup-plan-1'), 'Plano 1 · R$');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText('Este e-mail já está em uso')).toBeVisible();

  // The new company's admin logs in and is warned about the trial once, by the banner (no toast over it).
  await page.goto('/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('subscription-banner')).toHaveText('Seu período de teste termina em 3 dias.');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.getByTestId('greeting')).toContainText('Rita Souza');
  await expect(page.getByTestId('greeting')).toContainText(`seu período de teste termina em ${dayFromToday(3)}`);
  await snap(page, 'signup-trial-shell-light-desktop', { settleMs: 0 });
});

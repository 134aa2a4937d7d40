import type { Page } from '@playwright/test';
import { expect, logIn, realtimeConnected, superAdmin, test } from '../support/fixtures.ts';
import { desktop, phone, snap } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

async function pickLanguage(page: Page, lang: 'pt' | 'en' | 'es') {
  await page.getByTestId('language-menu').first().click();
  await page.getByTestId(`language-${lang}`).click();
}

// Every item a super admin sees with the seeded plan (all flags on), campaigns via the company setting.
const superAdminMenu = [
  'dashboard',
  'tickets',
  'quickMessages',
  'kanban',
  'todolist',
  'contacts',
  'schedules',
  'tags',
  'internalChat',
  'helps',
  'campaignsGroup',
  'flowsGroup',
  'announcements',
  'messagesApi',
  'users',
  'queues',
  'prompts',
  'queueIntegrations',
  'connections',
  'files',
  'financeiro',
  'subscription',
  'settings',
];

test('logs in, shows the menu, switches language and theme, logs out', async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByTestId('copyright')).toContainText('v8.0.1');
  await snap(page, 'login-light-desktop');

  await logIn(page);
  await expect(page).toHaveURL(/\/$/);
  for (const key of superAdminMenu) await expect(page.getByTestId(`menu-${key}`)).toBeVisible();
  await expect(page.getByTestId('greeting')).toContainText('Olá, Admin');
  await expect(page.getByTestId('app-version')).toHaveText('v8.0.1');
  // An admin lands on the real dashboard, titled in the current language.
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('coming-soon-title')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-period-text')).toBeVisible();
  await snap(page, 'shell-light-desktop');

  // The desktop drawer folds to icons and back.
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('app-version')).toBeHidden();
  await snap(page, 'shell-collapsed-light-desktop');
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('app-version')).toBeVisible();

  // Profile: the user renames themself and the greeting follows.
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-profile').click();
  const profile = page.getByTestId('profile-dialog');
  await profile.getByLabel('Nome').fill('Admin Geral');
  await snap(page, 'profile-dialog-light-desktop');
  await profile.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('greeting')).toContainText('Olá, Admin Geral');

  // The subscription page has its own menu entry (it was reachable only by typing its address).
  await page.getByTestId('menu-subscription').click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('menu-subscription')).toHaveAttribute('aria-current', 'page');

  // A page's title follows the language.
  await page.goto('/flowbuilders');
  await expect(page.getByRole('heading', { level: 1, name: 'Fluxos de conversa' })).toBeVisible();

  await pickLanguage(page, 'en');
  await expect(page.getByTestId('menu-contacts')).toContainText('Contacts');
  await expect(page.getByTestId('greeting')).toContainText('Hello, Admin Geral');
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation flows' })).toBeVisible();
  await pickLanguage(page, 'es');
  await expect(page.getByTestId('menu-contacts')).toContainText('Contactos');
  await expect(page.getByTestId('greeting')).toContainText('Hola, Admin Geral');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
  await pickLanguage(page, 'pt');
  await expect(page.getByTestId('menu-contacts')).toContainText('Contatos');

  // Moving between pages keeps the one realtime connection (a new one would miss the events sent
  // while it opens).
  await realtimeConnected(page);
  const socketsOpened: string[] = [];
  page.on('websocket', (socket) => socketsOpened.push(socket.url()));
  for (const item of ['menu-contacts', 'menu-dashboard', 'menu-tickets']) {
    await page.getByTestId(item).click();
    await realtimeConnected(page);
  }
  expect(socketsOpened).toEqual([]);

  await page.getByTestId('theme-toggle').click();
  expect(await page.evaluate(() => localStorage.getItem('preferredTheme'))).toBe('dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(11, 20, 26)');
  await page.getByTestId('menu-dashboard').click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await snap(page, 'shell-dark-desktop');

  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await expect(page.getByTestId('dashboard-period-text')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await snap(page, 'shell-dark-phone');
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await snap(page, 'menu-open-dark-phone');
  await page.keyboard.press('Escape');

  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await snap(page, 'login-dark-phone');
  // Logged out, /login stays put: the desktop picture of the dark login page.
  await page.setViewportSize(desktop);
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await snap(page, 'login-dark-desktop');
  await page.setViewportSize(phone);

  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.reload();
  await snap(page, 'login-light-phone');
  await logIn(page);
  await expect(page.getByTestId('dashboard-period-text')).toBeVisible();
  await snap(page, 'shell-light-phone');
  await page.setViewportSize(desktop);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/); // a logged-in user is sent away from /login
});

test('a second login elsewhere ends the first session with a notice', async ({ page, browser, baseURL }) => {
  await logIn(page);
  await expect(page.getByTestId('greeting')).toBeVisible();

  const elsewhere = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const secondPage = await elsewhere.newPage();
  // The notice lives 1 s before the page reloads: watch for it while the second login happens.
  await Promise.all([
    expect(page.getByText('Sua conta foi acessada em outro computador.')).toBeVisible({ timeout: 30_000 }),
    logIn(secondPage, superAdmin),
  ]);
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  // The page may still be reloading after the URL changed: ask again until it answers.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'reloading')).toBeNull();
  await expect(secondPage.getByTestId('side-menu')).toBeVisible();
  // The login page keeps saying why until the user closes it: not a flash before the reload.
  const notice = page.getByTestId('session-ended-notice');
  await expect(notice).toHaveText('Sua conta foi acessada em outro computador.');
  await page.waitForTimeout(3000);
  await expect(notice).toBeVisible();
  await snap(page, 'login-opened-elsewhere-light-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'login-opened-elsewhere-light-phone');
  await page.getByTestId('session-ended-dismiss').click();
  await expect(notice).toBeHidden();
  await elsewhere.close();
});

test('public pages link back to login and protect private routes', async ({ page }) => {
  // Signup and password recovery always lead back to login.
  await page.goto('/signup');
  await page.locator('a[href="/login"]').first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('link-forgetpsw').click();
  await expect(page).toHaveURL(/\/forgetpsw$/);
  await page.locator('a[href="/login"]').first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByTestId('login-email').fill('admin@admin.com');
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expectToast(page, 'E-mail ou senha inválidos.');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the login page switches language from its own menu, in dark and on a phone', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  // The menu (Material) loads when it opens: the login page itself carries none.
  await page.getByTestId('language-menu').click();
  await expect(page.getByTestId('language-en')).toBeVisible();
  await snap(page, 'login-language-menu-dark-phone');
  await page.getByTestId('language-en').click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('language-menu')).toHaveText('EN');
  await expect(page.getByTestId('login-submit')).toHaveText('Log in');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-es').click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});

test('the login form checks its fields on submit, then as they change', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByTestId('login-email');
  const emailError = page.locator('[id$="-error"]').filter({ hasText: 'E-mail inválido' });
  const passwordError = page.locator('[id$="-error"]').filter({ hasText: 'Obrigatório' });
  // Nothing is said before the first submit, even after typing.
  await email.fill('not-an-email');
  await expect(emailError).toBeHidden();
  await page.getByTestId('login-submit').click();
  await expect(emailError).toBeVisible();
  await expect(passwordError).toBeVisible();
  await expect(email).toBeFocused(); // the first wrong field takes the focus
  await snap(page, 'login-errors-light-desktop');
  // Once submitted, each change is checked again.
  await email.fill('  Admin@Admin.com ');
  await expect(emailError).toBeHidden();
  await expect(passwordError).toBeVisible();
  await page.getByTestId('login-password').fill('wrong-password');
  await expect(passwordError).toBeHidden();
  await page.getByTestId('login-submit').click();
  // Valid now: the form is sent and the server answers (login-validation.test.ts checks the body).
  // The toaster (Material) loads with the first toast: the login page starts without it.
  await expectToast(page, 'E-mail ou senha inválidos.');
  await snap(page, 'login-wrong-password-light-desktop');
});

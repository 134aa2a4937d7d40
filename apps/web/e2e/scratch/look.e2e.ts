import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, logIn, superAdmin, test } from '../support/fixtures.ts';
import { createSandboxConnection } from '../support/sandbox.ts';
import { desktop } from '../support/screens.ts';

/** Labels drawn over a value: not shrunk while their input holds text. */
const overlaps = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.MuiDialog-root .MuiFormControl-root')].flatMap((control) => {
      const label = control.querySelector('label.MuiInputLabel-root');
      const input = control.querySelector('input, textarea') as HTMLInputElement | null;
      if (!label || !input) return [];
      return !label.classList.contains('MuiInputLabel-shrink') && input.value !== '' ? [label.textContent] : [];
    }),
  );

async function watch(page: Page, name: string, open: () => Promise<void>) {
  await open();
  const seen = new Set<string>();
  for (let i = 0; i < 30; i++) {
    for (const label of await overlaps(page)) seen.add(String(label));
    await page.waitForTimeout(100);
  }
  console.log(name, [...seen]);
  await page.screenshot({ path: `e2e/screenshots/scratch-${name}.png` });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
}

test('look', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'look'));
  const api = await apiOf(page);
  await createSandboxConnection(page, 'Loja Um');
  await api.post('/api/queue', { name: 'Vendas', color: '#0f766e', greetingMessage: 'Olá!' });
  await api.post('/api/contacts', { name: 'Pedro Novo', number: '5511944442222', email: 'p@example.com' });
  await api.post('/api/quick-messages', { shortcode: 'ola', message: 'Olá', geral: false, status: true });
  await page.route(/\/api\/.*/, async (route) => {
    if (route.request().method() === 'GET' && !route.request().url().includes('/auth/')) await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  for (const [path, edit] of [
    ['/queues', 'queue-edit'],
    ['/connections', 'connection-edit'],
    ['/contacts', 'contact-edit'],
    ['/users', 'user-edit'],
    ['/quick-messages', 'quick-message-edit'],
  ]) {
    await page.goto(path);
    await page.getByTestId(edit).first().waitFor();
    await watch(page, edit, () => page.getByTestId(edit).first().click());
  }
  await page.getByTestId('account-menu').click();
  await watch(page, 'profile', () => page.getByRole('menuitem', { name: 'Perfil' }).click());
  await page.unrouteAll();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, superAdmin);
  await page.route(/\/api\/.*/, async (route) => {
    if (route.request().method() === 'GET' && !route.request().url().includes('/auth/')) await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/companies');
  await page.getByTestId('company-edit').first().waitFor();
  await watch(page, 'company-edit', () => page.getByTestId('company-edit').first().click());
  await page.screenshot({ path: `e2e/screenshots/scratch-companies.png` });
});

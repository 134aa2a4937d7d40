import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.ts';
import { desktop, phone, snap } from '../support/screens.ts';

const rowOf = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-user-email="${email}"]`);

test('an admin adds, edits, searches and deletes a user; the new user can log in', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `agent-${Date.now()}@example.com`;
  await page.setViewportSize(desktop);
  await logIn(page);
  await page.getByTestId('menu-users').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: /Usuários/ })).toBeVisible();
  await expect(rowOf(page, 'admin@admin.com')).toBeVisible();

  // Add: the validation messages of the spec first, then a valid user.
  await page.getByTestId('users-add').click();
  await page.getByTestId('user-name').fill('A');
  await page.getByTestId('user-save').click();
  await expect(page.getByTestId('user-modal')).toContainText('Muito curto');
  await page.getByTestId('user-name').fill('Bruna Atendente');
  await page.getByTestId('user-email').fill(email);
  await page.getByTestId('user-password').fill('secret1');
  await snap(page, 'users-modal-light-desktop');
  await page.getByTestId('user-save').click();
  await expect(page.getByText('Usuário salvo com sucesso.')).toBeVisible();
  await expect(rowOf(page, email)).toContainText('Bruna Atendente');
  await expect(rowOf(page, email)).toContainText('Usuário');

  // Edit: rename and give access to every ticket.
  await rowOf(page, email).getByTestId('user-edit').click();
  await expect(page.getByTestId('user-name')).toHaveValue('Bruna Atendente');
  await page.getByTestId('user-name').fill('Bruna Souza');
  await page.getByTestId('user-all-ticket').check();
  // Her own capacity for automatic assignment (empty is the company's default).
  await expect(page.getByTestId('user-ticket-capacity')).toHaveValue('');
  await page.getByTestId('user-ticket-capacity').fill('3');
  await page.getByTestId('user-save').click();
  await expect(rowOf(page, email)).toContainText('Bruna Souza');
  await expect(rowOf(page, email)).toContainText('Vê tickets sem fila');
  await rowOf(page, email).getByTestId('user-edit').click();
  await expect(page.getByTestId('user-ticket-capacity')).toHaveValue('3');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-modal')).toHaveCount(0);
  await snap(page, 'users-light-desktop');

  // Search waits for typing to stop, then shows only the matches.
  await page.getByTestId('users-search').fill('souza');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(rowOf(page, email)).toBeVisible();
  await page.getByTestId('users-search').fill('nobody-by-this-name');
  await expect(page.getByTestId('users-empty')).toBeVisible();
  await page.getByTestId('users-search').fill('');
  await expect(rowOf(page, 'admin@admin.com')).toBeVisible();

  // The new user logs in from another browser.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await logIn(otherPage, { email, password: 'secret1' });
  // She pauses receiving tickets with a reason, then resumes.
  const pause = otherPage.getByTestId('pause-toggle');
  await expect(pause).toHaveAttribute('data-paused', 'false');
  await pause.click();
  await otherPage.getByTestId('pause-reason').fill('Almoço');
  await snap(otherPage, 'pause-dialog-light-desktop');
  await otherPage.getByTestId('pause-confirm').click();
  await expect(pause).toHaveAttribute('data-paused', 'true');
  await otherPage.reload();
  await expect(otherPage.getByTestId('pause-toggle')).toHaveAttribute('data-paused', 'true');
  await otherPage.setViewportSize(phone);
  await snap(otherPage, 'pause-paused-light-phone');
  await otherPage.getByTestId('pause-toggle').click();
  await expect(otherPage.getByTestId('pause-toggle')).toHaveAttribute('data-paused', 'false');
  await other.close();

  // Dark theme and a phone-width screen.
  await page.getByTestId('theme-toggle').click();
  await snap(page, 'users-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'users-dark-phone');
  await page.getByTestId('users-add').click();
  await snap(page, 'users-modal-dark-phone');
  await page.keyboard.press('Escape');
  await page.setViewportSize(desktop);

  // Delete asks first; cancelling keeps the user.
  await rowOf(page, email).getByTestId('user-delete').click();
  await expect(page.getByText('Excluir Bruna Souza?')).toBeVisible();
  await snap(page, 'users-delete-dark-desktop');
  await page.getByTestId('confirm-cancel').click();
  await expect(rowOf(page, email)).toBeVisible();
  await rowOf(page, email).getByTestId('user-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(rowOf(page, email)).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

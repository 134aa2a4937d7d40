import { expect, logIn, test } from '../support/fixtures.ts';
import { snap } from '../support/screens.ts';

test('to-do list: Enter adds, blank is ignored, edit, done, delete, kept after reload', async ({ page }) => {
  await logIn(page);
  await page.goto('/todolist');
  await expect(page.getByTestId('tasks-empty')).toBeVisible();
  const input = page.getByTestId('task-input');

  await input.fill('   ');
  await input.press('Enter');
  await expect(page.getByTestId('task-item')).toHaveCount(0);

  await input.fill('Ligar para a Ana');
  await input.press('Enter');
  await input.fill('Enviar proposta');
  await input.press('Enter');
  await expect(page.getByTestId('task-item')).toHaveCount(2);
  await expect(input).toHaveValue('');

  await page.getByTestId('task-done').first().check();
  await page.getByTestId('task-edit').nth(1).click();
  await page.getByTestId('task-edit-input').fill('Enviar proposta revisada');
  await page.getByTestId('task-edit-input').press('Enter');
  await page.reload();
  await expect(page.getByTestId('task-item')).toHaveCount(2);
  await expect(page.getByTestId('task-item').nth(1)).toContainText('Enviar proposta revisada');
  await expect(page.getByTestId('task-done').first()).toBeChecked();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tasks') ?? '[]'));
  expect(stored.map((task: { text: string }) => task.text)).toEqual(['Ligar para a Ana', 'Enviar proposta revisada']);
  await snap(page, 'todolist-light-desktop');

  await page.getByTestId('task-delete').first().click();
  await expect(page.getByTestId('task-item')).toHaveCount(1);

  await page.goto('/financeiro');
  await expect(page.getByTestId('invoices-table')).toBeVisible();
  await snap(page, 'financeiro-light-desktop');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // Wait for the page itself: right after a reload the shell still shows its loading spinner.
  await expect(page.getByTestId('invoices-table')).toBeVisible();
  await snap(page, 'financeiro-dark-phone');
  await page.goto('/todolist');
  await expect(page.getByTestId('task-item')).toHaveCount(1);
  await snap(page, 'todolist-dark-phone');
});

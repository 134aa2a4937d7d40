import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';

test('flows: leaving the editor with unsaved changes asks first (menu link, back button, reload); after Save it does not', async ({
  page,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'flowleave'));
  const api = await apiOf(page);
  const flow = await api.post<{ id: number }>('/api/flowbuilder', { name: 'Saída' });
  const node = (id: string, type: string, data: object) => ({ id, type, position: { x: 0, y: 0 }, data });
  await api.post('/api/flowbuilder/flow', {
    idFlow: flow.id,
    nodes: [node('1', 'start', {}), node('m', 'message', { label: 'Olá' })],
    connections: [{ id: 'e1', source: '1', target: 'm' }],
  });
  const editorUrl = new RegExp(`/flowbuilder/${flow.id}$`);
  const message = page.locator('.react-flow__node', { has: page.locator('[data-node-type="message"]') });
  // The change: a copy of the message node (an unreachable copy still saves, with a warning).
  const change = async () => {
    await expect(message).toHaveCount(1);
    await message.first().getByTestId('node-duplicate').click();
    await expect(message).toHaveCount(2);
  };

  // In-app entry, so the back button stays inside the app.
  await page.goto('/flowbuilders');
  await page.getByTestId('flow-row').filter({ hasText: 'Saída' }).click();
  await expect(page).toHaveURL(editorUrl);
  await change();
  await expect(page.getByTestId('flow-save-reminder')).toHaveText('Alterações não salvas');

  // A menu link: the dialog; Cancel stays with the changes.
  await page.getByTestId('menu-users').click();
  const confirm = page.getByTestId('confirm-accept');
  await expect(confirm).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('Seu fluxo tem alterações não salvas');
  await snap(page, 'flow-editor-leave-confirm-light-desktop');
  await page.getByTestId('confirm-cancel').click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(editorUrl);
  await expect(message).toHaveCount(2);

  // Dark, and on a phone (there the editor's back arrow: the menu is a drawer).
  await page.getByTestId('theme-toggle').click();
  await page.getByRole('link', { name: 'Voltar aos fluxos' }).click();
  await expect(confirm).toBeVisible();
  await snap(page, 'flow-editor-leave-confirm-dark-desktop');
  await page.getByTestId('confirm-cancel').click();
  await page.setViewportSize(phone);
  await page.getByRole('link', { name: 'Voltar aos fluxos' }).click();
  await expect(confirm).toBeVisible();
  await snap(page, 'flow-editor-leave-confirm-dark-phone');
  await page.getByTestId('confirm-cancel').click();
  await expect(confirm).toBeHidden();
  await page.setViewportSize(desktop);
  await page.getByTestId('theme-toggle').click();

  // The browser's back button: the same dialog; Cancel stays.
  await page.evaluate(() => window.history.back());
  await expect(confirm).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(editorUrl);
  await expect(message).toHaveCount(2);

  // The editor's own back arrow, then the back button again, confirmed: it leaves.
  await page.getByRole('link', { name: 'Voltar aos fluxos' }).click();
  await expect(confirm).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await page.evaluate(() => window.history.back());
  await page.getByTestId('confirm-accept').click();
  await expect(page).toHaveURL(/\/flowbuilders$/);

  // Reload and close: the browser's own prompt (dismissed here: the page stays).
  await page.goForward();
  await expect(page).toHaveURL(editorUrl);
  await change();
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3_000 }).catch(() => undefined);
  expect(prompts).toEqual(['beforeunload']);
  await expect(message).toHaveCount(2);

  // A menu link, confirmed: it leaves.
  await page.getByTestId('menu-users').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page).toHaveURL(/\/users$/);

  // The back button from there returns to the editor (nothing is held outside it); after Save nothing asks.
  await page.goBack();
  await expect(page).toHaveURL(editorUrl);
  await change();
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('flow-save-reminder')).not.toHaveText('Alterações não salvas');
  await page.getByTestId('menu-users').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(confirm).toHaveCount(0);
});

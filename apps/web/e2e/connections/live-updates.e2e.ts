import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection } from '../support/sandbox.ts';
import { snap } from '../support/screens.ts';

test('the QR modal closes when the phone pairs, the menu badge follows live, and delete asks first', async ({
  page,
}) => {
  test.setTimeout(paced(120_000));
  const account = await createCompanyAdmin(page, 'live');
  await logIn(page, account);
  const paired = await createSandboxConnection(page, 'Loja Principal', { paired: false });
  const extra = await createSandboxConnection(page, 'Loja Extra', { paired: false });
  const headers = await bearer(page);

  await page.goto('/connections');
  const rowOf = (name: string) => page.getByTestId('connection-row').filter({ hasText: name });
  await expect(rowOf('Loja Principal').getByTestId('connection-status')).toHaveAttribute('data-status', 'qrcode');
  const badge = page.getByTestId('side-menu').getByTestId('connections-warning');
  await expect(badge).toBeVisible();

  // The QR modal is open when the phone pairs elsewhere (here: the sandbox API): it closes by itself.
  await rowOf('Loja Principal').getByTestId('connection-session-showQr').click();
  const qrDialog = page.getByTestId('qr-code-dialog');
  await expect(qrDialog.getByTestId('qr-code-image')).toBeVisible();
  expect((await page.request.post(`/api/sandbox/${paired}/scan`, { headers })).status()).toBe(200);
  await expect(qrDialog).toBeHidden();
  await expect(rowOf('Loja Principal').getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  // The other connection still shows a QR: the badge stays.
  await expect(badge).toBeVisible();

  // Delete asks first; cancel keeps the connection, confirm removes it.
  await rowOf('Loja Extra').getByTestId('connection-delete').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Loja Extra');
  await snap(page, 'connection-delete-confirm-light-desktop');
  await confirm.getByTestId('confirm-cancel').click();
  await expect(confirm).toBeHidden();
  await expect(rowOf('Loja Extra')).toBeVisible();
  await rowOf('Loja Extra').getByTestId('connection-delete').click();
  await page.getByRole('dialog').getByTestId('confirm-accept').click();
  await expect(rowOf('Loja Extra')).toHaveCount(0);
  expect((await page.request.get(`/api/whatsapp/${extra}`, { headers })).status()).toBe(404);

  // Every connection is now connected: the badge goes away without a reload (after its 2 s delay)…
  await expect(badge).toHaveCount(0, { timeout: 10_000 });
  await snap(page, 'connections-no-warning-light-desktop');
  // …and comes back live when the phone logs out.
  expect((await page.request.post(`/api/sandbox/${paired}/disconnect`, { headers })).status()).toBe(200);
  await expect(rowOf('Loja Principal').getByTestId('connection-status')).toHaveAttribute('data-status', 'DISCONNECTED');
  await expect(badge).toBeVisible({ timeout: 10_000 });
  // The Connections item sits low in the admin section: bring it into the picture.
  await badge.scrollIntoViewIfNeeded();
  await snap(page, 'connections-warning-light-desktop');
});

test('server field errors of the connection form are shown translated', async ({ page }) => {
  const account = await createCompanyAdmin(page, 'form');
  await logIn(page, account);
  await createSandboxConnection(page, 'Loja Um', { paired: false });
  await page.goto('/connections');
  await page.getByTestId('connection-add').click();
  await page.getByTestId('connection-name').fill('Loja Um');
  await page.getByTestId('connection-save').click();
  // pt-BR: the name field says the name is taken, not the server's English text.
  await expect(page.getByText('Outra conexão já usa este nome.')).toBeVisible();
  await expect(page.getByText('Already in use')).toHaveCount(0);
  await snap(page, 'connection-modal-name-taken-light-desktop');
});

import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { desktop, phone, snap } from '../support/screens.ts';

// issue 13 defect 8: each variable button inserts where the cursor is now, not where it was.
test('variable buttons insert at the current cursor, typed text in between', async ({ page }) => {
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'qmvars'));
  await page.goto('/quick-messages');
  await page.getByTestId('quick-messages-add').click();
  await page.getByTestId('quick-message-shortcode').fill('ola');
  const message = page.getByTestId('quick-message-message');

  // Straight from the shortcode field: Greeting, type ", ", First name, type "!".
  await page.getByTestId('quick-message-variable-ms').click();
  await page.keyboard.type(', ');
  await page.getByTestId('quick-message-variable-firstName').click();
  await page.keyboard.type('!');
  await expect(message).toHaveValue('{{ms}}, {{firstName}}!');

  // A click in the middle moves the cursor; the next button inserts there.
  await message.click();
  await message.press('Home');
  await page.keyboard.type('Oi. ');
  await page.getByTestId('quick-message-variable-name').click();
  await page.keyboard.type(' ');
  await expect(message).toHaveValue('Oi. {{name}} {{ms}}, {{firstName}}!');
  await page.keyboard.press('End');
  await page.keyboard.type(' Protocolo ');
  await page.getByTestId('quick-message-variable-protocol').click();
  await expect(message).toHaveValue('Oi. {{name}} {{ms}}, {{firstName}}! Protocolo {{protocol}}');

  // Typing before the next frame (a fast typist, a busy machine, a pasted text): the cursor the
  // button left must not be put back over what was typed since.
  await message.fill('');
  await page.evaluate(() => {
    const chip = (name: string) =>
      document.querySelector<HTMLElement>(`[data-testid="quick-message-variable-${name}"]`);
    chip('ms')?.click();
    document.execCommand('insertText', false, ', ');
  });
  await page.getByTestId('quick-message-variable-firstName').click();
  await expect(message).toHaveValue('{{ms}}, {{firstName}}');
  await message.fill('{{ms}}, {{firstName}}! Protocolo {{protocol}}');

  await page.getByTestId('quick-message-save').click();
  await expect(page.locator('[data-testid="quick-message-row"][data-shortcode="ola"]')).toBeVisible();
  // The dialog with the message, light and dark, desktop and phone.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.getByTestId('quick-message-edit').click();
      await expect(message).toHaveValue('{{ms}}, {{firstName}}! Protocolo {{protocol}}');
      await snap(page, `quick-message-variables-${theme}-${size}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.ts';
import { phone, snap } from '../support/screens.ts';

test('the super user adds a help video; the grid shows it and its modal closes with Escape', async ({ page }) => {
  await logIn(page);
  await page.goto('/helps');
  await expect(page.getByTestId('helps-empty')).toBeVisible();
  await expect(page.getByTestId('helps-title')).toHaveText('Ajuda (0)');

  await addHelpThroughSettings(page);

  await page.goto('/helps');
  await expect(page.getByTestId('help-card')).toHaveCount(1);
  await expect(page.getByTestId('helps-title')).toHaveText('Ajuda (1)');
  await expect(page.getByTestId('help-card')).toContainText('Como conectar o WhatsApp');
  await expect(page.getByTestId('help-card').locator('img')).toHaveAttribute(
    'src',
    'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
  );
  await snap(page, 'helps-light-desktop');

  await page.getByTestId('help-card').click();
  const dialog = page.getByTestId('help-video-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByTestId('help-card')).toHaveCount(1);
  await snap(page, 'helps-dark-phone');
});

/** Through the settings page's helps tab, with its validation message on a bad link. */
async function addHelpThroughSettings(page: Page) {
  await page.goto('/settings');
  await page.getByTestId('settings-tab-helps').click();
  await page.getByTestId('help-add').click();
  await page.getByTestId('help-title').fill('Como conectar o WhatsApp');
  await page.getByTestId('help-video').fill('https://youtu.be/');
  await page.getByTestId('help-save').click();
  await expect(page.getByText('Informe um link do YouTube ou um código de vídeo válido.')).toBeVisible();
  await page.getByTestId('help-video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s');
  await page.getByTestId('help-description').fill('Leia o QR code com o celular e comece a atender.');
  await page.getByTestId('help-save').click();
  await expect(page.getByTestId('help-row')).toHaveCount(1);
  await snap(page, 'helps-settings-light-desktop');
}

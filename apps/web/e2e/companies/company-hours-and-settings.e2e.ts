import type { Page } from '@playwright/test';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { snap } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

const phone = { width: 390, height: 844 };

// Pictures with the mouse out of the way and a longer settle for dialogs, toasts and the theme.
const pictureOptions = { mouseAt: { x: 0, y: 0 }, settleMs: 500 };

/** Opens the companies tab, finds the company by its email and opens its form on a tab. */
async function openCompanyTab(page: Page, email: string, tab: 'details' | 'schedules' | 'settings') {
  await page.goto('/settings?tab=companies');
  await page.getByTestId('companies-search').fill(email);
  await expect(page.getByTestId('company-row')).toHaveCount(1);
  await page.getByTestId('company-edit').click();
  await page.getByTestId(`company-tab-${tab}`).click();
}

test("the super user edits a company's weekly hours and settings; its admin sees them", async ({ page, browser }) => {
  test.setTimeout(paced(180_000));
  const account = await createCompanyAdmin(page, 'horarios');
  await logIn(page);

  // Hours: Monday 09:00-18:00, Sunday closed.
  await openCompanyTab(page, account.email, 'schedules');
  const editor = page.getByTestId('company-schedules-editor');
  await expect(editor.getByTestId('schedule-monday')).toBeVisible();
  await editor.getByTestId('schedule-monday-startTime').fill('0900');
  await editor.getByTestId('schedule-monday-endTime').fill('1800');
  await editor.getByTestId('schedule-sunday-startTime').fill('00:00');
  await editor.getByTestId('schedule-sunday-endTime').fill('00:00');
  await expect(editor.getByTestId('schedule-monday-startTime')).toHaveValue('09:00');
  await editor.getByTestId('schedules-save').click();
  await expectToast(page, 'Horários salvos');
  await snap(page, 'company-hours-light-desktop', pictureOptions);

  // Settings: the company's hours take effect; the campaigns switch stays on the details tab.
  await page.getByTestId('company-tab-settings').click();
  await expect(page.getByTestId('settings-options')).toBeVisible();
  await expect(page.getByTestId('setting-campaignsEnabled')).toHaveCount(0);
  await page.getByTestId('setting-scheduleType').click();
  await page.getByTestId('setting-scheduleType-company').click();
  await expectToast(page, 'Configuração salva');
  await snap(page, 'company-settings-light-desktop', pictureOptions);

  // The details tab kept its fields; closing and reopening shows what was saved.
  await page.getByTestId('company-tab-details').click();
  await expect(page.getByTestId('company-email')).toHaveValue(account.email);
  await page.keyboard.press('Escape');
  await openCompanyTab(page, account.email, 'schedules');
  await expect(page.getByTestId('schedule-monday-endTime')).toHaveValue('18:00');
  await page.getByTestId('company-tab-settings').click();
  await expect(page.getByTestId('setting-scheduleType')).toContainText('Por empresa');
  // The super user's own company is untouched.
  await page.keyboard.press('Escape');
  await page.goto('/settings?tab=options');
  await expect(page.getByTestId('setting-scheduleType')).toContainText('Desabilitado');

  // The company's admin finds both in their own /settings.
  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await logIn(adminPage, account);
  await adminPage.goto('/settings?tab=schedules');
  await expect(adminPage.getByTestId('schedule-monday-startTime')).toHaveValue('09:00');
  await expect(adminPage.getByTestId('schedule-sunday')).toContainText('Fechado');
  await other.close();

  // Dark theme, desktop and phone.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await openCompanyTab(page, account.email, 'schedules');
  await expect(page.getByTestId('schedule-monday-startTime')).toHaveValue('09:00');
  await snap(page, 'company-hours-dark-desktop', pictureOptions);
  await page.getByTestId('company-tab-settings').click();
  await expect(page.getByTestId('settings-options')).toBeVisible();
  await snap(page, 'company-settings-dark-desktop', pictureOptions);
  await page.keyboard.press('Escape');
  await page.setViewportSize(phone);
  await openCompanyTab(page, account.email, 'schedules');
  await expect(page.getByTestId('schedule-monday-startTime')).toHaveValue('09:00');
  await snap(page, 'company-hours-dark-phone', pictureOptions);
  await page.getByTestId('company-tab-settings').click();
  await expect(page.getByTestId('settings-options')).toBeVisible();
  await snap(page, 'company-settings-dark-phone', pictureOptions);
  await page.getByTestId('company-dialog-close').click();
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await openCompanyTab(page, account.email, 'details');
  await snap(page, 'company-details-light-phone', pictureOptions);
});

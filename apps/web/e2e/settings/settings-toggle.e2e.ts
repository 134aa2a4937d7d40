import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.ts';
import { desktop, phone, snap } from '../support/screens.ts';

async function choose(page: Page, key: string, value: string) {
  await page.getByTestId(`setting-${key}`).click();
  await page.getByTestId(`setting-${key}-${value}`).click();
  await expect(page.getByText('Configuração salva com sucesso.')).toBeVisible();
}

test('a setting persists after reload; the schedules tab follows scheduleType and keeps its hours', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  await logIn(page);
  await page.getByTestId('menu-settings').click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByTestId('settings-tab-options')).toBeVisible();
  // The super user also gets the platform's tabs; schedules waits for scheduleType 'company'.
  await expect(page.getByTestId('settings-tab-plans')).toBeVisible();
  await expect(page.getByTestId('settings-tab-schedules')).toHaveCount(0);

  await expect(page.getByTestId('setting-userRating')).toHaveText('Desabilitado');
  await choose(page, 'userRating', 'enabled');
  await page.reload();
  await expect(page.getByTestId('setting-userRating')).toHaveText('Habilitado');
  await snap(page, 'settings-light-desktop');

  // Menus as buttons or lists, which only Cloud API connections show (issue 47).
  await expect(page.getByTestId('settings-options')).toContainText(
    'Botões e listas valem só para conexões WhatsApp Cloud API',
  );
  await expect(page.getByTestId('setting-chatBotType')).toHaveText('Texto');
  await choose(page, 'chatBotType', 'button');
  await page.reload();
  await expect(page.getByTestId('setting-chatBotType')).toHaveText('Botões (lista acima de 3 opções)');
  await choose(page, 'chatBotType', 'text');

  await choose(page, 'scheduleType', 'company');
  await page.getByTestId('settings-tab-schedules').click();
  await expect(page.getByTestId('schedule-monday-startTime')).toHaveValue('08:00');
  await expect(page.getByTestId('schedule-sunday-endTime')).toHaveValue('00:00');
  await page.getByTestId('schedule-monday-startTime').fill('0930');
  await expect(page.getByTestId('schedule-monday-startTime')).toHaveValue('09:30');
  await page.getByTestId('schedule-monday-endTime').fill('0900');
  await page.getByTestId('schedules-save').click();
  await expect(page.getByText('O horário de fechar deve ser depois do de abrir')).toBeVisible();
  await page.getByTestId('schedule-monday-endTime').fill('17:45');
  await page.getByTestId('schedules-save').click();
  await expect(page.getByText('Horários salvos com sucesso.')).toBeVisible();
  await snap(page, 'settings-schedules-light-desktop');

  await page.reload();
  await expect(page.getByTestId('schedule-monday-startTime')).toHaveValue('09:30');
  await expect(page.getByTestId('schedule-monday-endTime')).toHaveValue('17:45');

  await page.getByTestId('theme-toggle').click();
  await snap(page, 'settings-schedules-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'settings-schedules-dark-phone');
  await page.getByTestId('settings-tab-options').click();
  await snap(page, 'settings-dark-phone');

  // Back to 'disabled': the schedules tab goes away.
  await page.setViewportSize(desktop);
  await choose(page, 'scheduleType', 'disabled');
  await expect(page.getByTestId('settings-tab-schedules')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

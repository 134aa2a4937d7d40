import { expect, type Locator } from '@playwright/test';

/**
 * Chooses `option` in an MUI select whose field (the element with role combobox) is `field`, and
 * waits until the field shows `shown`. A click on an option while the menu is still opening can
 * be lost on a loaded machine, leaving the menu open over the page: each try opens the menu only
 * when it is not open, waits for the option, and gives the field 2 s to show the choice.
 */
export async function chooseOption(field: Locator, option: Locator, shown: string | RegExp) {
  await expect(async () => {
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click({ timeout: 2_000 });
    await expect(option).toBeVisible({ timeout: 2_000 });
    await option.click({ timeout: 2_000 });
    await expect(field).toContainText(shown, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

import type { Page } from '@playwright/test';
import { screenshotsDir } from './paths.ts';

export const desktop = { width: 1366, height: 800 };
export const phone = { width: 390, height: 844 };

/**
 * Pictures are for a person to look at: `npm run test:e2e` takes them into `e2e/screenshots/`;
 * `npm test` and CI, where nobody looks, set `E2E_SCREENSHOTS=off` and skip them, with the settling
 * waits and theme reloads that exist only for them (about 40 % of the suite's time). No assertion
 * depends on a picture.
 */
export const takingPictures = process.env.E2E_SCREENSHOTS !== 'off';

interface SnapOptions {
  /** The whole page rather than the viewport. */
  fullPage?: boolean;
  /** Where the mouse rests first, so no hover or tooltip is left in the picture. */
  mouseAt?: { x: number; y: number };
  /** How long transitions (drawer, theme, dialogs, toasts) get to settle; 400 ms by default. */
  settleMs?: number;
}

/** Saves a screenshot of the page as it is, once transitions (drawer, theme, dialogs) have settled. */
export async function snap(page: Page, name: string, { fullPage = false, mouseAt, settleMs = 400 }: SnapOptions = {}) {
  if (!takingPictures) return;
  if (mouseAt) await page.mouse.move(mouseAt.x, mouseAt.y);
  await page.waitForTimeout(settleMs);
  await page.screenshot({ path: `${screenshotsDir}${name}.png`, fullPage });
}

/** Shoots the page full length at desktop and then at 390 px wide, as `<name>-desktop` and `<name>-phone`. */
export async function snapBothSizes(page: Page, name: string) {
  if (!takingPictures) return;
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(viewport);
    // Let transitions settle so the picture shows the resting state.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${screenshotsDir}${name}-${size}.png`, fullPage: true });
  }
}

/**
 * Gives a reloaded page a moment with no request in flight, so the picture shows its data. Only a
 * picture depends on it: a page that keeps a request open (realtime falling back to long-polling on
 * a loaded machine) is shot after the bound instead of holding the test until its timeout.
 */
async function settleForPicture(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

/** Shoots the page as it is now in light and dark, desktop and 390 px wide, then restores light desktop. */
export async function snapAllThemes(page: Page, name: string) {
  if (!takingPictures) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    await page.reload();
    await settleForPicture(page);
    await snapBothSizes(page, `${name}-${theme}`);
  }
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.setViewportSize(desktop);
  await page.reload();
}

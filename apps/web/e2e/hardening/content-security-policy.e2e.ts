import type { Page } from '@playwright/test';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { desktop, snapAllThemes } from '../support/screens.ts';

/**
 * Issue 23: the app works under its content security policy. Every CSP violation the browser
 * reports (the `securitypolicyviolation` event and the console) fails the test, over the screens
 * that load the most (MUI, emotion's runtime styles, charts, the socket, blob previews).
 */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test('the app runs under its security headers without CSP violations', async ({ page }) => {
  await page.setViewportSize(desktop);
  const violations = await watchViolations(page);
  const home = await page.goto('/login');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await logIn(page, await createCompanyAdmin(page, 'csp'));
  // The dashboard (charts), tickets (socket, lists), contacts, connections, settings' tabs.
  for (const path of ['/', '/tickets', '/contacts', '/connections', '/settings']) {
    await page.goto(path);
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await page.getByTestId('settings-tab-deadLetters').click();
  await expect(page.getByTestId('dead-letters')).toBeVisible();
  await expect(page.getByText('Nenhuma mensagem não entregue.')).toBeVisible();
  await snapAllThemes(page, 'dead-letters-empty');
  expect(violations).toEqual([]);
});

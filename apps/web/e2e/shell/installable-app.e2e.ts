import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { webDistIndex } from '../support/paths.ts';
import { createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap, takingPictures } from '../support/screens.ts';
import { startServer } from '../support/server.ts';

// The one spec with the service worker: the suite blocks it elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Waits until this build's service worker controls the page and has cached the app shell. */
async function shellCached(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const names = await caches.keys();
          const shell = names.find((name) => name.startsWith('wacrm-shell-'));
          return Boolean(shell && (await (await caches.open(shell)).match('/')));
        }),
      { timeout: paced(30_000) },
    )
    .toBe(true);
}

test('installable: the manifest and its icons, the service worker, the app shell offline', async ({
  page,
  context,
}) => {
  await logIn(page, await createCompanyAdmin(page, 'pwa'));
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestAnswer = await page.request.get(manifestHref ?? '');
  expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await manifestAnswer.json();
  expect(manifest).toMatchObject({ name: 'WaCRM', short_name: 'WaCRM', display: 'standalone', start_url: '/' });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type'], icon.src).toBe('image/png');
  }
  // The worker itself is never cached long: a new deployment must be seen at the next check.
  expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  await shellCached(page);
  // Offline: the app still opens from the cache and says it is offline; the API is never served from it.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('#root')?.childElementCount)).toBeGreaterThan(0);
  await snap(page, 'installable-offline');
  await page.setViewportSize(phone);
  await snap(page, 'installable-offline-phone');
  // Still the user's session, not the login: it resumes when the connection is back.
  await expect(page.getByRole('button', { name: /entrar/i })).toBeHidden();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  // Chromium's own installability checks (manifest, icons, service worker, secure origin) pass; the
  // one left is the test browser's: its contexts are incognito, where nothing installs.
  const devtools = await context.newCDPSession(page);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
  await devtools.detach();
});

test('a new build waiting: "a new version is available", and Reload moves the page onto it', async ({ page }) => {
  // A server of its own on a copy of the build, so this test can deploy "a new build" under it.
  const dist = mkdtempSync(path.join(tmpdir(), 'wacrm-dist-'));
  cpSync(path.dirname(webDistIndex), dist, { recursive: true });
  const server = await startServer({ SERVE_WEB_DIST: dist });
  try {
    await page.goto(`${server.url}/`);
    await shellCached(page);
    const before = await page.evaluate(() => caches.keys());

    const worker = path.join(dist, 'sw.js');
    writeFileSync(
      worker,
      readFileSync(worker, 'utf8').replace(/const BUILD_ID = "[^"]+"/, 'const BUILD_ID = "next-build"'),
    );
    // The app asks for updates every 30 minutes and when it comes back into view; the test asks now.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByTestId('update-banner')).toBeVisible();
    await snap(page, 'installable-update-prompt');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-banner').getByRole('button').click()]);
    await expect(page.getByTestId('update-banner')).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => caches.keys()), { timeout: paced(20_000) })
      .toEqual(['wacrm-shell-next-build']);
    expect(before).not.toContain('wacrm-shell-next-build');
  } finally {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  }
});

/** A device subscribed elsewhere (a phone): the push service's address is a public one. */
const phoneDevice = (endpoint: string) => ({
  endpoint,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
  deviceName: 'Chrome · Android',
});

test('push devices in the profile: listed, this browser’s switch, turned off', async ({ page, context }) => {
  await logIn(page, await createCompanyAdmin(page, 'push'));
  await context.grantPermissions(['notifications']);
  const api = await apiOf(page);
  await api.post('/api/push/subscriptions', phoneDevice('https://203.0.113.7/push/phone-1'));
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-profile').click();
  const section = page.getByTestId('push-settings');
  await expect(section.getByTestId('push-device')).toHaveText(/Chrome · Android/);
  // This browser can be subscribed where the browser has a push service (headless Chromium has none).
  await expect(section.getByTestId('push-this-device').or(section.getByTestId('push-unsupported'))).toBeVisible();
  if (takingPictures) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
      await page.reload();
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.getByTestId('account-menu').click();
        await page.getByTestId('menu-profile').click();
        await expect(section.getByTestId('push-device')).toBeVisible();
        // The section is at the foot of the profile: the picture is of it.
        await section.getByTestId('push-device').scrollIntoViewIfNeeded();
        await snap(page, `installable-push-profile-${theme}-${size}`);
        await page.keyboard.press('Escape');
      }
    }
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
    await page.setViewportSize(desktop);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('menu-profile').click();
  }
  await section.getByRole('button', { name: /Chrome · Android/ }).click();
  await expect(section.getByTestId('push-no-devices')).toBeVisible();
  expect(await api.get('/api/push/subscriptions')).toEqual([]);
});

test('the install entry where the browser offers it; signing out ends the pushes of the sign-in', async ({ page }) => {
  const account = await createCompanyAdmin(page, 'push-out');
  await logIn(page, account);
  const api = await apiOf(page);
  // Several sessions allowed, so that signing in again below ends nothing by itself.
  await api.put('/api/settings/multipleSessions', { value: 'enabled' });
  await api.post('/api/push/subscriptions', phoneDevice('https://203.0.113.7/push/signed-out'));

  // No offer from the browser (a test browser never makes one), no entry.
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('menu-profile')).toBeVisible();
  await expect(page.getByTestId('menu-install')).toBeHidden();
  await page.keyboard.press('Escape');
  // Chromium's offer, played by the test: the entry appears and opens the browser's own dialog.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => document.body.setAttribute('data-install-prompted', 'yes'),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-install').click();
  await expect(page.locator('body')).toHaveAttribute('data-install-prompted', 'yes');
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('menu-install')).toBeHidden();

  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, account);
  expect(await (await apiOf(page)).get('/api/push/subscriptions')).toEqual([]);
});

test('a push shows a notification, except in a window focused on that ticket', async ({ page, context }) => {
  await logIn(page, await createCompanyAdmin(page, 'push-shown'));
  await context.grantPermissions(['notifications']);
  await shellCached(page);
  // A real ticket: the app leaves the page of one that does not exist (for the list), and the
  // worker would then rightly show its notification too.
  const whatsappId = await createSandboxConnection(page, 'Loja Push');
  const api = await apiOf(page);
  await api.post(`/api/sandbox/${whatsappId}/inbound`, { from: '5511955550001', name: 'Rita', body: 'Oi' });
  const { uuid } = await api.get<{ uuid: string }>(`/api/tickets/${await ticketIdOf(page, '5511955550001')}`);
  const ticketPath = `/tickets/${uuid}`;
  await page.goto(ticketPath);
  await expect(page.getByTestId('conversation-header')).toBeVisible();
  await shellCached(page);
  // The push service's message, delivered to the worker as Chromium would.
  const devtools = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await devtools.send('ServiceWorker.enable');
  const push = async (notice: object) =>
    devtools.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId,
      data: JSON.stringify(notice),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notice) => notice.title),
    );

  expect(new URL(page.url()).pathname).toBe(ticketPath);
  await push({ title: 'On screen', body: 'Hello', tag: 'on-screen', url: ticketPath });
  const elsewhere = {
    title: 'Elsewhere',
    body: 'Hi',
    tag: 'elsewhere',
    url: '/tickets/00000000-0000-4000-8000-000000000000',
  };
  // Delivered again while not shown: on a loaded machine DevTools' delivery to a worker still
  // starting was seen to be lost (a push service retries too). Its tag keeps it one notification.
  await expect
    .poll(async () => {
      const titles = await shown();
      if (!titles.includes('Elsewhere')) await push(elsewhere);
      return titles;
    })
    .toContain('Elsewhere');
  expect(await shown()).toEqual(['Elsewhere']);
  await devtools.detach();
});

import { test as base, expect as baseExpect, type Page } from '@playwright/test';
import { storageKeys } from '../../src/lib/session-storage.ts';
import { hasChromium } from './chromium.ts';
import { isSpecFileOurs, takenByAnotherLane } from './lanes.ts';
import { paced } from './machine-pace.ts';
import { type RunningServer, startServer } from './server.ts';
import { noteToastsShown, toastNoteKey } from './toasts.ts';

export const superAdmin = { email: 'admin@admin.com', password: '123456' };

export interface WorkerFixtures {
  server: RunningServer;
}

export interface TestFixtures {
  skipWithoutChromium: undefined;
  skipFileOfAnotherLane: undefined;
  pacedTimeout: undefined;
}

/** Tests get a real server per worker; baseURL points at it. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Runs before the browser starts, so a missing chromium skips instead of failing (CI fails in global setup).
  skipWithoutChromium: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use, testInfo) => {
      testInfo.skip(!hasChromium, 'chromium is missing');
      await use(undefined);
    },
    { auto: true },
  ],
  // npm test's two browser lanes share the spec files (lanes.ts): one another lane took runs there.
  skipFileOfAnotherLane: [
    // biome-ignore lint/correctness/noEmptyPattern: see above.
    async ({}, use, testInfo) => {
      testInfo.skip(!isSpecFileOurs(testInfo.file), takenByAnotherLane);
      await use(undefined);
    },
    { auto: true },
  ],
  // Each test's time limit stretched by how busy the machine is as it starts (machine-pace.ts):
  // a loaded machine makes a test slower, not wrong.
  pacedTimeout: [
    // biome-ignore lint/correctness/noEmptyPattern: see above.
    async ({}, use, testInfo) => {
      testInfo.setTimeout(paced(testInfo.timeout));
      await use(undefined);
    },
    { auto: true },
  ],
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: see above.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: paced(120_000) },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // Pages run without CSS keyframe animations (spinners, skeletons, ripples): the specs test
  // behaviour, and repainting them costs the browser a good part of the suite's CPU. Transitions
  // stay: drag and drop (the kanban, the flow editor) finishes a drop on its transition's end event.
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      const addStyle = () => {
        const style = document.createElement('style');
        style.textContent = '*, *::before, *::after { animation: none !important; }';
        document.head.append(style);
      };
      if (document.head) addStyle();
      else document.addEventListener('DOMContentLoaded', addStyle);
    });
    await context.addInitScript(noteToastsShown, toastNoteKey);
    await use(context);
  },
});

/**
 * Playwright's `expect`, its waits a quiet machine's 10 s stretched by how busy the machine is as
 * each expectation starts (machine-pace.ts), not as the run started: beside the server suite the
 * load climbs and falls from file to file, and a wait sized at a quiet start ran out mid-run.
 */
export const expect: typeof baseExpect = new Proxy(baseExpect, {
  apply: (_target, _this, args: Parameters<typeof baseExpect>) => pacedExpect()(...args),
  get: (_target, key) => Reflect.get(pacedExpect(), key),
});

function pacedExpect() {
  return baseExpect.configure({ timeout: paced(10_000) });
}

/**
 * Logs in as the login form does, without the form (the form has its own specs: shell, signup,
 * password reset, billing): the server's login sets the refresh cookie in the page's context, the
 * session goes where the form's login puts it (localStorage), and the app opens at `/`, where the
 * form's login lands. One app start instead of two; the login page costs the browser a whole boot.
 */
export async function logIn(page: Page, account = superAdmin): Promise<void> {
  const answer = await page.request.post('/api/auth/login', { data: account });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { token, user } = (await answer.json()) as {
    token: string;
    user: { id: number; companyId: number; company: { dueDate: string | null } };
  };
  // localStorage belongs to the app's origin: a small same-origin file opens it (not the health
  // check, which may answer 503 on a busy machine, and which screens' request watchers would see).
  await page.goto('/favicon.svg');
  await page.evaluate(
    (session) => {
      for (const [key, value] of Object.entries(session)) {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      }
    },
    {
      [storageKeys.token]: token,
      [storageKeys.companyId]: String(user.companyId),
      [storageKeys.userId]: String(user.id),
      [storageKeys.companyDueDate]: user.company.dueDate,
    },
  );
  await page.goto('/');
  // The account menu is in the top bar on every screen size (the side menu is hidden on phones).
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await realtimeConnected(page);
}

/**
 * Waits until the page's realtime socket is connected and the server has answered every room
 * join of the screen (ticket lists, the bell, an open thread): after a login, a navigation or a
 * reload, before doing what should reach the page live.
 */
export async function realtimeConnected(page: Page): Promise<void> {
  await expect(page.locator('html[data-realtime="connected"]:not([data-realtime-joining])')).toBeAttached({
    timeout: paced(20_000),
  });
}

let companySequence = 0;

/**
 * A company of its own, with an admin, made through the super user's API: tests that count or
 * list things start from an empty company whatever earlier tests left in company 1.
 */
export async function createCompanyAdmin(page: Page, label: string) {
  const login = await page.request.post('/api/auth/login', { data: superAdmin });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const plans = (await (await page.request.get('/api/plans/list')).json()) as { id: number }[];
  const suffix = `${Date.now().toString(36)}${++companySequence}`;
  const account = { email: `${label}-${suffix}@example.com`, password: 'secret123' };
  const dueDate = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/companies', {
    headers,
    data: {
      name: `${label} ${suffix}`,
      email: account.email,
      password: account.password,
      planId: plans[0].id,
      dueDate,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return account;
}

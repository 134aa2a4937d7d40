import type { Page } from '@playwright/test';
import type { PlanFlags } from '@wacrm/shared/plans/plan.schema';
import { apiOf } from '../support/api.ts';
import { expect, logIn, superAdmin, test } from '../support/fixtures.ts';
import { desktop, phone, snap, snapAllThemes } from '../support/screens.ts';
import { expectToast } from '../support/toasts.ts';

const allFlags: PlanFlags = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};

let sequence = 0;

/** A company on a plan of its own (the flags given), with its admin; made through the super user's API. */
async function companyOnPlan(page: Page, label: string, flags: Partial<PlanFlags>, campaignsEnabled = true) {
  const login = await page.request.post('/api/auth/login', { data: superAdmin });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const suffix = `${Date.now().toString(36)}${++sequence}`;
  const plan = await page.request.post('/api/plans', {
    headers,
    data: { name: `${label} ${suffix}`, users: 10, connections: 10, queues: 10, value: 0, ...allFlags, ...flags },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const account = { email: `${label}-${suffix}@example.com`, password: 'secret123' };
  const created = await page.request.post('/api/companies', {
    headers,
    data: {
      name: `${label} ${suffix}`,
      ...account,
      planId: ((await plan.json()) as { id: number }).id,
      dueDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      campaignsEnabled,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return account;
}

// issue 13 defect 3: an attendant who opens an admin screen by URL gets the notice, not the screen.
test('admin screens show attendants the admins-only notice, and the menu hides them', async ({ page }) => {
  await page.setViewportSize(desktop);
  const admin = await companyOnPlan(page, 'access', {});
  await logIn(page, admin);
  const attendant = { email: `attendant-${Date.now().toString(36)}@example.com`, password: 'secret123' };
  await (await apiOf(page)).post('/api/users', { name: 'Attendant', ...attendant, profile: 'user', queueIds: [] });
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, attendant);

  await expect(page.getByTestId('menu-tickets')).toBeVisible();
  for (const key of ['users', 'connections', 'queues', 'settings', 'financeiro', 'files', 'campaignsGroup']) {
    await expect(page.getByTestId(`menu-${key}`)).toHaveCount(0);
  }
  for (const path of ['/users', '/connections', '/queues', '/settings', '/financeiro', '/files', '/campaigns']) {
    await page.goto(path);
    await expect(page.getByTestId('admin-only-notice')).toHaveText('Apenas administradores podem ver esta página.');
  }
  await page.goto('/users');
  await expect(page.getByTestId('admin-only-notice')).toBeVisible();
  await expect(page.getByRole('button', { name: /adicionar/i })).toHaveCount(0);
  await snapAllThemes(page, 'access-admin-only');
});

// issue 13 defect 5: without the plan flag, a toast and back to / after a second.
test('a plan without OpenAI, integrations or the external API cannot open their pages by URL', async ({ page }) => {
  await page.setViewportSize(desktop);
  const admin = await companyOnPlan(page, 'noai', { useOpenAi: false, useIntegrations: false, useExternalApi: false });
  await logIn(page, admin);
  for (const key of ['prompts', 'queueIntegrations', 'messagesApi']) {
    await expect(page.getByTestId(`menu-${key}`)).toHaveCount(0);
  }
  for (const path of ['/prompts', '/queue-integration', '/messages-api']) {
    await page.goto(path);
    await expectToast(page, 'Esta empresa não possui permissão para acessar essa página!');
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  }
  // The toast, light and dark, desktop and phone.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/prompts');
      await expectToast(page, 'Esta empresa não possui permissão para acessar essa página!');
      await snap(page, `access-plan-refused-${theme}-${size}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

// issue 13 defect 6: campaigns and flows follow the admin's plan, not the hidden cshow flag.
test('campaigns and flows open for admins whose plan allows them, without the cshow flag', async ({ page }) => {
  await page.setViewportSize(desktop);
  const allowed = await companyOnPlan(page, 'camp', { useCampaigns: true }, false);
  await logIn(page, allowed);
  expect(await page.evaluate(() => localStorage.getItem('cshow'))).toBeNull();
  await expect(page.getByTestId('menu-campaignsGroup')).toBeVisible();
  await expect(page.getByTestId('menu-flowsGroup')).toBeVisible();
  await page.goto('/campaigns');
  await expect(page.getByTestId('campaigns-page')).toBeVisible();
  await page.goto('/flowbuilders');
  await expect(page.getByRole('heading', { level: 1, name: 'Fluxos de conversa' })).toBeVisible();
  await snapAllThemes(page, 'access-flows-open');
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();

  // Neither the plan nor the company setting: the campaign pages are refused, flows stay (admin only).
  const refused = await companyOnPlan(page, 'nocamp', { useCampaigns: false }, false);
  await logIn(page, refused);
  await expect(page.getByTestId('menu-flowsGroup')).toBeVisible();
  await expect(page.getByTestId('menu-campaignsGroup')).toHaveCount(0);
  await page.goto('/campaigns');
  await expectToast(page, 'Esta empresa não possui permissão para acessar essa página!');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/phrase-lists');
  await expect(page.getByTestId('phrase-add')).toBeVisible();
});

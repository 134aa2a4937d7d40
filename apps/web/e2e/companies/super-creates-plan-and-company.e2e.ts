import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { snap } from '../support/screens.ts';

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

// Pictures with the mouse out of the way and a longer settle for dialogs, toasts and the theme.
const pictureOptions = { mouseAt: { x: 0, y: 0 }, settleMs: 500 };

function isoDay(offsetDays: number) {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

async function openSettingsTab(page: Page, tab: 'companies' | 'plans') {
  await page.goto('/settings');
  await page.getByTestId(`settings-tab-${tab}`).click();
  await expect(page.getByTestId(`${tab}-manager`)).toBeVisible();
}

/** Companies with due dates in each highlight band, made through the API with the super user's session. */
async function addCompaniesForTheLegend(page: Page, planId: number, suffix: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const bands = [
    ['Aurora', 5],
    ['Borealis', 2],
    ['Cometa', -10],
  ] as const;
  for (const [name, days] of bands) {
    const answer = await page.request.post('/api/companies', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `${name} ${suffix}`,
        email: `${name.toLowerCase()}-${suffix}@example.test`,
        phone: '11988887777',
        planId,
        dueDate: isoDay(days),
        recurrence: 'TRIMESTRAL',
        password: 'band-pass',
      },
    });
    expect(answer.status()).toBe(201);
  }
}

test('the super user creates a plan and a company with it; the new admin logs in', async ({ page, browser }) => {
  // A long journey (two managers, two themes, two widths, a second browser): more than the default 90 s on a busy machine.
  test.setTimeout(paced(240_000));
  const suffix = Date.now().toString(36);
  const planName = `Plano Ouro ${suffix}`;
  const companyEmail = `dono-${suffix}@empresa.test`;
  await page.setViewportSize(desktop);
  await logIn(page);

  // Plans tab: a new plan without Kanban.
  await openSettingsTab(page, 'plans');
  await page.getByTestId('plan-add').click();
  await page.getByTestId('plan-name').fill(planName);
  // The price is typed in the interface's format (pt: comma decimals) and formatted again on blur.
  await page.getByTestId('plan-value').fill('1234,5');
  await page.getByTestId('plan-value').blur();
  await expect(page.getByTestId('plan-value')).toHaveValue('1.234,50');
  await page.getByTestId('plan-value').fill('149,90');
  await page.getByTestId('plan-users').fill('5');
  await page.getByTestId('plan-connections').fill('2');
  await page.getByTestId('plan-queues').fill('3');
  await page.getByTestId('plan-useKanban').uncheck();
  await snap(page, 'plans-form-light-desktop', pictureOptions);
  await page.getByTestId('plan-save').click();
  const planRow = page.getByTestId('plan-row').filter({ hasText: planName });
  await expect(planRow).toContainText('R$ 149,90/mês');
  await expect(planRow).toContainText('6 de 7');
  await expect(page.getByTestId('plan-form')).toBeHidden();
  await snap(page, 'plans-light-desktop', pictureOptions);

  // The same name again is refused with the spec's hint.
  await page.getByTestId('plan-add').click();
  await page.getByTestId('plan-name').fill(planName.toUpperCase());
  await page.getByTestId('plan-save').click();
  await expect(page.getByText('Já existe um plano com este nome.', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');

  // Companies tab: the form, its validation, then a company on the new plan.
  await openSettingsTab(page, 'companies');
  await page.getByTestId('company-add').click();
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('company-form')).toContainText('Obrigatório');
  await page.getByTestId('company-name').fill(`Padaria ${suffix}`);
  await page.getByTestId('company-email').fill(companyEmail);
  await page.getByTestId('company-phone').fill('11999990000');
  await page.getByTestId('company-planId').click();
  await page.getByRole('option', { name: planName }).click();
  await page.getByTestId('company-dueDate').fill(isoDay(40));
  await page.getByTestId('company-password').fill('padaria123');
  await snap(page, 'companies-form-light-desktop', pictureOptions);
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('company-form')).toBeHidden();

  await page.getByTestId('companies-search').fill(`padaria ${suffix}`);
  const companyRow = page.getByTestId('company-row').filter({ hasText: `Padaria ${suffix}` });
  await expect(page.getByTestId('company-row')).toHaveCount(1);
  await expect(companyRow).toContainText(planName);
  await expect(companyRow).toHaveAttribute('data-highlight', 'none');

  // Renewal moves the due date by the recurrence (monthly by default).
  await companyRow.getByTestId('company-renew').click();
  await expect(page.getByRole('dialog')).toContainText('Mensal');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByText('Assinatura renovada até')).toBeVisible();

  // Rows take the colour of their due-date band.
  const plans = await page.request.get('/api/plans/all', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  const plan = (await plans.json()).find((item: { name: string }) => item.name === planName);
  await addCompaniesForTheLegend(page, plan.id, suffix);
  await page.getByTestId('companies-search').fill(suffix);
  await expect(page.getByTestId('company-row')).toHaveCount(4);
  const band = (name: string) => page.getByTestId('company-row').filter({ hasText: `${name} ${suffix}` });
  await expect(band('Aurora')).toHaveAttribute('data-highlight', 'soon');
  await expect(band('Borealis')).toHaveAttribute('data-highlight', 'due');
  await expect(band('Cometa')).toHaveAttribute('data-highlight', 'overdue');
  await expect(page.getByTestId('due-date-legend')).toBeVisible();
  await snap(page, 'companies-light-desktop', pictureOptions);

  // The new company's admin logs in elsewhere and lands in the shell, without the plan's missing Kanban.
  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await logIn(adminPage, { email: companyEmail, password: 'padaria123' });
  await expect(adminPage.getByTestId('greeting')).toBeVisible();
  await expect(adminPage.getByTestId('menu-users')).toBeVisible();
  await expect(adminPage.getByTestId('menu-kanban')).toHaveCount(0);
  await other.close();

  // Deleting asks first and then removes the row.
  await band('Cometa').getByTestId('company-delete').click();
  await expect(page.getByRole('dialog')).toContainText(`Cometa ${suffix}`);
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('company-row')).toHaveCount(3);

  // Dark theme and phone width for both managers.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await page.getByTestId('settings-tab-companies').click();
  await page.getByTestId('companies-search').fill(suffix);
  await expect(page.getByTestId('company-row')).toHaveCount(3);
  await snap(page, 'companies-dark-desktop', pictureOptions);
  await page.getByTestId('settings-tab-plans').click();
  await expect(page.getByTestId('plan-row').first()).toBeVisible();
  await snap(page, 'plans-dark-desktop', pictureOptions);

  await page.setViewportSize(phone);
  await snap(page, 'plans-dark-phone', pictureOptions);
  await page.getByTestId('settings-tab-companies').click();
  await page.getByTestId('companies-search').fill(suffix);
  await expect(page.getByTestId('company-row')).toHaveCount(3);
  await snap(page, 'companies-dark-phone', pictureOptions);
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.reload();
  await page.getByTestId('settings-tab-plans').click();
  await expect(page.getByTestId('plan-row').first()).toBeVisible();
  await snap(page, 'plans-light-phone', pictureOptions);
  await page.getByTestId('settings-tab-companies').click();
  await page.getByTestId('companies-search').fill(suffix);
  await expect(page.getByTestId('company-row')).toHaveCount(3);
  await snap(page, 'companies-light-phone', pictureOptions);
  await page.getByTestId('company-add').click();
  await snap(page, 'companies-form-light-phone', pictureOptions);
});

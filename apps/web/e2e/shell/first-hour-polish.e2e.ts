import type { Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, superAdmin, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap, snapAllThemes } from '../support/screens.ts';

/** Labels drawn over a value: not shrunk while their input holds text. */
const overlappingLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.MuiDialog-root .MuiFormControl-root')].flatMap((control) => {
      const label = control.querySelector('label.MuiInputLabel-root');
      const input = control.querySelector('input, textarea') as HTMLInputElement | null;
      if (!label || !input) return [];
      return !label.classList.contains('MuiInputLabel-shrink') && input.value !== '' ? [label.textContent] : [];
    }),
  );

test('polish: tag colours, the ticket header at 1366 and 390 px, one automatic label, dialog labels, menu names', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'polish'));
  const api = await apiOf(page);
  const headers = await bearer(page);

  // Two tags added one after the other without touching the colour get different colours.
  await page.goto('/tags');
  for (const name of ['Urgente', 'Retorno']) {
    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-name').fill(name);
    await page.getByTestId('tag-save').click();
    await expect(page.getByTestId('tag-row').filter({ hasText: name })).toBeVisible();
  }
  const tags = await api.get<{ name: string; color: string }[]>('/api/tags/list');
  expect(new Set(tags.map((tag) => tag.color.toLowerCase())).size).toBe(2);

  // No two menu items share a name ("Configurações" was both the company's and the campaigns').
  const menuLabels = await page.getByTestId('side-menu').locator('[data-testid^="menu-"]').allInnerTexts();
  const labels = menuLabels.map((label) => label.trim()).filter(Boolean);
  expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);

  // A transfer notice: the thread labels it automatic once (the badge), not again in the text.
  const whatsappId = await createSandboxConnection(page, 'Loja Polimento');
  const queue = await api.post<{ id: number }>('/api/queue', { name: 'Financeiro', color: '#7c3aed' });
  expect(
    (await page.request.put('/api/settings/sendMsgTransfTicket', { headers, data: { value: 'enabled' } })).ok(),
  ).toBe(true);
  const customer = {
    from: '5511966660001',
    name: 'Maria Aparecida dos Santos Oliveira',
    body: 'Preciso da segunda via',
  };
  await api.post(`/api/sandbox/${whatsappId}/inbound`, customer);
  const ticketId = await ticketIdOf(page, customer.from);
  await page.request.put(`/api/tickets/${ticketId}`, { headers, data: { status: 'open' } });
  await page.request.put(`/api/tickets/${ticketId}`, { headers, data: { queueId: queue.id } });
  // Open again (a queue transfer leaves it pending): the header then has the most actions.
  await page.request.put(`/api/tickets/${ticketId}`, { headers, data: { status: 'open' } });
  const { uuid } = await api.get<{ uuid: string }>(`/api/tickets/${ticketId}`);
  await page.goto(`/tickets/${uuid}`);
  const notice = page.getByTestId('message').filter({ hasText: 'Financeiro' });
  await expect(notice.getByTestId('message-system')).toHaveCount(1);
  await expect(notice.getByTestId('message-body')).toContainText('Você foi transferido para o departamento');
  await expect(notice.getByTestId('message-body')).not.toContainText('Mensagem automática');
  await expect(notice).toContainText('Mensagem automática');

  // At 1366 px the header keeps the contact's whole name beside its actions.
  const name = page.getByTestId('conversation-contact-name');
  await expect(name).toHaveText(customer.name);
  const isCut = () =>
    name.evaluate(
      (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1,
    );
  expect(await isCut()).toBe(false);
  // At 390 px too: the main action is an icon, the others are in "more", the name takes two lines.
  await page.setViewportSize(phone);
  await expect(page.getByTestId('ticket-more')).toBeVisible();
  await expect(page.getByTestId('ticket-resolve')).toHaveAccessibleName('Resolver');
  await expect.poll(isCut).toBe(false);
  // There the priority is set from "more"; a high one shows beside the queue.
  await page.getByTestId('ticket-more').click();
  await snap(page, 'ticket-header-390-more-light-phone');
  await page.getByTestId('ticket-priority-high').click();
  await expect(page.getByTestId('conversation-priority-marker')).toBeVisible();
  expect((await api.get<{ priority: string }>(`/api/tickets/${ticketId}`)).priority).toBe('high');
  await expect.poll(isCut).toBe(false);
  await snap(page, 'ticket-header-390-light-phone');
  await page.setViewportSize(desktop);
  await snapAllThemes(page, 'ticket-header-1366');

  // Edit dialogs never draw a label over a value, while loading or after.
  await api.post('/api/contacts', { name: 'Pedro Novo', number: '5511944442222', email: 'pedro@example.com' });
  await page.route(/\/api\/(contacts|queue)\/\d+$/, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  for (const [path, edit] of [
    ['/contacts', 'contact-edit'],
    ['/queues', 'queue-edit'],
  ]) {
    await page.goto(path);
    await page.getByTestId(edit).first().click();
    const seen = new Set<string>();
    // Watch the dialog through its loading: every 100 ms for 2 s.
    for (let index = 0; index < 20; index += 1) {
      for (const label of await overlappingLabels(page)) seen.add(String(label));
      await page.waitForTimeout(100);
    }
    expect({ edit, overlapping: [...seen] }).toEqual({ edit, overlapping: [] });
    await snap(page, `${edit}-dialog-light-desktop`);
    await page.keyboard.press('Escape');
  }
});

test('signup asks the admin’s own name; the super user sees trial companies as "Trial, N days left"', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  await page.goto('/signup');
  await expect(page.getByTestId('signup-user-name')).toBeVisible();
  await snapAllThemes(page, 'signup-with-admin-name');

  const plans = (await (await page.request.get('/api/plans/list')).json()) as { id: number }[];
  const company = `Padaria Boa Vista ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/companies/cadastro', {
    data: {
      name: company,
      email: `maria.clara.${Date.now()}@example.com`,
      password: 'secret1',
      phone: '(11) 98765-4321',
      planId: plans[0].id,
    },
  });
  expect(created.status()).toBe(201);
  expect(((await created.json()) as { user: { name: string } }).user.name).toBe('Maria Clara');

  const superContext = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const superPage = await superContext.newPage();
  await superPage.setViewportSize(desktop);
  await logIn(superPage, superAdmin);
  for (const theme of ['light', 'dark'] as const) {
    await superPage.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    await superPage.goto('/settings');
    await superPage.getByTestId('settings-tab-companies').click();
    await superPage.getByTestId('companies-search').fill(company);
    const row = superPage.getByTestId('company-row').filter({ hasText: company });
    await expect(row.getByTestId('company-status-trial')).toHaveText('Teste, 3 dias restantes');
    await superPage.setViewportSize(desktop);
    await snap(superPage, `companies-trial-${theme}-desktop`);
    await superPage.setViewportSize(phone);
    await snap(superPage, `companies-trial-${theme}-phone`);
  }
  await superContext.close();
});

import { toWallClockInput } from '@wacrm/shared/schedules/wall-clock';
import { type RunningGraph, startFakeGraph } from '../connections/fake-graph.ts';
import { apiOf } from '../support/api.ts';
import { test as base, createCompanyAdmin, expect, logIn } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, snap } from '../support/screens.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// This file's server reaches Meta's Graph API at the local fake started here.
const test = base.extend<object, { graph: RunningGraph; server: RunningServer }>({
  graph: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const graph = await startFakeGraph();
      await use(graph);
      graph.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ graph }, use) => {
      const server = await startServer(graph.env);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const number = {
  phoneNumberId: '109876543219001',
  wabaId: '209876543219001',
  displayPhoneNumber: '+55 11 4000-9001',
  verifiedName: 'Loja Campanha',
};
const accessToken = 'EAAGcampaigntoken';

test('a campaign on a Cloud API connection chooses an approved template and sends it to each contact, filled', async ({
  page,
  graph,
}) => {
  test.setTimeout(paced(120_000));
  await graph.addNumber(number, accessToken);
  await graph.setTemplates(number.wabaId, [
    {
      name: 'novidades_semana',
      language: 'pt_BR',
      category: 'MARKETING',
      status: 'APPROVED',
      components: [
        { type: 'BODY', text: 'Olá {{1}}, chegaram as novidades da semana com {{2}} de desconto.' },
        { type: 'FOOTER', text: 'Loja Campanha' },
      ],
    },
  ]);
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'cloud-campaign'));
  const api = await apiOf(page);
  await api.post('/api/whatsapp', {
    name: 'Número oficial',
    provider: 'cloudapi',
    cloudPhoneNumberId: number.phoneNumberId,
    cloudWabaId: number.wabaId,
    cloudAccessToken: accessToken,
    cloudAppSecret: 'campaign-app-secret',
  });
  const list = await api.post<{ id: number }>('/api/contact-lists', { name: 'Clientes VIP' });
  await api.post(`/api/contact-lists/${list.id}/upload`, {
    rows: [
      { name: 'Ana Lima', number: '5511977200001' },
      { name: 'Bruno Reis', number: '5511977200002' },
    ],
  });

  await page.goto('/campaigns');
  await page.getByTestId('campaigns-add').click();
  await page.getByTestId('campaign-name').fill('Novidades VIP');
  await page.getByTestId('campaign-connection').click();
  await page.getByRole('option', { name: 'Número oficial' }).click();
  await page.getByTestId('campaign-list').click();
  await page.getByRole('option', { name: 'Clientes VIP' }).click();
  // A Cloud API connection: the template instead of the five texts, the file list and the file.
  await expect(page.getByTestId('campaign-message-1')).toHaveCount(0);
  await expect(page.getByTestId('campaign-file-list')).toHaveCount(0);
  await expect(page.getByTestId('campaign-save')).toBeDisabled();
  // Nothing synchronised yet: the admin reads the account's templates from the dialog.
  await expect(page.getByTestId('template-empty')).toBeVisible();
  await page.getByTestId('template-sync').click();
  await page.getByTestId('template-select').locator('..').click();
  await page.getByTestId('template-option').filter({ hasText: 'novidades_semana' }).click();
  const variables = page.getByTestId('template-variable');
  await expect(variables).toHaveCount(2);
  await variables.nth(0).fill('{{firstName}}');
  await expect(page.getByTestId('campaign-save')).toBeDisabled();
  await variables.nth(1).fill('20%');
  await expect(page.getByTestId('template-preview')).toContainText(
    'Olá {{firstName}}, chegaram as novidades da semana com 20% de desconto.',
  );
  await page.getByTestId('campaign-scheduled-at').fill(toWallClockInput(new Date(), 'America/Sao_Paulo'));
  await snap(page, 'campaigns-cloud-template-light-desktop');
  await page.getByTestId('campaign-save').click();
  await page.getByRole('dialog', { name: 'Este horário já passou' }).getByTestId('confirm-accept').click();
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);

  // Each contact gets the template, its first value filled with their own first name.
  await expect
    .poll(
      async () =>
        (await graph.sent())
          .filter((sent) => sent.type === 'template')
          .map((sent) => `${sent.to} ${JSON.stringify(sent.body)}`)
          .sort(),
      { timeout: paced(60_000) },
    )
    .toEqual([expect.stringContaining('"text":"Ana"'), expect.stringContaining('"text":"Bruno"')]);
  const stored = await api.get<{ records: { templateName: string; templateVariables: string[] }[] }>('/api/campaigns');
  expect(stored.records[0]).toMatchObject({
    templateName: 'novidades_semana',
    templateVariables: ['{{firstName}}', '20%'],
  });
});

test('a schedule on a Cloud API connection warns about the 24-hour window, or sends a chosen template', async ({
  page,
  graph,
}) => {
  const scheduleNumber = { ...number, phoneNumberId: '109876543219002', wabaId: '209876543219002' };
  await graph.addNumber(scheduleNumber, accessToken);
  await graph.setTemplates(scheduleNumber.wabaId, [
    {
      name: 'lembrete_consulta',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Olá {{1}}, lembrete da sua consulta amanhã.' }],
    },
  ]);
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'cloud-schedule'));
  const api = await apiOf(page);
  await api.post('/api/whatsapp', {
    name: 'Número oficial',
    provider: 'cloudapi',
    cloudPhoneNumberId: scheduleNumber.phoneNumberId,
    cloudWabaId: scheduleNumber.wabaId,
    cloudAccessToken: accessToken,
    cloudAppSecret: 'schedule-app-secret',
  });
  const contact = await api.post<{ id: number }>('/api/contacts', { name: 'Carla Souza', number: '5511977300001' });

  await page.goto(`/schedules?contactId=${contact.id}`);
  const form = page.getByTestId('schedule-form');
  await expect(form).toBeVisible();
  await page.getByTestId('schedule-connection').click();
  await page.getByRole('option', { name: 'Número oficial' }).click();
  // Free text on a Cloud API connection goes only inside the window: the dialog says so.
  await expect(page.getByTestId('schedule-window-hint')).toBeVisible();
  await snap(page, 'schedules-cloud-window-hint-light-desktop');
  await page.getByTestId('schedule-use-template').check();
  await expect(page.getByTestId('schedule-window-hint')).toHaveCount(0);
  await expect(page.getByTestId('schedule-body')).toHaveCount(0);
  await page.getByTestId('template-sync').click();
  await page.getByTestId('template-select').locator('..').click();
  await page.getByTestId('template-option').filter({ hasText: 'lembrete_consulta' }).click();
  await page.getByTestId('template-variable').first().fill('{{firstName}}');
  await snap(page, 'schedules-cloud-template-light-desktop');
  await page.getByTestId('schedule-save').click();
  await expect(form).toBeHidden();
  const saved = await api.get<{ schedules: { templateName: string; templateVariables: string[]; body: string }[] }>(
    `/api/schedules?contactId=${contact.id}`,
  );
  expect(saved.schedules).toEqual([
    expect.objectContaining({ templateName: 'lembrete_consulta', templateVariables: ['{{firstName}}'], body: '' }),
  ]);
});

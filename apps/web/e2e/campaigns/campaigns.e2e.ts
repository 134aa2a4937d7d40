import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { fromWallClockInput, toWallClockInput } from '@wacrm/shared/schedules/wall-clock';
import ExcelJS from 'exceljs';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap, snapAllThemes } from '../support/screens.ts';

// The browser runs on UTC, the company on São Paulo's clock (its default): times are typed on the company's.
test.use({ timezoneId: 'UTC' });
const SAO_PAULO = 'America/Sao_Paulo';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** The example spreadsheet's columns with eight customers, one of them with a bad number. */
async function customersSheet() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(['name', 'number', 'email']);
  for (let i = 0; i < 7; i++) sheet.addRow([`Cliente ${i} Souza`, `55119770000${i}`, `c${i}@example.com`]);
  sheet.addRow(['Sem número', '12', '']);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'campaigns-e2e-')), 'clientes.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

/** Opens the add dialog with a name, the sandbox connection and the VIP list chosen. */
async function openCampaignDialog(page: Page, name: string) {
  await page.getByTestId('campaigns-add').click();
  await page.getByTestId('campaign-name').fill(name);
  await page.getByTestId('campaign-connection').click();
  await page.getByRole('option', { name: 'Loja Campanhas' }).click();
  await page.getByTestId('campaign-list').click();
  await page.getByRole('option', { name: 'Clientes VIP' }).click();
}

/** `dd/MM/yyyy HH:mm` of a `YYYY-MM-DDTHH:mm` value, as the interface writes it. */
const dayMonthYear = (value: string) =>
  `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)} ${value.slice(11, 16)}`;

test('campaigns: a list imported from a spreadsheet, a campaign with two variants, its report live to the end', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'campaigns'));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Campanhas', provider: 'sandbox' });
  await api.pairSandbox(connection.id);

  // Settings: a short pause so the report can be watched moving.
  await page.goto('/campaigns-config');
  await expect(page.getByTestId('campaign-settings-page')).toBeVisible();
  await snapAllThemes(page, 'campaigns-settings');
  await api.post('/api/campaign-settings', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });

  // A list, and the spreadsheet imported into it with its bad row reported.
  await page.goto('/contact-lists');
  await page.getByTestId('contact-lists-add').click();
  await page.getByTestId('list-name').fill('Clientes VIP');
  await page.getByTestId('list-save').click();
  await expect(page.getByTestId('contact-list-row')).toHaveCount(1);
  await page.getByTestId('contact-list-row').getByRole('link', { name: 'Contatos' }).click();
  await expect(page.getByRole('heading', { name: 'Clientes VIP' })).toBeVisible();
  await realtimeConnected(page);
  await page.getByTestId('contact-list-import').setInputFiles(await customersSheet());
  await expect(page.getByTestId('import-report')).toContainText('7 contatos importados, 1 linhas com erro');
  await expect(page.getByTestId('contact-list-item-row')).toHaveCount(7);
  await snapAllThemes(page, 'campaigns-list-items');
  await page.goto('/contact-lists');
  await expect(page.getByTestId('contact-list-row')).toContainText('7');
  await snapAllThemes(page, 'campaigns-lists');

  // A file list with one picture; the campaign sends it after its text.
  await page.goto('/files');
  await page.getByTestId('files-add').click();
  await page.getByTestId('files-name').fill('Catálogo de verão');
  await page.getByTestId('files-message').fill('Veja o catálogo');
  await page.getByRole('button', { name: 'Adicionar arquivo' }).click();
  await page.getByLabel('Nome do arquivo').fill('Capa');
  await page.getByTestId('files-option-file-0').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('files-save').click();
  await expect(page.getByTestId('file-list-row')).toHaveCount(1);
  await snapAllThemes(page, 'campaigns-files');

  // issue 45: the start is typed on the company's clock, which the field names; 2 h ahead it is kept
  // as that instant, sent as the spec's company time, and nothing is asked.
  await page.goto('/campaigns');
  const ahead = toWallClockInput(new Date(Date.now() + 2 * 3_600_000), SAO_PAULO);
  await openCampaignDialog(page, 'Aviso em duas horas');
  await page.getByTestId('campaign-message-1').fill('Daqui a pouco começa a promoção!');
  await expect(page.getByTestId('campaign-scheduled-at-zone')).toHaveText('Horário de São Paulo (UTC\u221203:00)');
  await page.getByTestId('campaign-scheduled-at').fill(ahead);
  const onBrowserClock = toWallClockInput(fromWallClockInput(ahead, SAO_PAULO) as Date, 'UTC');
  await expect(page.getByTestId('campaign-scheduled-at-viewer-time')).toHaveText(
    `${dayMonthYear(onBrowserClock)} no horário do seu navegador (UTC+00:00)`,
  );
  await page.getByTestId('campaign-save').click();
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);
  const [programmed] = (
    await api.get<{ records: { id: number; status: string; scheduledAt: string }[] }>('/api/campaigns')
  ).records;
  expect(programmed).toMatchObject({
    status: 'PROGRAMADA',
    scheduledAt: fromWallClockInput(ahead, SAO_PAULO)?.toISOString(),
  });
  await expect(page.getByTestId('campaigns-clock-note')).toContainText('Horário de São Paulo (UTC\u221203:00)');
  // Opened again (at phone width), it shows the same time on the company's clock; then deleted.
  await page.setViewportSize(phone);
  await page.getByTestId('campaign-row').getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByTestId('campaign-scheduled-at')).toHaveValue(ahead);
  await snap(page, 'campaigns-dialog-light-phone');
  await page.keyboard.press('Escape');
  await page.setViewportSize(desktop);
  await page.getByTestId('campaign-row').getByRole('button', { name: 'Excluir' }).click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('campaign-row')).toHaveCount(0);

  // A campaign with two variants and the file list, started now.
  await openCampaignDialog(page, 'Promoção de verão');
  await page.getByTestId('campaign-file-list').click();
  await page.getByRole('option', { name: 'Catálogo de verão' }).click();
  await page.getByTestId('campaign-message-1').fill('Olá {{firstName}}, temos novidades!');
  await page.getByTestId('campaign-message-2').fill('Oi {{name}}, veja nossa promoção.');
  await expect(page.getByTestId('campaign-scheduled-at-note')).toHaveText(
    'Vazio: fica inativa. Agora ou antes: começa ao salvar.',
  );
  await snap(page, 'campaigns-dialog-light-desktop');
  // Now on the company's clock has passed by the time it is saved: the dialog asks before starting.
  await page.getByTestId('campaign-scheduled-at').fill(toWallClockInput(new Date(), SAO_PAULO));
  await page.getByTestId('campaign-save').click();
  const asked = page.getByRole('dialog', { name: 'Este horário já passou' });
  await expect(asked).toContainText('(Horário de São Paulo (UTC\u221203:00)) já passou');
  await snap(page, 'campaigns-dialog-past-light-desktop');
  // Cancel keeps the dialog open and saves nothing.
  await asked.getByTestId('confirm-cancel').click();
  await expect(asked).toBeHidden();
  expect((await api.get<{ records: unknown[] }>('/api/campaigns')).records).toHaveLength(0);
  await page.getByTestId('campaign-save').click();
  await asked.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);

  // The report follows live until FINALIZADA.
  await page.getByTestId('campaign-report-link').click();
  await realtimeConnected(page);
  await expect(page.getByTestId('report-status')).toHaveText('Finalizada', { timeout: 120_000 });
  await expect(page.getByTestId('report-sent')).toHaveText('7');
  await snapAllThemes(page, 'campaigns-report');
  await page.goto('/campaigns');
  await expect(page.getByTestId('campaign-status')).toHaveText('Finalizada');
  await snapAllThemes(page, 'campaigns-table');

  // A finished campaign opens read-only, and says so: no field to change, no save.
  const openFinished = async () => {
    await page.getByTestId('campaign-row').getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByTestId('campaign-read-only')).toHaveText(
      'Esta campanha terminou: ela é mostrada como foi enviada e não pode mais ser alterada.',
    );
  };
  await openFinished();
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText('Campanha (somente leitura)');
  await expect(page.getByTestId('campaign-name')).toBeDisabled();
  await expect(page.getByTestId('campaign-message-1')).toBeDisabled();
  await expect(page.getByTestId('campaign-save')).toHaveCount(0);
  await snap(page, 'campaigns-dialog-finished-light-desktop');
  for (const [theme, viewport, name] of [
    ['dark', desktop, 'dark-desktop'],
    ['dark', phone, 'dark-phone'],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    await page.setViewportSize(viewport);
    await page.reload();
    await openFinished();
    await snap(page, `campaigns-dialog-finished-${name}`);
  }
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.setViewportSize(desktop);
  await page.keyboard.press('Escape');

  // Each customer got one text (one of the two variants, filled in) and then the picture.
  const outbox = await api.get<{ to: string; body: string; media: { mimetype: string } | null }[]>(
    `/api/sandbox/${connection.id}/outbox`,
  );
  expect(outbox).toHaveLength(14);
  expect(outbox.filter((entry) => entry.media?.mimetype === 'image/png')).toHaveLength(7);
  for (const entry of outbox.filter((item) => !item.media))
    expect(entry.body).toMatch(/^(Olá Cliente, temos novidades!|Oi Cliente \d Souza, veja nossa promoção\.)$/);
});

import type { Page } from '@playwright/test';
import { toWallClockInput } from '@wacrm/shared/schedules/wall-clock';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Opens the dialog of the campaign named so, from the table. */
async function openCampaign(page: Page, name: string) {
  await page.getByTestId('campaign-row').filter({ hasText: name }).getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

test("campaigns: the dialog attaches the campaign's own file, the table marks it, and the customers get it", async ({
  page,
}) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'campaign-media'));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Arquivo', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  await api.post('/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
  const list = await api.post<{ id: number }>('/api/contact-lists', { name: 'Clientes Folheto' });
  await api.post(`/api/contact-lists/${list.id}/upload`, {
    rows: [
      { name: 'Ana Lima', number: '5511977100001' },
      { name: 'Bruno Reis', number: '5511977100002' },
    ],
  });

  // A campaign without a time gets a file in its dialog; the table marks it.
  await page.goto('/campaigns');
  await page.getByTestId('campaigns-add').click();
  await page.getByTestId('campaign-name').fill('Folheto de inverno');
  await page.getByTestId('campaign-connection').click();
  await page.getByRole('option', { name: 'Loja Arquivo' }).click();
  await page.getByTestId('campaign-list').click();
  await page.getByRole('option', { name: 'Clientes Folheto' }).click();
  await page.getByTestId('campaign-message-1').fill('Olá {{firstName}}, veja o folheto');
  await page
    .getByTestId('campaign-file-input')
    .setInputFiles({ name: 'folheto inverno.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('campaign-media')).toHaveText('folheto inverno.png');
  await page.getByTestId('campaign-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const row = page.getByTestId('campaign-row').filter({ hasText: 'Folheto de inverno' });
  await expect(row.getByTestId('campaign-row-media')).toBeVisible();
  await expect(row.getByTestId('campaign-status')).toHaveText('Inativa');
  // An inactive campaign says what starts it.
  await expect(row.getByTestId('campaign-status-hint')).toHaveText(
    'Sem horário: defina um agendamento para iniciá-la.',
  );

  // Editing shows the stored name (spaces made underscores, extension from the content): light, dark, phone.
  for (const [theme, size, viewport] of [
    ['light', 'desktop', desktop],
    ['dark', 'desktop', desktop],
    ['light', 'phone', phone],
    ['dark', 'phone', phone],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(row).toBeVisible();
    await snap(page, `campaigns-media-table-${theme}-${size}`);
    await openCampaign(page, 'Folheto de inverno');
    await expect(page.getByTestId('campaign-media')).toHaveText('folheto_inverno.png');
    await snap(page, `campaigns-media-dialog-${theme}-${size}`);
    await page.keyboard.press('Escape');
  }
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.setViewportSize(desktop);
  await page.reload();

  // A file over the limit is refused in the dialog before any upload.
  await openCampaign(page, 'Folheto de inverno');
  await page.getByTestId('campaign-file-input').setInputFiles({
    name: 'enorme.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]),
  });
  await expect(page.getByText('O arquivo passa de 20 MB.')).toBeVisible();
  await expect(page.getByTestId('campaign-media')).toHaveText('folheto_inverno.png');

  // Removing it and saving leaves the campaign without a file.
  await page.getByTestId('campaign-media-remove').click();
  await expect(page.getByTestId('campaign-media')).toBeHidden();
  await page.getByTestId('campaign-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row.getByTestId('campaign-row-media')).toBeHidden();

  // A file and a time that has come: the file is in place before the campaign starts, so every
  // customer gets the picture with the text as its caption.
  await openCampaign(page, 'Folheto de inverno');
  await page
    .getByTestId('campaign-file-input')
    .setInputFiles({ name: 'folheto final.png', mimeType: 'image/png', buffer: PNG });
  // Now on the company's clock (São Paulo, its default), which has passed once saved: confirmed.
  await page.getByTestId('campaign-scheduled-at').fill(toWallClockInput(new Date(), 'America/Sao_Paulo'));
  await page.getByTestId('campaign-save').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  type Entry = { to: string; body: string; media: { mimetype: string } | null };
  const sent = async () =>
    (await api.get<Entry[]>(`/api/sandbox/${connection.id}/outbox`))
      .map((entry) => [entry.to, entry.body, entry.media?.mimetype ?? null])
      .sort();
  await expect.poll(sent, { timeout: 60_000 }).toEqual([
    ['5511977100001', 'Olá Ana, veja o folheto', 'image/png'],
    ['5511977100002', 'Olá Bruno, veja o folheto', 'image/png'],
  ]);
  // The table follows the end live.
  await expect(row.getByTestId('campaign-status')).toHaveText('Finalizada', { timeout: 30_000 });
  await expect(row.getByTestId('campaign-row-media')).toBeVisible();
});

test('files: the list loads its next page when scrolled to the end, and searching pages the same way', async ({
  page,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'files-scroll'));
  const api = await apiOf(page);
  for (let i = 1; i <= 45; i++) {
    await api.post('/api/files', { name: `Catálogo ${String(i).padStart(2, '0')}`, message: 'Veja' });
  }
  const pages: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/files') pages.push(Number(url.searchParams.get('pageNumber')));
  });

  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Listas de arquivos (45)' })).toBeVisible();
  const rows = page.getByTestId('file-list-row');
  // Pages of 20: the first screen shows what fits (the next page follows while the end is in sight).
  await expect(rows.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(20);
  expect(before).toBeLessThan(45);
  await snap(page, 'campaigns-files-scroll-top-light-desktop');

  await expect
    .poll(async () => {
      await page.getByTestId('files-scroll-end').scrollIntoViewIfNeeded();
      return rows.count();
    })
    .toBe(45);
  await expect(rows.last()).toContainText('Catálogo');
  expect(pages).toContain(3);
  await snap(page, 'campaigns-files-scroll-end-light-desktop');

  // The same on a phone, for a search that matches them all: it starts again from its first page.
  await page.setViewportSize(phone);
  await page.getByTestId('files-search').fill('Catálogo');
  await expect.poll(() => pages.filter((number) => number === 1).length).toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');
  expect(await rows.count()).toBeLessThan(45);
  await expect
    .poll(async () => {
      await page.getByTestId('files-scroll-end').scrollIntoViewIfNeeded();
      return rows.count();
    })
    .toBe(45);
  await snap(page, 'campaigns-files-scroll-end-light-phone');
});

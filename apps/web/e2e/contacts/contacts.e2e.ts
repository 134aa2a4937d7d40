import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';

const ANA = '5511988887777';
const BRUNO = '5521977776666';

const rowOf = (page: Page, number: string) =>
  page.locator(`[data-testid="contact-row"][data-contact-number="${number}"]`);

test('contacts: template import, edit, CSV export, delete; notes in the ticket drawer', async ({ page }) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  // A company of its own: the list starts empty whatever earlier tests left in company 1.
  await logIn(page, await createCompanyAdmin(page, 'contacts'));
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: /Contatos/ })).toBeVisible();
  await expect(page.getByTestId('contacts-empty')).toBeVisible();

  // Download the template served from the web root and fill a few rows (one bad).
  await page.getByTestId('contacts-import').click();
  await snap(page, 'contacts-import-light-desktop');
  const [templateDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('contacts-template').click(),
  ]);
  const templatePath = path.join(os.tmpdir(), `contacts-template-${Date.now()}.xlsx`);
  await templateDownload.saveAs(templatePath);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([undefined, 'name', 'number', 'email']);
  sheet.addRow(['Ana Importada', '(11) 98888-7777', 'ana@example.com']);
  sheet.addRow(['Bruno; Ponto', BRUNO, '']);
  sheet.addRow(['X', '123', '']);
  await workbook.xlsx.writeFile(templatePath);

  await page.getByTestId('contacts-import-file').setInputFiles(templatePath);
  const result = page.getByTestId('contacts-import-result');
  await expect(result).toContainText('2 contatos importados, 1 com erro.');
  await expect(page.getByTestId('contacts-import-error')).toHaveCount(1);
  await expect(page.getByTestId('contacts-import-error')).toHaveText(
    'Linha 4 — X (123): Nome inválido (de 2 a 50 caracteres)',
  );
  await snap(page, 'contacts-import-result-light-desktop');
  await page.getByRole('button', { name: 'Fechar' }).click();
  await expect(rowOf(page, ANA)).toContainText('Ana Importada');
  // Shown grouped as people write it; the row still carries the stored digits.
  await expect(rowOf(page, ANA)).toContainText('+55 11 98888-7777');
  await expect(rowOf(page, BRUNO)).toContainText('Bruno; Ponto');

  // Edit: a name with quotes and an extra field.
  await rowOf(page, ANA).getByTestId('contact-edit').click();
  await expect(page.getByTestId('contact-name')).toHaveValue('Ana Importada');
  await page.getByTestId('contact-name').fill('A');
  await page.getByTestId('contact-save').click();
  await expect(page.getByTestId('contact-modal')).toContainText('Muito curto');
  await page.getByTestId('contact-name').fill('Ana "Editada"');
  await page.getByTestId('contact-extra-add').click();
  await page.getByTestId('contact-extra-name').fill('Cidade');
  await page.getByTestId('contact-extra-value').fill('Campinas');
  await snap(page, 'contacts-modal-light-desktop');
  await page.getByTestId('contact-save').click();
  await expect(page.getByText('Contato salvo com sucesso.')).toBeVisible();
  await expect(rowOf(page, ANA)).toContainText('Ana "Editada"');
  await snap(page, 'contacts-light-desktop');

  // Export: the streamed CSV, semicolons and quotes escaped.
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
  expect(csvDownload.suggestedFilename()).toBe('contatos.csv');
  const csv = await readFile(await csvDownload.path(), 'utf8');
  expect(csv.startsWith('\uFEFFname;number;email\r\n')).toBe(true);
  expect(csv).toContain(`"Ana ""Editada""";${ANA};ana@example.com\r\n`);
  expect(csv).toContain(`"Bruno; Ponto";${BRUNO};\r\n`);

  // Search waits for typing to stop.
  await page.getByTestId('contacts-search').fill('bruno');
  await expect(page.getByTestId('contact-row')).toHaveCount(1);
  await page.getByTestId('contacts-search').fill('');
  await expect(page.getByTestId('contact-row')).toHaveCount(2);

  // Dark theme, phone width.
  await page.getByTestId('theme-toggle').click();
  await snap(page, 'contacts-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'contacts-dark-phone');
  // On a phone the secondary actions live in the "more" menu; the primary one stays a button.
  await expect(page.getByTestId('contacts-export')).toBeHidden();
  await page.getByTestId('contacts-more').click();
  await expect(page.getByTestId('contacts-export')).toBeVisible();
  await expect(page.getByTestId('contacts-delete-all')).toBeVisible();
  await snap(page, 'contacts-menu-dark-phone');
  await page.keyboard.press('Escape');
  await page.getByTestId('contacts-add').click();
  await snap(page, 'contacts-modal-dark-phone');
  await page.keyboard.press('Escape');
  await page.getByTestId('theme-toggle').click();
  await snap(page, 'contacts-light-phone');
  await page.setViewportSize(desktop);

  // Delete asks first.
  await rowOf(page, BRUNO).getByTestId('contact-delete').click();
  await expect(page.getByText('Excluir Bruno; Ponto?')).toBeVisible();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByText('Contato excluído com sucesso!')).toBeVisible();
  await expect(rowOf(page, BRUNO)).toHaveCount(0);
  await expect(page.getByTestId('contacts-count')).toHaveText('(1)');

  // Notes, in the ticket's contact drawer: Ana writes through the sandbox, the ticket opens.
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Contatos', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  await api.post(`/api/sandbox/${connection.id}/inbound`, { from: ANA, name: 'Ana', body: 'Oi!' });
  const pending = await api.get<{ tickets: { uuid: string; contact: { number: string } }[] }>(
    '/api/tickets?status=pending&showAll=true',
  );
  const ticket = pending.tickets.find((item) => item.contact.number === ANA);
  expect(ticket).toBeTruthy();
  await page.goto(`/tickets/${ticket?.uuid}`);
  await page.getByTestId('conversation-contact').click();
  const notes = page.getByTestId('contact-notes');
  await expect(notes).toBeVisible();
  await expect(page.getByTestId('notes-empty')).toBeVisible();
  await page.getByTestId('note-input').fill('A');
  await page.getByTestId('note-save').click();
  await expect(notes).toContainText('Muito curto');
  await page.getByTestId('note-input').fill('Prefere contato por e-mail');
  await page.getByTestId('note-save').click();
  await expect(page.getByText('Observação adicionada com sucesso!')).toBeVisible();
  await expect(page.getByTestId('note-item')).toContainText('Prefere contato por e-mail');
  await snap(page, 'contacts-notes-light-desktop');
  await page.getByTestId('note-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByText('Observação excluída com sucesso!')).toBeVisible();
  await expect(page.getByTestId('note-item')).toHaveCount(0);
});

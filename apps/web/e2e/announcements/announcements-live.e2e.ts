import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.ts';
import { phone, snap } from '../support/screens.ts';

/** A small valid PNG (a teal square), built here so the test needs no fixture file. */
function tealPng(size = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([0, 128, 105]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(size).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A company of its own through the public signup (3-day trial), with its first admin. */
async function signUpCompany(request: APIRequestContext) {
  const plans = (await (await request.get('/api/plans/list')).json()) as { id: number }[];
  const account = { email: `admin-${Date.now()}@company2.example`, password: 'secret123' };
  const answer = await request.post('/api/companies/cadastro', {
    data: { name: 'Padaria Dois', phone: '(11) 98888-7777', planId: plans[0].id, ...account },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return account;
}

const badge = (page: Page) => page.getByTestId('announcements-badge').locator('.MuiBadge-badge');

test('a new announcement reaches another company live, in the top bar popover', async ({ page, browser, baseURL }) => {
  const account = await signUpCompany(page.request);

  // The other company's admin: not a super user.
  const otherContext = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const other = await otherContext.newPage();
  await logIn(other, account);
  // spec: the trial shows its days left in the shell.
  await expect(other.getByTestId('subscription-banner')).toContainText('3 dias');
  // spec: announcements are for the super user only; others get a toast and go to / after 1 s.
  await other.goto('/announcements');
  await expect(other.getByText('Esta página é exclusiva do super usuário.')).toBeVisible();
  await expect(other).toHaveURL(/\/$/, { timeout: 5000 });
  await other.getByTestId('announcements-button').click();
  await expect(other.getByTestId('announcements-empty')).toBeVisible();
  await other.keyboard.press('Escape');
  await expect(badge(other)).toBeHidden();

  await logIn(page);
  await page.goto('/announcements');
  await expect(page.getByTestId('announcements-empty-state')).toBeVisible();
  await snap(page, 'announcements-empty-light-desktop');

  await page.getByTestId('announcement-add').click();
  await page.getByTestId('announcement-save').click();
  await expect(page.getByTestId('announcement-form').getByText('Obrigatório').first()).toBeVisible();
  await page.getByTestId('announcement-title').fill('Manutenção programada');
  await page
    .getByTestId('announcement-text')
    .fill('O sistema ficará indisponível hoje das 23h às 23h30.\nObrigado pela compreensão.');
  await page.getByTestId('announcement-priority').click();
  await page.getByTestId('priority-option-1').click();
  await page
    .getByTestId('announcement-media-input')
    .setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: tealPng() });
  await expect(page.getByTestId('announcement-media-preview')).toBeVisible();
  await snap(page, 'announcement-form-light-desktop');
  await page.getByTestId('announcement-save').click();
  await expect(page.getByTestId('announcement-row')).toHaveCount(1);
  await expect(page.getByTestId('announcement-row')).toContainText('aviso.png');
  await expect(page.getByTestId('announcements-title')).toContainText('(1)');
  await snap(page, 'announcements-light-desktop');

  // The other page never reloaded: the event updated its badge and list.
  await expect(badge(other)).toHaveText('1');
  await other.getByTestId('announcements-button').click();
  await expect(other.getByTestId('announcement-item')).toHaveCount(1);
  await expect(other.getByTestId('announcement-item')).toContainText('Manutenção programada');
  await snap(other, 'announcements-popover-light-desktop');
  await other.getByTestId('announcement-item').click();
  await expect(other.getByTestId('announcement-detail-title')).toHaveText('Manutenção programada');
  await expect(other.getByTestId('announcement-detail-text')).toContainText('23h30');
  await expect(other.getByRole('dialog').locator('img')).toBeVisible();
  await snap(other, 'announcement-detail-light-desktop');
  await other.keyboard.press('Escape');

  // Switched off: it leaves the other page's popover live too.
  await page.getByTestId('announcement-row').getByRole('button', { name: 'Editar' }).click();
  await page.getByTestId('announcement-status').click();
  await page.getByTestId('announcement-save').click();
  await expect(page.getByTestId('announcement-row')).toContainText('Inativo');
  await expect(badge(other)).toBeHidden();

  // Dark theme and phone width.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByTestId('announcement-row')).toHaveCount(1);
  await snap(page, 'announcements-dark-phone');

  await page.getByTestId('announcement-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('announcements-empty-state')).toBeVisible();

  await other.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await other.setViewportSize(phone);
  await other.reload();
  await expect(other.getByTestId('subscription-banner')).toBeVisible();
  await snap(other, 'subscription-banner-dark-phone');
  await otherContext.close();
});

import { renderVariables } from '@wacrm/shared/messages/message-variables';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';
import { desktop, phone, snap } from '../support/screens.ts';

// The agent's browser runs on Tokyo's clock: the company's (Sao Paulo, Portuguese) must win.
test.use({ timezoneId: 'Asia/Tokyo' });

const ANA = '5511977771234';
const TEMPLATE = '{{ms}}, {{firstName}}! {{date}} {{hour}}';

test('quick replies speak the company language on its clock; notes read dd/MM/yyyy HH:mm', async ({ page }) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'locale'));
  // The interface in English: it must not change what the customer receives.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  const api = await apiOf(page);
  const connection = await createSandboxConnection(page, 'Locale');
  await api.post('/api/quick-messages', { shortcode: 'hello', message: TEMPLATE, geral: false, status: true });
  await api.post(`/api/sandbox/${connection}/inbound`, { from: ANA, name: 'Ana Lima', body: 'Oi' });

  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  const row = page.getByTestId('ticket-row').filter({ hasText: 'Ana Lima' });
  await row.getByTestId('ticket-row-accept').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketId = await ticketIdOf(page, ANA);

  // issue 13 defect 1: the composer fills the variables as the server's automatic messages do.
  const input = page.getByTestId('composer-input');
  const expectedAt = (now: Date, createdAt: Date) =>
    renderVariables(TEMPLATE, {
      contactName: 'Ana Lima',
      ticketId,
      ticketCreatedAt: createdAt,
      now,
      timeZone: 'America/Sao_Paulo',
      language: 'pt',
    });
  const before = new Date();
  await input.fill('/hello');
  await expect(page.getByTestId('quick-replies')).toBeVisible();
  await input.press('Enter');
  await expect(input).not.toHaveValue('/hello');
  const after = new Date();
  expect([expectedAt(before, before), expectedAt(after, after)]).toContain(await input.inputValue());
  await expect(input).toHaveValue(
    /^(Boa madrugada|Bom dia|Boa tarde|Boa noite), Ana! \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  );

  // issue 13 defect 7: a note's time in the interface's one format (was `11/24/26, 6:42 AM` in English).
  await page.getByTestId('ticket-notes').click();
  const notes = page.getByTestId('contact-notes-modal');
  await notes.getByTestId('note-input').fill('Prefers mornings');
  await notes.getByTestId('note-save').click();
  const note = notes.getByTestId('note-item').filter({ hasText: 'Prefers mornings' });
  await expect(note).toContainText(/· \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(note).not.toContainText(/AM|PM/);
  await snap(page, 'tickets-notes-date-light-desktop');
  await page.getByTestId('theme-toggle').dispatchEvent('click');
  await snap(page, 'tickets-notes-date-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'tickets-notes-date-dark-phone');
  await page.getByTestId('theme-toggle').dispatchEvent('click');
  await snap(page, 'tickets-notes-date-light-phone');
});

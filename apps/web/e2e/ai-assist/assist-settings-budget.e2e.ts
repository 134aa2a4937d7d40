import { expect } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';
import { customerTicket, KEY, logInNewCompany, openMessageMenu, openTicket, test } from './assist-setup.ts';

/** "março de 2026" for a month `back` months before this one (UTC), as the interface names it. */
function monthName(back: number) {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
}

/**
 * Issue 51, the admin's side and the limits: Settings › AI assist switched on with a key only ever
 * shown masked; over the month's budget every helper that is on stays in sight, disabled, saying
 * why (composer, the message's Translate, the header's summary; tooltip on a desktop, words on a
 * phone); the month's usage by attendant, and an earlier month named as such, in the interface's
 * language.
 */
test('the admin switches the assist on; over budget every helper says why it is off; usage by month', async ({
  page,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  const api = await logInNewCompany(page, 'assist-budget', 'dark');

  // Settings › AI assist: on, with a key that is only ever shown masked.
  await page.goto('/settings?tab=aiAssist');
  await page.getByTestId('ai-assist-enabled').click();
  await page.getByTestId('ai-assist-key').fill(KEY);
  await page.getByTestId('ai-assist-key-save').click();
  await expect(page.getByTestId('ai-assist-settings')).toContainText(`sk-…${KEY.slice(-4)}`);
  await expect(page.getByTestId('ai-assist-key')).toHaveValue('');
  await expect(page.getByTestId('ai-assist-enabled').locator('input')).toBeChecked();
  await snap(page, 'ai-assist-settings-dark-desktop');

  // One use of the assist (through the API: the helpers' screens have their specs), then a budget
  // of one token: the month's budget is spent.
  const { ticketId, uuid } = await customerTicket(api);
  await api.post(`/api/tickets/${ticketId}/assist/rewrite`, { text: 'oi', style: 'correct' });
  await api.put('/api/settings/aiAssistMonthlyTokens', { value: '1' });
  const budgetSpent = /orçamento mensal de tokens de IA acabou/;

  await openTicket(page, uuid);
  // The composer's button says why on hover, and its menu shows the helpers off under the reason.
  await page.getByTestId('assist-composer').hover();
  await expect(page.getByRole('tooltip')).toHaveText(budgetSpent);
  await page.getByTestId('assist-composer').click();
  await expect(page.getByTestId('assist-off-reason')).toHaveText(budgetSpent);
  await expect(page.getByTestId('assist-suggest')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('assist-rewrite-formal')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('assist-translate-reply')).toHaveAttribute('aria-disabled', 'true');
  await snap(page, 'ai-assist-over-budget-composer-dark-desktop');
  await page.keyboard.press('Escape');
  // A customer's message still offers Translate, off, with the reason under it.
  await openMessageMenu(page, 'Es una camiseta M');
  await expect(page.getByTestId('message-translate')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('message-translate')).toContainText(budgetSpent);
  await page.keyboard.press('Escape');
  // The header's summary: the tooltip on a desktop…
  await page.getByTestId('ticket-summary').locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(budgetSpent);
  // …and the words under its entry in the "more" menu on a phone.
  await page.setViewportSize(phone);
  await page.getByTestId('ticket-more').click();
  await expect(page.getByTestId('ticket-summary')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('ticket-summary')).toContainText(budgetSpent);
  await snap(page, 'ai-assist-over-budget-dark-phone');
  await page.keyboard.press('Escape');
  await page.setViewportSize(desktop);
  expect(await page.getByTestId('composer-input').isEditable()).toBe(true);

  // Settings › AI assist: this month's usage by attendant beside the budget; an earlier month,
  // picked with the keyboard, is named in the interface's language.
  await page.goto('/settings?tab=aiAssist');
  const usage = page.getByTestId('ai-assist-usage');
  await expect(usage.getByTestId('ai-assist-usage-row')).toHaveCount(1);
  await expect(usage.getByTestId('ai-assist-usage-total')).toHaveText(/^2 de 1 tokens usados neste mês$/);
  const monthPicker = usage.getByRole('combobox', { name: 'Mês' });
  await expect(monthPicker).toHaveText(new RegExp(`^${monthName(0)}$`, 'i'));
  await monthPicker.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(monthPicker).toHaveText(new RegExp(`^${monthName(1)}$`, 'i'));
  await expect(usage.getByTestId('ai-assist-usage-total')).toHaveText(`0 de 1 tokens usados em ${monthName(1)}`);
  await expect(usage).toContainText('Nenhum uso do assistente neste mês.');
  await snap(page, 'ai-assist-usage-dark-desktop');
});

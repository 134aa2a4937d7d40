import { expect } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';
import {
  CUSTOMER,
  customerTicket,
  KEY,
  logInNewCompany,
  openTicket,
  switchAssistOn,
  switchToDark,
  test,
} from './assist-setup.ts';

/**
 * Issue 51, the conversation's helpers: the summary streamed into the side panel and copied to a
 * note, and a suggested reply drafted into the composer, in light on a desktop; then in dark at
 * phone width the summary from the header's "more" menu, and Stop.
 */
test('the summary streams into its panel and goes to a note; a suggested reply is drafted, never sent', async ({
  page,
  openai,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  const api = await logInNewCompany(page, 'assist-summary');
  await switchAssistOn(api);
  const { connectionId, uuid } = await customerTicket(api);
  await openTicket(page, uuid);

  // Summary: streamed into the side panel, then copied to a note.
  openai.reply('The customer wants order 42 changed from size M to L. Nothing done yet. Pending: the exchange.', {
    pieceDelayMs: 20,
  });
  await page.getByTestId('ticket-summary').click();
  await page.getByTestId('assist-summary-generate').click();
  await expect(page.getByTestId('assist-summary-text')).toHaveText(/Pending: the exchange\.$/);
  const sent = openai.requests.at(-1)!;
  expect(sent.authorization).toBe(`Bearer ${KEY}`);
  expect(sent.body.stream).toBe(true);
  expect(sent.body.messages[1].content).toContain('Customer: Es una camiseta M, necesito L');
  await snap(page, 'ai-assist-summary-light-desktop');
  await page.getByTestId('assist-summary-note').click();
  await expect(page.getByText('Resumo adicionado às notas do atendimento.')).toBeVisible();
  await page.keyboard.press('Escape');
  // One conversation body after the panel came and went (a closed drawer kept mounted once doubled it).
  await expect(page.getByTestId('composer')).toHaveCount(1);

  // Suggested reply: drafted into the composer, never sent.
  const composer = page.getByTestId('composer-input');
  openai.reply('¡Hola Lucía! Claro, cambio tu pedido 42 a la talla L.');
  await page.getByTestId('assist-composer').click();
  // With nothing typed the rewrites wait for a text, and say so.
  await expect(page.getByTestId('assist-needs-text')).toHaveText(
    'Digite sua mensagem primeiro para reescrevê-la ou traduzi-la.',
  );
  await expect(page.getByTestId('assist-rewrite-formal')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('assist-suggest').click();
  await expect(composer).toHaveValue('¡Hola Lucía! Claro, cambio tu pedido 42 a la talla L.');
  await expect(page.getByTestId('assist-preview')).toBeHidden();
  await snap(page, 'ai-assist-suggest-light-desktop');
  const outbox = await api.get<unknown[]>(`/api/sandbox/${connectionId}/outbox?to=${CUSTOMER}`);
  expect(outbox).toHaveLength(0);

  // Dark at phone width: the summary is in the header's "more" menu.
  await switchToDark(page);
  await page.setViewportSize(phone);
  openai.reply('Resumen: cambio de talla pendiente.');
  await page.getByTestId('ticket-more').click();
  await page.getByTestId('ticket-summary').click();
  await page.getByTestId('assist-summary-generate').click();
  await expect(page.getByTestId('assist-summary-text')).toHaveText('Resumen: cambio de talla pendiente.');
  await snap(page, 'ai-assist-summary-dark-phone');

  // Stop: the summary ends where it was, and the server lets go of the provider's stream.
  const abandonedBefore = openai.abandonedStreams;
  openai.reply('uno dos tres cuatro cinco seis siete ocho nueve diez once doce', { pieceDelayMs: 300 });
  await page.getByTestId('assist-summary-generate').click();
  await expect(page.getByTestId('assist-summary-text')).toContainText('uno');
  await page.getByTestId('assist-cancel').click();
  await expect.poll(() => openai.abandonedStreams).toBe(abandonedBefore + 1);
  await expect(page.getByTestId('assist-summary-generate')).toBeEnabled();
  await expect(page.getByTestId('assist-summary-text')).not.toContainText('doce');
});

import { expect } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap } from '../support/screens.ts';
import {
  CUSTOMER,
  customerTicket,
  logInNewCompany,
  openMessageMenu,
  openTicket,
  switchAssistOn,
  switchToDark,
  test,
} from './assist-setup.ts';

/**
 * Issue 51, the composer's text and the customer's: a rewrite previewed and accepted, a customer's
 * message translated beside the original, the reply translated for the customer with both shown,
 * in light on a desktop; then a rewrite discarded in dark at phone width. Nothing reaches the customer.
 */
test('a rewrite is previewed and accepted; messages are translated both ways; nothing is sent', async ({
  page,
  openai,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  const api = await logInNewCompany(page, 'assist-rewrite');
  await switchAssistOn(api);
  const { connectionId, uuid } = await customerTicket(api);
  await openTicket(page, uuid);
  const composer = page.getByTestId('composer-input');

  // Rewrite: a preview to accept.
  await composer.fill('te cambio el pedido 42 a talla L');
  openai.reply('Estimada Lucía, con gusto cambiaremos su pedido 42 a la talla L.');
  await page.getByTestId('assist-composer').click();
  await page.getByTestId('assist-rewrite-formal').click();
  await expect(page.getByTestId('assist-preview-text')).toHaveText(
    'Estimada Lucía, con gusto cambiaremos su pedido 42 a la talla L.',
  );
  expect(openai.requests.at(-1)!.body.messages[1].content).toContain('te cambio el pedido 42 a talla L');
  await page.getByTestId('assist-accept').click();
  await expect(composer).toHaveValue('Estimada Lucía, con gusto cambiaremos su pedido 42 a la talla L.');

  // A customer's message translated beside the original.
  openai.reply("It's an M T-shirt, I need L");
  const bubble = await openMessageMenu(page, 'Es una camiseta M');
  await page.getByTestId('message-translate').click();
  await expect(bubble.getByTestId('message-translation-text')).toHaveText("It's an M T-shirt, I need L");

  // The attendant's reply translated for the customer, both shown.
  await composer.fill('I will exchange it today');
  openai.reply('La cambio hoy');
  await page.getByTestId('assist-composer').click();
  await page.getByTestId('assist-translate-reply').click();
  await expect(page.getByTestId('assist-preview-text')).toHaveText('La cambio hoy');
  await expect(page.getByTestId('assist-preview')).toContainText('I will exchange it today');
  await snap(page, 'ai-assist-translate-light-desktop');
  expect(openai.requests.at(-1)!.body.messages[0].content).toContain('the language the customer writes in');
  await page.getByTestId('assist-discard').click();

  // Dark at phone width: the preview and the translation still fit; discarding keeps what was typed.
  await switchToDark(page);
  await page.setViewportSize(phone);
  await composer.fill('vale, hoy');
  openai.reply('Está bien, lo hago hoy mismo.');
  await page.getByTestId('assist-composer').click();
  await page.getByTestId('assist-rewrite-friendly').click();
  await expect(page.getByTestId('assist-preview-text')).toHaveText('Está bien, lo hago hoy mismo.');
  await snap(page, 'ai-assist-rewrite-dark-phone');
  await page.getByTestId('assist-discard').click();
  await expect(composer).toHaveValue('vale, hoy');
  openai.reply('Una camiseta M, necesito L');
  await openMessageMenu(page, 'Es una camiseta M');
  await page.getByTestId('message-translate').click();
  await expect(page.getByTestId('message-translation-text')).toHaveText('Una camiseta M, necesito L');
  await snap(page, 'ai-assist-translation-dark-phone');

  // Nothing the assist wrote reached the customer.
  const outbox = await api.get<unknown[]>(`/api/sandbox/${connectionId}/outbox?to=${CUSTOMER}`);
  expect(outbox).toHaveLength(0);
});

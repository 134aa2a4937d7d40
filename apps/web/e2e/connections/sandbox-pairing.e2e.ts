import { expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, ticketIdOf } from '../support/sandbox.ts';
import { snap } from '../support/screens.ts';

test('an admin creates a sandbox connection, pairs it from the sandbox page and chats as a customer', async ({
  page,
}) => {
  // A long journey (two tabs, pairing, a round trip of messages, four screen variants).
  test.setTimeout(paced(180_000));
  await logIn(page);
  await page.goto('/connections');
  await expect(page.getByTestId('connections-empty')).toBeVisible();
  await snap(page, 'connections-empty-light-desktop');

  // The modal: every tab, then a sandbox connection.
  await page.getByTestId('connection-add').click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Obrigatório', { exact: true })).toBeVisible();
  await page.getByTestId('connection-name').fill('Loja Sandbox');
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByTestId('connection-provider-sandbox').click();
  await page.getByTestId('connection-token-generate').click();
  await expect(page.getByTestId('connection-token')).toHaveValue(/^[0-9a-f]{32}$/);
  await snap(page, 'connection-modal-general-light-desktop');
  for (const tab of ['messages', 'assessments', 'automation', 'integrations', 'hours'] as const) {
    await page.getByTestId(`connection-tab-${tab}`).click();
    await snap(page, `connection-modal-${tab}-light-desktop`);
  }
  // The hours tab is the shared 24-hour week: HH:MM fields, Sunday marked closed, the schema's checks.
  await expect(page.getByTestId('connection-hours-monday-startTime')).toHaveValue('08:00');
  await expect(page.getByTestId('connection-hours-monday-endTime')).toHaveValue('18:00');
  await expect(page.getByTestId('connection-hours-sunday').getByTestId('connection-hours-closed')).toBeVisible();
  await expect(page.getByTestId('connection-hours-closed')).toHaveCount(1);
  const saturdayEnd = page.getByTestId('connection-hours-saturday-endTime');
  await saturdayEnd.fill('07:00');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('O horário de fechar deve ser depois do de abrir')).toBeVisible();
  await saturdayEnd.fill('12:00');
  await page.getByTestId('connection-tab-messages').click();
  await page.getByTestId('connection-greetingMessage').fill('Olá! Como podemos ajudar?');
  await page.getByTestId('connection-save').click();

  // After a create the QR modal opens and shows the session's QR code.
  const qrDialog = page.getByTestId('qr-code-dialog');
  await expect(qrDialog).toBeVisible();
  await expect(qrDialog.getByTestId('qr-code-image')).toBeVisible({ timeout: paced(20_000) });
  await snap(page, 'connection-qr-light-desktop');
  const row = page.getByTestId('connection-row').filter({ hasText: 'Loja Sandbox' });
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'qrcode');

  // A second tab of the same session keeps the connections screen open while the sandbox pairs
  // the phone (logging in again would end the first tab's session: the opened-elsewhere rule).
  const watcher = await page.context().newPage();
  await watcher.goto('/connections');
  const watchedRow = watcher.getByTestId('connection-row').filter({ hasText: 'Loja Sandbox' });
  await expect(watchedRow.getByTestId('connection-status')).toHaveAttribute('data-status', 'qrcode');
  await snap(page, 'connections-light-desktop');

  await qrDialog.getByTestId('qr-open-sandbox').click();
  await expect(page).toHaveURL(/\/sandbox\/\d+$/);
  const whatsappId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('sandbox-pair-hint')).toBeVisible();
  await snap(page, 'sandbox-unpaired-light-desktop');
  await page.getByTestId('sandbox-scan').click();
  await expect(page.getByTestId('sandbox-disconnect')).toBeVisible();

  // Live, without a reload: the other page sees CONNECTED and the session offers disconnect.
  await expect(watchedRow.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  await expect(watchedRow.getByTestId('connection-session-disconnect')).toBeVisible();

  // A simulated customer writes to the company.
  await page.getByTestId('sandbox-add-customer').click();
  await page.getByTestId('sandbox-customer-number').fill('5511988887777');
  await page.getByTestId('sandbox-customer-name').fill('Maria Cliente');
  await page.getByTestId('sandbox-customer-save').click();
  await page.getByTestId('sandbox-composer').fill('Oi, queria saber o horário da loja');
  const inbound = page.waitForResponse((answer) => answer.url().endsWith(`/api/sandbox/${whatsappId}/inbound`));
  await page.getByTestId('sandbox-send').click();
  const inboundAnswer = await inbound;
  expect(inboundAnswer.status()).toBe(200);
  const { id: externalId } = (await inboundAnswer.json()) as { id: string };
  expect(externalId).toBeTruthy();
  await expect(page.getByTestId('sandbox-message-in')).toContainText('Oi, queria saber o horário da loja');

  // Stored: the new ticket's messages hold the customer's text.
  const headers = await bearer(page);
  const ticketId = await ticketIdOf(page, '5511988887777');
  const stored = await (await page.request.get(`/api/messages/${ticketId}`, { headers })).text();
  expect(stored).toContain('Oi, queria saber o horário da loja');

  // An attendant accepts the ticket and answers through the API; the outbox poll shows it and a
  // read ack turns it read.
  const accepted = await page.request.put(`/api/tickets/${ticketId}`, { headers, data: { status: 'open' } });
  expect(accepted.status()).toBe(200);
  const reply = await page.request.post(`/api/messages/${ticketId}`, { headers, data: { body: 'Abrimos às 8h!' } });
  expect(reply.status()).toBe(201);
  const companyLine = page.getByTestId('sandbox-message-out').filter({ hasText: 'Abrimos às 8h!' });
  await expect(companyLine).toBeVisible({ timeout: 15_000 });
  await companyLine.getByTestId('sandbox-mark-read').click();
  await expect(companyLine.getByTestId('sandbox-ack-read')).toBeVisible();
  await snap(page, 'sandbox-light-desktop');

  // Back to the connections page without a reload: the list is live there too.
  await page.getByRole('link', { name: 'Voltar às conexões' }).click();
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  await expect(row.getByTestId('connection-default-flag')).toBeVisible();

  // Dark and phone width.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  await snap(page, 'connections-dark-desktop');
  await row.getByTestId('connection-edit').click();
  await expect(page.getByTestId('connection-name')).toHaveValue('Loja Sandbox');
  await page.getByTestId('connection-tab-hours').click();
  await expect(page.getByTestId('connection-hours-sunday').getByTestId('connection-hours-closed')).toBeVisible();
  await snap(page, 'connection-modal-hours-dark-desktop');
  await page.keyboard.press('Escape');
  await page.goto(`/sandbox/${whatsappId}`);
  await page.getByTestId('sandbox-customer').first().click();
  await snap(page, 'sandbox-dark-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'sandbox-chat-dark-phone');
  await page.goto('/connections');
  await expect(row).toBeVisible();
  await snap(page, 'connections-dark-phone');
  await row.getByTestId('connection-edit').click();
  await expect(page.getByTestId('connection-name')).toHaveValue('Loja Sandbox');
  await snap(page, 'connection-modal-general-dark-phone');
  await page.getByTestId('connection-tab-hours').click();
  await expect(page.getByTestId('connection-hours-monday-startTime')).toHaveValue('08:00');
  await snap(page, 'connection-modal-hours-dark-phone');
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.reload();
  await snap(page, 'connections-light-phone');
  await watcher.close();
});

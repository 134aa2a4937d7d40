import type { SandboxOutboxEntry } from '@wacrm/shared/sandbox/sandbox.schema';
import { chromiumPath } from '../support/chromium.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection, ticketIdOf } from '../support/sandbox.ts';

// Chromium's fake microphone (a beep) and no permission prompt: the composer records for real.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

test('a voice note recorded in the composer reaches the phone as an Ogg/Opus voice note', async ({ page }) => {
  test.setTimeout(paced(120_000));
  const account = await createCompanyAdmin(page, 'voice');
  await logIn(page, account);
  const whatsappId = await createSandboxConnection(page, 'Loja Voz');
  const headers = await bearer(page);
  const customer = '5511960000001';
  await page.request.post(`/api/sandbox/${whatsappId}/inbound`, { headers, data: { from: customer, body: 'Oi' } });
  const ticketId = await ticketIdOf(page, customer);
  const { uuid } = (await (await page.request.get(`/api/tickets/${ticketId}`, { headers })).json()) as {
    uuid: string;
  };

  await page.goto(`/tickets/${uuid}`);
  await page.getByTestId('ticket-accept').click();
  await expect(page.getByTestId('ticket-conversation')).toHaveAttribute('data-status', 'open');
  await page.context().grantPermissions(['microphone']);
  await page.getByTestId('composer-record').click();
  await expect(page.getByTestId('composer-recording')).toBeVisible();
  // Long enough to pass the composer's 10,000-byte minimum at 128 kbit/s.
  await page.waitForTimeout(2_000);
  const sent = page.waitForResponse(
    (answer) => answer.url().endsWith(`/api/messages/${ticketId}`) && answer.request().method() === 'POST',
  );
  await page.getByTestId('composer-recording').getByRole('button').last().click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  expect(((await answer.json()) as { mediaName: string }).mediaName).toMatch(/^voice-note-\d+\.ogg$/);

  const outbox = (await (
    await page.request.get(`/api/sandbox/${whatsappId}/outbox`, { headers })
  ).json()) as SandboxOutboxEntry[];
  const note = outbox.find((entry) => entry.media?.voiceNote);
  expect(note?.media).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', voiceNote: true });
  // The stored file is Ogg (the remuxed recording), served to the phone.
  const file = await page.request.get(note!.media!.url!);
  expect(file.headers()['content-type']).toMatch(/^audio\/ogg/);
  expect((await file.body()).subarray(0, 4).toString('latin1')).toBe('OggS');
  await expect(page.getByTestId('message').last().locator('audio')).toBeVisible();
});

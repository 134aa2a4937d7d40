import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.ts';
import { screenshotsDir } from '../support/paths.ts';

/** A 1×1 PNG (red), enough for the image paths; larger pixels are not needed for the thread. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const CUSTOMER = '5511977776666';

async function snap(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${screenshotsDir}${name}.png` });
}

interface Api {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data?: unknown) => Promise<T>;
  put: <T>(path: string, data?: unknown) => Promise<T>;
}

async function apiOf(page: Page): Promise<Api> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const request: APIRequestContext = page.request;
  const check = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(answer.ok(), `${answer.url()} → ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    get: async (path) => check(await request.get(path, { headers })),
    post: async (path, data) => check(await request.post(path, { headers, data })),
    put: async (path, data) => check(await request.put(path, { headers, data })),
  };
}

interface Ticket {
  id: number;
  uuid: string;
  status: string;
  contact: { number: string };
}
interface OutboxEntry {
  id: string;
  body: string;
  media: { filename: string; mimetype: string } | null;
}

test('the attendant answers a sandbox customer from the conversation, sees read ticks live and resolves', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logIn(page);
  const api = await apiOf(page);

  // A paired sandbox connection (the connections e2e covers the pairing screens).
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Conversa', provider: 'sandbox' });
  await expect
    .poll(
      async () =>
        (
          await page.request.post(`/api/sandbox/${connection.id}/scan`, {
            headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
          })
        ).status(),
      { timeout: 30_000 },
    )
    .toBe(200);

  // The customer writes: formatted text, a photo and a document.
  const inbound = (body: object) =>
    api.post(`/api/sandbox/${connection.id}/inbound`, { from: CUSTOMER, name: 'Maria Cliente', ...body });
  await inbound({ body: 'Oi! Meu pedido *12345* ainda não chegou, _podem_ verificar? ~ontem~ hoje' });
  await inbound({
    body: 'Foto da caixa',
    media: { filename: 'caixa.png', mimetype: 'image/png', base64: PNG.toString('base64') },
  });
  await inbound({
    body: '',
    media: {
      filename: 'nota-fiscal.pdf',
      mimetype: 'application/pdf',
      base64: Buffer.from('%PDF-1.4 demo').toString('base64'),
    },
  });

  const pending = await api.get<{ tickets: Ticket[] }>('/api/tickets?status=pending&showAll=true');
  const ticket = pending.tickets.find((item) => item.contact.number === CUSTOMER);
  expect(ticket).toBeTruthy();
  if (!ticket) return;

  // Opened by its address: pending, so the composer waits for Accept.
  await page.goto(`/tickets/${ticket.uuid}`);
  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('composer-input')).toBeDisabled();
  const firstMessage = page.getByTestId('message').first();
  await expect(firstMessage.locator('strong')).toHaveText('12345');
  await expect(firstMessage.locator('em')).toHaveText('podem');
  await expect(page.getByTestId('message-image')).toBeVisible();
  await expect(page.getByTestId('message-document')).toContainText('nota-fiscal.pdf');
  await expect(page.getByTestId('thread-date').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

  await page.getByTestId('ticket-accept').click();
  await expect(conversation).toHaveAttribute('data-status', 'open');
  const input = page.getByTestId('composer-input');
  await expect(input).toBeEnabled();

  // Blank is not sent; Shift+Enter is a new line; Enter sends.
  await input.fill('   ');
  await input.press('Enter');
  await input.fill('Olá Maria!');
  await input.press('Shift+Enter');
  await input.pressSequentially('Vou verificar agora.');
  await expect(input).toHaveValue('Olá Maria!\nVou verificar agora.');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const ours = page.locator('[data-testid="message"][data-from-me="true"]');
  await expect(ours.filter({ hasText: 'Vou verificar agora.' })).toBeVisible();

  // An emoji from the lazy picker.
  await page.getByTestId('composer-emoji').click();
  const picker = page.locator('em-emoji-picker');
  await expect(picker).toBeVisible({ timeout: 15_000 });
  await picker.locator('input[type="search"]').fill('thumbs');
  await picker.locator('button[aria-label="👍"]').first().click();
  await expect(input).toHaveValue('👍');
  await page.keyboard.press('Escape');
  await input.press('Enter');
  await expect(ours.filter({ hasText: '👍' })).toBeVisible();

  // An image with its caption, through the preview list.
  await page
    .getByTestId('composer-file-input')
    .setInputFiles({ name: 'etiqueta.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('attachment-item')).toHaveCount(1);
  await page.getByTestId('attachment-caption').fill('Etiqueta do envio');
  await snap(page, 'conversation-attachments-light-desktop');
  await page.getByTestId('attachments-send').click();
  await expect(page.getByTestId('attachments-list')).toBeHidden();
  await expect(ours.filter({ hasText: 'Etiqueta do envio' }).getByTestId('message-image')).toBeVisible();

  // The customer's phone has the three.
  let outbox: OutboxEntry[] = [];
  await expect
    .poll(
      async () => {
        outbox = await api.get<OutboxEntry[]>(`/api/sandbox/${connection.id}/outbox?to=${CUSTOMER}`);
        return outbox.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(3);
  expect(outbox.some((entry) => entry.body.includes('Olá Maria!\nVou verificar agora.'))).toBe(true);
  expect(outbox.some((entry) => entry.body.includes('👍'))).toBe(true);
  expect(
    outbox.some((entry) => entry.media?.mimetype === 'image/png' && entry.body.includes('Etiqueta do envio')),
  ).toBe(true);
  await expect(ours.first().getByTestId('message-ack')).not.toHaveAttribute('data-ack', 'read');

  // The customer reads them: the ticks turn blue without a reload.
  for (const entry of outbox) await api.post(`/api/sandbox/${connection.id}/ack`, { id: entry.id, ack: 3 });
  for (const bubble of await ours.all())
    await expect(bubble.getByTestId('message-ack')).toHaveAttribute('data-ack', 'read');

  // The customer answers one of ours as a reply; it shows the quote.
  await inbound({ body: 'Obrigada! 😊' });
  await expect(page.getByTestId('message').last()).toContainText('Obrigada!');

  // Reply mode shows the quoted message above the input and can be cancelled.
  await page.getByTestId('message').last().hover();
  await page.getByTestId('message').last().getByTestId('message-menu').click();
  await page.getByTestId('message-reply').click();
  await expect(page.getByTestId('composer-reply')).toContainText('Obrigada!');
  await snap(page, 'conversation-light-desktop');

  await page.getByTestId('composer-reply-cancel').click();
  await expect(page.getByTestId('composer-reply')).toBeHidden();

  // The contact drawer.
  await page.getByTestId('conversation-contact').click();
  await expect(page.getByTestId('contact-drawer-number')).toHaveAttribute('href', `tel:${CUSTOMER}`);
  await snap(page, 'conversation-contact-drawer-light-desktop');
  await page.keyboard.press('Escape');

  // Dark and phone width.
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('message-ack').first()).toBeVisible();
  await snap(page, 'conversation-dark-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await snap(page, 'conversation-dark-phone');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.reload();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await snap(page, 'conversation-light-phone');
  await page.setViewportSize({ width: 1366, height: 800 });

  // Resolve: back to the list; the customer writes again and a new pending ticket exists.
  await page.getByTestId('ticket-resolve').click();
  await expect(page).toHaveURL(/\/tickets$/);
  const closed = await api.get<Ticket>(`/api/tickets/${ticket.id}`);
  expect(closed.status).toBe('closed');
  await inbound({ body: 'Chegou, obrigada!' });
  const afterwards = await api.get<{ tickets: Ticket[] }>('/api/tickets?status=pending&showAll=true');
  const next = afterwards.tickets.find((item) => item.contact.number === CUSTOMER);
  expect(next?.id).toBeTruthy();
  expect(next?.id).not.toBe(ticket.id);

  // The new ticket's thread reaches the earlier attendance past its start, with a divider naming it.
  await page.goto(`/tickets/${next?.uuid}`);
  await expect(page.getByTestId('message').last()).toContainText('Chegou, obrigada!');
  await page.getByTestId('thread-load-older').click();
  await expect(page.getByTestId('thread-ticket-divider').first()).toContainText(`#${ticket.id}`);
  await snap(page, 'conversation-earlier-ticket-light-desktop');
});

import type { Page } from '@playwright/test';
import { testWithFakeOpenAi } from '../integrations/fake-openai.ts';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, realtimeConnected } from '../support/fixtures.ts';

export type Api = Awaited<ReturnType<typeof apiOf>>;

/**
 * The AI assist's browser specs (issue 51), split by feature so the two browser lanes end evenly:
 * each worker runs a local fake of OpenAI's chat completions that streams its answers, and a server
 * pointed at it. The specs share this `test`, so one worker runs them all on one server.
 */
export const test = testWithFakeOpenAi();

export const CUSTOMER = '5511977771234';
export const KEY = 'sk-e2e-assist-key-0123456789';

/** A company of its own, logged in as its admin, in `theme` (set before the app starts: no reload). */
export async function logInNewCompany(page: Page, label: string, theme: 'light' | 'dark' = 'light') {
  const account = await createCompanyAdmin(page, label);
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('preferredTheme', value), theme);
  await logIn(page, account);
  return apiOf(page);
}

/** The assist switched on through the settings route, with a key (Settings' own screen has its spec). */
export async function switchAssistOn(api: Api) {
  await api.put('/api/settings/aiAssistEnabled', { value: 'enabled' });
  await api.put('/api/settings/aiAssistApiKey', { value: KEY });
}

export interface CustomerTicket {
  connectionId: number;
  ticketId: number;
  uuid: string;
}

/**
 * Lucía writes in Spanish on a sandbox connection and the admin takes the ticket (through the API:
 * the accept button has its own specs); answers the ticket once it is open.
 */
export async function customerTicket(api: Api): Promise<CustomerTicket> {
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja assist', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  const say = (body: string, id: string) =>
    api.post(`/api/sandbox/${connection.id}/inbound`, { from: CUSTOMER, name: 'Lucía', body, id });
  await say('Hola, quiero cambiar la talla de mi pedido 42', 'LUCIA-1');
  await say('Es una camiseta M, necesito L', 'LUCIA-2');
  let ticket: { id: number; uuid: string } | undefined;
  await expect
    .poll(async () => {
      const { tickets } = await api.get<{ tickets: { id: number; uuid: string; contact: { number: string } }[] }>(
        '/api/tickets?status=pending&showAll=true',
      );
      ticket = tickets.find((each) => each.contact.number === CUSTOMER);
      return ticket?.uuid ?? '';
    })
    .not.toBe('');
  const { id, uuid } = ticket!;
  await api.put(`/api/tickets/${id}`, { status: 'open' });
  return { connectionId: connection.id, ticketId: id, uuid };
}

/** The ticket's conversation, open and live. */
export async function openTicket(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`);
  await expect(page.getByTestId('ticket-conversation')).toHaveAttribute('data-status', 'open');
  await realtimeConnected(page);
}

/** Dark through the top bar's toggle: no reload, so the open ticket and its socket stay. */
export async function switchToDark(page: Page) {
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
}

/** The customer's bubble with `text`, its menu open. */
export async function openMessageMenu(page: Page, text: string) {
  const bubble = page.getByTestId('message').filter({ hasText: text });
  await bubble.hover();
  await bubble.getByTestId('message-menu').click();
  return bubble;
}

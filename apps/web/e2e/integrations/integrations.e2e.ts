import type { Page } from '@playwright/test';
import { PROMPT_TRANSFER_ACTION } from '@wacrm/shared/integrations/index';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { bearer, createSandboxConnection } from '../support/sandbox.ts';
import { desktop, snap, snapAllThemes } from '../support/screens.ts';
import { chooseOption } from '../support/select.ts';
import { fakeServiceAccountJson, testWithFakeOpenAi } from './fake-openai.ts';

// This file's server talks to a fake OpenAI started here, and may call loopback integration URLs.
const test = testWithFakeOpenAi({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' });

const PROMPT = `Você é a atendente virtual da Padaria Sol. Responda com gentileza e em poucas palavras. Para falar com uma pessoa, responda "${PROMPT_TRANSFER_ACTION}".`;

// Chooses an option of the form's select by the field's label (support/select.ts says why it retries).
async function pick(page: Page, label: string, option: string) {
  const choice = page.getByRole('option', { name: option, exact: true });
  await chooseOption(page.getByRole('combobox', { name: label }), choice, option);
}

// Saved means the form closes and the row is listed (the 2-second toast can come and go unseen
// on a loaded machine).
async function addIntegration(page: Page, type: string, name: string, fill: () => Promise<void>) {
  await page.getByTestId('integrations-add').click();
  await pick(page, 'Tipo', type);
  await page.getByTestId('integration-name').fill(name);
  await fill();
  await page.getByTestId('integration-save').click();
  await expect(page.getByTestId('integration-form')).toBeHidden();
  await expect(page.getByTestId('integrations-table').getByRole('row', { name: new RegExp(name) })).toBeVisible();
}

test('an admin creates a prompt and an integration of each type, attaches the prompt to a queue, and a sandbox customer is answered', async ({
  page,
  openai,
  server,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  const admin = await createCompanyAdmin(page, 'bots');
  await logIn(page, admin);
  const api = await apiOf(page);

  // With no queue yet the prompt's queue field says so and links to the queues page.
  await page.goto('/prompts');
  await page.getByTestId('prompts-add').click();
  await expect(page.getByTestId('prompt-queue-none')).toContainText('Nenhuma fila cadastrada ainda.');
  await expect(page.getByTestId('prompt-queue-none').getByRole('link', { name: 'Criar uma fila' })).toHaveAttribute(
    'href',
    '/queues',
  );
  await snap(page, 'prompt-dialog-no-queue-light-desktop');
  await page.keyboard.press('Escape');
  const queue = (await api.post('/api/queue', { name: 'Balcão', color: '#0ea5e9' })) as { id: number; name: string };

  // The prompt, through its modal; the key is masked once saved.
  await page.reload();
  await page.getByTestId('prompts-add').click();
  await expect(page.getByTestId('prompt-queue-none')).toHaveCount(0);
  await page.getByTestId('prompt-name').fill('Atendente Sol');
  await page.getByTestId('prompt-apiKey').fill('sk-e2e-secret-key-0001');
  await page.getByTestId('prompt-text').fill(PROMPT);
  await pick(page, 'Fila', 'Balcão');
  await snap(page, 'prompt-dialog-light-desktop');
  await page.getByTestId('prompt-save').click();
  await expect(page.getByText('Prompt salvo')).toBeVisible();
  const row = page.getByTestId('prompts-table').getByRole('row', { name: /Atendente Sol/ });
  await expect(row).toContainText('Balcão');
  await expect(row).toContainText('100');
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByText('sk-…0001', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await snapAllThemes(page, 'prompts');

  // One integration of each type; the modal's fields follow the type.
  await page.goto('/queue-integration');
  await addIntegration(page, 'Webhook', 'Pedidos webhook', async () => {
    await page.getByTestId('integration-urlN8N').fill(`${server.url}/hook-not-used`);
    await page.getByRole('button', { name: 'Gerar' }).click();
  });
  await addIntegration(page, 'n8n', 'Fluxo n8n', async () => {
    await page.getByTestId('integration-urlN8N').fill('https://n8n.example.com/webhook/abc');
    await page.getByTestId('integration-webhookSecret').fill('n8n-secret-0123456789');
  });
  await addIntegration(page, 'Typebot', 'Typebot padaria', async () => {
    await page.getByTestId('integration-urlN8N').fill('https://typebot.example.com');
    await page.getByTestId('integration-typebotSlug').fill('padaria');
    await page.getByTestId('integration-typebotKeywordFinish').fill('sair');
  });
  await addIntegration(page, 'Dialogflow', 'Dialogflow FAQ', async () => {
    await page.getByTestId('integration-projectName').fill('faq-project');
    await page.getByTestId('integration-jsonContent').fill(fakeServiceAccountJson());
    await snap(page, 'integration-dialog-dialogflow-light-desktop');
  });
  await expect(page.getByTestId('integrations-table').getByRole('row')).toHaveCount(5);
  await snapAllThemes(page, 'queue-integrations');

  // The prompt answers the queue's tickets: picked in the queue modal.
  await page.goto('/queues');
  await page.locator(`[data-testid="queue-row"][data-name="${queue.name}"]`).getByTestId('queue-edit').click();
  await pick(page, 'Prompt de IA', 'Atendente Sol');
  await page.getByTestId('queue-save').click();
  await expect
    .poll(async () => ((await api.get(`/api/queue/${queue.id}`)) as { promptId: number | null }).promptId)
    .not.toBeNull();

  // A sandbox connection with that one queue; the customer writes and the AI answers, then hands over.
  const connectionId = await createSandboxConnection(page, 'Padaria');
  const moved = await page.request.put(`/api/whatsapp/${connectionId}`, {
    headers: await bearer(page),
    data: { queueIds: [queue.id] },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  openai.reply('Olá! Temos pão de queijo quentinho. Posso ajudar em algo mais?');
  await page.goto(`/sandbox/${connectionId}`);
  await page.getByTestId('sandbox-add-customer').click();
  await page.getByTestId('sandbox-customer-number').fill('5511955554444');
  await page.getByTestId('sandbox-customer-name').fill('Rita Sol');
  await page.getByTestId('sandbox-customer-save').click();
  await page.getByTestId('sandbox-composer').fill('Oi, o que tem hoje?');
  await page.getByTestId('sandbox-send').click();
  const botSaid = (text: string) => page.getByTestId('sandbox-message-out').filter({ hasText: text });
  await expect(botSaid('Temos pão de queijo quentinho')).toBeVisible({ timeout: 20_000 });
  expect(openai.chats.at(-1)?.messages[0]).toEqual({ role: 'system', content: PROMPT });
  await snap(page, 'prompt-sandbox-answer-light-desktop');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await page.getByText('Rita Sol').first().click();
  await expect(botSaid('Temos pão de queijo quentinho')).toBeVisible();
  await snap(page, 'prompt-sandbox-answer-dark-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'prompt-sandbox-answer-dark-phone');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

test('the integration modal offers type flowbuilder with a flow picker, and shows the chosen flow on edit', async ({
  page,
  server: _server,
}) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  const admin = await createCompanyAdmin(page, 'flowbuilder');
  await logIn(page, admin);
  const api = await apiOf(page);
  await api.post('/api/flowbuilder', { name: 'Boas-vindas' });
  const off = (await api.post('/api/flowbuilder', { name: 'Antigo' })) as { id: number };
  const switchedOff = await page.request.put('/api/flowbuilder', {
    headers: await bearer(page),
    data: { flowId: off.id, active: false },
  });
  expect(switchedOff.ok()).toBe(true);
  // More flows than one page (40 by name): the last one is found by typing.
  for (let index = 1; index <= 40; index += 1) {
    await api.post('/api/flowbuilder', { name: `Fluxo ${String(index).padStart(2, '0')}` });
  }
  const last = (await api.post('/api/flowbuilder', { name: 'Zebra final' })) as { id: number };

  await page.goto('/queue-integration');
  await page.getByTestId('integrations-add').click();
  await pick(page, 'Tipo', 'Flowbuilder');
  // No URL for this type: the flow is what it starts.
  await expect(page.getByTestId('integration-urlN8N')).toHaveCount(0);
  await page.getByTestId('integration-name').fill('Fluxo de boas-vindas');
  await page.getByTestId('integration-save').click();
  await expect(page.getByTestId('integration-form')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Fluxo' });
  await picker.click();
  await expect(page.getByRole('option', { name: 'Antigo (desativado)' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Boas-vindas', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Zebra final' })).toHaveCount(0);
  await picker.fill('zebra');
  await expect(page.getByRole('option')).toHaveCount(1);
  await snap(page, 'integration-dialog-flowbuilder-search-light-desktop');
  await page.getByRole('option', { name: 'Zebra final' }).click();
  await expect(picker).toHaveValue('Zebra final');
  await snap(page, 'integration-dialog-flowbuilder-light-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'integration-dialog-flowbuilder-light-phone');
  await page.setViewportSize(desktop);
  await page.getByTestId('integration-save').click();
  await expect(page.getByText('Integração adicionada')).toBeVisible();
  const row = page.getByTestId('integrations-table').getByRole('row', { name: /Fluxo de boas-vindas/ });
  await expect(row).toBeVisible();
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await snap(page, 'queue-integrations-flowbuilder-dark-desktop');
  await page
    .getByTestId('integrations-table')
    .getByRole('row', { name: /Fluxo de boas-vindas/ })
    .getByRole('button', { name: 'Editar' })
    .click();
  // The chosen flow is past the first page: its name is still shown.
  await expect(page.getByRole('combobox', { name: 'Fluxo' })).toHaveValue('Zebra final');
  await snap(page, 'integration-dialog-flowbuilder-dark-desktop');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));

  // Saved with the flow; the connection modal's integration picker lists it.
  const saved = (await api.get('/api/queueIntegration')) as {
    queueIntegrations: { id: number; type: string; flowId: number | null }[];
  };
  expect(saved.queueIntegrations).toEqual([expect.objectContaining({ type: 'flowbuilder', flowId: last.id })]);
});

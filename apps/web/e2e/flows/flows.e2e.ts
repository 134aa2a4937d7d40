import type { Locator, Page } from '@playwright/test';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { screenshotsDir } from '../support/paths.ts';
import { desktop, phone, snap, snapAllThemes, takingPictures } from '../support/screens.ts';

const nodeOf = (page: Page, type: string) =>
  page.locator('.react-flow__node', { has: page.locator(`[data-node-type="${type}"]`) });

/** Adds a node from the speed-dial and fills its dialog. */
async function addNode(page: Page, kind: string, fill: () => Promise<void>) {
  await page.getByTestId('flow-speed-dial').click();
  await page.getByTestId(`add-node-${kind}`).click();
  await fill();
  await page.getByTestId('node-dialog-submit').click();
  await expect(page.getByTestId('node-dialog-submit')).toBeHidden();
  await expect(nodeOf(page, kind)).toHaveCount(1);
}

/** Connects two nodes by dragging from a source handle to the target's input handle. */
async function connect(page: Page, from: string, to: string, handle?: string) {
  const source = nodeOf(page, from).locator(
    handle ? `.react-flow__handle.source[data-handleid="${handle}"]` : '.react-flow__handle.source',
  );
  const target = nodeOf(page, to).locator('.react-flow__handle.target');
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('flows: build five kinds of nodes by dragging and connecting, save, reload, run it in the sandbox panel', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'flows'));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Fluxos', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  const sales = await api.post<{ id: number }>('/api/queue', { name: 'Vendas', color: '#1976d2' });

  // The list: add a flow; its row opens the editor.
  await page.goto('/flowbuilders');
  await page.getByTestId('flows-add').click();
  await page.getByTestId('flow-name-input').fill('Atendimento');
  await page.getByTestId('flow-name-save').click();
  await page.getByTestId('flow-row').filter({ hasText: 'Atendimento' }).click();
  await expect(page).toHaveURL(/\/flowbuilder\/\d+$/);
  await expect(nodeOf(page, 'start')).toHaveCount(1);

  await addNode(page, 'question', async () => {
    await page.getByTestId('node-question-message').fill('Seu nome?');
    await page.getByTestId('node-question-key').fill('nome');
  });
  await addNode(page, 'condition', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').first().click();
    await page.getByRole('option', { name: '{{nome}}' }).click();
  });
  await addNode(page, 'interval', async () => {
    await page.getByTestId('node-interval-sec').fill('1');
  });
  await addNode(page, 'message', async () => {
    await page.getByTestId('node-message-text').fill('Obrigado, {{nome}}!');
  });
  await addNode(page, 'ticket', async () => {
    await page.getByRole('dialog').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Vendas' }).click();
  });
  await page.getByRole('button', { name: /fit view/i }).click();

  await connect(page, 'start', 'question');
  await connect(page, 'question', 'condition');
  await connect(page, 'condition', 'question', 'true');
  await connect(page, 'condition', 'interval', 'false');
  await connect(page, 'interval', 'message');
  await connect(page, 'message', 'ticket');
  await expect(page.locator('.react-flow__edge')).toHaveCount(6);
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('flow-issues')).toBeHidden();
  await expect.poll(async () => (await api.get<{ flows: unknown[] }>('/api/flowbuilder')).flows.length).toBe(1);

  // Reload: the saved flow comes back as it was.
  await page.reload();
  await expect(page.locator('.react-flow__node')).toHaveCount(6);
  await expect(page.locator('.react-flow__edge')).toHaveCount(6);
  await snapAllThemes(page, 'flow-editor');
  await expect(page.locator('.react-flow__node')).toHaveCount(6);

  // Play it against a sandbox customer inside the page.
  await page.getByTestId('flow-test-open').click();
  await page.getByTestId('flow-test-start').click();
  const flowLines = page.getByTestId('test-flow-line');
  await expect(flowLines.filter({ hasText: 'Seu nome?' })).toHaveCount(1);
  await page.getByTestId('flow-test-input').fill('Maria');
  await page.getByTestId('flow-test-input').press('Enter');
  await expect(flowLines.filter({ hasText: 'Obrigado, Maria!' })).toHaveCount(1, { timeout: 20_000 });
  await snap(page, 'flow-editor-test-panel-light-desktop');
  // The run ends at the ticket node (queue Vendas): the canvas is edited once it has, so that the
  // run's last events (the ticket moving, the bell) are not landing while a button is clicked.
  await expect
    .poll(async () => {
      const { tickets } = await api.get<{ tickets: { queueId: number | null }[] }>(
        '/api/tickets?status=pending&showAll=true',
      );
      return tickets.some((ticket) => ticket.queueId === sales.id);
    })
    .toBe(true);
  // Closing the panel removes the test's throwaway customer and its ticket: nothing stays in the lists.
  await page.getByTestId('flow-test-close').click();
  await expect(page.getByTestId('flow-test-panel')).toHaveCount(0);
  await expect
    .poll(async () => {
      const { tickets } = await api.get<{ tickets: unknown[] }>('/api/tickets?status=pending&showAll=true');
      const { contacts } = await api.get<{ contacts: unknown[] }>('/api/contacts?searchParam=Cliente%20de%20teste');
      return [tickets.length, contacts.length];
    })
    .toEqual([0, 0]);

  // A node without its branch: the save answers with the node highlighted and named.
  // The button's click event itself: on a saturated machine a mouse click split across a
  // re-render of the canvas (the node selected on mouse down) was lost between down and up.
  await nodeOf(page, 'message').locator('[data-testid="node-delete"]').dispatchEvent('click');
  // Saved only once the editor has dropped the node (under load the save could come first).
  await expect(nodeOf(page, 'message')).toHaveCount(0);
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('flow-issues')).toBeVisible();
  await snap(page, 'flow-editor-issues-light-desktop');

  // Leaving with unsaved changes asks first (the browser's prompt): accepted here.
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto('/flowbuilders');
  await expect(page.getByTestId('flow-row')).toHaveCount(1);
  await snapAllThemes(page, 'flows-list');
});

test('flows: typebot and OpenAI nodes are configured in their dialogs; the OpenAI key comes back masked', async ({
  page,
}) => {
  test.setTimeout(paced(180_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'flowbots'));
  const api = await apiOf(page);
  const flow = await api.post<{ id: number }>('/api/flowbuilder', { name: 'Robôs' });
  await page.goto(`/flowbuilder/${flow.id}`);
  await expect(nodeOf(page, 'start')).toHaveCount(1);

  await addNode(page, 'typebot', async () => {
    await page.getByTestId('node-typebot-name').fill('Padaria');
    await page.getByTestId('node-typebot-urlN8N').fill('https://typebot.example.com');
    await page.getByTestId('node-typebot-typebotSlug').fill('padaria');
    await page.getByTestId('node-typebot-typebotKeywordFinish').fill('sair');
  });
  await page.getByTestId('flow-speed-dial').click();
  await page.getByTestId('add-node-openai').click();
  // The key is required (spec).
  await page.getByTestId('node-openai-name').fill('Atendente IA');
  await page.getByTestId('node-openai-prompt').fill('Você é a atendente virtual da padaria.');
  await page.getByTestId('node-dialog-submit').click();
  await expect(page.getByRole('dialog')).toContainText('Obrigatório');
  await page.getByTestId('node-openai-apiKey').fill('sk-e2e-flow-key-4321');
  await snap(page, 'flow-node-openai-dialog-light-desktop');
  await page.getByTestId('node-dialog-submit').click();
  await expect(nodeOf(page, 'openai')).toHaveCount(1);
  await page.getByRole('button', { name: /fit view/i }).click();
  await connect(page, 'start', 'typebot');
  await connect(page, 'typebot', 'openai');
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('flow-issues')).toBeHidden();
  await expect
    .poll(
      async () =>
        (await api.get<{ flow: { flow: { nodes: unknown[] } | null } }>(`/api/flowbuilder/flow/${flow.id}`)).flow.flow
          ?.nodes.length,
    )
    .toBe(3);

  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(nodeOf(page, 'openai')).toContainText('Atendente IA');
  await snap(page, 'flow-editor-bots-dark-desktop');
  await nodeOf(page, 'openai').dblclick();
  await expect(page.getByTestId('node-openai-apiKey')).toHaveValue('sk-…4321');
  await snap(page, 'flow-node-openai-dialog-dark-desktop');
  await page.keyboard.press('Escape');
  await nodeOf(page, 'typebot').dblclick();
  await expect(page.getByTestId('node-typebot-typebotSlug')).toHaveValue('padaria');
  await snap(page, 'flow-node-typebot-dialog-dark-desktop');
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each option label of the menu node clear of its header and text, and level with its own handle. */
async function expectLabelsBesideHandles(menu: Locator) {
  const header = (await menu.getByTestId('node-header').boundingBox())!;
  const text = (await menu.getByTestId('node-summary').boundingBox())!;
  const rows = menu.getByTestId('node-branch');
  await expect(rows).toHaveCount(4);
  for (let index = 0; index < 4; index += 1) {
    const label = (await rows.nth(index).getByTestId('node-branch-label').boundingBox())!;
    const handle = (await menu.locator(`.react-flow__handle.source[data-handleid="a${index + 1}"]`).boundingBox())!;
    expect(overlaps(label, header), `label ${index + 1} over the header`).toBe(false);
    expect(overlaps(label, text), `label ${index + 1} over the text`).toBe(false);
    const labelMiddle = label.y + label.height / 2;
    const handleMiddle = handle.y + handle.height / 2;
    expect(Math.abs(labelMiddle - handleMiddle), `label ${index + 1} beside its handle`).toBeLessThan(
      Math.max(label.height, handle.height) / 2,
    );
  }
}

test('flows: a menu node shows each option label beside its own handle, clear of its header and text, at every zoom', async ({
  page,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'flowmenu'));
  const api = await apiOf(page);
  const flow = await api.post<{ id: number }>('/api/flowbuilder', { name: 'Menu' });
  const node = (id: string, type: string, x: number, data: object) => ({ id, type, position: { x, y: 0 }, data });
  const options = ['Acompanhar meu pedido', 'Falar com um atendente humano', 'Segunda via do boleto', 'Sair'];
  await api.post('/api/flowbuilder/flow', {
    idFlow: flow.id,
    nodes: [
      node('1', 'start', 0, {}),
      node('m', 'menu', 300, {
        message: 'Olá! Como podemos ajudar?',
        arrayOption: options.map((value, index) => ({ number: index + 1, value })),
      }),
      node('x', 'message', 640, { label: 'Um momento, por favor.' }),
    ],
    connections: [
      { id: 'e1', source: '1', target: 'm' },
      ...options.map((_, index) => ({
        id: `e-a${index + 1}`,
        source: 'm',
        sourceHandle: `a${index + 1}`,
        target: 'x',
      })),
    ],
  });
  await page.goto(`/flowbuilder/${flow.id}`);
  const menu = nodeOf(page, 'menu');
  await expect(menu.getByTestId('node-branch-label').first()).toHaveText('1. Acompanhar meu pedido');

  const canvas = page.getByTestId('flow-canvas');
  const shoot = async (name: string) => {
    if (takingPictures) await canvas.screenshot({ path: `${screenshotsDir}${name}.png` });
  };
  // Clicked until the canvas's limit disables the button (forced: a click that lands once it is
  // disabled does nothing instead of waiting for it to be enabled again).
  const zoomAllTheWay = async (name: 'zoom in' | 'zoom out') => {
    const button = page.getByRole('button', { name });
    for (let clicks = 0; clicks < 30 && (await button.isEnabled()); clicks += 1) await button.click({ force: true });
    await expect(button).toBeDisabled();
  };
  // Drags the canvas by its empty top-right corner (the speed-dial is top-left, the controls and
  // the minimap at the bottom) so that the menu node sits in the middle.
  const centreMenu = async () => {
    const area = (await canvas.boundingBox())!;
    const box = (await menu.boundingBox())!;
    const from = { x: area.x + area.width - 8, y: area.y + 8 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(
      from.x + area.x + area.width / 2 - (box.x + box.width / 2),
      from.y + area.y + area.height / 2 - (box.y + box.height / 2),
      { steps: 8 },
    );
    await page.mouse.up();
  };
  await expectLabelsBesideHandles(menu);
  await shoot('flow-editor-menu-labels-light-desktop');
  await zoomAllTheWay('zoom out');
  await expectLabelsBesideHandles(menu);
  await shoot('flow-editor-menu-labels-min-zoom-light-desktop');
  await zoomAllTheWay('zoom in');
  await expectLabelsBesideHandles(menu);
  await centreMenu();
  await expectLabelsBesideHandles(menu);
  await shoot('flow-editor-menu-labels-max-zoom-light-desktop');

  await page.getByTestId('theme-toggle').click();
  await page.getByRole('button', { name: /fit view/i }).click();
  await expectLabelsBesideHandles(menu);
  await shoot('flow-editor-menu-labels-dark-desktop');
  await page.setViewportSize(phone);
  await page.getByRole('button', { name: /fit view/i }).click();
  await expectLabelsBesideHandles(menu);
  await snap(page, 'flow-editor-menu-labels-dark-phone');
});

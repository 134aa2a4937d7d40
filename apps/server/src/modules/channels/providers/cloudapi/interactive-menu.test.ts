import { describe, expect, it } from 'vitest';
import type { OutboundMenu } from '../../channel-adapter.ts';
import { fitsInteractive, interactiveLimits, menuOptionOf, menuPayload } from './interactive-menu.ts';
import { readWebhookBody } from './webhook-payload.ts';

const options = (count: number, title = (n: number) => `Option ${n}`) =>
  Array.from({ length: count }, (_, index) => ({ id: String(index + 1), title: title(index + 1) }));

const menu = (fields: Partial<OutboundMenu>): OutboundMenu => ({
  style: 'buttons',
  text: 'Welcome! Pick one.',
  options: options(3),
  ...fields,
});

type Interactive = {
  type: string;
  body: { text: string };
  action: {
    buttons?: { type: string; reply: { id: string; title: string } }[];
    button?: string;
    sections?: { rows: { id: string; title: string; description?: string }[] }[];
  };
};
const interactiveOf = (payload: ReturnType<typeof menuPayload>) => payload.interactive as Interactive;

describe('menu payload (Cloud API interactive messages)', () => {
  it('sends up to 3 options as reply buttons whose ids mark them as menu options', () => {
    const payload = menuPayload(menu({}));
    expect(payload.type).toBe('interactive');
    const interactive = interactiveOf(payload);
    expect(interactive.type).toBe('button');
    expect(interactive.body.text).toBe('Welcome! Pick one.');
    expect(interactive.action.buttons?.map((button) => button.reply)).toEqual([
      { id: 'opt:1', title: 'Option 1' },
      { id: 'opt:2', title: 'Option 2' },
      { id: 'opt:3', title: 'Option 3' },
    ]);
    expect(interactive.action.buttons?.map((button) => menuOptionOf(button.reply.id))).toEqual(['1', '2', '3']);
  });

  it('turns buttons asked for with more than 3 options into a list', () => {
    const interactive = interactiveOf(menuPayload(menu({ options: options(4), buttonLabel: 'Options' })));
    expect(interactive.type).toBe('list');
    expect(interactive.action.button).toBe('Options');
    expect(interactive.action.sections?.[0].rows.map((row) => row.id)).toEqual(['opt:1', 'opt:2', 'opt:3', 'opt:4']);
  });

  it("cuts texts at Meta's limits, ending them with an ellipsis", () => {
    const long = (n: number) => 'x'.repeat(n);
    const buttons = interactiveOf(menuPayload(menu({ text: long(2_000), options: options(2, () => long(40)) })));
    expect(buttons.body.text).toHaveLength(interactiveLimits.body);
    expect(buttons.body.text.endsWith('…')).toBe(true);
    for (const button of buttons.action.buttons ?? []) {
      expect(button.reply.title).toHaveLength(interactiveLimits.buttonTitle);
      expect(button.reply.title.endsWith('…')).toBe(true);
    }
    // A title exactly at the limit is kept whole.
    const exact = interactiveOf(menuPayload(menu({ options: [{ id: '1', title: long(20) }] })));
    expect(exact.action.buttons?.[0].reply.title).toBe(long(20));

    const list = interactiveOf(
      menuPayload(
        menu({
          style: 'list',
          buttonLabel: long(30),
          options: options(10, () => long(30)).map((option) => ({ ...option, description: long(100) })),
        }),
      ),
    );
    expect(list.action.button).toHaveLength(interactiveLimits.listButton);
    const rows = list.action.sections?.[0].rows ?? [];
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.title).toHaveLength(interactiveLimits.rowTitle);
      expect(row.description).toHaveLength(interactiveLimits.rowDescription);
    }
  });

  it('gives a list without a label a default button', () => {
    const list = interactiveOf(menuPayload(menu({ style: 'list', options: options(2) })));
    expect(list.action.button).toBe('Menu');
  });

  it('knows which menus Meta cannot show: no options, more than 10, no text, an untitled option', () => {
    expect(fitsInteractive(menu({ options: options(10) }))).toBe(true);
    expect(fitsInteractive(menu({ options: [] }))).toBe(false);
    expect(fitsInteractive(menu({ options: options(11) }))).toBe(false);
    expect(fitsInteractive(menu({ text: '  ' }))).toBe(false);
    expect(fitsInteractive(menu({ options: [{ id: '1', title: ' ' }] }))).toBe(false);
    expect(fitsInteractive(menu({ options: [{ id: 'x'.repeat(300), title: 'Long id' }] }))).toBe(false);
  });

  it('knows that titles equal once cut cannot be told apart: as buttons at 20 characters, as rows at 24', () => {
    const twins = [
      { id: '1', title: 'Customer service for orders' },
      { id: '2', title: 'Customer service for returns' },
    ];
    expect(fitsInteractive(menu({ options: twins }))).toBe(false);
    // As list rows the first 24 characters ("Customer service for or…", "…for re…") differ.
    expect(fitsInteractive(menu({ style: 'list', options: twins }))).toBe(true);
    expect(fitsInteractive(menu({ options: [twins[0], { id: '2', title: ' Customer service for orders ' }] }))).toBe(
      false,
    );
  });
});

describe('interactive replies in the webhook', () => {
  const reply = (kind: 'button_reply' | 'list_reply', answer: { id: string; title: string }) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: {
              metadata: { phone_number_id: '100' },
              messages: [
                {
                  from: '5511999990000',
                  id: 'wamid.1',
                  timestamp: '1760000000',
                  type: 'interactive',
                  interactive: {
                    type: kind,
                    [kind]: answer,
                  },
                  context: { from: '551130000000', id: 'wamid.menu' },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const bodyOf = (payload: unknown) => readWebhookBody(payload)[0].messages[0].message;

  it("reads a menu option's button or row as the option's id, as if typed", () => {
    expect(bodyOf(reply('button_reply', { id: 'opt:2', title: 'Support' }))).toMatchObject({
      body: '2',
      quotedExternalId: 'wamid.menu',
    });
    expect(bodyOf(reply('list_reply', { id: 'opt:#', title: 'Main menu' })).body).toBe('#');
  });

  it('reads any other reply as the title the customer tapped', () => {
    expect(bodyOf(reply('button_reply', { id: 'confirm-42', title: 'Confirm' })).body).toBe('Confirm');
    expect(bodyOf(reply('list_reply', { id: 'opt:', title: 'Odd' })).body).toBe('Odd');
  });
});

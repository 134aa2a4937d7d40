import { describe, expect, it } from 'vitest';
import { menuContent } from './automatic-menus.ts';

const choices = (count: number, text = 'Pick one:') => ({
  text,
  options: Array.from({ length: count }, (_, index) => ({ id: String(index + 1), title: `Option ${index + 1}` })),
});
const styleOf = (chatBotType: string, count: number) => {
  const content = menuContent({ chatBotType, messagesLanguage: 'en' }, choices(count));
  return content?.kind === 'menu' ? content.menu.style : 'text';
};

describe('menuContent (chatBotType)', () => {
  it.each([
    ['text', 2, 'text'],
    ['text', 5, 'text'],
    ['button', 1, 'buttons'],
    ['button', 3, 'buttons'],
    ['button', 4, 'list'],
    ['button', 10, 'list'],
    ['button', 11, 'text'],
    ['list', 2, 'list'],
    ['list', 10, 'list'],
    ['list', 11, 'text'],
    ['button', 0, 'text'],
    ['something else', 2, 'text'],
  ])('%s with %i options: %s', (chatBotType, count, style) => {
    expect(styleOf(chatBotType, count)).toBe(style);
  });

  it("labels a list's button and a headerless menu in the company's language", () => {
    expect(menuContent({ chatBotType: 'list', messagesLanguage: 'es' }, choices(2, '  '))).toEqual({
      kind: 'menu',
      menu: {
        style: 'list',
        text: 'Elija una opción:',
        buttonLabel: 'Ver opciones',
        options: choices(2).options,
      },
    });
    const buttons = menuContent({ chatBotType: 'button', messagesLanguage: 'pt' }, choices(2));
    expect(buttons).toEqual({
      kind: 'menu',
      menu: { style: 'buttons', text: 'Pick one:', options: choices(2).options },
    });
  });
});

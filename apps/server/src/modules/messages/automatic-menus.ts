import type { MessagesLanguage } from '@wacrm/shared';
import { MENU_MAX_BUTTONS, MENU_MAX_OPTIONS, type StructuredContent } from '../channels/index.ts';
import { automaticTexts } from './automatic-texts.ts';

/** An option menu the product writes (queue chatbot, flow menu), besides its numbered text. */
export interface MenuChoices {
  /** What goes above the options (a greeting, a question); may be empty. */
  text: string;
  /** `id` is what the customer would type to pick the option ("1", "0", "#"). */
  options: { id: string; title: string }[];
}

/**
 * What the company's `chatBotType` makes of a menu: reply buttons for `button` up to 3 options,
 * a list above that or for `list`, nothing (the text menu alone) for `text` or past 10 options.
 * Providers that cannot show it send the message's text, which is always the whole menu
 * (docs/decisions/menus-as-buttons.md).
 */
export function menuContent(
  settings: { chatBotType: string; messagesLanguage: string },
  choices: MenuChoices,
): StructuredContent | undefined {
  const count = choices.options.length;
  if (settings.chatBotType === 'text' || count === 0 || count > MENU_MAX_OPTIONS) return undefined;
  if (settings.chatBotType !== 'button' && settings.chatBotType !== 'list') return undefined;
  const texts = automaticTexts(settings.messagesLanguage as MessagesLanguage);
  const style = settings.chatBotType === 'button' && count <= MENU_MAX_BUTTONS ? 'buttons' : 'list';
  return {
    kind: 'menu',
    menu: {
      style,
      // An interactive message needs a text above its options.
      text: choices.text.trim() || texts.menuPrompt,
      ...(style === 'list' ? { buttonLabel: texts.menuButton } : {}),
      options: choices.options,
    },
  };
}

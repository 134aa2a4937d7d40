import { MENU_MAX_BUTTONS, MENU_MAX_OPTIONS, type OutboundMenu } from '../../channel-adapter.ts';
import type { GraphMessagePayload } from './graph-client.ts';

/** Meta's limits on interactive messages (options, and characters). */
export const interactiveLimits = {
  buttons: MENU_MAX_BUTTONS,
  rows: MENU_MAX_OPTIONS,
  body: 1_024,
  buttonTitle: 20,
  rowTitle: 24,
  rowDescription: 72,
  listButton: 20,
  /** A list row's id; a reply button's may be 256. */
  optionId: 200,
};

/**
 * Our options' ids travel to Meta with this mark, so that a reply is known to answer one of our
 * menus (and not some other interactive message of the number) and comes back as the option's id.
 */
const OPTION_ID_PREFIX = 'opt:';

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const asButtons = (menu: OutboundMenu) => menu.style === 'buttons' && menu.options.length <= interactiveLimits.buttons;

/** An option's title as Meta shows it on a button or a list row. */
const shownTitle = (menu: OutboundMenu, title: string) =>
  cut(title.trim(), asButtons(menu) ? interactiveLimits.buttonTitle : interactiveLimits.rowTitle);

/**
 * Whether Meta can show the menu at all: a text, and one to ten options, each with a title, the
 * titles still distinct once cut (Meta refuses equal button titles, and equal rows would leave
 * the customer guessing).
 */
export function fitsInteractive(menu: OutboundMenu) {
  const titles = menu.options.map((option) => shownTitle(menu, option.title));
  return (
    menu.options.length > 0 &&
    menu.options.length <= interactiveLimits.rows &&
    menu.text.trim() !== '' &&
    titles.every((title) => title !== '') &&
    new Set(titles).size === titles.length &&
    menu.options.every((option) => OPTION_ID_PREFIX.length + option.id.length <= interactiveLimits.optionId)
  );
}

/**
 * Up to 3 options as reply buttons, up to 10 as a list (buttons asked for with more than 3 options
 * become a list); texts are cut at Meta's limits. Callers check `fitsInteractive` first.
 */
export function menuPayload(menu: OutboundMenu): GraphMessagePayload {
  const body = { text: cut(menu.text, interactiveLimits.body) };
  const idOf = (option: { id: string }) => `${OPTION_ID_PREFIX}${option.id}`;
  if (asButtons(menu)) {
    const buttons = menu.options.map((option) => ({
      type: 'reply',
      reply: { id: idOf(option), title: shownTitle(menu, option.title) },
    }));
    return { type: 'interactive', interactive: { type: 'button', body, action: { buttons } } };
  }
  const rows = menu.options.map((option) => ({
    id: idOf(option),
    title: shownTitle(menu, option.title),
    ...(option.description ? { description: cut(option.description, interactiveLimits.rowDescription) } : {}),
  }));
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      body,
      action: { button: cut(menu.buttonLabel || 'Menu', interactiveLimits.listButton), sections: [{ rows }] },
    },
  };
}

/** The option id a reply button or list row answers, or null when the reply is not to one of our menus. */
export function menuOptionOf(replyId: string): string | null {
  return replyId.startsWith(OPTION_ID_PREFIX) && replyId.length > OPTION_ID_PREFIX.length
    ? replyId.slice(OPTION_ID_PREFIX.length)
    : null;
}

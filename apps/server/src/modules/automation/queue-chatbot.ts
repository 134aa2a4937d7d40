/**
 * The queue chatbot as a pure decision: given where a pending ticket stands, the connection's
 * queues and menus and the customer's words, what the bot says and how the ticket moves.
 * No I/O, no clock of its own: the service loads the state, locks the ticket, applies the
 * patch and sends the replies. See docs/decisions/routing-automation.md.
 */

export interface BotOption {
  id: number;
  parentId: number | null;
  /** What the customer types to pick it ("1", "2", …). */
  option: string;
  title: string;
  message: string | null;
}

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string | null;
  options: BotOption[];
}

export interface BotConnection {
  greetingMessage: string | null;
  /** The connection's queues in `orderQueue` order: the main menu's numbering. */
  queues: BotQueue[];
  /** Menus shown without progress before the bot goes quiet; 0 = no limit. */
  maxUseBotQueues: number;
  /** Minutes during which an unanswered menu is not sent again; 0 = no wait. */
  timeUseBotQueues: number;
}

export interface BotTicket {
  queueId: number | null;
  queueOptionId: number | null;
  chatbot: boolean;
  amountUsedBotQueues: number;
  botMenuSentAt: Date | null;
  greetingSentAt: Date | null;
}

export type BotPatch = Partial<Omit<BotTicket, never>>;

/** A menu's options besides its numbered text, for connections that show them as buttons. */
export interface BotMenu {
  /** The text above the options (the greeting or the option's message). */
  text: string;
  /** `id` is what the customer types to pick the option. */
  options: { id: string; title: string }[];
}

export interface BotDecision {
  replies: string[];
  /** Set when the one reply is a menu: its options (the reply stays the whole menu as text). */
  menu?: BotMenu;
  patch: BotPatch;
  /** Set when this message put the ticket in a queue (business hours of the queue apply next). */
  enteredQueueId?: number;
}

export interface BotLabels {
  back: string;
  mainMenu: string;
}

const quiet = (patch: BotPatch = {}): BotDecision => ({ replies: [], patch });

function line(option: string, title: string) {
  return `*[ ${option} ]* - ${title}`;
}

function withHeader(header: string | null | undefined, lines: string[]) {
  const text = header?.trim();
  return text ? `${text}\n\n${lines.join('\n')}` : lines.join('\n');
}

/** A menu as its numbered text and as options. */
function menuOf(header: string | null | undefined, options: BotMenu['options']) {
  return {
    text: withHeader(
      header,
      options.map((option) => line(option.id, option.title)),
    ),
    menu: { text: header?.trim() ?? '', options },
  };
}

function mainMenu(connection: BotConnection) {
  return menuOf(
    connection.greetingMessage,
    connection.queues.map((queue, index) => ({ id: String(index + 1), title: queue.name })),
  );
}

export function mainMenuText(connection: BotConnection) {
  return mainMenu(connection).text;
}

function childrenOf(queue: BotQueue, parentId: number | null) {
  return queue.options
    .filter((option) => option.parentId === parentId)
    .sort((a, b) => a.option.localeCompare(b.option, undefined, { numeric: true }));
}

/** One level of a queue's menu: its message, its options, and the way back. */
function levelMenu(queue: BotQueue, optionId: number | null, labels: BotLabels) {
  const node = optionId === null ? null : queue.options.find((option) => option.id === optionId);
  const header = node ? node.message || node.title : queue.greetingMessage;
  const options = childrenOf(queue, optionId).map((option) => ({ id: option.option, title: option.title }));
  options.push({ id: '0', title: labels.back }, { id: '#', title: labels.mainMenu });
  return menuOf(header, options);
}

export function levelMenuText(queue: BotQueue, optionId: number | null, labels: BotLabels) {
  return levelMenu(queue, optionId, labels).text;
}

/** A decision whose one reply is `menu`. */
function replyingWith({ text, menu }: ReturnType<typeof menuOf>) {
  return { replies: [text], menu };
}

interface Input {
  ticket: BotTicket;
  connection: BotConnection;
  body: string;
  now: Date;
  /** Setting sendGreetingMessageOneQueues. */
  greetSingleQueue: boolean;
  labels: BotLabels;
}

/** Whether a repeated menu may go out now (maxUseBotQueues and timeUseBotQueues). */
function mayRepeat({ ticket, connection, now }: Input) {
  const { maxUseBotQueues, timeUseBotQueues } = connection;
  if (maxUseBotQueues > 0 && ticket.amountUsedBotQueues >= maxUseBotQueues) return false;
  if (timeUseBotQueues > 0 && ticket.botMenuSentAt) {
    return now.getTime() - ticket.botMenuSentAt.getTime() >= timeUseBotQueues * 60_000;
  }
  return true;
}

function showMainMenu(input: Input, count: number): BotDecision {
  return {
    ...replyingWith(mainMenu(input.connection)),
    patch: {
      queueId: null,
      queueOptionId: null,
      chatbot: true,
      amountUsedBotQueues: count,
      botMenuSentAt: input.now,
    },
  };
}

/** The ticket enters a queue: its menu when it has one, else its greeting and the attendants. */
function enterQueue(input: Input, queue: BotQueue, greet: boolean): BotDecision {
  if (childrenOf(queue, null).length > 0) {
    return {
      ...replyingWith(levelMenu(queue, null, input.labels)),
      patch: {
        queueId: queue.id,
        queueOptionId: null,
        chatbot: true,
        amountUsedBotQueues: 1,
        botMenuSentAt: input.now,
      },
      enteredQueueId: queue.id,
    };
  }
  const greeting = greet ? queue.greetingMessage?.trim() : '';
  return {
    replies: greeting ? [greeting] : [],
    patch: { queueId: queue.id, queueOptionId: null, chatbot: false, amountUsedBotQueues: 0 },
    enteredQueueId: queue.id,
  };
}

function chooseQueue(input: Input): BotDecision {
  const { ticket, connection, body } = input;
  const { queues } = connection;
  if (queues.length === 1) {
    const [queue] = queues;
    const decision = enterQueue(input, queue, input.greetSingleQueue);
    if (decision.replies.length === 0 && input.greetSingleQueue && connection.greetingMessage?.trim()) {
      decision.replies.push(connection.greetingMessage.trim());
    }
    return decision;
  }
  // A digit picks a queue only once the customer has seen the menu.
  const picked = ticket.botMenuSentAt && /^\d+$/.test(body) ? queues[Number(body) - 1] : undefined;
  if (picked) return enterQueue(input, picked, true);
  if (!mayRepeat(input)) return quiet({ chatbot: false });
  return showMainMenu(input, ticket.amountUsedBotQueues + 1);
}

function navigateOptions(input: Input, queue: BotQueue): BotDecision {
  const { ticket, connection, body, labels, now } = input;
  const current = ticket.queueOptionId;
  const backToMain = () =>
    connection.queues.length > 1
      ? showMainMenu(input, 1)
      : {
          ...replyingWith(levelMenu(queue, null, labels)),
          patch: { queueOptionId: null, chatbot: true, amountUsedBotQueues: 1, botMenuSentAt: now },
        };

  if (body === '#') return backToMain();
  if (body === '0') {
    if (current === null) return backToMain();
    const parentId = queue.options.find((option) => option.id === current)?.parentId ?? null;
    return {
      ...replyingWith(levelMenu(queue, parentId, labels)),
      patch: { queueOptionId: parentId, amountUsedBotQueues: 1, botMenuSentAt: now },
    };
  }
  const picked = childrenOf(queue, current).find((option) => option.option.trim().toLowerCase() === body.toLowerCase());
  if (picked) {
    if (childrenOf(queue, picked.id).length > 0) {
      return {
        ...replyingWith(levelMenu(queue, picked.id, labels)),
        patch: { queueOptionId: picked.id, amountUsedBotQueues: 1, botMenuSentAt: now },
      };
    }
    // A leaf: its message, then the attendants take over.
    const message = picked.message?.trim();
    return { replies: message ? [message] : [], patch: { queueOptionId: picked.id, chatbot: false } };
  }
  if (!mayRepeat(input)) return quiet({ chatbot: false });
  return {
    ...replyingWith(levelMenu(queue, current, labels)),
    patch: { amountUsedBotQueues: ticket.amountUsedBotQueues + 1, botMenuSentAt: now },
  };
}

/**
 * What the bot does with one customer message on a pending ticket that has no queue yet or is
 * still in its queue's menu. Callers skip groups, contacts excluded from bots and tickets an
 * attendant holds.
 */
export function decideBotReply(input: Input): BotDecision {
  const { ticket, connection } = input;
  const body = input.body.trim();
  const normalised = { ...input, body };
  if (connection.queues.length === 0) {
    const greeting = connection.greetingMessage?.trim();
    if (ticket.greetingSentAt || !greeting) return quiet();
    return { replies: [greeting], patch: { greetingSentAt: input.now } };
  }
  if (ticket.queueId === null) return chooseQueue(normalised);
  const queue = connection.queues.find((candidate) => candidate.id === ticket.queueId);
  if (!queue || !ticket.chatbot) return quiet(ticket.chatbot ? { chatbot: false } : {});
  return navigateOptions(normalised, queue);
}

import { greetingOfHour, isWithinSchedule, localTime, type MessagesLanguage, type TicketRecord } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import type { tickets } from '../../tables.ts';
import type { StructuredContent } from '../channels/index.ts';
import { automaticTexts, menuContent } from '../messages/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { TicketChangeKind } from '../tickets/index.ts';
import type { AutomationRepository, RoutingState } from './automation.repository.ts';
import { type BotMenu, decideBotReply } from './queue-chatbot.ts';

type TicketRow = typeof tickets.$inferSelect;

/** spec: at most one out-of-hours notice per ticket in this time. */
const OUT_OF_HOURS_REPEAT_MS = 30 * 60_000;
/** Tickets a timer sweep handles per kind; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

export interface AutomationDeps {
  db: Database;
  settings: Pick<SettingsReader, 'read'>;
  repository: AutomationRepository;
  /** Stores and sends a text flagged as written by the product (messages module); a menu with its structure. */
  sendAutomatic: (
    companyId: number,
    ticketId: number,
    body: string,
    userId: number | null,
    extra?: { structured?: StructuredContent },
  ) => Promise<unknown>;
  tickets: {
    record(companyId: number, id: number): Promise<TicketRecord | null>;
    ticketUpdated(companyId: number, ticket: TicketRecord, previous?: TicketRow | null): void;
  };
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * What the server does on its own between a customer and an attendant: the queue chatbot,
 * greetings, business hours, transfer notices, completion and rating, call notices and the
 * two timers. Every decision that acts is made under the ticket's row lock; messages go out after
 * commit, flagged as the system's. See docs/decisions/routing-automation.md.
 */
export function createAutomationService(deps: AutomationDeps) {
  const { db, settings: settingsReader, repository, clock, log } = deps;

  /**
   * Every automatic message goes out here. Groups and contacts excluded from bots get none
   * (checked on every send, so timers, calls and rating answers obey it too); attendants' own
   * messages take another path and are never held back. `menu` is the structure of a single
   * text that is a menu (buttons or a list where the company's chatBotType asks for them).
   */
  async function say(
    companyId: number,
    ticketId: number,
    texts: (string | null | undefined)[],
    userId: number | null,
    menu?: StructuredContent,
  ) {
    if (!texts.some((text) => text?.trim())) return;
    if (!(await repository.mayReceiveAutomaticMessages(companyId, ticketId))) return;
    const extra = menu && texts.length === 1 ? { structured: menu } : undefined;
    for (const text of texts) {
      if (!text?.trim()) continue;
      try {
        await deps.sendAutomatic(companyId, ticketId, text, userId, extra);
      } catch (error) {
        log.warn({ err: error, ticketId }, 'automatic message not sent');
      }
    }
  }

  async function announce(companyId: number, ticketId: number, previous: TicketRow) {
    const ticket = await deps.tickets.record(companyId, ticketId);
    if (ticket) deps.tickets.ticketUpdated(companyId, ticket, previous);
  }

  async function companySettings(companyId: number) {
    const values = await settingsReader.read(companyId, [
      'scheduleType',
      'sendGreetingMessageOneQueues',
      'sendGreetingAccepted',
      'sendMsgTransfTicket',
      'userRating',
      'ratingWindow',
      'timezone',
      'messagesLanguage',
      'chatBotType',
    ]);
    return { ...values, language: values.messagesLanguage as MessagesLanguage };
  }

  /** The out-of-hours notice, at most once per ticket per 30 minutes. */
  function outOfHours(ticket: TicketRow, message: string | null | undefined, now: Date) {
    const recent =
      ticket.outOfHoursSentAt && now.getTime() - ticket.outOfHoursSentAt.getTime() < OUT_OF_HOURS_REPEAT_MS;
    if (recent || !message?.trim()) return { replies: [] as string[], patch: {} };
    return { replies: [message], patch: { outOfHoursSentAt: now } };
  }

  /**
   * Most customer messages reach a pending ticket the bot has nothing to say to: one already in
   * its queue with no business hours to keep, or, on a connection without queues, one already
   * greeted (`decideBotReply`'s first rule). Seen on an unlocked read, that "nothing" is what the
   * locked decision would answer at this moment (it writes nothing), so the other reads and the
   * transaction are skipped; whatever acts is decided again under the ticket's lock.
   */
  function isQuiet(state: RoutingState, scheduleType: string) {
    // Company hours are decided with the company's week, under the lock.
    if (scheduleType === 'company') return false;
    if (state.queueId !== null && !state.chatbot) return scheduleType !== 'queue';
    return !state.hasQueues && (state.greetingSentAt !== null || !state.greetingMessage?.trim());
  }

  return {
    /** An automatic text from the system (no attendant), under the same rules as every other. */
    sayAutomatic: (companyId: number, ticketId: number, texts: string[]) => say(companyId, ticketId, texts, null),

    /**
     * A customer wrote on a ticket (intake, after the message is stored and announced). Pending
     * tickets only: once an attendant holds it, the bot keeps out. Groups and contacts excluded
     * from bots are never answered. Answers whether it moved the ticket (queue, chatbot or option),
     * so a bot of the queue just entered can take the same message. `known` is the ticket's
     * routing state when the caller has just read it (the bots read it with their own), else it
     * is read here.
     */
    async onCustomerMessage(
      event: { companyId: number; ticketId: number; whatsappId: number; contactId: number; body: string },
      known?: RoutingState,
    ): Promise<boolean> {
      const { companyId, ticketId } = event;
      const [settings, state] = await Promise.all([
        companySettings(companyId),
        known ?? repository.routingState(companyId, ticketId, event.whatsappId),
      ]);
      if (state?.status !== 'pending' || state.isGroup) return false;
      if (isQuiet(state, settings.scheduleType)) return false;
      const [contact, connection] = await Promise.all([
        repository.contact(companyId, event.contactId),
        repository.connection(companyId, event.whatsappId),
      ]);
      if (!contact || contact.disableBot || !connection) return false;
      const [queues, companyWeek] = await Promise.all([
        repository.connectionQueues(companyId, connection.id),
        repository.companySchedules(companyId),
      ]);
      const texts = automaticTexts(settings.language);
      const now = clock();

      const outcome = await db.transaction(async (tx) => {
        const ticket = await repository.lockTicket(tx, companyId, ticketId);
        if (ticket?.status !== 'pending' || ticket.isGroup) return null;
        let decision: { replies: string[]; patch: Record<string, unknown>; menu?: BotMenu };
        if (settings.scheduleType === 'company' && !isWithinSchedule(companyWeek, now, settings.timezone)) {
          decision = outOfHours(ticket, connection.outOfHoursMessage, now);
        } else if (ticket.queueId === null || ticket.chatbot) {
          const bot = decideBotReply({
            ticket,
            connection: { ...connection, queues },
            body: event.body,
            now,
            greetSingleQueue: settings.sendGreetingMessageOneQueues === 'enabled',
            labels: texts,
          });
          decision = bot;
          const entered = bot.enteredQueueId ? queues.find((queue) => queue.id === bot.enteredQueueId) : undefined;
          if (
            entered &&
            settings.scheduleType === 'queue' &&
            !isWithinSchedule(entered.schedules, now, settings.timezone)
          ) {
            // The queue is closed: its notice instead of its menu; attendants pick it up later.
            const closed = outOfHours(ticket, entered.outOfHoursMessage || connection.outOfHoursMessage, now);
            decision = { replies: closed.replies, patch: { ...bot.patch, ...closed.patch, chatbot: false } };
          }
        } else {
          const queue = queues.find((candidate) => candidate.id === ticket.queueId);
          const open =
            settings.scheduleType !== 'queue' || !queue || isWithinSchedule(queue.schedules, now, settings.timezone);
          decision = open
            ? { replies: [], patch: {} }
            : outOfHours(ticket, queue.outOfHoursMessage || connection.outOfHoursMessage, now);
        }
        await repository.patchTicket(tx, companyId, ticketId, decision.patch);
        return { before: ticket, ...decision };
      });
      if (!outcome) return false;
      const routingChanged = ['queueId', 'chatbot', 'queueOptionId'].some(
        (key) => key in outcome.patch && outcome.patch[key] !== outcome.before[key as keyof TicketRow],
      );
      if (routingChanged) await announce(companyId, ticketId, outcome.before);
      await say(companyId, ticketId, outcome.replies, null, outcome.menu && menuContent(settings, outcome.menu));
      return routingChanged;
    },

    /**
     * Greeting on accept, transfer notice, completion or rating question on close. Groups and
     * contacts excluded from bots get none of them, and their closed tickets wait for no rating.
     */
    async afterTicketChange(
      companyId: number,
      kind: TicketChangeKind,
      ticket: TicketRecord,
      actorId: number,
      previous: { queueId: number | null; userId: number | null },
    ) {
      if (ticket.isGroup || ticket.contact.disableBot) return;
      const settings = await companySettings(companyId);
      const texts = automaticTexts(settings.language);
      if (kind === 'accept' && settings.sendGreetingAccepted === 'enabled') {
        const greeting = greetingOfHour(localTime(clock(), settings.timezone).hour, settings.language);
        await say(
          companyId,
          ticket.id,
          [texts.acceptGreeting(greeting, ticket.contact.name, ticket.user?.name ?? '')],
          actorId,
        );
      }
      if (kind === 'transfer' && settings.sendMsgTransfTicket === 'enabled') {
        await say(companyId, ticket.id, [transferNotice(texts, ticket, previous)], actorId);
      }
      if (kind === 'close') {
        const queue = ticket.queueId ? await repository.queue(companyId, ticket.queueId) : null;
        const connection = ticket.whatsappId ? await repository.connection(companyId, ticket.whatsappId) : null;
        if (settings.userRating === 'enabled' && ticket.userId) {
          const question = queue?.ratingMessage?.trim() || connection?.ratingMessage?.trim() || texts.ratingQuestion;
          const scale = ([1, 2, 3] as const).map((rate) => `*[ ${rate} ]* - ${texts.ratingScale[rate]}`).join('\n');
          await repository.awaitRating(
            companyId,
            ticket.id,
            new Date(clock().getTime() + Number(settings.ratingWindow) * 60_000),
          );
          await say(companyId, ticket.id, [`${question}\n\n${scale}`], actorId);
        } else {
          // The queue's completion message wins over the connection's (decision record).
          await say(companyId, ticket.id, [queue?.complationMessage?.trim() || connection?.complationMessage], actorId);
        }
      }
    },

    /** The customer rated (intake stored it): answered with the completion message. */
    async onRated(companyId: number, ticketId: number) {
      const ticket = await deps.tickets.record(companyId, ticketId);
      if (!ticket) return;
      const settings = await companySettings(companyId);
      const queue = ticket.queueId ? await repository.queue(companyId, ticket.queueId) : null;
      const connection = ticket.whatsappId ? await repository.connection(companyId, ticket.whatsappId) : null;
      const completion =
        queue?.complationMessage?.trim() ||
        connection?.complationMessage?.trim() ||
        automaticTexts(settings.language).ratingThanks;
      await say(companyId, ticketId, [completion], ticket.userId);
    },

    /** A call was declined (setting `call` disabled): the customer is told to write instead. */
    async onCallDeclined(companyId: number, ticketId: number) {
      const settings = await companySettings(companyId);
      await say(companyId, ticketId, [automaticTexts(settings.language).callRejected], null);
    },

    /**
     * The timers, swept once a minute by a job (and at will by tests): queue-less pending tickets
     * move to the connection's transfer queue after `timeToTransfer` minutes; open tickets whose
     * last message was ours close after `expiresTicket` idle minutes. Each change is conditional
     * on the state the sweep saw, so overlapping sweeps never act twice.
     */
    async runTimers() {
      const now = clock();
      let moved = 0;
      let closed = 0;
      for (const due of await repository.dueTransfers(now, SWEEP_BATCH)) {
        const before = await repository.transferIfStillDue(due.companyId, due.id, due.transferQueueId!);
        if (!before) continue;
        moved += 1;
        await announce(due.companyId, due.id, before);
        const settings = await companySettings(due.companyId);
        const queue = await repository.queue(due.companyId, due.transferQueueId!);
        if (settings.sendMsgTransfTicket === 'enabled' && queue) {
          await say(due.companyId, due.id, [automaticTexts(settings.language).transferredToQueue(queue.name)], null);
        }
      }
      for (const due of await repository.dueExpirations(now, SWEEP_BATCH)) {
        const before = await repository.closeIfStillIdle(due.companyId, due.id, due.lastMessageAt, now);
        if (!before) continue;
        closed += 1;
        await announce(due.companyId, due.id, before);
        await say(due.companyId, due.id, [due.expiresInactiveMessage], before.userId);
      }
      return { moved, closed };
    },
  };
}

/**
 * issue 7: "a transfer tells the customer the new queue and/or attendant". A new queue with an
 * attendant names both; the same queue names the attendant; no attendant names the queue.
 */
function transferNotice(
  texts: ReturnType<typeof automaticTexts>,
  ticket: TicketRecord,
  previous: { queueId: number | null },
) {
  const queueChanged = ticket.queue !== null && ticket.queue.id !== previous.queueId;
  if (ticket.user && queueChanged) return texts.transferredToQueueAndUser(ticket.queue!.name, ticket.user.name);
  if (ticket.user) return texts.transferredToUser(ticket.user.name);
  if (ticket.queue) return texts.transferredToQueue(ticket.queue.name);
  return null;
}

export type AutomationService = ReturnType<typeof createAutomationService>;

import type { ContactRecord, MessageRecord, TicketRecord } from '@wacrm/shared';

/**
 * What happened in a company, told in-process by the same `*.realtime.ts` emitters that tell the
 * browsers, right after the commit. Listeners (outbound webhooks) must not throw or block: the
 * bus calls them synchronously and swallows nothing for them. A listener that stores something
 * answers a promise; `settled()` waits for every one in flight, so a caller can answer only once
 * what its events caused is stored (the external API's send) and a stopping server drains them.
 */
export type DomainEvent =
  | { type: 'message.created'; companyId: number; message: MessageRecord }
  /**
   * `change` says what a person changed (an edit, a delete for everyone, a reaction, with the
   * reaction that changed); without it the update is the message's state (sent, ack, failure).
   */
  | {
      type: 'message.updated';
      companyId: number;
      message: MessageRecord;
      change?: MessageChange;
      /**
       * The send a message's publisher made before answering its caller (its first attempt): the
       * caller tells the work it staged the message for (a campaign's report, a schedule) itself.
       */
      sentInPublish?: boolean;
    }
  | {
      type: 'ticket.changed';
      companyId: number;
      ticket: TicketRecord;
      /**
       * The ticket before the change, when the emitter changed it (a close, a transfer, a queue
       * move): who heard about it before, and whether it was already closed.
       */
      previous?: { status: string; queueId: number | null; userId: number | null } | null;
      /** The user who made the change, when a person did (an attendant's transfer, not automatic assignment). */
      actorUserId?: number;
    }
  | { type: 'contact.created' | 'contact.updated'; companyId: number; contact: ContactRecord };

/** A change to a message made by a person (the customer, an attendant, the API). */
export type MessageChange =
  | { kind: 'edit' }
  | { kind: 'delete' }
  | {
      kind: 'reaction';
      /** The reaction as it now is; `emoji` is empty when it was removed. */
      reaction: { emoji: string; fromMe: boolean; userId: number | null; contactId: number | null };
    };

export type DomainEventListener = (event: DomainEvent) => Promise<void> | void;

export function createDomainEvents() {
  const listeners: DomainEventListener[] = [];
  const inFlight = new Set<Promise<void>>();
  return {
    subscribe(listener: DomainEventListener) {
      listeners.push(listener);
    },
    publish(event: DomainEvent) {
      for (const listener of listeners) {
        const work = listener(event);
        if (!work) continue;
        const tracked: Promise<void> = work
          .catch(() => undefined)
          .finally(() => {
            inFlight.delete(tracked);
          });
        inFlight.add(tracked);
      }
    },
    /** Resolves when the listeners' work started before this call has ended (never rejects). */
    async settled() {
      await Promise.all([...inFlight]);
    },
  };
}

export type DomainEvents = ReturnType<typeof createDomainEvents>;

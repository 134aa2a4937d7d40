import type { PendingTicket } from '../tickets/index.ts';

/** A customer's message on a pending ticket, as intake hands it to the inbound pipeline. */
export interface CustomerMessageEvent {
  companyId: number;
  ticketId: number;
  whatsappId: number;
  contactId: number;
  body: string;
  /** The stored message (bots read its media and answer it by id). */
  messageId?: number;
}

/**
 * One customer message on its way through the pipeline. `ticket` is the pending ticket as the
 * last handler that read it found it (null: it was not pending any more), so the next handler
 * decides from that read instead of reading again; a handler that moved the ticket leaves it
 * undefined, and the next one reads afresh.
 */
export interface InboundTurn {
  event: CustomerMessageEvent;
  ticket?: PendingTicket | null;
}

/** 'handled': the message (rating, call) is answered and goes no further; 'pass': the next handler is asked. */
export type InboundVerdict = 'handled' | 'pass';

/** One step of the inbound pipeline; a kind of event it has no method for passes it on. */
export interface InboundHandler {
  customerMessage?(turn: InboundTurn): Promise<InboundVerdict>;
  rated?(companyId: number, ticketId: number): Promise<InboundVerdict>;
  callDeclined?(companyId: number, ticketId: number): Promise<InboundVerdict>;
}

/**
 * What happens after intake stored a message: an ordered list of handlers (a running flow, the
 * bot of the connection or queue, routing automation…), each answering 'handled' or 'pass'.
 * `app.ts` declares the list once, after the modules that provide the handlers are made.
 */
export function createInboundPipeline() {
  let handlers: readonly InboundHandler[] = [];

  async function askInOrder(ask: (handler: InboundHandler) => Promise<InboundVerdict> | undefined) {
    for (const handler of handlers) {
      if ((await ask(handler)) === 'handled') return;
    }
  }

  return {
    /** The handlers, in the order each stored message is offered to them. */
    declare(list: readonly InboundHandler[]) {
      handlers = list;
    },
    customerMessage(event: CustomerMessageEvent) {
      const turn: InboundTurn = { event };
      return askInOrder((handler) => handler.customerMessage?.(turn));
    },
    rated(companyId: number, ticketId: number) {
      return askInOrder((handler) => handler.rated?.(companyId, ticketId));
    },
    callDeclined(companyId: number, ticketId: number) {
      return askInOrder((handler) => handler.callDeclined?.(companyId, ticketId));
    },
  };
}

export type InboundPipeline = ReturnType<typeof createInboundPipeline>;

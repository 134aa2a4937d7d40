import type { RouteResponse } from '@wacrm/shared/common/route-contract';
import { messageRoutes } from '@wacrm/shared/messages/message.routes';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { quickMessageRoutes } from '@wacrm/shared/quick-messages/quick-message.routes';
import type { QuickMessageRecord } from '@wacrm/shared/quick-messages/quick-message.schema';
import { ticketRoutes } from '@wacrm/shared/tickets/ticket.routes';
import type { TicketRecord } from '@wacrm/shared/tickets/ticket.schema';
import type { TicketPriority } from '@wacrm/shared/tickets/ticket-priority';
import { http } from '../../../../lib/api.ts';

/** An earlier ticket of the contact on the same connection (docs/decisions/tickets.md "Thread"). */
export type { ThreadTicketRef } from '@wacrm/shared/tickets/ticket.schema';
/** One page of a ticket's thread. */
export type ThreadPage = RouteResponse<typeof messageRoutes.page>;

export interface ThreadPageQuery {
  /** Older than this message id (keyset paging). */
  before?: number;
  /** Page an earlier ticket of the same contact inside this ticket's thread. */
  earlierTicketId?: number;
}

/** What the composer uses of a quick message; an attachment is inserted as a file when it is chosen. */
export type QuickMessage = Pick<QuickMessageRecord, 'id' | 'shortcode' | 'message' | 'mediaUrl' | 'mediaName'>;

export interface TicketChange {
  status?: TicketRecord['status'];
  priority?: TicketPriority;
  userId?: number | null;
  queueId?: number | null;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

export interface SendText {
  body: string;
  quotedMsgId?: number;
  signMessage: boolean;
}

export interface SendMedia {
  files: { file: File; caption: string }[];
  quotedMsgId?: number;
  signMessage: boolean;
  /** A recorded voice note: the server stores it as Ogg/Opus and sends it push-to-talk. */
  isVoiceNote?: boolean;
}

export const conversationKeys = {
  ticket: (uuid: string) => ['tickets', 'uuid', uuid] as const,
  quickMessages: ['quick-messages', 'list'] as const,
};

export const conversationApi = {
  /** Silent: the conversation shows its own message (not found, no permission). */
  ticketByUuid: (uuid: string) => http.call(ticketRoutes.findByUuid, { params: { uuid }, silent: true }),

  ticketById: (ticketId: number) => http.call(ticketRoutes.find, { params: { ticketId } }),

  threadPage: (ticketId: number, query: ThreadPageQuery = {}) =>
    http.call(messageRoutes.page, { params: { ticketId }, query }),

  /** Marks the customer's messages read and resets the unread count (not for the admin peek). */
  markRead: (ticketId: number) => http.call(ticketRoutes.markRead, { params: { ticketId }, silent: true }),

  sendText: ({ body, quotedMsgId, signMessage }: SendText, ticketId: number) =>
    http.call(messageRoutes.send, {
      params: { ticketId },
      body: { body, signMessage, ...(quotedMsgId ? { quotedMsg: { id: quotedMsgId } } : {}) },
    }),

  /** A Cloud API template instead of a text (the only send outside the 24-hour window). */
  sendTemplate: (template: { name: string; language: string; variables: string[] }, ticketId: number) =>
    http.call(messageRoutes.send, { params: { ticketId }, body: { template } }),

  /** spec: each file is one message; the server takes the first file's caption as the text. */
  async sendMedia(
    { files, quotedMsgId, signMessage, isVoiceNote }: SendMedia,
    ticketId: number,
  ): Promise<MessageRecord[]> {
    const sent: MessageRecord[] = [];
    // One request per file so each keeps its own caption.
    for (const [index, { file, caption }] of files.entries()) {
      const form = new FormData();
      form.append('body', caption);
      form.append('signMessage', String(signMessage && index === 0 && caption.trim().length > 0));
      if (quotedMsgId && index === 0) form.append('quotedMsg', JSON.stringify({ id: quotedMsgId }));
      if (isVoiceNote) form.append('isVoiceNote', 'true');
      form.append('medias', file, file.name);
      sent.push(await http.call(messageRoutes.send, { params: { ticketId }, body: form }));
    }
    return sent;
  },

  /** The message as it now is; null when its ticket was deleted meanwhile. */
  deleteMessage: (messageId: number) => http.call(messageRoutes.remove, { params: { id: messageId } }),

  /**
   * The attendant's own text, within WhatsApp's edit window. Silent: the edit dialog shows why it
   * was refused, and an edit WhatsApp did not take shows on the bubble.
   */
  editMessage: (messageId: number, body: string) =>
    http.call(messageRoutes.edit, { params: { id: messageId }, body: { body }, silent: true }),

  /** Sets, changes or (empty emoji) removes the company's reaction; answers the message as it now is. */
  reactToMessage: (messageId: number, emoji: string) =>
    http.call(messageRoutes.react, { params: { id: messageId }, body: { emoji } }),

  /** Silent: the caller explains ERR_OTHER_OPEN_TICKET and toasts the rest. */
  updateTicket: (ticketId: number, change: TicketChange) =>
    http.call(ticketRoutes.update, { params: { ticketId }, body: change, silent: true }),

  deleteTicket: (ticketId: number) => http.call(ticketRoutes.remove, { params: { ticketId }, silent: true }),

  /** The user's and the company's quick messages, for the composer's `/` autocomplete. */
  quickMessages: (): Promise<QuickMessage[]> => http.call(quickMessageRoutes.list),
};

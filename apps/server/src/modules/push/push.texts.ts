import type { PushPayload } from '@wacrm/shared';

type Language = 'pt' | 'en' | 'es';

/** Notification texts in the user's language (the texts leave the server: the service worker has no i18n). */
const texts = {
  pt: {
    newMessage: 'Nova mensagem',
    hidden: 'Abra o app para ler.',
    media: 'Mídia',
    assigned: 'Atendimento transferido para você',
    pending: 'Novo atendimento aguardando',
    chat: (title: string) => `Chat interno: ${title}`,
  },
  en: {
    newMessage: 'New message',
    hidden: 'Open the app to read it.',
    media: 'Media',
    assigned: 'Ticket transferred to you',
    pending: 'New ticket waiting',
    chat: (title: string) => `Internal chat: ${title}`,
  },
  es: {
    newMessage: 'Nuevo mensaje',
    hidden: 'Abra la app para leerlo.',
    media: 'Multimedia',
    assigned: 'Atención transferida a usted',
    pending: 'Nueva atención en espera',
    chat: (title: string) => `Chat interno: ${title}`,
  },
} satisfies Record<Language, unknown>;

const textsOf = (language: string | null) => texts[(language ?? 'pt') in texts ? (language as Language) : 'pt'];

/** Previews stay short: a lock screen shows two lines. */
const preview = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

export interface TicketNotice {
  kind: 'message' | 'assigned' | 'pending';
  ticketUuid: string;
  contactName: string;
  text: string;
  isMedia: boolean;
}

/** A ticket's notification; without previews it names neither the contact nor the text. */
export function ticketNotification(notice: TicketNotice, language: string | null, showPreview: boolean): PushPayload {
  const t = textsOf(language);
  const base = {
    kind: 'ticket' as const,
    url: `/tickets/${notice.ticketUuid}`,
    // The open app's own notice for the ticket has the same tag: one replaces the other.
    tag: notice.ticketUuid,
    ticketUuid: notice.ticketUuid,
  };
  if (!showPreview) {
    return { ...base, title: notice.kind === 'message' ? t.newMessage : t[notice.kind], body: t.hidden };
  }
  const body = preview(notice.text || (notice.isMedia ? t.media : ''));
  if (notice.kind === 'message') return { ...base, title: notice.contactName, body };
  return { ...base, title: `${t[notice.kind]}: ${notice.contactName}`, body };
}

/** An internal chat message; without previews, only that the chat has something new. */
export function chatNotification(
  chat: { uuid: string; title: string; senderName: string; message: string },
  language: string | null,
  showPreview: boolean,
): PushPayload {
  const t = textsOf(language);
  const base = { kind: 'chat' as const, url: `/chats/${chat.uuid}`, tag: `chat-${chat.uuid}` };
  if (!showPreview) return { ...base, title: t.newMessage, body: t.hidden };
  return { ...base, title: t.chat(chat.title), body: preview(`${chat.senderName}: ${chat.message}`) };
}

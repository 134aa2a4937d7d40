// What other features use of tickets: the ticket rooms, the message format, a ticket's time and
// the notification sound. The conversation is conversation/index.ts, which tickets loads lazily.
export { FormattedText } from './conversation/components/formatted-text.tsx';
export { parseWhatsappFormat, toPlainText } from './conversation/model/whatsapp-format.ts';
export { useTicketRooms } from './hooks/use-ticket-rooms.ts';
export { playNotificationSound } from './model/notification-sound.ts';
export { formatTicketTime } from './model/ticket-time.ts';

// What other features use of tickets: the ticket rooms, the message format, the reaction bar and
// the edit dialog (the sandbox's customer uses them too), a ticket's time and the notification
// sound. The conversation is conversation/index.ts, which tickets loads lazily.
export {
  EditMessageDialog,
  type EditMessageDialogProps,
} from './conversation/components/edit-message-dialog.tsx';
export { FormattedText } from './conversation/components/formatted-text.tsx';
export { ReactionPicker } from './conversation/components/reaction-picker.tsx';
export { parseWhatsappFormat, toPlainText } from './conversation/model/whatsapp-format.ts';
export { useTicketRooms } from './hooks/use-ticket-rooms.ts';
export { playNotificationSound } from './model/notification-sound.ts';
export { formatTicketTime } from './model/ticket-time.ts';

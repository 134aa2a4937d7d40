export { TicketConversation, type TicketConversationProps } from './components/ticket-conversation.tsx';
export { TicketPeekModal, type TicketPeekModalProps } from './components/ticket-peek-modal.tsx';

// What other features use of tags: the ticket's tag picker.
export { TicketTagsSelect } from './components/ticket-tags-select.tsx';

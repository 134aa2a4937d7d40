// What other features use of tags: the ticket's tag picker and the tag list.
export { tagsApi, tagsKeys } from './api/tags-api.ts';
export { TicketTagsSelect } from './components/ticket-tags-select.tsx';

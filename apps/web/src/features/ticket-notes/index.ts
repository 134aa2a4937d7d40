// What other features use of ticket notes: the contact's notes, in a dialog or loaded when first shown.
export { ContactNotesModal } from './components/contact-notes-modal.tsx';
export { LazyContactNotes } from './components/lazy-contact-notes.ts';

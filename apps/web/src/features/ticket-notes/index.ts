// What other features use of ticket notes: the contact's notes, in a dialog.
export { ContactNotesModal } from './components/contact-notes-modal.tsx';

// What other features use of contacts: reading a contacts spreadsheet (campaign lists import one)
// and the contact form, loaded when first opened.
export { LazyContactModal } from './components/lazy-contact-modal.ts';
export { chunk, readContactsSheet, TEMPLATE_URL } from './model/contacts-sheet.ts';

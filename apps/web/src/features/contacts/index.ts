// What other features use of contacts: reading a contacts spreadsheet (campaign lists import one).
export { chunk, readContactsSheet, TEMPLATE_URL } from './model/contacts-sheet.ts';

// What other features use of quick messages: putting one into the ticket composer.
export { insertAtSelection } from './model/insert-at-selection.ts';
export { quickMessageToComposerInput } from './model/quick-message-insert.ts';

// What other features use of integrations: the AI prompts and integrations a queue or connection picks.
export { useBotPickerOptions } from './api/use-bots.ts';

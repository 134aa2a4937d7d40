export * from './company-clock.ts';
export * from './deleted-messages.ts';
export * from './message.contract.ts';
export * from './message.schema.ts';
export * from './message-variables.ts';

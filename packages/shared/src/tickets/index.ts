export * from './ticket.contract.ts';
export * from './ticket.schema.ts';
export * from './ticket-priority.ts';

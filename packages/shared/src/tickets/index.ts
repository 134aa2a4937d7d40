export * from './ticket.contract.ts';
export * from './ticket.schema.ts';

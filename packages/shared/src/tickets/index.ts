export * from './ticket.schema.ts';

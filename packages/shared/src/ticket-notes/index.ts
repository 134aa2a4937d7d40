export * from './ticket-note.contract.ts';
export * from './ticket-note.schema.ts';

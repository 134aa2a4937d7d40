export * from './ticket-note.schema.ts';

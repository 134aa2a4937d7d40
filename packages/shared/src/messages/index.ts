export * from './message.schema.ts';

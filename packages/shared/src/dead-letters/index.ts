export * from './dead-letter.schema.ts';

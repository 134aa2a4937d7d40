export * from './invoice.schema.ts';

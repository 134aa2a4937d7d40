export * from './connection.schema.ts';

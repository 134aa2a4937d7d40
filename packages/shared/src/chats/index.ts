export * from './chat.schema.ts';

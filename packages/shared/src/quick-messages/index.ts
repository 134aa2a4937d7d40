export * from './quick-message.schema.ts';

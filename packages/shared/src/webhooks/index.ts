export * from './webhook.schema.ts';

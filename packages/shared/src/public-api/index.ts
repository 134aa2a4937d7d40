export * from './external-send.schema.ts';

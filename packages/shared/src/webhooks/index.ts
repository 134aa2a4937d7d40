export * from './webhook.contract.ts';
export * from './webhook.schema.ts';

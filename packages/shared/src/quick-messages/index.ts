export * from './quick-message.contract.ts';
export * from './quick-message.schema.ts';

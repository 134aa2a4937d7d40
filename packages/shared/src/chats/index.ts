export * from './chat.contract.ts';
export * from './chat.schema.ts';

export * from './ai-assist.contract.ts';
export * from './ai-assist.schema.ts';
export * from './ai-assist.ts';

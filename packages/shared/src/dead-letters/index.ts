export * from './dead-letter.contract.ts';
export * from './dead-letter.schema.ts';

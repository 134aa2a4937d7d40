export * from './push.contract.ts';
export * from './push.schema.ts';

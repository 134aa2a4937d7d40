export * from './audit.contract.ts';
export * from './audit.schema.ts';

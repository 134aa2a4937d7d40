export * from './health.contract.ts';
export * from './health.schema.ts';

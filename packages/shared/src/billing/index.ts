export * from './billing.contract.ts';
export * from './invoice.schema.ts';

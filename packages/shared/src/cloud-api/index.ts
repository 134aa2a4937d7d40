export * from './cloud-api.contract.ts';
export * from './cloud-api.schema.ts';

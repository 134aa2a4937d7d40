export * from './sla.contract.ts';
export * from './sla.schema.ts';

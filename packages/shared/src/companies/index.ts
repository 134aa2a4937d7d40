export * from './company.contract.ts';
export * from './company.schema.ts';
export * from './recurrence.ts';

export * from './report-columns.ts';
export * from './reports.contract.ts';
export * from './reports.schema.ts';

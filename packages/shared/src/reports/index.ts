export * from './report-columns.ts';
export * from './report-kinds.ts';
export * from './reports.contract.ts';
export * from './reports.routes.ts';
export * from './reports.schema.ts';

export * from './dashboard.contract.ts';
export * from './dashboard.schema.ts';
export * from './dashboard-csv.ts';

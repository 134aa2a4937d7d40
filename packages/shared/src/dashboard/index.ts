export * from './dashboard.schema.ts';
export * from './dashboard-csv.ts';

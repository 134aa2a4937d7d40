export * from './company.schema.ts';
export * from './recurrence.ts';

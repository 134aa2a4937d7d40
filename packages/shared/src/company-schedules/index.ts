export * from './company-schedules.schema.ts';

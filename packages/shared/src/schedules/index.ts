export * from './schedule.schema.ts';

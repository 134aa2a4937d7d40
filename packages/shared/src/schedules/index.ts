export * from './schedule.contract.ts';
export * from './schedule.schema.ts';
export * from './wall-clock.ts';

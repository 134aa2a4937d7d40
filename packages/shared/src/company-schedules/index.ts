export * from './company-schedules.contract.ts';
export * from './company-schedules.schema.ts';

export * from './queue.contract.ts';
export * from './queue.schema.ts';
export * from './queue-monitor.contract.ts';
export * from './queue-monitor.schema.ts';
export * from './queue-option.schema.ts';
export * from './within-schedule.ts';

export * from './announcement.contract.ts';
export * from './announcement.schema.ts';

export * from './integration.contract.ts';
export * from './prompt.schema.ts';
export * from './queue-integration.schema.ts';

export * from './user.contract.ts';
export * from './user.schema.ts';

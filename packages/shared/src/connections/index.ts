export * from './connection.contract.ts';
export * from './connection.schema.ts';

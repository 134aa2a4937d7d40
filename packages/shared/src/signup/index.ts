export * from './signup.contract.ts';
export * from './signup.schema.ts';

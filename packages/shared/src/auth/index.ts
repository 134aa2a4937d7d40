export * from './auth.contract.ts';
export * from './auth.schema.ts';
export * from './permissions.ts';
export * from './two-factor.schema.ts';

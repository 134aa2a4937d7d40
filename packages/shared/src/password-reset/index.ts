export * from './password-reset.contract.ts';
export * from './password-reset.schema.ts';

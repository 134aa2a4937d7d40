export * from './password-reset.schema.ts';
